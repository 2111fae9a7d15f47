/**
 * Two-step sign-in with a fixed clock: set-up and enabling, the sign-in's second step (wrong code,
 * right code, a code used twice, the step before, recovery codes once), wrong codes counted as wrong
 * passwords, turning it off, the owner's requirement for staff, and ending the other sessions.
 */
import { api, twoFactor, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { twoFactorRecoveryCodes } from "#api/db/schema/users";
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
    expect(
      (
        await login(
          { email: person.email, password: PASSWORD, code: codeOf(person.secret, -2) },
          newAddress(),
        )
      ).statusCode,
    ).toBe(401);
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
    expect(
      (await login({ email: person.email, password: PASSWORD, recoveryCode: other }, newAddress()))
        .statusCode,
    ).toBe(200);
  });

  it("counts wrong codes as wrong passwords: five from one address and the right code is refused there; asking for the code counts not", async () => {
    const person = await enrolled();
    const address = newAddress();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login({ email: person.email, password: PASSWORD }, address)).statusCode).toBe(401);
    }
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await login(
        { email: person.email, password: PASSWORD, code: codeOf(person.secret, 4) },
        address,
      );
      expect(wrong.statusCode).toBe(401);
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

  it("turns off with the current password only; the password alone then signs in", async () => {
    const person = await enrolled();
    const wrong = await inject(t.app, {
      method: "DELETE",
      url: "/api/auth/two-factor",
      cookie: person.cookie,
      payload: { currentPassword: "Wrong@123" },
      remoteAddress: newAddress(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: validation.loginPassword });
    const off = await inject(t.app, {
      method: "DELETE",
      url: "/api/auth/two-factor",
      cookie: person.cookie,
      payload: { currentPassword: PASSWORD },
      remoteAddress: newAddress(),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(twoFactor.disabled);
    expect((await login({ email: person.email, password: PASSWORD }, newAddress())).statusCode).toBe(200);
    const codes = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, person.user.id));
    expect(codes).toHaveLength(0);
  });
});

describe("the owner's requirement for staff", () => {
  it("keeps staff without two-step out of the dashboard API, not out of their account, until they set it up", async () => {
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
      // Their own account, the set-up and signing out stay open.
      expect(
        (await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie: manager.cookie }))
          .statusCode,
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
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect(
      (await inject(t.app, { method: "POST", url: "/api/auth/sessions/revoke-others" })).statusCode,
    ).toBe(401);
  });
});
