/**
 * Two-step sign-in with a fixed clock: set-up and enabling, the sign-in's second step (wrong code,
 * right code, a code used twice, the step before, recovery codes once), wrong codes counted as wrong
 * passwords (turning it off: two-factor-reset.test.ts), the owner's requirement for staff, ending the other sessions, the
 * second step a session records, and the changes that ask for it again.
 */
import { FRESH_SECOND_STEP_MINUTES, SESSION_COOKIE } from "@shop/shared/constants";
import { api, mail, twoFactor } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emails } from "#api/db/schema/emails";
import { twoFactorRecoveryCodes } from "#api/db/schema/users";
import { startSession } from "#api/modules/sessions/service";
import { createTestApp, createUser, inject, PASSWORD, signedInUser, type TestApp } from "#test/app";
import { TOTP_PERIOD_SECONDS } from "./two-factor";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** A step boundary near the real time (sessions expire by the database's clock), plus 5 seconds. */
let start = 0;
beforeEach(() => {
  start = Math.floor(Date.now() / STEP_MS) * STEP_MS + 5_000;
  vi.useFakeTimers({ toFake: ["Date"], now: start });
});
afterEach(() => {
  vi.useRealTimers();
});
const moveSteps = (steps: number) => vi.setSystemTime(Date.now() + steps * STEP_MS);
/** A refusal's status beside what its body says, to compare in one assertion. */
const refusal = (response: { statusCode: number; json: () => object }) => ({
  status: response.statusCode,
  ...response.json(),
});

/** The code an authenticator app shows for a secret, `steps` from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: TOTP_SECRET(secret), timestamp: Date.now() + steps * STEP_MS });
const TOTP_SECRET = (base32: string) => new TOTP({ secret: base32 }).secret;

let addressCount = 0;
/** A fresh client address per test: the per-address limit counts every sign-in. */
const newAddress = () => `10.33.${Math.floor(++addressCount / 200)}.${(addressCount % 200) + 1}`;

const login = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload, remoteAddress });

/** A signed-in user of a role with two-step sign-in turned on through the API. */
async function enrolled(role: "customer" | "manager" | "admin" = "customer") {
  const person = await signedInUser(t, role);
  const setup = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/setup",
    cookie: person.cookie,
  });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
  const enable = await inject(t.app, {
    method: "POST",
    url: "/api/auth/two-factor/enable",
    cookie: person.cookie,
    payload: { code: codeOf(secret) },
  });
  expect(enable.statusCode).toBe(200);
  return { ...person, secret, otpauthUrl, recoveryCodes: enable.json().data.recoveryCodes as string[] };
}

describe("setting up two-step sign-in", () => {
  it("answers a pending secret and its otpauth URL, turns on with a right code only, and answers ten recovery codes stored hashed", async () => {
    const person = await signedInUser(t);
    const setup = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/setup",
      cookie: person.cookie,
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(otpauthUrl)).toContain(person.email);

    // Pending: signing in still takes the password alone.
    expect((await login({ email: person.email, password: PASSWORD }, newAddress())).statusCode).toBe(200);

    const wrong = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/enable",
      cookie: person.cookie,
      payload: { code: codeOf(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: twoFactor.badCode });

    const enable = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/enable",
      cookie: person.cookie,
      payload: { code: codeOf(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, person.user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code);

    const me = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie: person.cookie });
    expect(me.json().data.twoFactorEnabled).toBe(true);
    const again = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/setup",
      cookie: person.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(twoFactor.alreadyOn);
  });

  it("refuses enabling without a set-up, and a code that is not six digits", async () => {
    const person = await signedInUser(t);
    const none = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/enable",
      cookie: person.cookie,
      payload: { code: "123456" },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(twoFactor.notPending);
    const letters = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/enable",
      cookie: person.cookie,
      payload: { code: "12a456" },
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors).toEqual({ code: twoFactor.codeFormat });
  });
});

