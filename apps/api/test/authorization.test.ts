/**
 * The authorization matrix: every operation of the OpenAPI document, called as anonymous, a shopper,
 * another shopper, a manager and an admin, answers as docs/design.md section 5 says. ACCESS (access.ts)
 * is the one place that says who may do what, and OWNED below says how each operation on a
 * shopper's own resource is called and what everyone who is not its owner gets. An operation
 * missing from either fails the suite, so a new endpoint cannot ship without a decision.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { orders } from "#api/db/schema/orders";
import { mailContextOf } from "#api/modules/email/service";
import { requestReturn } from "#api/modules/fulfilment/returns";
import { createShipment, deliverShipment } from "#api/modules/fulfilment/shipments";
import { getOrder } from "#api/modules/orders/service";
import { applyStoreCredit } from "#api/modules/payments/store-credit";
import { refundOrder } from "#api/modules/refunds/service";
import { adjustStoreCredit } from "#api/modules/store-credit/service";
import { saveToWishlist } from "#api/modules/wishlist/service";
import { ACCESS, type Access } from "./access";
import { createTestApp, inject, signedInUser, type TestApp } from "./app";
import { changesSince, snapshot } from "./db-snapshot";
import { ADDRESS, APPROVED_CARD, makeShop, quickUser, REVIEW, type Shop } from "./fixtures";
import { PaypalFake } from "./paypal-fake";
import { RazorpayFake } from "./razorpay-fake";
import { ShiprocketFake } from "./shiprocket-fake";

type Role = "anonymous" | "customer" | "manager" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "manager", "admin"];

/** What a role gets: "denied-401", "denied-403", or "allowed" (anything else but a 5xx). */
function expected(access: Access, role: Role): 401 | 403 | "allowed" {
  switch (access) {
    case "public":
    case "webhook":
      return "allowed";
    case "user":
    case "owner":
      return role === "anonymous" ? 401 : "allowed";
    case "staff":
      return role === "anonymous" ? 401 : role === "customer" ? 403 : "allowed";
    case "admin":
      return role === "anonymous" ? 401 : role === "admin" ? "allowed" : 403;
  }
}

/** What someone who is not the owner gets: 404 as for a missing resource, a list without it, or (staff only) the action. */
type NotOwner = 404 | "hidden" | "allowed";

interface Owned {
  /** The request the owner makes on one of their own resources, and the id that must not leak. */
  request(
    shop: Shop,
    app: TestApp,
  ):
    | { url: string; payload?: object; resource: string }
    | Promise<{ url: string; payload?: object; resource: string }>;
  /** The owner's status. */
  owner: 200 | 201;
  /** Another shopper's answer. */
  others: 404 | "hidden";
  /** A manager's and an admin's answer. */
  staff: NotOwner;
  /** Made on a shop whose payments go through PayPal (the test gateway has no PayPal orders). */
  paypal?: true;
  /** Made on a shop in rupees whose payments go through Razorpay. */
  razorpay?: true;
}

/** Ships and delivers the shop's paid order; answers the return a shopper may ask for of its one line. */
async function deliveredReturn(shop: Shop, app: TestApp) {
  const db = app.database.db;
  const mail = mailContextOf(app.config);
  const shipment = await createShipment(
    db,
    shop.admin.user,
    shop.paidOrderId,
    { carrier: "Other", trackingNumber: "AUTH-1" },
    { carriers: [], mail },
  );
  await deliverShipment(db, shop.admin.user, shop.paidOrderId, shipment._id, mail);
  const order = await getOrder(db, shop.shopper.user, shop.paidOrderId);
  return {
    order: shop.paidOrderId,
    lines: [{ line: order.products[0]?._id ?? "", quantity: 1 }],
    reason: "changed_mind" as const,
    note: "",
  };
}

/** Store credit for the shop's shopper, less than their pending order's total: applied, it pays part. */
async function giveCredit(shop: Shop, app: TestApp) {
  await adjustStoreCredit(
    app.database.db,
    shop.admin.user,
    shop.shopper.user.id,
    { amount: 5, reason: "Goodwill" },
    { code: "USD", locale: "en-US" },
  );
}

const addressUrl = (shop: Shop) => `/api/users/current-user/addresses/${shop.addressId}`;

