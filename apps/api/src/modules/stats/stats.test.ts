import { api, validation } from "@shop/shared/messages";
import { toCents } from "@shop/shared/pricing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, sizedVariants } from "#test/catalog";
import { ADDRESS, APPROVED_CARD as CARD } from "#test/fixtures";
import { shopDay } from "../reports/service";

let t: TestApp;
let admin: string;
let manager: string;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, "admin")).cookie;
  manager = (await signedInUser(t, "manager")).cookie;
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

/** A new shopper's order of one unit at `price` (items 100 → total 100 + 80 shipping + 18 GST = 198); paid if asked. */
async function placeOrder({ price = 100, paid = false } = {}) {
  const shopper = await signedInUser(t);
  const product = await makeProduct(t.database, refs, { price, stock: 50 });
  const address = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: ADDRESS,
  });
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ product: product._id, quantity: 1 }], shippingAddress: address.json().data._id },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().data as { _id: string; totalAmount: number };
  if (paid) {
    const payment = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: CARD },
    });
    expect(payment.statusCode).toBe(201);
  }
  return order;
}

function stats(cookie?: string) {
  return inject(t.app, { method: "GET", url: "/api/users/admin", ...(cookie ? { cookie } : {}) });
}

function sales(cookie: string | undefined, query = "") {
  return inject(t.app, { method: "GET", url: `/api/stats/sales${query}`, ...(cookie ? { cookie } : {}) });
}

describe("GET /api/users/admin", () => {
  it("answers 401 to visitors and 403 to shoppers", async () => {
    expect((await stats()).statusCode).toBe(401);
    const shopper = await signedInUser(t);
    expect((await stats(shopper.cookie)).statusCode).toBe(403);
  });

  it("is the stats route, not GET /users/:id with the id 'admin'", async () => {
    const response = await stats(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveProperty("orders");
  });

  it("counts the paid order's invoice as revenue (total sales), every order placed, to ship and pending", async () => {
    const before = (await stats(admin)).json().data;
    const paid = await placeOrder({ paid: true });
    await placeOrder();
    const after = (await stats(admin)).json().data;
    expect(after.revenue).toBeCloseTo(before.revenue + paid.totalAmount, 2);
    expect(after.orders).toBe(before.orders + 2);
    expect(after.ordersToShip).toBe(before.ordersToShip + 1);
    expect(after.pendingOrders).toBe(before.pendingOrders + 1);
    expect(after.customers).toBe(before.customers + 2);
  });

  it("drops a refunded order from the revenue", async () => {
    const paid = await placeOrder({ paid: true });
    const before = (await stats(admin)).json().data;
    const refunded = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${paid._id}/update`,
      cookie: admin,
      payload: { status: "refunded" },
    });
    expect(refunded.statusCode).toBe(200);
    const after = (await stats(admin)).json().data;
    expect(after.revenue).toBeCloseTo(before.revenue - paid.totalAmount, 2);
  });

  it("takes a partial refund off the net sales and counts it as refunds, on the day it was given", async () => {
    const paid = await placeOrder({ paid: true });
    const before = (await stats(admin)).json().data;
    const today = (await sales(admin, "?days=1")).json().data[0];
    const refunded = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${paid._id}/refunds`,
      cookie: admin,
      payload: { amount: 12.34, reason: "A scratch on the box" },
    });
    expect(refunded.statusCode).toBe(201);
    const after = (await stats(admin)).json().data;
    expect(toCents(after.revenue)).toBe(toCents(before.revenue) - 1234);
    expect(toCents(after.refunds)).toBe(toCents(before.refunds) + 1234);
    const todayAfter = (await sales(admin, "?days=1")).json().data[0];
    expect(toCents(todayAfter.revenue)).toBe(toCents(today.revenue) - 1234);
  });

  it("counts a cash on delivery order's invoice as revenue when it ships, and nothing more when the cash comes", async () => {
    const checkout = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin,
      payload: {
        holdMinutes: 30,
        maxUnpaidOrders: 5,
        maxQuantityPerLine: 10,
        minimumOrder: 0,
        cod: { enabled: true, maxOrderValue: 1000, fee: 30 },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const shopper = await signedInUser(t);
    const product = await makeProduct(t.database, refs, { price: 100, stock: 5 });
    const address = await inject(t.app, {
      method: "POST",
      url: "/api/users/current-user/addresses",
      cookie: shopper.cookie,
      payload: ADDRESS,
    });
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: {
        products: [{ product: product._id, quantity: 1 }],
        shippingAddress: address.json().data._id,
      },
    });
    const order = placed.json().data._id as string;
    const chosen = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order, paymentGateway: "cod" },
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    // It ships once its shopper confirmed it: until then it is not one of the orders to ship.
    const awaiting = (await stats(admin)).json().data;
    const confirmed = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order}/confirm-cod`,
      cookie: shopper.cookie,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = (await stats(admin)).json().data;
    expect(before.ordersToShip).toBe(awaiting.ordersToShip + 1);
    const shipped = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order}/shipments`,
      cookie: admin,
      payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "COD-STATS" },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    // 100 + 80 shipping + 18 GST + the fee of 30, invoiced with the parcel.
    const afterShipping = (await stats(admin)).json().data;
    expect(toCents(afterShipping.revenue)).toBe(toCents(before.revenue) + 22_800);
    const read = await inject(t.app, { method: "GET", url: `/api/orders/${order}`, cookie: admin });
    const payment = read.json().data.cashOnDelivery.payment as string;
    const collected = await inject(t.app, {
      method: "POST",
      url: `/api/payments/${payment}/collect`,
      cookie: admin,
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect((await stats(admin)).json().data.revenue).toBe(afterShipping.revenue);
  });

  it("counts active products with 10 or fewer units as low stock, and inactive products", async () => {
    const before = (await stats(admin)).json().data;
    await makeProduct(t.database, refs, { stock: 10 });
    await makeProduct(t.database, refs, { stock: 11 });
    await makeProduct(t.database, refs, { stock: 0, isActive: false });
    const after = (await stats(admin)).json().data;
    expect(after.lowStockProducts).toBe(before.lowStockProducts + 1);
    expect(after.products).toBe(before.products + 3);
    expect(after.inactiveProducts).toBe(before.inactiveProducts + 1);
  });

  it("counts low stock per variant: each active variant of an active product with 10 or fewer units", async () => {
    const before = (await stats(admin)).json().data;
    const { options, variants = [] } = sizedVariants();
    // S: 10 and 0 units (low), M: 11 and 50, L: 3 units but inactive, 4 units (low): the product holds
    // 75 units, far above the threshold, yet two of its sizes are running out.
    const stocks = [10, 0, 11, 50, 3, 4];
    await makeProduct(t.database, refs, {
      options,
      variants: variants.map((variant, i) => ({ ...variant, stock: stocks[i] ?? 0, isActive: i !== 4 })),
    });
    // An inactive product's low variants are not counted.
    await makeProduct(t.database, refs, { ...sizedVariants(), isActive: false });
    const after = (await stats(admin)).json().data;
    expect(after.lowStockProducts).toBe(before.lowStockProducts + 3);
  });

  it("shows a manager neither revenue nor customers", async () => {
    const response = await stats(manager);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).not.toHaveProperty("revenue");
    expect(data).not.toHaveProperty("customers");
    expect(data).toHaveProperty("ordersToShip");
  });
});

