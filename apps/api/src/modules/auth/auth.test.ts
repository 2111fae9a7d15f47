import { api, errors, formErrors, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#api/db/schema/users";
import { SLOWDOWN_AFTER } from "#api/http/rate-limit";
import { hashToken } from "#api/modules/sessions/service";
import {
  createTestApp,
  createUser,
  inject,
  PASSWORD,
  sessionCookieOf,
  signIn,
  type TestApp,
  uniqueEmail,
} from "#test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const register = (payload: unknown, remoteAddress = "10.2.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload: payload as object, remoteAddress });
const login = (payload: unknown, remoteAddress = "10.3.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object, remoteAddress });

describe("POST /api/auth/register", () => {
  it("creates a shopper, signs it in with an httpOnly SameSite=Lax cookie and stores only the token's hash", async () => {
    const email = uniqueEmail("Reg").toUpperCase();
    const response = await register({
      name: { firstName: " Ada ", lastName: "Lovelace" },
      email,
      password: "abc12@",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { email: email.toLowerCase(), role: "customer", status: true },
    });
    expect(body.data.name.firstName).toBe("Ada");
    expect(body.data).not.toHaveProperty("passwordHash");

    const cookie = response.cookies.find((c) => c.name === "shop_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, body.data._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(cookie?.value ?? ""));
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);

    const me = await inject(t.app, {
      method: "GET",
      url: "/api/users/current-user",
      cookie: sessionCookieOf(response),
    });
    expect(me.json().data.email).toBe(email.toLowerCase());
  });

  it("refuses role and status in the body and writes nothing", async () => {
    const email = uniqueEmail("escalate");
    const response = await register({
      name: { firstName: "Eve", lastName: "Mallory" },
      email,
      password: "abc12@x",
      role: "admin",
      status: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: formErrors.register,
      errors: { role: validation.unknownField, status: validation.unknownField },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("answers each bad field with its SPEC message", async () => {
    const response = await register({
      name: { firstName: "", lastName: 3 },
      email: "not-an-email",
      password: "abcdef",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      "name.firstName": validation.required,
      "name.lastName": validation.lastName,
      email: validation.email,
      password: validation.passwordWeak,
    });
    const noName = await register({ email: uniqueEmail(), password: "abc12@x" });
    expect(noName.json().errors.name).toBe(validation.name);
    const noPassword = await register({ name: { firstName: "A", lastName: "B" }, email: uniqueEmail() });
    expect(noPassword.json().errors.password).toBe(validation.password);
  });

  it("refuses a second account with the same email (any case) with 409", async () => {
    const email = uniqueEmail("dup");
    expect(
      (await register({ name: { firstName: "A", lastName: "B" }, email, password: "abc12@x" })).statusCode,
    ).toBe(201);
    const again = await register({
      name: { firstName: "A", lastName: "B" },
      email: email.toUpperCase(),
      password: "abc12@x",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: api.emailTaken,
      errors: { email: api.emailTaken },
    });
  });

  it("refuses a body that is not JSON with 415 and a malformed one with 400", async () => {
    const text = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "text/plain" },
      payload: "name=x",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().success).toBe(false);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false });
  });

  it("refuses a body that is not an object in the shop's words", async () => {
    for (const payload of ["null", "[]", "1"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "content-type": "application/json" },
        payload,
        remoteAddress: "10.2.1.1",
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        success: false,
        message: formErrors.register,
        errors: { body: validation.object },
      });
    }
  });

  it("refuses an oversized JSON body with 413", async () => {
    const response = await register({
      name: { firstName: "x".repeat(400_000), lastName: "y" },
      email: uniqueEmail(),
      password: "abc12@x",
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: api.payloadTooLarge });
  });
});

