/**
 * A cash on delivery parcel the carrier brings back undelivered (returned to origin, RTO): the order is
 * cancelled with nothing to refund, its invoice reversed by a credit note that gives no money back,
 * every unit back in stock, the shopper flagged, and the sales report counting it.
 */
import { api, mail, orderHistory } from "@shop/shared/messages";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { refunds } from "#api/db/schema/refunds";
import { users } from "#api/db/schema/users";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, type Caller, makeShop, type Shop } from "#test/fixtures";
import { itKeepsParcelStates } from "#test/parcel-state";

let t: TestApp;
let shop: Shop;

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
      // The shopper whose parcel comes back first still orders in cash on delivery in the tests after it.
      cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: false },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ stock: sum(productVariants.stock) })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return Number(row?.stock ?? 0);
}

async function place(quantity: number): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: { products: [{ product: shop.productId, quantity }], shippingAddress: shop.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as OrderDto;
}

/** An order of `quantity` units paid in cash on delivery, confirmed by staff (by phone) so that it ships. */
async function codOrder(quantity = 2): Promise<OrderDto> {
  const order = await place(quantity);
  const cod = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: order._id, paymentGateway: "cod" },
  });
  expect(cod.statusCode, cod.body).toBe(201);
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/confirm-cod`,
    cookie: shop.admin.cookie,
    payload: {},
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return order;
}

async function ship(order: OrderDto, quantity?: number): Promise<ShipmentDto> {
  const line = order.products[0]?._id ?? "";
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/shipments`,
    cookie: shop.admin.cookie,
    payload: {
      carrier: "Other",
      carrierName: "Local courier",
      trackingNumber: `RTO-${Math.random().toString(36).slice(2, 8)}`,
      ...(quantity ? { lines: [{ line, quantity }] } : {}),
    },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return shipped.json().data as ShipmentDto;
}