describe("GET /api/stats/sales", () => {
  it("answers 401 to visitors and 403 to shoppers", async () => {
    expect((await sales(undefined)).statusCode).toBe(401);
    const shopper = await signedInUser(t);
    expect((await sales(shopper.cookie)).statusCode).toBe(403);
  });

  it("gives the last 30 days of the shop's clock, oldest first, ending today, with empty days filled", async () => {
    const response = await sales(admin);
    expect(response.statusCode).toBe(200);
    const days = response.json().data as { date: string; orders: number; revenue: number }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(shopDay(new Date()));
    for (let i = 1; i < days.length; i += 1) {
      const previous = Date.parse(`${days[i - 1]?.date}T00:00:00Z`);
      expect(Date.parse(`${days[i]?.date}T00:00:00Z`) - previous).toBe(86_400_000);
    }
    expect(days[0]).toEqual({ date: days[0]?.date, orders: 0, revenue: 0 });
  });

  it("puts today's orders placed and total sales on today, and leaves out orders older than the window", async () => {
    const before = (await sales(admin, "?days=7")).json().data.at(-1);
    const paid = await placeOrder({ price: 200, paid: true });
    const unpaid = await placeOrder();
    const old = await placeOrder({ paid: true });
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '40 days' where id = ${old._id}`,
    );
    // Its invoice (and its money) dated then too: total sales count on the invoice's day.
    await t.database.db.execute(
      sql`update orders set invoiced_at = now() - interval '40 days' where id = ${old._id}`,
    );
    await t.database.db.execute(
      sql`update payments set created_at = now() - interval '40 days' where order_id = ${old._id}`,
    );
    const week = (await sales(admin, "?days=7")).json().data;
    expect(week).toHaveLength(7);
    const today = week.at(-1);
    expect(today.orders).toBe(before.orders + 2);
    expect(today.revenue).toBeCloseTo(before.revenue + paid.totalAmount, 2);
    expect(unpaid.totalAmount).toBeGreaterThan(0);
    const total = week.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0);
    const all = (await sales(admin, "?days=60")).json().data;
    const allTotal = all.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0);
    expect(allTotal).toBe(total + 1);
    const oldDay = all.find(
      (day: { date: string }) => day.date === shopDay(new Date(Date.now() - 40 * 86_400_000)),
    );
    expect(oldDay).toEqual({ date: oldDay?.date, orders: 1, revenue: old.totalAmount });
  });

  it("shows a manager the order counts without revenue", async () => {
    const response = await sales(manager, "?days=3");
    expect(response.statusCode).toBe(200);
    const days = response.json().data;
    expect(days).toHaveLength(3);
    expect(days[0]).not.toHaveProperty("revenue");
    expect(days[0]).toHaveProperty("orders");
  });

  it("refuses a window outside 1 to 365 days", async () => {
    expect((await sales(admin, "?days=0")).statusCode).toBe(400);
    expect((await sales(admin, "?days=366")).statusCode).toBe(400);
    expect((await sales(admin, "?days=abc")).statusCode).toBe(400);
  });

  it("names what is wrong with days in the shop's words", async () => {
    for (const [query, message] of [
      ["?days=abc", validation.number],
      ["?days=1.5", validation.number],
      ["?days=0", validation.min(1)],
      ["?days=366", validation.max(365)],
    ] as const) {
      const response = await sales(admin, query);
      expect(response.json(), query).toEqual({
        success: false,
        message: api.invalidInput,
        errors: { days: message },
      });
    }
  });
});