describe("POST /api/auth/login", () => {
  it("gives the same 401 answer for an unknown email and a wrong password", async () => {
    const { email } = await createUser(t.database);
    const unknown = await login({ email: uniqueEmail("nobody"), password: PASSWORD }, "10.4.0.1");
    const wrong = await login({ email, password: "Wrong@123" }, "10.4.0.2");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, message: errors.badCredentials });
    expect(wrong.body).toBe(unknown.body);
  });

  it("issues a new token at every sign-in", async () => {
    const { email } = await createUser(t.database);
    const first = await signIn(t.app, email, PASSWORD, "10.5.0.1");
    const second = await signIn(t.app, email, PASSWORD, "10.5.0.2");
    expect(first).not.toBe(second);
  });

  it("answers bad input with the SPEC messages", async () => {
    const response = await login({ email: "nope", password: "" }, "10.6.0.1");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: validation.email, password: validation.loginPassword });
  });

  it("refuses an inactive user with 403 and ends the sessions it had", async () => {
    const { user, email } = await createUser(t.database);
    const cookie = await signIn(t.app, email, PASSWORD, "10.7.0.1");
    await t.database.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    const response = await login({ email, password: PASSWORD }, "10.7.0.2");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(api.accountInactive);
    expect((await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie })).statusCode).toBe(
      401,
    );
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("answers the 11th attempt within a minute from one address with 429", async () => {
    // Ten failures over two accounts, under the per-(account, address) limit of each.
    const accounts = [await createUser(t.database), await createUser(t.database)];
    const address = "10.8.0.1";
    for (let attempt = 1; attempt <= 10; attempt++) {
      const email = accounts[attempt % 2]?.email ?? "";
      const response = await login({ email, password: "Wrong@123" }, address);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(errors.badCredentials);
    }
    // The 11th, to an account without failures, is refused for its address alone.
    const fresh = await createUser(t.database);
    const eleventh = await login({ email: fresh.email, password: PASSWORD }, address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ success: false, message: api.tooManyRequests });
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(0);
    // Another address, signing in to an account without failures, is not affected.
    const other = await createUser(t.database);
    expect((await login({ email: other.email, password: PASSWORD }, "10.8.0.2")).statusCode).toBe(200);
  });

  it("never locks the owner out: failures elsewhere slow the account's sign-ins down, the right password still works", async () => {
    const { email } = await createUser(t.database);
    for (let attempt = 1; attempt <= SLOWDOWN_AFTER + 4; attempt++) {
      const failed = await login({ email, password: "Wrong@123" }, `10.9.${attempt}.1`);
      expect(failed.statusCode).toBe(401);
      expect(failed.json().message).toBe(errors.badCredentials);
    }
    const started = performance.now();
    const owner = await login({ email, password: PASSWORD }, "10.9.100.1");
    expect(owner.statusCode).toBe(200);
    // Four failures past the threshold: a second's wait, for the right password as for a wrong one.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    const wrong = await login({ email, password: "Wrong@123" }, "10.9.101.1");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: errors.badCredentials });
  });

  it("refuses an address that failed 5 times for one account, for that account only; the owner elsewhere signs in", async () => {
    const { email } = await createUser(t.database);
    const other = await createUser(t.database);
    const stranger = "10.11.0.1";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await login({ email, password: "Wrong@123" }, stranger);
      expect(failed.statusCode).toBe(401);
      expect(failed.json().message).toBe(errors.badCredentials);
    }
    const refused = await login({ email, password: PASSWORD }, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: api.tooManyRequests });
    expect((await login({ email: other.email, password: PASSWORD }, stranger)).statusCode).toBe(200);
    expect((await login({ email, password: PASSWORD }, "10.11.0.2")).statusCode).toBe(200);
  });

  it("never locks an administrator out through strangers' guesses", async () => {
    const admin = await createUser(t.database, { role: "admin" });
    for (let attempt = 1; attempt <= 8; attempt++) {
      const failed = await login({ email: admin.email, password: "Wrong@123" }, `10.12.${attempt}.1`);
      expect(failed.statusCode).toBe(401);
      expect(failed.json().message).toBe(errors.badCredentials);
    }
    expect((await login({ email: admin.email, password: PASSWORD }, "10.12.100.1")).statusCode).toBe(200);
  });

  it("rate limits registration per address", async () => {
    const address = "10.10.0.1";
    for (let attempt = 1; attempt <= 10; attempt++) {
      await register({ name: { firstName: "A", lastName: "B" }, email: "bad" }, address);
    }
    const refused = await register(
      { name: { firstName: "A", lastName: "B" }, email: uniqueEmail(), password: "abc12@x" },
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: api.tooManyRequests });
  });
});

