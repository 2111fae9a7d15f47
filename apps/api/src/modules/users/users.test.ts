import { AUTH_RATE_LIMIT, COUNT_CAP, ROLES } from "@shop/shared/constants";
import { api, formErrors, successes, validation } from "@shop/shared/messages";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { sessions, users } from "#api/db/schema/users";
import { list } from "#api/http/envelope";
import {
  createTestApp,
  createUser,
  inject,
  PASSWORD,
  signedInUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from "#test/app";
import { readList, walkByCursor } from "#test/paging";
import { listCustomers } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("GET /api/users/current-user", () => {
  it("answers 401 without a session and the user without its password hash with one", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/users/current-user" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: api.notSignedIn });
    const { cookie, user } = await signedInUser(t);
    const me = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual({
      _id: user.id,
      name: { firstName: user.firstName, lastName: user.lastName },
      email: user.email,
      avatar: null,
      role: "customer",
      status: true,
      twoFactorEnabled: false,
      createdAt: user.createdAt.toISOString(),
    });
  });

  it("refuses a forged or malformed cookie", async () => {
    for (const cookie of ["shop_session=forged", `shop_session=${"a".repeat(5000)}`]) {
      const refused = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: api.notSignedIn });
    }
  });
});

describe("PATCH /api/users/current-user", () => {
  it("changes name and email, lower-casing the email", async () => {
    const { cookie } = await signedInUser(t);
    const email = uniqueEmail("new");
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user",
      cookie,
      payload: {
        name: { firstName: "Grace", lastName: "Hopper" },
        email: email.toUpperCase(),
        currentPassword: PASSWORD,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: { firstName: "Grace", lastName: "Hopper" }, email });
  });

  it("changes the name alone without the password", async () => {
    const { cookie, user } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user",
      cookie,
      payload: { name: { firstName: "Ada", lastName: "King" }, email: user.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: { firstName: "Ada", lastName: "King" },
      email: user.email,
    });
  });

  it("refuses a new email without the current password, or with a wrong one, changing nothing", async () => {
    const { cookie, user } = await signedInUser(t);
    const taken = await createUser(t.database);
    for (const [email, currentPassword] of [
      [uniqueEmail("moved"), undefined],
      [uniqueEmail("moved"), "Wrong@123"],
      [uniqueEmail("moved"), ""],
      // An address in use answers the same: without the password it tells nothing.
      [taken.email, "Wrong@123"],
    ] as const) {
      const response = await inject(t.app, {
        method: "PATCH",
        url: "/api/users/current-user",
        cookie,
        payload: { name: { firstName: "Eve", lastName: "Mallory" }, email, currentPassword },
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: validation.loginPassword,
        errors: { currentPassword: validation.loginPassword },
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstName: user.firstName });
  });

  it("counts email changes from one address like registrations, and name changes not at all", async () => {
    const { cookie, user } = await signedInUser(t);
    const remoteAddress = "10.29.5.1";
    const change = (email: string) =>
      inject(t.app, {
        method: "PATCH",
        url: "/api/users/current-user",
        cookie,
        remoteAddress,
        payload: { name: { firstName: "Probe", lastName: "Probe" }, email, currentPassword: "Wrong@123" },
      });
    for (let i = 0; i < AUTH_RATE_LIMIT.max + 2; i++) {
      const rename = await inject(t.app, {
        method: "PATCH",
        url: "/api/users/current-user",
        cookie,
        remoteAddress,
        payload: { name: { firstName: "Same", lastName: "Address" }, email: user.email },
      });
      expect(rename.statusCode).toBe(200);
    }
    const answers: { status: number; errors?: unknown; message: string }[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT.max + 1; i++) {
      const answer = await change(uniqueEmail("probe"));
      answers.push({ ...answer.json(), status: answer.statusCode });
    }
    expect(answers.slice(0, AUTH_RATE_LIMIT.max)).toEqual(
      Array(AUTH_RATE_LIMIT.max).fill({
        status: 400,
        success: false,
        message: validation.loginPassword,
        errors: { currentPassword: validation.loginPassword },
      }),
    );
    expect(answers.at(-1)).toEqual({ status: 429, success: false, message: api.tooManyRequests });
    // The same registration budget: this address may not register either for now.
    const register = await inject(t.app, {
      method: "POST",
      url: "/api/auth/register",
      remoteAddress,
      payload: { name: { firstName: "New", lastName: "Person" }, email: uniqueEmail(), password: PASSWORD },
    });
    expect(register.statusCode).toBe(429);
    expect(register.json()).toEqual({ success: false, message: api.tooManyRequests });
  });

  it("can never set role or status", async () => {
    const { cookie, user } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user",
      cookie,
      payload: { name: { firstName: "A", lastName: "B" }, email: user.email, role: "admin", status: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: formErrors.profile,
      errors: { role: validation.unknownField },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe("customer");
    expect(row?.firstName).toBe(user.firstName);
  });

  it("refuses an email another account uses with 409", async () => {
    const other = await createUser(t.database);
    const { cookie } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user",
      cookie,
      payload: { name: { firstName: "A", lastName: "B" }, email: other.email, currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ email: api.emailTaken });
  });

  it("answers 401 without a session and 400 with SPEC messages on bad input", async () => {
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: "/api/users/current-user",
      payload: { name: { firstName: "A", lastName: "B" }, email: uniqueEmail() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: api.notSignedIn });
    const { cookie } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user",
      cookie,
      payload: { name: "x", email: "y" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ name: validation.name, email: validation.email });
  });
});

