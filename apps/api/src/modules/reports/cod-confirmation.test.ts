/**
 * The sales report's cash on delivery confirmation: of the COD orders placed in the period that asked
 * for it, how many were confirmed and through which channel, how many were not (cancelled or still
 * waiting); and how often a confirmed order came back returned to origin against one shipped without
 * a confirmation (placed before it existed). Orders placed today, confirmed through the API's paths:
 *
 * - E1, E2: the email's link (email); E1 shipped, E2 shipped and returned to origin.
 * - A1: its shopper on the order page (account), shipped.
 * - P1: staff by phone (phone), not shipped.
 * - W1: a WhatsApp tap (whatsapp), not shipped.
 * - L1: confirmed before the channel was kept (none), shipped and returned.
 * - U1: waiting; U2: cancelled unconfirmed.
 * - N1, N2, N3: asked for no confirmation (placed before it existed), shipped; N1 and N2 returned.
 * - a prepaid order, shipped, and a COD order placed 40 days ago, shipped: neither counts.
 *
 * So 8 orders asked; 6 confirmed (75%): WhatsApp 1 (12.5%), email 2 (25%), order page 1 (12.5%),
 * phone 1 (12.5%), 1 without a channel; 2 unconfirmed (25%). RTO: confirmed 2 of 4 (50%),
 * unconfirmed 2 of 3 (66.7%).
 */

import { mail } from "@shop/shared/messages";
import type { CodConfirmedVia } from "@shop/shared/messaging";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { orders } from "#api/db/schema/orders";
import { confirmCod } from "#api/modules/cod/confirmation";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, makeShop, type Shop } from "#test/fixtures";
import { shopDay } from "./service";

let t: TestApp;
let shop: Shop;

const DAY_MS = 24 * 60 * 60 * 1000;
const today = shopDay(new Date());
const longAgo = new Date(Date.now() - 40 * DAY_MS);

async function place(): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as OrderDto;
}

/** An order paid in cash on delivery: waiting for its confirmation. */
async function codOrder(): Promise<OrderDto> {
  const order = await place();
  const chosen = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: order._id, paymentGateway: "cod" },
  });
  expect(chosen.statusCode, chosen.body).toBe(201);
  return order;
}

/** The token of the order's confirmation link, as its email carries it. */
async function tokenOf(order: OrderDto): Promise<string> {
  const rows = await t.database.db
    .select({ subject: emails.subject, parts: emails.parts })
    .from(emails)
    .where(eq(emails.kind, "orderCodConfirmed"));
  const sent = rows.find((row) => row.subject === mail.orderCodConfirmed.subject(order.number));
  return new URL(sent?.parts?.action?.url ?? "http://shop.invalid/").searchParams.get("token") ?? "";
}

/**
 * Confirms the order as the channel does: the email's link by its token, the order page by its
 * shopper signed in, staff by phone, and a WhatsApp tap as its webhook does (the link's token, via
 * WhatsApp: modules/whatsapp/inbound.ts, whose webhook whatsapp.test.ts drives).
 */
async function confirm(order: OrderDto, via: CodConfirmedVia): Promise<void> {
  if (via === "whatsapp") {
    await confirmCod(t.database.db, order._id, { token: await tokenOf(order), via: "whatsapp" });
    return;
  }
  const payload = via === "email" ? { token: await tokenOf(order) } : {};
  const cookie = via === "account" ? shop.shopper.cookie : via === "phone" ? shop.manager.cookie : undefined;
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/confirm-cod`,
    cookie,
    payload,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function ship(order: OrderDto): Promise<ShipmentDto> {
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/shipments`,
    cookie: shop.admin.cookie,
    payload: { carrier: "Other", carrierName: "Local courier", trackingNumber: `CC-${order._id.slice(-8)}` },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return shipped.json().data as ShipmentDto;
}