describe("signing in with two steps", () => {
  it("asks for the code after the password, refuses a wrong one, takes a right one once, and the step before", async () => {
    const person = await enrolled();
    const address = newAddress();
    const first = await login({ email: person.email, password: PASSWORD }, address);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({
      success: false,
      message: twoFactor.required,
      data: { twoFactorRequired: true },
    });
    expect(first.cookies).toHaveLength(0);

    // A wrong password with a right code is still a wrong password.
    const badPassword = await login(
      { email: person.email, password: "Wrong@123", code: codeOf(person.secret) },
      address,
    );
    expect(badPassword.json().message).not.toBe(twoFactor.required);
    expect(badPassword.json()).not.toHaveProperty("data");

    const wrong = await login(
      { email: person.email, password: PASSWORD, code: codeOf(person.secret, 3) },
      address,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: twoFactor.badCode,
      errors: { code: twoFactor.badCode },
    });

    // The code that turned it on, in the same step: used already.
    const reusedFromEnable = await login(
      { email: person.email, password: PASSWORD, code: codeOf(person.secret) },
      newAddress(),
    );
    expect(reusedFromEnable.statusCode).toBe(401);
    expect(reusedFromEnable.json().errors).toEqual({ code: twoFactor.badCode });

    moveSteps(1);
    const code = codeOf(person.secret);
    const right = await login(
      { email: person.email, password: PASSWORD, code: code.replace(/(\d{3})/, "$1 ") },
      newAddress(),
    );
    expect(right.statusCode).toBe(200);
    expect(right.cookies.some((cookie) => cookie.name === "shop_session")).toBe(true);
    // Seen over a shoulder and replayed within its window: refused.
    moveSteps(0.5);
    const replay = await login({ email: person.email, password: PASSWORD, code }, newAddress());
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(twoFactor.badCode);

    // A phone's clock a step behind: the code of the step before is taken, two steps behind is not.
    moveSteps(2);
    const twoBehind = await login(
      { email: person.email, password: PASSWORD, code: codeOf(person.secret, -2) },
      newAddress(),
    );
    expect(twoBehind.statusCode).toBe(401);
    expect(twoBehind.json().errors).toEqual({ code: twoFactor.badCode });
    expect(
      (
        await login(
          { email: person.email, password: PASSWORD, code: codeOf(person.secret, -1) },
          newAddress(),
        )
      ).statusCode,
    ).toBe(200);
  });

  it("takes each recovery code once, however it is typed", async () => {
    const person = await enrolled();
    const [code, other] = person.recoveryCodes;
    expect(code).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
    const typed = ` ${(code ?? "").toUpperCase().replaceAll("-", " ")} `;
    const used = await login({ email: person.email, password: PASSWORD, recoveryCode: typed }, newAddress());
    expect(used.statusCode).toBe(200);
    const again = await login({ email: person.email, password: PASSWORD, recoveryCode: code }, newAddress());
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(twoFactor.badRecoveryCode);
    // Someone else's code is none of this account's.
    const stranger = await enrolled();
    const foreign = await login(
      { email: person.email, password: PASSWORD, recoveryCode: stranger.recoveryCodes[0] },
      newAddress(),
    );
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().errors).toEqual({ recoveryCode: twoFactor.badRecoveryCode });
    expect(
      (await login({ email: person.email, password: PASSWORD, recoveryCode: other }, newAddress()))
        .statusCode,
    ).toBe(200);
  });

  it("counts wrong codes as wrong passwords: five from one address and the right code is refused there; asking for the code counts not", async () => {
    const person = await enrolled();
    const address = newAddress();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const asked = await login({ email: person.email, password: PASSWORD }, address);
      expect(asked.statusCode).toBe(401);
      expect(asked.json().data).toEqual({ twoFactorRequired: true });
    }
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await login(
        { email: person.email, password: PASSWORD, code: codeOf(person.secret, 4) },
        address,
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errors).toEqual({ code: twoFactor.badCode });
    }
    moveSteps(1);
    const refused = await login(
      { email: person.email, password: PASSWORD, code: codeOf(person.secret) },
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: api.tooManyRequests });
    // The owner elsewhere still signs in with the code.
    expect(
      (await login({ email: person.email, password: PASSWORD, code: codeOf(person.secret) }, newAddress()))
        .statusCode,
    ).toBe(200);
  });
});

