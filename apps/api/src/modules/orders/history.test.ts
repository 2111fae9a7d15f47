import { FIRST_ORDER_NUMBER, MAX_ORDER_NOTE } from "@shop/shared/constants";
import { api, successes, validation } from "@shop/shared/messages";
import type { OrderDto, OrderEventDto } from "@shop/shared/schemas/order";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { orderEvents, orders } from "#api/db/schema/orders";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf } from "#api/modules/email/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeProduct } from "#test/catalog";
import {
  ADDRESS,
  APPROVED_CARD,
  type Caller,
  DECLINED_CARD,
  makeShop,
  quickUser,
  type Shop,
} from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { sweepExpiredOrders } from "./service";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
});
afterAll(async () => t.close());

const nameOf = (caller: Caller) => `${caller.user.firstName} ${caller.user.lastName}`;
const byOf = (caller: Caller) => ({ name: nameOf(caller), role: caller.user.role });

async function placeAs(caller: Caller, addressId: string, productId = shop.productId): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: caller.cookie,
    payload: { products: [{ product: productId, quantity: 1 }], shippingAddress: addressId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as OrderDto;
}

async function staffRead(orderId: string, caller: Caller = shop.admin): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: caller.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

async function ownerRead(orderId: string): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/current-user/${orderId}`,
    cookie: shop.shopper.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

function move(orderId: string, status: string, caller: Caller) {
  return inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${orderId}/update`,
    cookie: caller.cookie,
    payload: { status },
  });
}

function addNote(orderId: string, note: unknown, caller: Caller = shop.admin) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/notes`,
    cookie: caller.cookie,
    payload: { note },
  });
}

/** The history without its times, which the test cannot know, after checking they come oldest first. */
function withoutTimes(history: readonly OrderEventDto[]) {
  const times = history.map((event) => Date.parse(event.at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  return history.map(({ at: _at, ...rest }) => rest);
}

describe("order numbers", () => {
  it("gives 50 orders placed at once 50 distinct numbers from #1001 on, the same as stored", async () => {
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => quickUser(t)));
    const addresses = await Promise.all(
      shoppers.map((shopper) => addAddress(t.database.db, shopper.user.id, ADDRESS)),
    );
    const plenty = await makeProduct(
      t.database,
      { category: shop.categoryId, thumbnail: shop.mediaId },
      { stock: 100 },
    );
    const placed = await Promise.all(
      shoppers.map((shopper, index) => placeAs(shopper, addresses[index]?._id ?? "", plenty._id)),
    );
    const numbers = placed.map((order) => order.number);
    expect(new Set(numbers).size).toBe(50);
    for (const number of numbers) {
      expect(Number.isInteger(number)).toBe(true);
      expect(number).toBeGreaterThanOrEqual(FIRST_ORDER_NUMBER);
    }
    const stored = await t.database.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(
        sql`${orders.id} in (${sql.join(
          placed.map((order) => sql`${order._id}`),
          sql`, `,
        )})`,
      );
    expect(new Map(stored.map((row) => [row.id, row.number]))).toEqual(
      new Map(placed.map((order) => [order._id, order.number])),
    );
  });

  it("shows the number in lists and finds an order by it, with or without '#'", async () => {
    const order = await staffRead(shop.orderId);
    const own = await inject(t.app, {
      method: "GET",
      url: "/api/orders/current-user",
      cookie: shop.shopper.cookie,
    });
    expect(own.json().data.find((row: OrderDto) => row._id === order._id)?.number).toBe(order.number);

    const search = (keyword: string) =>
      inject(t.app, {
        method: "GET",
        url: `/api/orders?size=100&keyword=${encodeURIComponent(keyword)}`,
        cookie: shop.manager.cookie,
      });
    const hashed = await search(`#${order.number}`);
    expect(hashed.statusCode, hashed.body).toBe(200);
    expect(hashed.json().data.map((row: OrderDto) => [row._id, row.number])).toEqual([
      [order._id, order.number],
    ]);
    const bare = await search(String(order.number));
    expect(bare.json().data.map((row: OrderDto) => row._id)).toContain(order._id);
    // A number no order has, and one past the column's range, find nothing and break nothing.
    for (const keyword of ["#2147483000", "#99999999999999999999"]) {
      const none = await search(keyword);
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data).toEqual([]);
    }
  });
});

