/**
 * The authorization matrix: every operation of the OpenAPI document, called as anonymous, a shopper,
 * a manager and an admin, answers as DESIGN.md section 5 says. The table below is the one place
 * that says who may do what; an operation missing from it fails the suite, so a new endpoint
 * cannot ship without a decision.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids";
import { createTestApp, inject, signedInUser, type TestApp } from "./app";

/** public: anyone · user: any signed-in active user · staff: admin or manager · admin: admin only · webhook: signature, not session */
type Access = "public" | "user" | "staff" | "admin" | "webhook";

const ACCESS: Record<string, Access> = {
  "GET /api/health": "public",
  "GET /api/config": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "public",
  "GET /api/users/current-user": "user",
  "PATCH /api/users/current-user": "user",
  "DELETE /api/users/current-user": "user",
  "PATCH /api/users/current-user/password": "user",
  "GET /api/users/customers": "admin",
  "GET /api/users/{id}": "admin",
  "PATCH /api/users/{userId}": "admin",
  "PATCH /api/users/user/{id}/status": "admin",
  "GET /api/users/admin": "staff",
  "GET /api/users/current-user/addresses": "user",
  "POST /api/users/current-user/addresses": "user",
  "PUT /api/users/current-user/addresses/{id}": "user",
  "DELETE /api/users/current-user/addresses/{id}": "user",
  "PATCH /api/users/current-user/avatar": "user",
  "POST /api/media": "staff",
  "GET /api/media": "staff",
  "GET /api/media/gallery": "public",
  "GET /api/media/{id}": "public",
  "DELETE /api/media/{id}": "staff",
  "POST /api/categories": "staff",
  "GET /api/categories": "public",
  "GET /api/categories/{id}": "public",
  "GET /api/categories/slug/{slug}": "public",
  "GET /api/categories/id/{id}/products": "public",
  "GET /api/categories/slug/{slug}/products": "public",
  "GET /api/products": "public",
  "POST /api/products": "staff",
  "GET /api/products/on-sale": "public",
  "GET /api/products/inactive": "staff",
  "GET /api/products/{id}": "public",
  "DELETE /api/products/{id}": "staff",
  "PUT /api/products/{productId}": "staff",
  "PATCH /api/products/{productId}": "staff",
  "GET /api/products/{id}/reviews": "public",
  "DELETE /api/products/{id}/reviews": "user",
  "POST /api/products/{productId}/reviews": "user",
  "PUT /api/products/{productId}/reviews/{reviewId}": "user",
  "POST /api/orders": "user",
  "GET /api/orders": "staff",
  "GET /api/orders/current-user": "user",
  "GET /api/orders/current-user/{id}": "user",
  "PATCH /api/orders/{id}/cancel": "user",
  "GET /api/orders/status/{status}": "staff",
  "GET /api/orders/{id}": "staff",
  "PATCH /api/orders/{orderId}/update": "staff",
  "GET /api/payments/paypal": "public",
  "POST /api/payments/paypal/orders": "user",
  "POST /api/payments": "user",
  "GET /api/payments": "admin",
  "POST /api/payments/paypal/webhook": "webhook",
  "GET /api/payments/status/{status}": "admin",
  "GET /api/payments/{id}": "admin",
  "GET /api/stats/sales": "staff",
};

type Role = "anonymous" | "customer" | "manager" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "manager", "admin"];

/** What a role gets: "denied-401", "denied-403", or "allowed" (anything else but a 5xx). */
function expected(access: Access, role: Role): 401 | 403 | "allowed" {
  switch (access) {
    case "public":
    case "webhook":
      return "allowed";
    case "user":
      return role === "anonymous" ? 401 : "allowed";
    case "staff":
      return role === "anonymous" ? 401 : role === "customer" ? 403 : "allowed";
    case "admin":
      return role === "anonymous" ? 401 : role === "admin" ? "allowed" : 403;
  }
}

/** Fills path parameters with values of the right shape that name nothing. */
function concretePath(path: string): string {
  return path
    .replace("{status}", "pending")
    .replace("{slug}", "no-such-category")
    .replace(/\{[^}]+\}/g, () => newId());
}

/** Operations that end the caller's own session run last, so the others still see it signed in. */
const ENDS_SESSION = ["DELETE /api/users/current-user", "POST /api/auth/logout"];
const runOrder = (key: string) => ENDS_SESSION.indexOf(key) + 1;

let t: TestApp;
let operations: { key: string; method: string; path: string }[];
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: "1000" });
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
      })),
    )
    .sort((a, b) => runOrder(a.key) - runOrder(b.key));
  for (const role of ["customer", "manager", "admin"] as const)
    cookies[role] = (await signedInUser(t, role)).cookie;
});
afterAll(async () => t.close());

describe("the authorization matrix", () => {
  it("has a decision for every operation of the OpenAPI document, and no stale ones", () => {
    const documented = operations.map((o) => o.key).sort();
    expect(documented).toEqual(Object.keys(ACCESS).sort());
  });

  it.each(ROLES)("answers every operation as DESIGN.md says when called as %s", async (role) => {
    const failures: string[] = [];
    for (const { key, method, path } of operations) {
      const access = ACCESS[key];
      if (!access) continue;
      const response = await inject(t.app, {
        method: method as "GET",
        url: concretePath(path),
        cookie: role === "anonymous" ? undefined : cookies[role],
        ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
        remoteAddress: `10.99.${ROLES.indexOf(role)}.1`,
      });
      const want = expected(access, role);
      const got = response.statusCode;
      const ok = want === "allowed" ? got !== 401 && got !== 403 && got < 500 : got === want;
      if (!ok) failures.push(`${key}: expected ${want}, got ${got}`);
      if (got >= 400) expect(response.json().success, key).toBe(false);
      // A plain list without parameters must actually answer for whoever may read it.
      if (want === "allowed" && method === "GET" && !path.includes("{") && access !== "public") {
        if (got !== 200) failures.push(`${key}: expected 200 for ${role}, got ${got}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("denies a session whose role is unknown or empty", async () => {
    const { user, cookie } = await signedInUser(t, "customer");
    for (const role of ["", "superuser"]) {
      // NOTE: the CHECK constraint refuses such roles, so the row is forged past it for the test.
      await t.database.db
        .execute((await import("drizzle-orm")).sql`alter table users drop constraint users_role_check`)
        .catch(() => undefined);
      await t.database.db.execute(
        (await import("drizzle-orm")).sql`update users set role = ${role} where id = ${user.id}`,
      );
      for (const url of ["/api/users/customers", "/api/orders", "/api/products/inactive", "/api/payments"]) {
        const response = await inject(t.app, { method: "GET", url, cookie });
        expect(response.statusCode, `${role || "(empty)"} ${url}`).toBe(403);
      }
    }
  });
});
