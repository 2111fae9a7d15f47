/**
 * Two steps mean two steps for everyone who turned them on: a session that has not passed the
 * second step (a password reset's, or any other way in but a sign-in with a code) reads and changes
 * nothing but the second step itself, for shoppers and staff alike; turning two-step off takes the
 * password and a fresh second step.
 */
import { randomBytes } from "node:crypto";
import { FRESH_SECOND_STEP_MINUTES, PASSWORD_RESET_MINUTES, SESSION_COOKIE } from "@shop/shared/constants";
import { api, twoFactor, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { twoFactorRecoveryCodes } from "#api/db/schema/users";
import { hashToken, startSession } from "#api/modules/sessions/service";
import { createTestApp, inject, PASSWORD, sessionCookieOf, signedInUser, type TestApp } from "#test/app";
import { insertPasswordReset } from "./repo";
import { TOTP_PERIOD_SECONDS } from "./two-factor";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000 });
});
afterEach(() => {
  vi.useRealTimers();
});
/** Moves the clock on by whole TOTP steps, so that the next code is one not used yet. */
const moveSteps = (steps: number) => vi.setSystemTime(Date.now() + steps * STEP_MS);
const codeOf = (secret: string) =>
  TOTP.generate({ secret: new TOTP({ secret }).secret, timestamp: Date.now() });

let addressCount = 0;
/** A fresh client address per request that counts against the address's attempts. */
const newAddress = () => `10.47.${Math.floor(++addressCount / 200)}.${(addressCount % 200) + 1}`;

/** A signed-in user of a role with two-step sign-in turned on through the API. */
async function enrolled(role: "customer" | "admin" = "customer") {
  const person = await signedInUser(t, role);
  const setup = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/setup",
    cookie: person.cookie,
  });
  const { secret } = setup.json().data as { secret: string };
  const enable = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/enable",
    cookie: person.cookie,
    payload: { code: codeOf(secret) },
  });
  expect(enable.statusCode).toBe(200);
  return { ...person, secret, recoveryCodes: enable.json().data.recoveryCodes as string[] };
}

const NEW_PASSWORD = "Renewed#789";

/** The cookie of the session a password reset (through its route) opens for the user. */
async function resetSession(userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertPasswordReset(
    t.database.db,
    userId,
    hashToken(token),
    new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
  );
  const reset = await t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password",
    payload: { token, password: NEW_PASSWORD },
    remoteAddress: newAddress(),
  });
  expect(reset.statusCode).toBe(200);
  expect(reset.json().data.twoFactorEnabled).toBe(true);
  const cookie = sessionCookieOf(reset);
  if (!cookie) throw new Error("the reset set no session cookie");
  return cookie;
}

const REFUSED = {
  success: false,
  message: twoFactor.freshStepRequired,
  data: { secondStepRequired: true },
};

/** What a shopper's session reads and changes of their own account. */
const SHOPPER_CALLS = [
  ["GET", "/api/orders/current-user"],
  ["GET", "/api/users/current-user/addresses"],
  ["GET", "/api/users/current-user/store-credit"],
  ["GET", "/api/cart"],
  ["GET", "/api/wishlist"],
] as const;

const turnOff = (cookie: string, currentPassword = NEW_PASSWORD) =>
  inject(t.app, {
    method: "DELETE",
    url: "/api/auth/two-factor",
    cookie,
    payload: { currentPassword },
    remoteAddress: newAddress(),
  });

describe("a session that has not passed the second step", () => {
  it("of a shopper, opened by a password reset, is refused everywhere but the second step until a code is given", async () => {
    const shopper = await enrolled();
    const cookie = await resetSession(shopper.user.id);
    for (const [method, url] of SHOPPER_CALLS) {
      const refused = await inject(t.app, { method, url, cookie });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json(), `${method} ${url}`).toEqual(REFUSED);
    }
    const off = await turnOff(cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual(REFUSED);
    const password = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user/password",
      cookie,
      payload: { oldPassword: NEW_PASSWORD, newPassword: "Another#456" },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual(REFUSED);
    // Its own account it reads, for the prompt; signing out needs no second step.
    const me = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(shopper.email);

    moveSteps(1);
    const verify = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/verify",
      cookie,
      payload: { code: codeOf(shopper.secret) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message).toBe(twoFactor.verified);
    for (const [method, url] of SHOPPER_CALLS) {
      expect((await inject(t.app, { method, url, cookie })).statusCode, `${method} ${url}`).toBe(200);
    }
    const offNow = await turnOff(cookie);
    expect(offNow.statusCode).toBe(200);
    expect(offNow.json().message).toBe(twoFactor.disabled);
  });

  it("of staff, opened by a password reset, is refused until a recovery code is given", async () => {
    const admin = await enrolled("admin");
    const cookie = await resetSession(admin.user.id);
    for (const url of ["/api/orders", "/api/users/customers", "/api/users/current-user/addresses"]) {
      const refused = await inject(t.app, { method: "GET", url, cookie });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(REFUSED);
    }
    const verify = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/verify",
      cookie,
      payload: { recoveryCode: admin.recoveryCodes[0] },
    });
    expect(verify.statusCode).toBe(200);
    for (const url of ["/api/orders", "/api/users/customers", "/api/users/current-user/addresses"]) {
      expect((await inject(t.app, { method: "GET", url, cookie })).statusCode, url).toBe(200);
    }
  });

  it("of a shopper, opened any other way than a sign-in with a code, is refused likewise and counts as signed out where anyone may call", async () => {
    const shopper = await enrolled();
    const session = await startSession(t.database.db, shopper.user, { ip: "10.47.9.1", userAgent: "test" });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    for (const [method, url] of SHOPPER_CALLS) {
      const refused = await inject(t.app, { method, url, cookie });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json(), `${method} ${url}`).toEqual(REFUSED);
    }
    // Confirming a cash on delivery order without its token takes a signed-in shopper: this is none.
    const confirm = await inject(t.app, {
      method: "POST",
      url: "/api/orders/000000000000000000000000/confirm-cod",
      cookie,
      payload: {},
    });
    expect(confirm.statusCode).toBe(401);
    expect(confirm.json().message).toBe(api.notSignedIn);
    const revoke = await inject(t.app, { method: "POST", url: "/api/auth/sessions/revoke-others", cookie });
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json()).toEqual(REFUSED);
  });
});

describe("turning two-step sign-in off", () => {
  it("takes the current password; the password alone then signs in, and the recovery codes are gone", async () => {
    const person = await enrolled();
    const wrong = await turnOff(person.cookie, "Wrong@123");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: validation.loginPassword });
    const off = await turnOff(person.cookie, PASSWORD);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(twoFactor.disabled);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: person.email, password: PASSWORD },
      remoteAddress: newAddress(),
    });
    expect(login.statusCode).toBe(200);
    const codes = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, person.user.id));
    expect(codes).toHaveLength(0);
  });

  it("asks a shopper whose second step is older than the fresh window for a code again", async () => {
    const shopper = await enrolled();
    vi.setSystemTime(Date.now() + FRESH_SECOND_STEP_MINUTES * 60_000);
    const stale = await turnOff(shopper.cookie, PASSWORD);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual(REFUSED);
    const verify = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/verify",
      cookie: shopper.cookie,
      payload: { code: codeOf(shopper.secret) },
    });
    expect(verify.statusCode).toBe(200);
    const off = await turnOff(shopper.cookie, PASSWORD);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(twoFactor.disabled);
  });
});
