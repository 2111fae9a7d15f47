/**
 * Secrets sealed at rest through the API: the stored TOTP and webhook secrets are not the plain
 * values; sign-in with a code and signed deliveries work; after secrets:reseal under a new key (the
 * old one as previous, then without it) they still do; a value of a key the shop does not hold stops
 * the reseal with the key named; a TOTP secret copied to another user's row does not open there; a
 * plain value and one sealed before values were bound to their row are refused until the start's
 * step seals them bound.
 */
import { createCipheriv, randomBytes } from "node:crypto";
import { twoFactor } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installKeyring, keyIdOf, keyringOf } from "#api/core/sealed";
import { users } from "#api/db/schema/users";
import { webhookEndpoints } from "#api/db/schema/webhooks";
import { TOTP_PERIOD_SECONDS } from "#api/modules/auth/two-factor";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "#test/webhook-receiver";
import { countUnboundSecrets } from "./repo";
import { bindSecrets, resealSecrets } from "./reseal";

const OLD_KEY = Buffer.alloc(32, 0x51);
const NEW_KEY = Buffer.alloc(32, 0xa7);
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

let t: TestApp;
let receiver: WebhookReceiver;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: OLD_KEY.toString("hex") });
  receiver = await startWebhookReceiver();
  admin = await quickUser(t, "admin");
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let addressCount = 0;
/** Moves the clock a step on (each code is taken once) and signs in with a code of `secret`. */
async function signInWithCode(email: string, secret: string) {
  vi.setSystemTime(Date.now() + STEP_MS);
  const code = TOTP.generate({ secret: new TOTP({ secret }).secret, timestamp: Date.now() });
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: "Secret@123", code },
    remoteAddress: `10.61.0.${++addressCount}`,
  });
}

/** A signed-in customer with two-step sign-in on, and the secret shown at its set-up. */
async function enrolled() {
  const person = await signedInUser(t);
  const setup = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/setup",
    cookie: person.cookie,
  });
  const secret = setup.json().data.secret as string;
  const code = TOTP.generate({ secret: new TOTP({ secret }).secret, timestamp: Date.now() });
  const enable = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/enable",
    cookie: person.cookie,
    payload: { code },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { email: person.email, id: person.user.id, secret };
}

async function storedTotpSecret(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.twoFactorSecret ?? null;
}

async function storedEndpoint(id: string) {
  const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new Error("no endpoint");
  return row;
}

/** A product made through the products service: raises product.created, for every endpoint. */
async function newProduct() {
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  return makeProduct(t.database, { category: category.id, thumbnail: media.id });
}

/** The next delivery to `path`, verified with each secret (each signature of it verifies alone). */
async function deliveredSignedBy(path: string, secrets: string[]) {
  const before = receiver.received.filter((request) => request.path === path).length;
  await newProduct();
  const requests = await receiver.waitFor(before + 1, { path });
  const request = requests[before];
  if (!request) throw new Error("nothing received");
  for (const secret of secrets)
    expect(() => new Webhook(secret).verify(request.body, request.signed)).not.toThrow();
  return request;
}