/** Every "owner" operation of ACCESS (docs/design.md section 5: users see and change only their own things). */
const OWNED: Record<string, Owned> = {
  "GET /api/users/current-user/addresses": {
    request: (shop) => ({ url: "/api/users/current-user/addresses", resource: shop.addressId }),
    owner: 200,
    others: "hidden",
    staff: "hidden",
  },
  "PUT /api/users/current-user/addresses/{id}": {
    request: (shop) => ({
      url: addressUrl(shop),
      payload: { ...ADDRESS, city: "Pune" },
      resource: shop.addressId,
    }),
    owner: 200,
    others: 404,
    staff: 404,
  },
  "DELETE /api/users/current-user/addresses/{id}": {
    request: (shop) => ({ url: addressUrl(shop), resource: shop.addressId }),
    owner: 200,
    others: 404,
    staff: 404,
  },
  "DELETE /api/products/{productId}/reviews": {
    request: (shop) => ({ url: `/api/products/${shop.productId}/reviews`, resource: shop.reviewId }),
    owner: 200,
    others: 404,
    staff: 404,
  },
  "PUT /api/products/{productId}/reviews/{reviewId}": {
    request: (shop) => ({
      url: `/api/products/${shop.productId}/reviews/${shop.reviewId}`,
      payload: { ...REVIEW, rating: 1 },
      resource: shop.reviewId,
    }),
    owner: 200,
    others: 404,
    staff: 404,
  },
  "POST /api/orders": {
    request: (shop) => ({
      url: "/api/orders",
      payload: {
        products: [
          { product: shop.productId, quantity: 1 },
          { product: shop.variantProductId, variant: shop.variantIds[1], quantity: 1 },
        ],
        shippingAddress: shop.addressId,
      },
      resource: shop.addressId,
    }),
    owner: 201,
    others: 404,
    staff: 404,
  },
  "GET /api/orders/current-user": {
    request: (shop) => ({ url: "/api/orders/current-user", resource: shop.orderId }),
    owner: 200,
    others: "hidden",
    staff: "hidden",
  },
  "GET /api/orders/current-user/{orderId}": {
    request: (shop) => ({ url: `/api/orders/current-user/${shop.orderId}`, resource: shop.orderId }),
    owner: 200,
    others: 404,
    staff: 404,
  },
  "PATCH /api/orders/{orderId}/cancel": {
    request: (shop) => ({ url: `/api/orders/${shop.orderId}/cancel`, resource: shop.orderId }),
    owner: 200,
    others: 404,
    // Staff may cancel any order the transition table allows.
    staff: "allowed",
  },
  "GET /api/orders/current-user/{orderId}/payment-options": {
    request: (shop) => ({
      url: `/api/orders/current-user/${shop.orderId}/payment-options`,
      resource: shop.orderId,
    }),
    owner: 200,
    others: 404,
    // The pay page's options are the shopper's own.
    staff: 404,
  },
  "PUT /api/orders/current-user/{orderId}/store-credit": {
    request: async (shop, app) => {
      await giveCredit(shop, app);
      return { url: `/api/orders/current-user/${shop.orderId}/store-credit`, resource: shop.orderId };
    },
    owner: 200,
    others: 404,
    // A shopper's credit is theirs to spend.
    staff: 404,
  },
  "DELETE /api/orders/current-user/{orderId}/store-credit": {
    request: async (shop, app) => {
      await giveCredit(shop, app);
      await applyStoreCredit(app.database.db, shop.shopper.user, shop.orderId);
      return { url: `/api/orders/current-user/${shop.orderId}/store-credit`, resource: shop.orderId };
    },
    owner: 200,
    others: 404,
    staff: 404,
  },
  "POST /api/orders/{orderId}/confirm-cod": {
    request: async (shop, app) => {
      // The shop's order as cash on delivery left it: processing, waiting for its shopper's confirmation.
      await app.database.db
        .update(orders)
        .set({ status: "processing", codConfirmation: "pending" })
        .where(eq(orders.id, shop.orderId));
      return { url: `/api/orders/${shop.orderId}/confirm-cod`, payload: {}, resource: shop.orderId };
    },
    owner: 200,
    others: 404,
    // Staff confirm it by phone.
    staff: "allowed",
  },
  "GET /api/orders/{orderId}/invoice.pdf": {
    request: (shop) => ({ url: `/api/orders/${shop.paidOrderId}/invoice.pdf`, resource: shop.paidOrderId }),
    owner: 200,
    others: 404,
    // Staff read any order's invoice.
    staff: "allowed",
  },
  "GET /api/orders/{orderId}/credit-notes/{refundId}.pdf": {
    request: async (shop, app) => {
      const { order } = await refundOrder(
        app.database.db,
        app.app.paymentProviders,
        shop.admin.user,
        shop.paidOrderId,
        { amount: 10, reason: "Scratched on arrival", restock: [] },
        { mail: mailContextOf(app.config), log: app.app.log },
      );
      const refundId = order.payment?.refunds[0]?._id ?? "";
      return { url: `/api/orders/${shop.paidOrderId}/credit-notes/${refundId}.pdf`, resource: refundId };
    },
    owner: 200,
    others: 404,
    // Staff read any order's credit notes.
    staff: "allowed",
  },
  "POST /api/payments/paypal/orders": {
    request: (shop) => ({
      url: "/api/payments/paypal/orders",
      payload: { order: shop.orderId },
      resource: shop.orderId,
    }),
    owner: 201,
    others: 404,
    staff: 404,
    paypal: true,
  },
  "POST /api/payments/razorpay/orders": {
    request: async (shop, app) => {
      // Razorpay takes rupees: the shop's order is made an INR one, as placed in a shop in rupees.
      await app.database.db.update(orders).set({ currency: "INR" }).where(eq(orders.id, shop.orderId));
      return {
        url: "/api/payments/razorpay/orders",
        payload: { order: shop.orderId },
        resource: shop.orderId,
      };
    },
    owner: 201,
    others: 404,
    staff: 404,
    razorpay: true,
  },
  "POST /api/returns": {
    request: async (shop, app) => ({
      url: "/api/returns",
      payload: await deliveredReturn(shop, app),
      resource: shop.paidOrderId,
    }),
    owner: 201,
    others: 404,
    // Only the order's shopper asks to return its units.
    staff: 404,
  },
  "GET /api/returns/{id}": {
    request: async (shop, app) => {
      const ret = await requestReturn(app.database.db, shop.shopper.user, await deliveredReturn(shop, app), {
        windowDays: 7,
        mail: mailContextOf(app.config),
      });
      return { url: `/api/returns/${ret._id}`, resource: ret._id };
    },
    owner: 200,
    others: 404,
    // Staff read every return.
    staff: "allowed",
  },
  "GET /api/wishlist": {
    request: async (shop, app) => {
      await saveToWishlist(app.database.db, shop.shopper.user.id, shop.productId);
      return { url: "/api/wishlist", resource: shop.productId };
    },
    owner: 200,
    // Everyone reads their own list: another shopper's and staff's lack the owner's saved product.
    others: "hidden",
    staff: "hidden",
  },
  "POST /api/payments": {
    request: (shop) => ({
      url: "/api/payments",
      payload: { order: shop.orderId, paymentGateway: "test", card: APPROVED_CARD },
      resource: shop.orderId,
    }),
    owner: 201,
    others: 404,
    staff: 404,
  },
};