describe("sign-in timing", () => {
  /** Median of some durations in milliseconds. */
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };

  // NOTE: a timing on a shared 2-core machine (another test file's worker, PostgreSQL) can stray past
  // a bound once; skipping the hash (a ratio about 0.1) misses every attempt.
  it("answers an unknown email and a wrong password alike, byte for byte and in about the same time", {
    retry: 2,
  }, async () => {
    // NOTE: 44 attempts from one address pass the per-address limit only when it is raised; the
    // per-account slowdown (past SLOWDOWN_AFTER failures) and the per-(account, address) limit are
    // kept away by spreading the wrong passwords over 8 accounts, 3 failures each at most.
    const timed = await createTestApp({ AUTH_RATE_LIMIT_MAX: "1000" });
    try {
      const accounts = [];
      for (let n = 0; n < 8; n++) accounts.push(await createUser(timed.database));
      const attempt = async (email: string) => {
        const started = performance.now();
        const response = await timed.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email, password: "Wrong@123" },
          remoteAddress: "10.13.0.1",
        });
        return { ms: performance.now() - started, status: response.statusCode, body: response.body };
      };
      // Warm-up: the first unknown email also makes the stand-in hash it is checked against.
      await attempt(uniqueEmail("warm"));
      await attempt(accounts[0]?.email ?? "");

      const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
      const wrong: Awaited<ReturnType<typeof attempt>>[] = [];
      for (let round = 0; round < 21; round++) {
        unknown.push(await attempt(uniqueEmail("nobody")));
        wrong.push(await attempt(accounts[round % accounts.length]?.email ?? ""));
      }
      const answers = new Set([...unknown, ...wrong].map(({ status, body }) => `${status} ${body}`));
      expect([...answers]).toEqual([
        `401 ${JSON.stringify({ success: false, message: errors.badCredentials })}`,
      ]);
      // Generous bounds for a loaded machine; skipping the password hash work makes the ratio about 0.1.
      const ratio = median(unknown.map((a) => a.ms)) / median(wrong.map((a) => a.ms));
      expect(ratio, `unknown/wrong median ratio ${ratio.toFixed(2)}`).toBeGreaterThan(0.5);
      expect(ratio, `unknown/wrong median ratio ${ratio.toFixed(2)}`).toBeLessThan(2);
    } finally {
      await timed.close();
    }
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session on the server: the old cookie no longer works", async () => {
    const { email } = await createUser(t.database);
    const cookie = await signIn(t.app, email, PASSWORD, "10.11.0.1");
    const response = await inject(t.app, { method: "POST", url: "/api/auth/logout", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: api.loggedOut, data: null });
    expect(response.cookies.find((c) => c.name === "shop_session")?.value).toBe("");
    const after = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: api.notSignedIn });
  });

  it("succeeds without a session", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(200);
  });
});

describe("cross-origin mutations", () => {
  it("refuses a POST from another origin or another site, and allows the same origin", async () => {
    const { email } = await createUser(t.database);
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "https://evil.example", host: "shop.test" },
      payload: { email, password: PASSWORD },
      remoteAddress: "10.12.0.1",
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ success: false, message: api.crossOrigin });
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ success: false, message: api.crossOrigin });
    const same = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: "http://shop.test", host: "shop.test", "sec-fetch-site": "same-origin" },
      payload: { email, password: PASSWORD },
      remoteAddress: "10.12.0.2",
    });
    expect(same.statusCode).toBe(200);
  });
});

describe("production cookies", () => {
  it("marks the session cookie Secure in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production" });
    try {
      const { email } = await createUser(prod.database);
      const response = await prod.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: PASSWORD },
      });
      expect(response.cookies.find((c) => c.name === "shop_session")?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