describe("secrets sealed at rest", () => {
  it("keeps the TOTP and webhook secrets sealed, and sign-in and signatures work through a reseal under a new key", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000 });
    const person = await enrolled();
    const sealedTotp = await storedTotpSecret(person.id);
    expect(sealedTotp).not.toBeNull();
    expect(sealedTotp).not.toContain(person.secret);
    expect(sealedTotp).toMatch(new RegExp(`^v2:${keyIdOf(OLD_KEY)}:`));
    expect((await signInWithCode(person.email, person.secret)).statusCode).toBe(200);

    const path = "/sealed-hook";
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/webhooks",
      cookie: admin.cookie,
      payload: { url: `${receiver.origin}${path}`, events: ["product.created"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const firstSecret = created.json().data.secret as string;
    const rotated = await inject(t.app, {
      method: "POST",
      url: `/api/webhooks/${created.json().data._id}/rotate-secret`,
      cookie: admin.cookie,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const endpointId = created.json().data._id as string;
    const stored = await storedEndpoint(endpointId);
    for (const [column, plain] of [
      [stored.secret, secret],
      [stored.previousSecret, firstSecret],
    ] as const) {
      expect(column).toMatch(new RegExp(`^v2:${keyIdOf(OLD_KEY)}:`));
      expect(column).not.toContain(plain.slice("whsec_".length, 20));
    }
    await deliveredSignedBy(path, [secret, firstSecret]);

    // A new key, the old one as previous: the reseal moves every value under the new key.
    installKeyring(keyringOf(NEW_KEY, [OLD_KEY]));
    const report = await resealSecrets(t.database.db, keyringOf(NEW_KEY, [OLD_KEY]));
    expect(report.twoFactorSecrets.resealed).toBeGreaterThanOrEqual(1);
    expect(report.webhookSecrets.resealed).toBeGreaterThanOrEqual(2);
    expect(await storedTotpSecret(person.id)).toMatch(new RegExp(`^v2:${keyIdOf(NEW_KEY)}:`));
    const resealed = await storedEndpoint(endpointId);
    expect(resealed.secret).toMatch(new RegExp(`^v2:${keyIdOf(NEW_KEY)}:`));
    expect(resealed.previousSecret).toMatch(new RegExp(`^v2:${keyIdOf(NEW_KEY)}:`));
    expect(resealed.updatedAt).toEqual(stored.updatedAt);
    // Again: nothing left to do.
    expect(await resealSecrets(t.database.db, keyringOf(NEW_KEY, [OLD_KEY]))).toMatchObject({
      twoFactorSecrets: { resealed: 0 },
      webhookSecrets: { resealed: 0 },
    });
    expect((await signInWithCode(person.email, person.secret)).statusCode).toBe(200);

    // The old key gone: everything still opens.
    installKeyring(keyringOf(NEW_KEY));
    expect((await signInWithCode(person.email, person.secret)).statusCode).toBe(200);
    await deliveredSignedBy(path, [secret, firstSecret]);
  });

  it("stops a reseal at a value of a key it does not hold, naming the key and writing nothing of that table", async () => {
    const foreign = Buffer.alloc(32, 0x33);
    installKeyring(keyringOf(foreign));
    const person = await enrolled();
    const sealedForeign = await storedTotpSecret(person.id);
    installKeyring(keyringOf(NEW_KEY));
    const before = await t.database.db.select({ id: users.id, secret: users.twoFactorSecret }).from(users);
    await expect(resealSecrets(t.database.db, keyringOf(NEW_KEY))).rejects.toThrow(
      new RegExp(
        `sealed with key ${keyIdOf(foreign)}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
      ),
    );
    expect(await t.database.db.select({ id: users.id, secret: users.twoFactorSecret }).from(users)).toEqual(
      before,
    );
    expect(await storedTotpSecret(person.id)).toBe(sealedForeign);
    await t.database.db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null })
      .where(eq(users.id, person.id));
  });

  it("does not open a TOTP secret copied to another user's row: signing in with its codes fails there", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000 });
    installKeyring(keyringOf(NEW_KEY));
    const owner = await enrolled();
    const other = await enrolled();
    const copied = await storedTotpSecret(owner.id);
    await t.database.db.update(users).set({ twoFactorSecret: copied }).where(eq(users.id, other.id));
    const refused = await signInWithCode(other.email, owner.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual({ code: twoFactor.badCode });
    expect(refused.cookies).toHaveLength(0);
    // Where it was sealed, it still opens.
    expect((await signInWithCode(owner.email, owner.secret)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null })
      .where(eq(users.id, other.id));
  });

  it("refuses plain values and values sealed before they were bound to their row until the start seals them bound, once", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000 });
    installKeyring(keyringOf(NEW_KEY, [OLD_KEY]));
    const path = "/plain-hook";
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/webhooks",
      cookie: admin.cookie,
      payload: { url: `${receiver.origin}${path}`, events: ["product.created"] },
    });
    const id = created.json().data._id as string;
    const plain = `whsec_${Buffer.alloc(32, 0x44).toString("base64")}`;
    await t.database.db.update(webhookEndpoints).set({ secret: plain }).where(eq(webhookEndpoints.id, id));
    // A TOTP secret as the shop sealed them before (v1, no associated data), under the previous key.
    const person = await enrolled();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", OLD_KEY, iv);
    const ciphertext = Buffer.concat([cipher.update(person.secret, "utf8"), cipher.final()]);
    const unbound = [
      "v1",
      keyIdOf(OLD_KEY),
      ...[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url")),
    ].join(":");
    await t.database.db.update(users).set({ twoFactorSecret: unbound }).where(eq(users.id, person.id));
    const before = await signInWithCode(person.email, person.secret);
    expect(before.statusCode).toBe(401);
    expect(before.json().errors).toEqual({ code: twoFactor.badCode });
    expect(await countUnboundSecrets(t.database.db)).toBe(2);

    const report = await bindSecrets(t.database.db, keyringOf(NEW_KEY, [OLD_KEY]));
    expect(report?.twoFactorSecrets.resealed).toBe(1);
    expect(report?.webhookSecrets.resealed).toBe(1);
    expect(await countUnboundSecrets(t.database.db)).toBe(0);
    expect(await storedTotpSecret(person.id)).toMatch(new RegExp(`^v2:${keyIdOf(NEW_KEY)}:`));
    expect((await storedEndpoint(id)).secret).toMatch(new RegExp(`^v2:${keyIdOf(NEW_KEY)}:`));
    expect((await signInWithCode(person.email, person.secret)).statusCode).toBe(200);
    await deliveredSignedBy(path, [plain]);
    // The next start finds nothing to do.
    expect(await bindSecrets(t.database.db, keyringOf(NEW_KEY, [OLD_KEY]))).toBeNull();
  });
});