describe("the owner's requirement for staff", () => {
  it("keeps a staff session without the second step to the set-up, until it is set up", async () => {
    const admin = await enrolled("admin");
    const put = (requireStaffTwoFactor: boolean) =>
      inject(t.app, {
        method: "PUT",
        url: "/api/settings/security",
        cookie: admin.cookie,
        payload: { requireStaffTwoFactor },
      });
    const manager = await signedInUser(t, "manager");
    const shopper = await signedInUser(t);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders", cookie: manager.cookie })).statusCode,
    ).toBe(200);
    expect((await put(true)).statusCode).toBe(200);
    try {
      const refused = await inject(t.app, { method: "GET", url: "/api/orders", cookie: manager.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: twoFactor.setupRequired });
      // The admin with two-step on works on; a shopper's pages are not staff operations.
      expect(
        (await inject(t.app, { method: "GET", url: "/api/orders", cookie: admin.cookie })).statusCode,
      ).toBe(200);
      expect(
        (await inject(t.app, { method: "GET", url: "/api/orders/current-user", cookie: shopper.cookie }))
          .statusCode,
      ).toBe(200);
      // Of their account, only who they are and the set-up stay open (signing out takes no session).
      expect(
        (await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie: manager.cookie }))
          .statusCode,
      ).toBe(200);
      const addresses = await inject(t.app, {
        method: "GET",
        url: "/api/users/current-user/addresses",
        cookie: manager.cookie,
      });
      expect(addresses.statusCode).toBe(403);
      expect(addresses.json()).toEqual({ success: false, message: twoFactor.setupRequired });
      expect(
        (
          await inject(t.app, {
            method: "GET",
            url: "/api/users/current-user/addresses",
            cookie: shopper.cookie,
          })
        ).statusCode,
      ).toBe(200);
      const setup = await inject(t.app, {
        method: "POST",
        url: "/api/auth/two-factor/setup",
        cookie: manager.cookie,
      });
      expect(setup.statusCode).toBe(200);
      const enable = await inject(t.app, {
        method: "POST",
        url: "/api/auth/two-factor/enable",
        cookie: manager.cookie,
        payload: { code: codeOf(setup.json().data.secret) },
      });
      expect(enable.statusCode).toBe(200);
      // Seen at once, by the same session.
      expect(
        (await inject(t.app, { method: "GET", url: "/api/orders", cookie: manager.cookie })).statusCode,
      ).toBe(200);
      expect(
        (
          await inject(t.app, {
            method: "GET",
            url: "/api/users/current-user/addresses",
            cookie: manager.cookie,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      expect((await put(false)).statusCode).toBe(200);
    }
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
    expect(settings.json().data.security).toEqual({ requireStaffTwoFactor: false });
  });
});

describe("POST /api/auth/sessions/revoke-others", () => {
  it("ends every other session of the user at once and keeps the current one", async () => {
    const { email } = await createUser(t.database);
    const sessions = [];
    for (let device = 0; device < 3; device++) {
      const response = await login({ email, password: PASSWORD }, newAddress());
      const cookie = response.cookies.find((c) => c.name === "shop_session");
      sessions.push(`shop_session=${cookie?.value}`);
    }
    const me = (cookie: string) => inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    // Each resolved once, so that the instance's session cache holds them.
    for (const cookie of sessions) expect((await me(cookie)).statusCode).toBe(200);
    const [current = "", ...others] = sessions;
    const revoke = await inject(t.app, {
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      cookie: current,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().message).toBe(twoFactor.otherSessionsEnded);
    expect((await me(current)).statusCode).toBe(200);
    for (const cookie of others)
      expect(refusal(await me(cookie))).toEqual({ status: 401, success: false, message: api.notSignedIn });
    expect(refusal(await inject(t.app, { method: "POST", url: "/api/auth/sessions/revoke-others" }))).toEqual(
      { status: 401, success: false, message: api.notSignedIn },
    );
  });
});

/** The kinds and subjects of the messages queued to an address, by kind. */
async function messagesTo(to: string) {
  const rows = await t.database.db.select().from(emails).where(eq(emails.recipient, to));
  return rows
    .map((row) => ({ kind: row.kind, subject: row.subject }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

describe("the second step a session records", () => {
  it("ends the sessions opened before two-step was turned on, keeps the one that turned it on, and tells the owner by email", async () => {
    const { email } = await createUser(t.database, { role: "admin" });
    const cookies: string[] = [];
    for (let device = 0; device < 2; device++) {
      const response = await login({ email, password: PASSWORD }, newAddress());
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      cookies.push(`${SESSION_COOKIE}=${cookie?.value}`);
    }
    const [current = "", stolen = ""] = cookies;
    const me = (cookie: string) => inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    // Resolved once, so that the instance's session cache holds it.
    expect((await me(stolen)).statusCode).toBe(200);
    const setup = await inject(t.app, { method: "POST", url: "/api/auth/two-factor/setup", cookie: current });
    const { secret } = setup.json().data as { secret: string };
    const enable = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/enable",
      cookie: current,
      payload: { code: codeOf(secret) },
    });
    expect(enable.statusCode).toBe(200);
    expect(refusal(await me(stolen))).toEqual({ status: 401, success: false, message: api.notSignedIn });
    expect((await me(current)).statusCode).toBe(200);
    // The session that turned it on passed the second step (the code): a staff change goes through.
    const other = await createUser(t.database);
    expect(
      (
        await inject(t.app, {
          method: "PATCH",
          url: `/api/users/${other.user.id}`,
          cookie: current,
          payload: { role: "manager" },
        })
      ).statusCode,
    ).toBe(200);
    expect(await messagesTo(email)).toEqual([
      { kind: "twoFactorEnabled", subject: mail.twoFactorEnabled.subject },
    ]);

    const off = await inject(t.app, {
      method: "DELETE",
      url: "/api/auth/two-factor",
      cookie: current,
      payload: { currentPassword: PASSWORD },
      remoteAddress: newAddress(),
    });
    expect(off.statusCode).toBe(200);
    expect(await messagesTo(email)).toEqual([
      { kind: "twoFactorDisabled", subject: mail.twoFactorDisabled.subject },
      { kind: "twoFactorEnabled", subject: mail.twoFactorEnabled.subject },
    ]);
  });

  it("asks a staff session of a user with two-step that never passed it (a password reset's) for a code", async () => {
    const admin = await enrolled("admin");
    const session = await startSession(t.database.db, admin.user, { ip: "10.1.0.2", userAgent: "test" });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    const refused = await inject(t.app, { method: "GET", url: "/api/orders", cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: twoFactor.freshStepRequired,
      data: { secondStepRequired: true },
    });
    moveSteps(1);
    const verify = await inject(t.app, {
      method: "POST",
      url: "/api/auth/two-factor/verify",
      cookie,
      payload: { code: codeOf(admin.secret) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message).toBe(twoFactor.verified);
    expect((await inject(t.app, { method: "GET", url: "/api/orders", cookie })).statusCode).toBe(200);
  });
});

describe("changes that ask for a fresh second step", () => {
  const changeRole = (cookie: string, userId: string, role: "manager" | "customer") =>
    inject(t.app, { method: "PATCH", url: `/api/users/${userId}`, cookie, payload: { role } });
  const verify = (cookie: string, payload: object) =>
    inject(t.app, { method: "POST", url: "/api/auth/two-factor/verify", cookie, payload });
  const stale = () => vi.setSystemTime(Date.now() + FRESH_SECOND_STEP_MINUTES * 60_000);

  it("refuses a role change without a step in the last 15 minutes, with its message, and takes it after a code", async () => {
    const admin = await enrolled("admin");
    const other = await createUser(t.database);
    stale();
    const refused = await changeRole(admin.cookie, other.user.id, "manager");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: twoFactor.freshStepRequired,
      data: { secondStepRequired: true },
    });
    // Reading is no change: the dashboard stays open.
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders", cookie: admin.cookie })).statusCode,
    ).toBe(200);

    const wrong = await verify(admin.cookie, { code: codeOf(admin.secret, 4) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: twoFactor.badCode });
    expect(refusal(await changeRole(admin.cookie, other.user.id, "manager"))).toMatchObject({
      status: 403,
      data: { secondStepRequired: true },
    });

    const code = codeOf(admin.secret);
    expect((await verify(admin.cookie, { code })).statusCode).toBe(200);
    const accepted = await changeRole(admin.cookie, other.user.id, "manager");
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.role).toBe("manager");
    // A code works once, here as at sign-in; a recovery code serves too.
    expect(refusal(await verify(admin.cookie, { code }))).toMatchObject({
      status: 400,
      errors: { code: twoFactor.badCode },
    });
    stale();
    expect((await verify(admin.cookie, { recoveryCode: admin.recoveryCodes[0] })).statusCode).toBe(200);
    expect((await changeRole(admin.cookie, other.user.id, "customer")).statusCode).toBe(200);
  });

  it("asks for it before the tax and payment settings and a refund, and never of an admin without two-step", async () => {
    const admin = await enrolled("admin");
    const settings = (
      await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie })
    ).json().data as { taxes: object; checkout: object };
    const put = (cookie: string, section: "taxes" | "checkout", body: object) =>
      inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie, payload: body });
    // Just turned on in this session: fresh.
    expect((await put(admin.cookie, "taxes", settings.taxes)).statusCode).toBe(200);
    stale();
    const taxes = await put(admin.cookie, "taxes", settings.taxes);
    expect(taxes.statusCode).toBe(403);
    expect(taxes.json().message).toBe(twoFactor.freshStepRequired);
    expect(refusal(await put(admin.cookie, "checkout", settings.checkout))).toMatchObject({
      status: 403,
      message: twoFactor.freshStepRequired,
    });
    const refund = await inject(t.app, {
      method: "POST",
      url: "/api/orders/00000000-0000-4000-8000-000000000000/refunds",
      cookie: admin.cookie,
      payload: { amount: 1, reason: "test" },
    });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().data).toEqual({ secondStepRequired: true });
    // And before a webhook endpoint is registered, pointed elsewhere, given a new secret or removed.
    const endpointId = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["POST", "/api/webhooks"],
      ["PUT", `/api/webhooks/${endpointId}`],
      ["POST", `/api/webhooks/${endpointId}/rotate-secret`],
      ["DELETE", `/api/webhooks/${endpointId}`],
    ] as const) {
      const webhook = await inject(t.app, {
        method,
        url,
        cookie: admin.cookie,
        payload:
          method === "DELETE" ? undefined : { url: "https://hooks.example.com/shop", events: ["order.paid"] },
      });
      expect(webhook.statusCode, `${method} ${url}`).toBe(403);
      expect(webhook.json().message).toBe(twoFactor.freshStepRequired);
    }

    const plain = await signedInUser(t, "admin");
    expect((await put(plain.cookie, "taxes", settings.taxes)).statusCode).toBe(200);
    expect((await put(plain.cookie, "checkout", settings.checkout)).statusCode).toBe(200);
    const otherVerify = await verify(plain.cookie, { code: "123456" });
    expect(refusal(otherVerify)).toEqual({ status: 409, success: false, message: twoFactor.notPending });
  });

  it("refuses a session's sixth wrong code in a quarter of an hour, even a right one", async () => {
    const admin = await enrolled("admin");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await verify(admin.cookie, { code: codeOf(admin.secret, 4) });
      expect(refusal(wrong)).toMatchObject({ status: 400, errors: { code: twoFactor.badCode } });
    }
    moveSteps(1);
    const refused = await verify(admin.cookie, { code: codeOf(admin.secret) });
    expect(refusal(refused)).toEqual({ status: 429, success: false, message: api.tooManyRequests });
  });
});
