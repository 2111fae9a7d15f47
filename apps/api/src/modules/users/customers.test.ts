import { api, customerPage, validation } from "@shop/shared/messages";
import type { CustomerSummaryDto } from "@shop/shared/schemas/user";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { payments } from "#api/db/schema/orders";
import { customerNotes } from "#api/db/schema/users";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeShop, quickUser, type Shop } from "#test/fixtures";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
  // A partial refund of the paid order: the net spend must follow it.
  const refund = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${shop.paidOrderId}/refunds`,
    cookie: shop.admin.cookie,
    payload: { amount: 10.25, reason: "Late delivery" },
  });
  if (refund.statusCode !== 201) throw new Error(`refund failed: ${refund.statusCode} ${refund.body}`);
});
afterAll(async () => t.close());

async function summary(userId: string, cookie = shop.admin.cookie) {
  return inject(t.app, { method: "GET", url: `/api/users/${userId}/summary`, cookie });
}

function addNote(userId: string, note: unknown, cookie = shop.admin.cookie) {
  return inject(t.app, { method: "POST", url: `/api/users/${userId}/notes`, cookie, payload: { note } });
}

describe("GET /api/users/:userId/summary", () => {
  it("answers the customer, addresses, orders and a net spend that ties to payments taken minus refunds", async () => {
    const response = await summary(shop.shopper.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as CustomerSummaryDto;
    expect(data.user).toMatchObject({
      _id: shop.shopper.user.id,
      email: shop.shopper.user.email,
      status: true,
    });
    expect(data.addresses.map((address) => address._id)).toEqual([shop.addressId]);
    // Every order of every status, the taken one and the pending one.
    expect(data.orders.items.map((order) => order._id).sort()).toEqual(
      [shop.orderId, shop.paidOrderId].sort(),
    );

    const [taken] = await t.database.db
      .select({
        net: sql<string>`sum(${payments.amount} - ${payments.refundedAmount})`,
      })
      .from(payments)
      .where(eq(payments.userId, shop.shopper.user.id));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, shop.paymentId));
    expect(payment?.status).toBe("partially_refunded");
    expect(data.orders.netSpend).toBe(Number(taken?.net));
    expect(data.orders.netSpend).toBe(Math.round(((payment?.amount ?? 0) - 10.25) * 100) / 100);
    expect(data.orders.count).toBe(1);
    expect(data.orders.averageOrder).toBe(data.orders.netSpend);
    expect(data.orders.first?._id).toBe(shop.paidOrderId);
    expect(data.orders.last?._id).toBe(shop.paidOrderId);
    expect(data.orders.last?.status).toBe("processing");
  });

  it("answers a customer without orders with zeros, and 404 for an unknown user", async () => {
    const fresh = await quickUser(t);
    const data = (await summary(fresh.user.id)).json().data as CustomerSummaryDto;
    expect(data.orders).toEqual({
      count: 0,
      netSpend: 0,
      averageOrder: 0,
      otherCurrencies: [],
      first: null,
      last: null,
      items: [],
    });
    expect(data.addresses).toEqual([]);
    expect(data.notes).toEqual([]);
    const missing = await summary(newId());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: api.userNotFound });
  });

  it("is for admins only: a manager gets 403, a shopper 403 even for themselves", async () => {
    for (const cookie of [shop.manager.cookie, shop.shopper.cookie]) {
      const refused = await summary(shop.shopper.user.id, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: api.forbidden });
    }
  });
});

describe("POST /api/users/:userId/notes", () => {
  it("appends notes with their author and time, listed newest first in the summary", async () => {
    const customer = await quickUser(t);
    const first = await addNote(customer.user.id, "  Called about a late parcel.  ");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(customerPage.noteAdded);
    expect(first.json().data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      note: "Called about a late parcel.",
      at: expect.any(String),
      author: { _id: shop.admin.user.id, name: `${shop.admin.user.firstName} ${shop.admin.user.lastName}` },
    });
    await addNote(customer.user.id, "Prefers deliveries after 6 pm.");
    const notes = ((await summary(customer.user.id)).json().data as CustomerSummaryDto).notes;
    expect(notes.map((note) => note.note)).toEqual([
      "Prefers deliveries after 6 pm.",
      "Called about a late parcel.",
    ]);
  });

  it("refuses a blank note, unknown users, managers, and the database refuses to rewrite a note", async () => {
    const blank = await addNote(shop.shopper.user.id, "   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.note).toBe(validation.required);
    const unknown = await addNote(newId(), "Hello there");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: api.userNotFound });
    const byManager = await addNote(shop.shopper.user.id, "Hello there", shop.manager.cookie);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ success: false, message: api.forbidden });

    const note = (await addNote(shop.shopper.user.id, "Kept as written.")).json().data as { _id: string };
    await expect(
      t.database.db.update(customerNotes).set({ note: "Rewritten" }).where(eq(customerNotes.id, note._id)),
    ).rejects.toThrow();
    const [row] = await t.database.db.select().from(customerNotes).where(eq(customerNotes.id, note._id));
    expect(row?.note).toBe("Kept as written.");
  });
});

describe("PATCH /api/users/:userId (role change)", () => {
  it("needs an admin: a manager is refused and the role stays", async () => {
    const customer = await quickUser(t);
    const refused = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${customer.user.id}`,
      cookie: shop.manager.cookie,
      payload: { role: "admin" },
    });
    expect(refused.statusCode).toBe(403);
    expect(((await summary(customer.user.id)).json().data as CustomerSummaryDto).user.role).toBe("customer");
    const changed = await inject(t.app, {
      method: "PATCH",
      url: `/api/users/${customer.user.id}`,
      cookie: shop.admin.cookie,
      payload: { role: "manager" },
    });
    expect(changed.statusCode).toBe(200);
    expect(((await summary(customer.user.id)).json().data as CustomerSummaryDto).user.role).toBe("manager");
  });
});
