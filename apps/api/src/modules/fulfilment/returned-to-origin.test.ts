/**
 * A cash on delivery parcel the carrier brings back undelivered (returned to origin, RTO): the order is
 * cancelled with nothing to refund, its invoice reversed by a credit note that gives no money back,
 * every unit back in stock, the shopper flagged, and the sales report counting it.
 */
import { api, codRefusals, customerPage, mail, orderHistory, validation } from "@shop/shared/messages";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import type { CustomerSummaryDto } from "@shop/shared/schemas/user";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { refunds } from "#api/db/schema/refunds";
import { users } from "#api/db/schema/users";
import { addAddress } from "#api/modules/addresses/service";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { ADDRESS, APPROVED_CARD, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
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

/** Who orders: the shop's shopper and their address, unless said. */
interface Buyer {
  cookie: string;
  addressId: string;
}
const shopBuyer = (): Buyer => ({ cookie: shop.shopper.cookie, addressId: shop.addressId });

async function place(quantity: number, buyer: Buyer = shopBuyer()): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: { products: [{ product: shop.productId, quantity }], shippingAddress: buyer.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as OrderDto;
}

/** An order of `quantity` units paid in cash on delivery, confirmed by staff (by phone) so that it ships. */
async function codOrder(quantity = 2, buyer: Buyer = shopBuyer()): Promise<OrderDto> {
  const order = await place(quantity, buyer);
  const cod = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: buyer.cookie,
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

    const response = await patch(order, parcel, { returnedToOrigin: true, reason: "refused" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(api.shipmentReturnedToOrigin);
    const returned = response.json().data as ShipmentDto;
    expect(returned.returnedToOriginAt).not.toBeNull();
    expect(returned.returnedToOriginReason).toBe("refused");
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
    expect((await patch(order, parcel, { returnedToOrigin: true, reason: "other" })).statusCode).toBe(409);
    const delivered = await patch(order, parcel, { delivered: true });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toBe(api.shipmentAlreadyReturned);
  });

  it("waits for the last parcel of an order sent in two before it cancels and gives the stock back", async () => {
    const before = await stockOf(shop.productId);
    const order = await codOrder(3);
    const first = await ship(order, 1);
    const second = await ship(order, 2);
    expect((await patch(order, first, { returnedToOrigin: true, reason: "unreachable" })).statusCode).toBe(
      200,
    );
    let now = await read(order._id);
    expect(now.status).toBe("shipped");
    expect(now.payment?.status).toBe("pending");
    expect(await stockOf(shop.productId)).toBe(before - 3);

    expect((await patch(order, second, { returnedToOrigin: true, reason: "wrong_address" })).statusCode).toBe(
      200,
    );
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
    const prepaid = await patch(placed, prepaidParcel, { returnedToOrigin: true, reason: "refused" });
    expect(prepaid.statusCode).toBe(409);
    expect(prepaid.json().message).toBe(api.returnToOriginNotCod);

    const order = await codOrder(2);
    const first = await ship(order, 1);
    const second = await ship(order, 1);
    expect((await patch(order, first, { delivered: true })).statusCode).toBe(200);
    const partly = await patch(order, second, { returnedToOrigin: true, reason: "refused" });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe(api.returnToOriginAfterDelivery);

    expect(
      (await patch(order, second, { returnedToOrigin: true, reason: "refused" }, shop.shopper)).statusCode,
    ).toBe(403);
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

describe("the cash on delivery bar of a refusal", () => {
  let buyer: Buyer;
  let customer: Caller;

  beforeAll(async () => {
    customer = await quickUser(t);
    buyer = {
      cookie: customer.cookie,
      addressId: (await addAddress(t.database.db, customer.user.id, ADDRESS))._id,
    };
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: {
        holdMinutes: 30,
        maxUnpaidOrders: 20,
        maxQuantityPerLine: 10,
        minimumOrder: 0,
        cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: true },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  async function summary() {
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/users/${customer.user.id}/summary`,
      cookie: shop.admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as CustomerSummaryDto;
  }

  /** The lines of the cancellation email of an order. */
  async function cancellationLines(order: OrderDto): Promise<readonly string[]> {
    const rows = await t.database.db
      .select({ parts: emails.parts })
      .from(emails)
      .where(and(eq(emails.recipient, customer.user.email), eq(emails.kind, "orderCancelled")));
    const sent = rows.find((row) => row.parts?.lines.some((line) => line.includes(`#${order.number} `)));
    return sent?.parts?.lines ?? [];
  }

  function payCod(order: OrderDto) {
    return inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: buyer.cookie,
      payload: { order: order._id, paymentGateway: "cod" },
    });
  }

  it("asks why a parcel came back (400 at reason), and bars cash on delivery only for a refusal", async () => {
    const unreachable = await codOrder(1, buyer);
    const parcel = await ship(unreachable);
    for (const payload of [{ returnedToOrigin: true }, { returnedToOrigin: true, reason: "lost" }]) {
      const bad = await patch(unreachable, parcel, payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().errors).toEqual({ reason: validation.rtoReason });
    }
    expect((await read(unreachable._id)).shipments[0]?.returnedToOriginAt).toBeNull();
    const marked = await patch(unreachable, parcel, { returnedToOrigin: true, reason: "unreachable" });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await read(unreachable._id)).shipments[0]?.returnedToOriginReason).toBe("unreachable");
    expect((await summary()).codBar).toBeNull();
    expect(await cancellationLines(unreachable)).toEqual([
      mail.orderCancelled.returnedToOrigin(unreachable.number),
    ]);

    const refused = await codOrder(1, buyer);
    const returned = (
      await patch(refused, await ship(refused), { returnedToOrigin: true, reason: "refused" })
    ).json().data as ShipmentDto;
    expect((await summary()).codBar).toEqual({
      reason: "refused",
      since: returned.returnedToOriginAt,
      order: refused._id,
      orderNumber: refused.number,
    });
    // The shopper's cancellation email says cash on delivery is no longer offered, and why.
    expect(await cancellationLines(refused)).toEqual([
      mail.orderCancelled.returnedToOrigin(refused.number),
      mail.orderCancelled.codBarred,
    ]);
    const next = await place(1, buyer);
    const barred = await payCod(next);
    expect(barred.statusCode).toBe(409);
    expect(barred.json().message).toBe(codRefusals.refusedBefore);
  });

  it("is lifted by staff on the customer page, with an activity entry; cash on delivery is offered again", async () => {
    const lift = () =>
      inject(t.app, {
        method: "DELETE",
        url: `/api/users/${customer.user.id}/cod-bar`,
        cookie: shop.admin.cookie,
      });
    const bar = (await summary()).codBar;
    expect(bar).not.toBeNull();
    // The shopper's delivery answer says what checkout will do, before the lift and after it.
    const delivery = async () =>
      (
        await inject(t.app, {
          method: "GET",
          url: `/api/delivery/${ADDRESS.pinCode}`,
          cookie: customer.cookie,
        })
      ).json().data;
    expect(await delivery()).toMatchObject({ cod: false, codReason: "barred" });
    const byShopper = await inject(t.app, {
      method: "DELETE",
      url: `/api/users/${customer.user.id}/cod-bar`,
      cookie: customer.cookie,
    });
    expect(byShopper.statusCode).toBe(403);
    const lifted = await lift();
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().message).toBe(customerPage.codBarLifted);
    expect((await summary()).codBar).toBeNull();
    expect(await delivery()).toMatchObject({ cod: true, codReason: null });
    const again = await lift();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(api.codNotBarred);

    const activity = await inject(t.app, {
      method: "GET",
      url: "/api/activity?kind=customer.cod_bar_lifted",
      cookie: shop.admin.cookie,
    });
    expect(activity.json().data).toHaveLength(1);
    expect(activity.json().data[0]).toMatchObject({
      kind: "customer.cod_bar_lifted",
      before: { codBar: { reason: "refused", since: bar?.since, order: bar?.orderNumber } },
      after: { codBar: null },
    });
    expect((await payCod(await place(1, buyer))).statusCode).toBe(201);
  });

  it("shows no bar while the owner bars no one who refused a parcel", async () => {
    const order = await codOrder(1, buyer);
    await patch(order, await ship(order), { returnedToOrigin: true, reason: "refused" });
    expect((await summary()).codBar).not.toBeNull();
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
    const checkout = settings.json().data.checkout;
    const off = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: { ...checkout, cod: { ...checkout.cod, blockAfterRefusal: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await summary()).codBar).toBeNull();
    expect((await payCod(await place(1, buyer))).statusCode).toBe(201);
  });
});

itKeepsParcelStates(() => t);