/** Fills path parameters with values of the right shape that name nothing. */
function concretePath(path: string): string {
  return path
    .replace("{status}", "pending")
    .replace("{slug}", "no-such-category")
    .replace("{pincode}", "400001")
    .replace(/\{[^}]+\}/g, () => newId());
}

/** Operations that end the caller's own session run last, so the others still see it signed in. */
const ENDS_SESSION = ["DELETE /api/users/current-user", "POST /api/auth/logout"];
const runOrder = (key: string) => ENDS_SESSION.indexOf(key) + 1;

let t: TestApp;
let paypal: { fake: PaypalFake; t: TestApp };
let razorpay: { fake: RazorpayFake; t: TestApp };
let operations: { key: string; method: string; path: string }[];
const cookies: Partial<Record<Role, string>> = {};

let shiprocket: ShiprocketFake;

beforeAll(async () => {
  // Connected to Shiprocket's fake: its routes then answer as a connected shop's do, not 503.
  shiprocket = await ShiprocketFake.start();
  t = await createTestApp({ ...shiprocket.env, AUTH_RATE_LIMIT_MAX: "1000" });
  const fake = await PaypalFake.start();
  paypal = { fake, t: await createTestApp(fake.env) };
  const razorpayFake = await RazorpayFake.start();
  razorpay = { fake: razorpayFake, t: await createTestApp(razorpayFake.env) };
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
afterAll(async () => {
  await t?.close();
  await paypal?.t.close();
  await paypal?.fake.close();
  await razorpay?.t.close();
  await razorpay?.fake.close();
  await shiprocket?.close();
});

describe("the authorization matrix", () => {
  it("has a decision for every operation of the OpenAPI document, and no stale ones", () => {
    const documented = operations.map((o) => o.key).sort();
    expect(documented).toEqual(Object.keys(ACCESS).sort());
  });

  it("says how every operation on a shopper's own resource is called, and no other", () => {
    const owned = Object.entries(ACCESS)
      .filter(([, access]) => access === "owner")
      .map(([key]) => key)
      .sort();
    expect(Object.keys(OWNED).sort()).toEqual(owned);
  });

  it.each(ROLES)("answers every operation as docs/design.md says when called as %s", async (role) => {
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

  const callers = ["anonymous", "another shopper", "manager", "admin", "owner"] as const;
  it.each(Object.keys(OWNED).map((key) => [key]))(
    "%s: the owner may, another shopper and staff get what OWNED says, anonymous 401, refusals write nothing",
    async (key) => {
      const owned = OWNED[key];
      if (!owned) throw new Error(`no OWNED entry for ${key}`);
      const app = owned.paypal ? paypal.t : owned.razorpay ? razorpay.t : t;
      const method = key.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
      const failures: string[] = [];
      for (const caller of callers) {
        // Each caller acts on a shop of its own, so that an allowed action never spends another's resource.
        const shop = await makeShop(app, { pay: !owned.paypal && !owned.razorpay });
        const cookie =
          caller === "owner"
            ? shop.shopper.cookie
            : caller === "another shopper"
              ? (await quickUser(app, "customer")).cookie
              : caller === "anonymous"
                ? undefined
                : shop[caller].cookie;
        const want =
          caller === "owner"
            ? owned.owner
            : caller === "anonymous"
              ? 401
              : caller === "another shopper"
                ? owned.others
                : owned.staff;
        const { url, payload, resource } = await owned.request(shop, app);
        const before = await snapshot(app.database);
        const response = await inject(app.app, { method, url, cookie, ...(payload ? { payload } : {}) });
        const got = response.statusCode;
        const leaked = response.body.includes(resource);
        if (want === "hidden") {
          if (got !== 200 || leaked)
            failures.push(`${caller}: expected a list without ${resource}, got ${got}`);
        } else if (want === "allowed") {
          if (got >= 300) failures.push(`${caller}: expected a 2xx, got ${got} ${response.body}`);
        } else if (got !== want) {
          failures.push(`${caller}: expected ${want}, got ${got} ${response.body.slice(0, 200)}`);
        }
        if (caller === "owner" && owned.others === "hidden" && !leaked)
          failures.push(`owner: the list lacks ${resource}`);
        if (got >= 400) {
          const { changed } = await changesSince(app.database, before);
          if (changed.length > 0)
            failures.push(`${caller}: refused with ${got} but changed ${changed.join(", ")}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it("denies a session whose role is unknown or empty", async () => {
    const { user, cookie } = await signedInUser(t, "customer");
    // NOTE: the CHECK constraint refuses such roles, so the row is forged past it for the test.
    await t.database.db
      .execute(sql`alter table users drop constraint users_role_check`)
      .catch(() => undefined);
    for (const role of ["", "superuser"]) {
      await t.database.db.execute(sql`update users set role = ${role} where id = ${user.id}`);
      for (const url of ["/api/users/customers", "/api/orders", "/api/products/inactive", "/api/payments"]) {
        const response = await inject(t.app, { method: "GET", url, cookie });
        expect(response.statusCode, `${role || "(empty)"} ${url}`).toBe(403);
      }
    }
  });
});