describe("order history", () => {
  it("records placement and payment by the shopper, each staff change by name and role, oldest first", async () => {
    const shopper = byOf(shop.shopper);
    const paid = await staffRead(shop.paidOrderId);
    expect(withoutTimes(paid.history)).toEqual([
      { type: "placed", status: "pending", by: shopper, note: null },
      { type: "paid", status: "processing", by: shopper, note: null, amount: paid.totalAmount },
    ]);

    expect((await move(shop.paidOrderId, "shipped", shop.manager)).statusCode).toBe(200);
    expect((await move(shop.paidOrderId, "delivered", shop.admin)).statusCode).toBe(200);
    // A refused move writes no history.
    expect((await move(shop.paidOrderId, "pending", shop.admin)).statusCode).toBe(409);
    const moved = await staffRead(shop.paidOrderId);
    expect(withoutTimes(moved.history).slice(2)).toEqual([
      { type: "status", status: "shipped", by: { name: nameOf(shop.manager), role: "manager" }, note: null },
      { type: "status", status: "delivered", by: { name: nameOf(shop.admin), role: "admin" }, note: null },
    ]);
    // The shopper's own read carries the same rows (no notes were written), the staff's as the shop's.
    expect((await ownerRead(shop.paidOrderId)).history).toEqual(
      moved.history.map((event) => (event.type === "status" ? { ...event, by: "shop" } : event)),
    );
  });

  it("names no staff member in the shopper's reads: their steps and refunds are the shop's, and staff still read the names", async () => {
    const order = await placeAs(shop.shopper, shop.addressId);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await move(order._id, "shipped", shop.manager)).statusCode).toBe(200);
    expect((await addNote(order._id, "Left with the neighbour.")).statusCode).toBe(200);
    const refund = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 1, reason: "Late delivery" },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await move(order._id, "delivered", shop.admin)).statusCode).toBe(200);

    const staffWords = [shop.admin, shop.manager].flatMap((caller) => [
      nameOf(caller),
      caller.user.email,
      `"role":"${caller.user.role}"`,
    ]);
    const own = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: shop.shopper.cookie,
    });
    const list = await inject(t.app, {
      method: "GET",
      url: "/api/orders/current-user?size=100",
      cookie: shop.shopper.cookie,
    });
    for (const body of [own.body, list.body]) for (const word of staffWords) expect(body).not.toContain(word);

    const read = own.json().data as OrderDto;
    expect(withoutTimes(read.history).map(({ type, by }) => ({ type, by }))).toEqual([
      { type: "placed", by: byOf(shop.shopper) },
      { type: "paid", by: byOf(shop.shopper) },
      { type: "status", by: "shop" },
      { type: "refunded", by: "shop" },
      { type: "status", by: "shop" },
    ]);
    expect(read.payment?.refunds.map((given) => given.by)).toEqual(["shop"]);

    const staff = await staffRead(order._id);
    expect(staff.history.map((event) => event.by)).toContainEqual(byOf(shop.manager));
    expect(staff.history.at(-1)?.by).toEqual(byOf(shop.admin));
    expect(staff.payment?.refunds.map((given) => given.by)).toEqual([byOf(shop.admin)]);
  });

  it("says who cancelled: the shopper, a staff member, or the system for an expired hold", async () => {
    const byShopper = await placeAs(shop.shopper, shop.addressId);
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${byShopper._id}/cancel`,
      cookie: shop.shopper.cookie,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(withoutTimes((cancelled.json().data as OrderDto).history)).toEqual([
      { type: "placed", status: "pending", by: byOf(shop.shopper), note: null },
      { type: "cancelled", status: "cancelled", by: byOf(shop.shopper), note: null },
    ]);

    const byStaff = await placeAs(shop.shopper, shop.addressId);
    expect((await move(byStaff._id, "cancelled", shop.admin)).statusCode).toBe(200);
    expect((await staffRead(byStaff._id)).history.at(-1)).toMatchObject({
      type: "cancelled",
      status: "cancelled",
      by: { name: nameOf(shop.admin), role: "admin" },
    });

    const expired = await placeAs(shop.shopper, shop.addressId);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(orders.id, expired._id));
    // Other tests' old pending orders may go in the same sweep: all get their row, in one statement.
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBeGreaterThanOrEqual(1);
    const swept = await ownerRead(expired._id);
    expect(swept.status).toBe("cancelled");
    expect(withoutTimes(swept.history)).toEqual([
      { type: "placed", status: "pending", by: byOf(shop.shopper), note: null },
      { type: "cancelled", status: "cancelled", by: null, note: null },
    ]);
    // A second sweep finds nothing and writes nothing.
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBe(0);
    expect((await ownerRead(expired._id)).history).toHaveLength(2);
  });
});

describe("staff notes", () => {
  async function eventCount(orderId: string) {
    const rows = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    return rows.length;
  }

  it("adds a trimmed note by the staff member, shown to staff and never to the shopper", async () => {
    const response = await addNote(shop.orderId, "  Called the shopper: ships to the office.  ");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(successes.orderNote);
    const answered = response.json().data as OrderDto;
    expect(answered._id).toBe(shop.orderId);
    expect(answered.history.at(-1)).toMatchObject({
      type: "note",
      status: "pending",
      by: { name: nameOf(shop.admin), role: "admin" },
      note: "Called the shopper: ships to the office.",
    });
    const fromManager = await addNote(shop.orderId, "Gift wrap asked for.", shop.manager);
    expect(fromManager.statusCode, fromManager.body).toBe(200);

    const staff = await staffRead(shop.orderId, shop.manager);
    expect(staff.history.filter((event) => event.type === "note").map((event) => event.note)).toEqual([
      "Called the shopper: ships to the office.",
      "Gift wrap asked for.",
    ]);
    const own = await ownerRead(shop.orderId);
    expect(own.history.map((event) => event.type)).toEqual(["placed"]);
    expect(JSON.stringify(own)).not.toContain("Gift wrap");
  });

  it("refuses a shopper (403), bad notes (400) and a missing order (404), writing nothing", async () => {
    const before = await eventCount(shop.orderId);
    const shopper = await addNote(shop.orderId, "Please hurry", shop.shopper);
    expect(shopper.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/${shop.orderId}/notes`,
      payload: { note: "Hello" },
    });
    expect(anonymous.statusCode).toBe(401);

    for (const [note, message] of [
      [undefined, validation.required],
      ["", validation.required],
      ["    ", validation.required],
      [42, validation.required],
      ["x".repeat(MAX_ORDER_NOTE + 1), validation.maxLength(MAX_ORDER_NOTE)],
    ] as const) {
      const bad = await addNote(shop.orderId, note);
      expect(bad.statusCode, String(note)).toBe(400);
      expect(bad.json().errors).toEqual({ note: message });
    }
    const extra = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${shop.orderId}/notes`,
      cookie: shop.admin.cookie,
      payload: { note: "ok", status: "shipped" },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ status: validation.unknownField });
    const longest = await addNote(shop.orderId, "y".repeat(MAX_ORDER_NOTE));
    expect(longest.statusCode).toBe(200);

    const missing = await addNote(newId(), "Nobody's order");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(api.orderNotFound);
    expect(await eventCount(shop.orderId)).toBe(before + 1);
  });
});

describe("the orders lists' payment state", () => {
  it("shows each order's payment state and filters by it with `payment`", async () => {
    const shopper = await quickUser(t);
    const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const unpaid = await placeAs(shopper, address._id);
    const declined = await placeAs(shopper, address._id);
    const attempt = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: declined._id, paymentGateway: "test", card: DECLINED_CARD },
    });
    expect(attempt.statusCode).toBe(402);
    expect(attempt.json().message).toBe(api.paymentDeclined);
    const paid = await placeAs(shopper, address._id);
    const payment = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: paid._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(payment.statusCode, payment.body).toBe(201);

    const list = async (query: string, caller: Caller = shop.manager) => {
      const keyword = encodeURIComponent(shopper.user.email);
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/orders?keyword=${keyword}${query}`,
        cookie: caller.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as {
        _id: string;
        paymentState: string;
        createdAt: string;
        status: string;
      }[];
    };
    const all = await list("");
    expect(all.map((order) => [order._id, order.paymentState, order.status])).toEqual([
      [paid._id, "completed", "processing"],
      [declined._id, "failed", "pending"],
      [unpaid._id, "none", "pending"],
    ]);
    expect((await list("&payment=none")).map((order) => order._id)).toEqual([unpaid._id]);
    expect((await list("&payment=failed")).map((order) => order._id)).toEqual([declined._id]);
    expect((await list("&payment=completed", shop.admin)).map((order) => order._id)).toEqual([paid._id]);
    expect(await list("&payment=refunded")).toEqual([]);
    const byStatus = await inject(t.app, {
      method: "GET",
      url: `/api/orders/status/pending?keyword=${encodeURIComponent(shopper.user.email)}&payment=failed`,
      cookie: shop.manager.cookie,
    });
    expect(byStatus.json().data.map((order: { _id: string }) => order._id)).toEqual([declined._id]);
    const bad = await inject(t.app, {
      method: "GET",
      url: "/api/orders?payment=paid",
      cookie: shop.admin.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

itKeepsPaymentStates(() => t);