async function returnToOrigin(order: OrderDto, parcel: ShipmentDto): Promise<void> {
  const returned = await inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${order._id}/shipments/${parcel._id}`,
    cookie: shop.admin.cookie,
    payload: { returnedToOrigin: true, reason: "refused" },
  });
  expect(returned.statusCode, returned.body).toBe(200);
}

/** A COD order shipped without being asked to confirm, as before confirmation existed. */
async function shippedUnasked(): Promise<{ order: OrderDto; parcel: ShipmentDto }> {
  const order = await codOrder();
  // Shipping waits for a confirmation now: staff give it, then the order is put back as one placed
  // before confirmation existed (no confirmation, no channel).
  await confirm(order, "phone");
  const parcel = await ship(order);
  await t.database.db
    .update(orders)
    .set({ codConfirmation: null, codConfirmedVia: null })
    .where(eq(orders.id, order._id));
  return { order, parcel };
}

async function report(query: string): Promise<SalesReportDto["codConfirmation"]> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/reports/sales?${query}`,
    cookie: shop.manager.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as SalesReportDto).codConfirmation;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: shop.admin.cookie,
    payload: {
      holdMinutes: 30,
      maxUnpaidOrders: 20,
      maxQuantityPerLine: 10,
      minimumOrder: 0,
      // The shopper whose parcel comes back still orders in cash on delivery after it.
      cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: false },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const [e1, e2, a1, p1, w1, l1] = [
    await codOrder(),
    await codOrder(),
    await codOrder(),
    await codOrder(),
    await codOrder(),
    await codOrder(),
  ];
  await codOrder(); // U1, left waiting.
  const u2 = await codOrder();
  if (!e1 || !e2 || !a1 || !p1 || !w1 || !l1) throw new Error("an order was not placed");
  await confirm(e1, "email");
  await confirm(e2, "email");
  await confirm(a1, "account");
  await confirm(p1, "phone");
  await confirm(w1, "whatsapp");
  await confirm(l1, "email");
  // Confirmed before the shop kept the channel.
  await t.database.db.update(orders).set({ codConfirmedVia: null }).where(eq(orders.id, l1._id));
  const cancelled = await inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${u2._id}/update`,
    cookie: shop.admin.cookie,
    payload: { status: "cancelled" },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().data.codConfirmation).toBe("cancelled");

  const parcels = { e1: await ship(e1), e2: await ship(e2), a1: await ship(a1), l1: await ship(l1) };
  const unasked = [await shippedUnasked(), await shippedUnasked(), await shippedUnasked()];

  // A prepaid order shipped, and a COD order of another period: neither counts today.
  const prepaid = await place();
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: prepaid._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  await ship(prepaid);
  const old = await codOrder();
  await confirm(old, "email");
  await ship(old);
  await t.database.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.id, old._id));

  await returnToOrigin(e2, parcels.e2);
  await returnToOrigin(l1, parcels.l1);
  for (const { order, parcel } of unasked.slice(0, 2)) await returnToOrigin(order, parcel);
});
afterAll(async () => t.close());

describe("the sales report's cash on delivery confirmation", () => {
  it("counts the period's COD orders by the channel that confirmed them, and those left unconfirmed", async () => {
    const figures = await report(`from=${today}&to=${today}`);
    expect(figures).toMatchObject({ orders: 8, confirmed: 6, rate: 75, unconfirmed: 2, unconfirmedRate: 25 });
    expect(figures.byChannel).toEqual([
      { channel: "whatsapp", confirmed: 1, rate: 12.5 },
      { channel: "email", confirmed: 2, rate: 25 },
      { channel: "account", confirmed: 1, rate: 12.5 },
      { channel: "phone", confirmed: 1, rate: 12.5 },
    ]);
  });

  it("sets the confirmed orders' returns to origin against those shipped without a confirmation", async () => {
    expect((await report(`from=${today}&to=${today}`)).rto).toEqual({
      confirmed: { shipped: 4, returned: 2, rate: 50 },
      unconfirmed: { shipped: 3, returned: 2, rate: 66.7 },
    });
  });

  it("counts an order in the period it was placed in, and has no rate where nothing counts", async () => {
    const day = shopDay(longAgo);
    expect(await report(`from=${day}&to=${day}`)).toEqual({
      orders: 1,
      confirmed: 1,
      rate: 100,
      byChannel: [
        { channel: "whatsapp", confirmed: 0, rate: 0 },
        { channel: "email", confirmed: 1, rate: 100 },
        { channel: "account", confirmed: 0, rate: 0 },
        { channel: "phone", confirmed: 0, rate: 0 },
      ],
      unconfirmed: 0,
      unconfirmedRate: 0,
      rto: {
        confirmed: { shipped: 1, returned: 0, rate: 0 },
        unconfirmed: { shipped: 0, returned: 0, rate: null },
      },
    });
    const before = shopDay(new Date(longAgo.getTime() - DAY_MS));
    expect(await report(`from=${before}&to=${before}`)).toEqual({
      orders: 0,
      confirmed: 0,
      rate: null,
      byChannel: [
        { channel: "whatsapp", confirmed: 0, rate: null },
        { channel: "email", confirmed: 0, rate: null },
        { channel: "account", confirmed: 0, rate: null },
        { channel: "phone", confirmed: 0, rate: null },
      ],
      unconfirmed: 0,
      unconfirmedRate: null,
      rto: {
        confirmed: { shipped: 0, returned: 0, rate: null },
        unconfirmed: { shipped: 0, returned: 0, rate: null },
      },
    });
  });
});