describe("PATCH /api/users/current-user/password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const { user, email } = await createUser(t.database);
    const here = await signIn(t.app, email, PASSWORD, "10.20.0.1");
    const elsewhere = await signIn(t.app, email, PASSWORD, "10.20.0.2");
    const response = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user/password",
      cookie: here,
      payload: { oldPassword: PASSWORD, newPassword: "Fresh#456" },
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie: here })).statusCode,
    ).toBe(200);
    const ended = await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie: elsewhere });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ success: false, message: api.notSignedIn });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    await expect(signIn(t.app, email, PASSWORD, "10.20.0.3")).rejects.toThrow();
    await signIn(t.app, email, "Fresh#456", "10.20.0.4");
  });

  it("refuses a wrong old password and a weak new one, changing nothing", async () => {
    const { email, cookie } = await signedInUser(t);
    const wrongOld = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user/password",
      cookie,
      payload: { oldPassword: "Nope@999", newPassword: "Fresh#456" },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({
      success: false,
      message: validation.oldPassword,
      errors: { oldPassword: validation.oldPassword },
    });
    const weak = await inject(t.app, {
      method: "PATCH",
      url: "/api/users/current-user/password",
      cookie,
      payload: { oldPassword: PASSWORD, newPassword: "short" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      message: formErrors.changePassword,
      errors: { newPassword: validation.passwordWeak },
    });
    await signIn(t.app, email, PASSWORD, "10.21.0.1");
  });
});

describe("DELETE /api/users/current-user", () => {
  it("closes the account: signed out, anonymised and unable to sign in", async () => {
    const { email, cookie, user } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie,
      payload: { currentPassword: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect((await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie })).statusCode).toBe(
      401,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: false, firstName: "Deleted" });
    expect(row?.email).not.toBe(email);
    await expect(signIn(t.app, email, PASSWORD, "10.22.0.1")).rejects.toThrow();
  });

  it("never collides with a tombstone: nobody can take the address a closing account will get", async () => {
    const { cookie, user } = await signedInUser(t);
    const tombstone = `deleted-${user.id}@deleted.invalid`;
    const squatter = await inject(t.app, {
      method: "POST",
      url: "/api/auth/register",
      payload: { name: { firstName: "Sly", lastName: "Squatter" }, email: tombstone, password: PASSWORD },
      remoteAddress: "10.22.0.2",
    });
    expect(squatter.statusCode).toBe(400);
    expect(squatter.json().errors).toEqual({ email: validation.email });
    const closed = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie,
      payload: { currentPassword: PASSWORD },
    });
    expect(closed.statusCode).toBe(200);
  });

  it("takes the current password: without it, or with a wrong one, the account stays open", async () => {
    const { cookie, user } = await signedInUser(t);
    for (const payload of [undefined, {}, { currentPassword: "" }, { currentPassword: "Wrong@123" }]) {
      const response = await inject(t.app, {
        method: "DELETE",
        url: "/api/users/current-user",
        cookie,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      // Without a body there is no field to point at; with one, the field says what is wrong.
      if (payload) expect(response.json().errors).toEqual({ currentPassword: validation.loginPassword });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: true, email: user.email });
    expect((await inject(t.app, { method: "GET", url: "/api/users/current-user", cookie })).statusCode).toBe(
      200,
    );
  });
});