function patch(order: OrderDto, shipment: ShipmentDto, payload: object, caller: Caller = shop.admin) {
  return inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${order._id}/shipments/${shipment._id}`,
    cookie: caller.cookie,
    payload,
  });
}

async function read(orderId: string): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

describe("a cash on delivery parcel returned to origin", () => {
  it("cancels the order with nothing to refund: a credit note without money, the stock back, the shopper flagged and emailed", async () => {
    const before = await stockOf(shop.productId);
    const order = await codOrder(2);
    const parcel = await ship(order);
    expect(await stockOf(shop.productId)).toBe(before - 2);
    const invoiced = await read(order._id);
    expect(invoiced.invoiceNumber).toBeTruthy();

    const response = await patch(order, parcel, { returnedToOrigin: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(api.shipmentReturnedToOrigin);
    const returned = response.json().data as ShipmentDto;
    expect(returned.returnedToOriginAt).not.toBeNull();
    expect(returned.deliveredAt).toBeNull();

    const now = await read(order._id);
    expect(now.status).toBe("cancelled");
    expect(now.shipments[0]?.returnedToOriginAt).toBe(returned.returnedToOriginAt);
    expect(now.payment?.status).toBe("failed");
    expect(now.payment?.refundedAmount).toBe(0);
    // The credit note reverses the whole invoice (goods, shipping and the COD fee) and gives no money back.
    expect(now.payment?.refunds).toHaveLength(1);
    const note = now.payment?.refunds[0];
    expect(note).toMatchObject({
      amount: invoiced.totalAmount,
      moneyBack: false,
      reason: orderHistory.returnedToOriginReason,
      restock: [{ line: order.products[0]?._id, quantity: 2 }],
    });
    expect(note?.creditNoteNumber).toMatch(/^CN\d{4}\//);
    expect(note?.lines.map((line) => line.kind).sort()).toEqual(["cod_fee", "goods", "shipping"]);
    // The invoice left its charges outside GST: so does the credit note, no taxable value, no tax.
    expect(invoiced.codFee).toBeGreaterThan(0);
    expect(note?.lines.find((line) => line.kind === "cod_fee")).toMatchObject({
      taxableValue: 0,
      rate: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: invoiced.codFee,
    });
    expect(note?.lines.find((line) => line.kind === "shipping")).toMatchObject({
      taxableValue: 0,
      igst: 0,
      total: invoiced.shippingAmount,
    });
    expect(await stockOf(shop.productId)).toBe(before);
    expect(now.history.map((row) => row.note)).toEqual(
      expect.arrayContaining([orderHistory.cancelledReturnedToOrigin]),
    );

    const [flagged] = await t.database.db
      .select({ codRefusedAt: users.codRefusedAt })
      .from(users)
      .where(eq(users.id, shop.shopper.user.id));
    expect(flagged?.codRefusedAt).not.toBeNull();
    const cancelled = await t.database.db
      .select({ subject: emails.subject })
      .from(emails)
      .where(and(eq(emails.recipient, shop.shopper.user.email), eq(emails.kind, "orderCancelled")));
    expect(cancelled.map((row) => row.subject)).toContain(mail.orderCancelled.subject(order.number));

    // Marking it again, or marking it delivered now, is refused.
    expect((await patch(order, parcel, { returnedToOrigin: true })).statusCode).toBe(409);
    const delivered = await patch(order, parcel, { delivered: true });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toBe(api.shipmentAlreadyReturned);
  });

  it("waits for the last parcel of an order sent in two before it cancels and gives the stock back", async () => {
    const before = await stockOf(shop.productId);
    const order = await codOrder(3);
    const first = await ship(order, 1);
    const second = await ship(order, 2);
    expect((await patch(order, first, { returnedToOrigin: true })).statusCode).toBe(200);
    let now = await read(order._id);
    expect(now.status).toBe("shipped");
    expect(now.payment?.status).toBe("pending");
    expect(await stockOf(shop.productId)).toBe(before - 3);

    expect((await patch(order, second, { returnedToOrigin: true })).statusCode).toBe(200);
    now = await read(order._id);
    expect(now.status).toBe("cancelled");
    expect(now.payment?.refunds.map((refund) => refund.moneyBack)).toEqual([false]);
    expect(await stockOf(shop.productId)).toBe(before);
  });

  it("refuses a paid order's parcel, a parcel of an order part of which was delivered, shoppers and a body that says nothing", async () => {
    const placed = await place(1);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: placed._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const prepaidParcel = await ship(placed);
    const prepaid = await patch(placed, prepaidParcel, { returnedToOrigin: true });
    expect(prepaid.statusCode).toBe(409);
    expect(prepaid.json().message).toBe(api.returnToOriginNotCod);

    const order = await codOrder(2);
    const first = await ship(order, 1);
    const second = await ship(order, 1);
    expect((await patch(order, first, { delivered: true })).statusCode).toBe(200);
    const partly = await patch(order, second, { returnedToOrigin: true });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe(api.returnToOriginAfterDelivery);

    expect((await patch(order, second, { returnedToOrigin: true }, shop.shopper)).statusCode).toBe(403);
    for (const payload of [{ returnedToOrigin: false }, {}, { delivered: true, returnedToOrigin: true }]) {
      const bad = await patch(order, second, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await read(order._id)).shipments.every((shipment) => shipment.returnedToOriginAt === null)).toBe(
      true,
    );
  });

  it("counts the parcels in the sales report: COD orders shipped today, those returned, the rate; the credit notes in returns, not in refunds", async () => {
    const today = shopDay(new Date());
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/reports/sales?from=${today}&to=${today}`,
      cookie: shop.admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as SalesReportDto;
    // Three COD orders shipped in this file: two came back (one in two parcels), one was delivered in part.
    expect(report.returnedToOrigin).toMatchObject({ shipped: 3, returnedToOrigin: 2, rate: 66.7 });
    expect(report.returnedToOrigin.byMonth).toEqual([
      { month: today.slice(0, 7), shipped: 3, returnedToOrigin: 2, rate: 66.7 },
    ]);
    const notes = await t.database.db.select().from(refunds).where(eq(refunds.moneyBack, false));
    expect(notes).toHaveLength(2);
    // No money went back: the refunds figure is the money of refunds alone (none in this file).
    expect(report.refunds).toBe(0);
    expect(report.returns).toBeGreaterThan(0);
  });
});

itKeepsParcelStates(() => t);
