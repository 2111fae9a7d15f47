/**
 * Sessions kept for a few seconds per instance (docs/decisions/018-checkout-statements.md): a second
 * request reads nothing, and whatever ends a session or changes its user is seen at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateUser } from "#api/modules/users/service";
import { createTestApp, signedInUser, type TestApp } from "#test/app";
import { loggingDatabase } from "#test/db";
import { cachedSession, keepSession, SESSION_CACHE_MS } from "./repo-cache";
import { endSession, endSessionsOfUser, resolveSession } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The token of a signed-in user's cookie. */
async function signedIn(role: "customer" | "admin" = "customer") {
  const shopper = await signedInUser(t, role);
  return { ...shopper, token: shopper.cookie.split("=")[1] ?? "" };
}

describe("the session cache", () => {
  it("resolves a session once, then answers from memory", async () => {
    const { token, user } = await signedIn();
    const { db, statements } = loggingDatabase(t.database);
    expect((await resolveSession(db, token))?.user.id).toBe(user.id);
    const read = statements.length;
    expect(read).toBeGreaterThan(0);
    expect((await resolveSession(db, token))?.user.id).toBe(user.id);
    expect(statements).toHaveLength(read);
  });

  it("forgets a session signed out of, and every session of a user whose sessions end", async () => {
    const one = await signedIn();
    await resolveSession(t.database.db, one.token);
    await endSession(t.database.db, one.token);
    expect(await resolveSession(t.database.db, one.token)).toBeNull();

    const two = await signedIn();
    await resolveSession(t.database.db, two.token);
    await endSessionsOfUser(t.database.db, two.user.id);
    expect(await resolveSession(t.database.db, two.token)).toBeNull();
  });

  it("reads the user again after a change of their row: a demoted admin is a customer at once", async () => {
    const admin = await signedIn("admin");
    expect((await resolveSession(t.database.db, admin.token))?.user.role).toBe("admin");
    await updateUser(t.database.db, admin.user.id, { role: "customer" });
    expect((await resolveSession(t.database.db, admin.token))?.user.role).toBe("customer");
    await updateUser(t.database.db, admin.user.id, { status: false });
    expect(await resolveSession(t.database.db, admin.token)).toBeNull();
  });

  it("keeps an entry for SESSION_CACHE_MS, no longer", () => {
    const session = { sessionId: "s", secondStepAt: null, user: { id: "u" } as never };
    keepSession("hash-of-a-token", session, 1_000);
    expect(cachedSession("hash-of-a-token", 1_000 + SESSION_CACHE_MS - 1)).toBe(session);
    expect(cachedSession("hash-of-a-token", 1_000 + SESSION_CACHE_MS)).toBeUndefined();
  });
});