describe("staff user administration", () => {
  it("lists customers for an admin with paging meta and keyword, and refuses others", async () => {
    const admin = await signedInUser(t, "admin");
    const marker = `zeta${Date.now()}`;
    for (let i = 0; i < 3; i++) await createUser(t.database, { email: `${marker}-${i}@example.com` });
    const page = await inject(t.app, {
      method: "GET",
      url: `/api/users/customers?keyword=${marker}&size=2&page=1`,
      cookie: admin.cookie,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 1, size: 2, pageCount: 2, total: 3, next: expect.any(String) });
    expect(page.json().data).toHaveLength(2);
    const inactive = await inject(t.app, {
      method: "GET",
      url: "/api/users/customers?status=false",
      cookie: admin.cookie,
    });
    expect(inactive.json().data.every((u: { status: boolean }) => u.status === false)).toBe(true);

    const huge = await inject(t.app, {
      method: "GET",
      url: "/api/users/customers?size=1000000",
      cookie: admin.cookie,
    });
    expect(huge.json().meta.size).toBe(1000);
    const bad = await inject(t.app, {
      method: "GET",
      url: "/api/users/customers?page=abc",
      cookie: admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ page: validation.number });

    const anonymous = await t.app.inject({ method: "GET", url: "/api/users/customers" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: api.notSignedIn });
    for (const role of ["customer", "manager"] as const) {
      const { cookie } = await signedInUser(t, role);
      const refused = await inject(t.app, { method: "GET", url: "/api/users/customers", cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: api.forbidden });
    }
  });

  it("shows one user to an admin: 400 for a malformed id, 404 for an unknown one", async () => {
    const admin = await signedInUser(t, "admin");
    const { user } = await createUser(t.database);
    expect(
      (await inject(t.app, { method: "GET", url: `/api/users/${user.id}`, cookie: admin.cookie })).json().data
        ._id,
    ).toBe(user.id);
    const malformed = await inject(t.app, {
      method: "GET",
      url: "/api/users/not-an-id",
      cookie: admin.cookie,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ userId: validation.id });
    const unknown = await inject(t.app, {
      method: "GET",
      url: `/api/users/${newId()}`,
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.userNotFound);
  });

  it("lets an admin change another user's role, never its own, and refuses unknown roles", async () => {
    const admin = await signedInUser(t, "admin");
    const { user } = await createUser(t.database);
    const promote = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
      payload: { userId: user.id, role: "manager" },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().data.role).toBe("manager");
    const unknownRole = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
      payload: { role: "owner" },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors.role).toBe(validation.oneOf(["admin", "manager", "customer"]));
    const own = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${admin.user.id}`,
      cookie: admin.cookie,
      payload: { role: "customer" },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ success: false, message: api.ownRoleChange });
    const manager = await signedInUser(t, "manager");
    const byManager = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${user.id}`,
      cookie: manager.cookie,
      payload: { role: "admin" },
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ success: false, message: api.forbidden });
  });

  it("toggles a user's status; a deactivated user is signed out at once and cannot sign in", async () => {
    const admin = await signedInUser(t, "admin");
    const shopper = await signedInUser(t);
    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/user/${shopper.user.id}/status`,
      cookie: admin.cookie,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: successes.userUpdated, data: { status: false } });
    const signedOut = await inject(t.app, {
      method: "GET",
      url: "/api/users/current-user",
      cookie: shopper.cookie,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ success: false, message: api.notSignedIn });
    await expect(signIn(t.app, shopper.email, PASSWORD, "10.23.0.1")).rejects.toThrow(/403/);
    const on = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/user/${shopper.user.id}/status`,
      cookie: admin.cookie,
    });
    expect(on.json().data.status).toBe(true);
    await signIn(t.app, shopper.email, PASSWORD, "10.23.0.2");

    const toggle = (userId: string, cookie: string) =>
      inject(t.app, { method: "PATCH", url: `/api/users/user/${userId}/status`, cookie });
    const own = await toggle(admin.user.id, admin.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ success: false, message: api.ownStatusChange });
    const unknown = await toggle(newId(), admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: api.userNotFound });
    const ended = await toggle(admin.user.id, shopper.cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ success: false, message: api.notSignedIn });
  });
});

describe("GET /api/users/customers filters", () => {
  it("refuses an unknown role or a repeated keyword with the shop's words", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const role = await inject(t.app, { method: "GET", url: "/api/users/customers?role=boss", cookie });
    expect(role.statusCode).toBe(400);
    expect(role.json().errors).toEqual({ role: validation.oneOf(ROLES) });
    const keyword = await inject(t.app, {
      method: "GET",
      url: "/api/users/customers?keyword=a&keyword=b",
      cookie,
    });
    expect(keyword.statusCode).toBe(400);
    expect(keyword.json().errors).toEqual({ keyword: validation.notAnOption });
  });
});

describe("paging GET /api/users/customers", () => {
  /** Seven users of one keyword, five created at the very same microsecond; newest first by (created_at, id). */
  async function walkers(tag: string, status = true) {
    const moment = new Date("2021-05-05T05:05:05.555Z");
    const rows = Array.from({ length: 7 }, (_, i) => ({
      id: newId(),
      firstName: "Walker",
      lastName: `${tag} ${i}`,
      email: `${tag}-${i}@example.com`,
      passwordHash: "x",
      status,
      createdAt: i < 5 ? moment : new Date(moment.getTime() - i * 60_000),
    }));
    await t.database.db.insert(users).values(rows);
    const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    return rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || descending(a.id, b.id))
      .map((row) => row.id);
  }

  it("walks the users by cursor, each once and in order, with and without a filter", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const [activeTag, inactiveTag] = [`walk${Date.now()}`, `still${Date.now()}`];
    const active = await walkers(activeTag);
    const inactive = await walkers(inactiveTag, false);
    const url = (tag: string, filter = "") => `/api/users/customers?keyword=${tag}${filter}`;
    expect((await readList(t, `${url(activeTag)}&size=100`, cookie)).ids).toEqual(active);
    for (const size of [1, 2, 3]) expect(await walkByCursor(t, url(activeTag), cookie, size)).toEqual(active);
    expect(await walkByCursor(t, url(inactiveTag, "&status=false"), cookie, 2)).toEqual(inactive);
    expect(await walkByCursor(t, url(activeTag, "&role=customer&status=true"), cookie, 3)).toEqual(active);
  });

  it("counts at most the cap and says so; the route counts up to COUNT_CAP", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const tag = `cap${Date.now()}`;
    const ids = await walkers(tag);
    const read = await listCustomers(t.database.db, { keyword: tag }, { page: 3, size: 2 }, 4);
    expect(read).toMatchObject({ total: 4, totalCapped: true, more: true });
    expect(read.items.map((user) => user._id)).toEqual(ids.slice(4, 6));
    expect(list(read.items, { page: 3, size: 2, ...read }).meta).toMatchObject({
      pageCount: 4,
      totalCapped: true,
    });
    const { meta } = await readList(t, `/api/users/customers?keyword=${tag}`, cookie);
    expect(meta).toMatchObject({ total: 7, pageCount: 1 });
    expect(meta.totalCapped).toBeUndefined();
    expect(COUNT_CAP).toBeGreaterThan(7);
  });

  it("refuses an `after` that is not a cursor of the list, at `after`", async () => {
    const { cookie } = await signedInUser(t, "admin");
    for (const after of [
      "a b",
      "WyJ4Il0",
      encodeCursor(["2021-05-05T05:05:05.555000Z", newId().toUpperCase()]),
    ]) {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/users/customers?after=${encodeURIComponent(after)}`,
        cookie,
      });
      expect(response.statusCode, after).toBe(400);
      expect(response.json().errors).toEqual({ after: validation.cursor });
    }
  });
});
