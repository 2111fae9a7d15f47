import { FULFILMENT_STATES } from "@shop/shared/constants";
import { api, validation } from "@shop/shared/messages";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import { DEFAULT_FULFILMENT_SETTINGS } from "@shop/shared/schemas/settings";
import { eq, inArray } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { documentCounters } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";
import { orderShipments } from "#api/db/schema/shipments";
import { renderEmail } from "#api/modules/email/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, type Caller, makeShop, type Shop } from "#test/fixtures";
import { itKeepsParcelStates } from "#test/parcel-state";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
});
afterAll(async () => t.close());

const BLUE_DART = DEFAULT_FULFILMENT_SETTINGS.carriers[0];

/** A paid order of two lines: 2 units of the plain product and 1 of a sized variant. */
async function paidOrder(): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: {
      products: [
        { product: shop.productId, quantity: 2 },
        { product: shop.variantProductId, variant: shop.variantIds[0], quantity: 1 },
      ],
      shippingAddress: shop.addressId,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as OrderDto;
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return order;
}

function ship(orderId: string, payload: object, caller: Caller = shop.admin) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/shipments`,
    cookie: caller.cookie,
    payload,
  });
}

function deliver(orderId: string, shipmentId: string, caller: Caller = shop.admin) {
  return inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${orderId}/shipments/${shipmentId}`,
    cookie: caller.cookie,
    payload: { delivered: true },
  });
}

async function read(orderId: string, as: "staff" | "owner" = "staff"): Promise<OrderDto> {
  const url = as === "staff" ? `/api/orders/${orderId}` : `/api/orders/current-user/${orderId}`;
  const cookie = as === "staff" ? shop.admin.cookie : shop.shopper.cookie;
  const response = await inject(t.app, { method: "GET", url, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

async function mailsTo(email: string, kind: "orderShipped" | "orderDelivered") {
  const rows = await t.database.db
    .select()
    .from(emails)
    .where(eq(emails.recipient, email))
    .orderBy(emails.createdAt, emails.id);
  return rows.filter((row) => row.kind === kind).map(renderEmail);
}

/** The ids of the order's two lines, in the order's order. */
function lineIds(order: OrderDto): [string, string] {
  const [first, second] = order.products.map((line) => line._id);
  if (!first || !second) throw new Error("the order has two lines");
  return [first, second];
}

describe("shipping an order in parcels", () => {
  it("ships one of two lines, then the rest: processing until every unit left, then shipped, with the tracking link from the template", async () => {
    const order = await paidOrder();
    const [plain, sized] = lineIds(order);
    const before = (await mailsTo(shop.shopper.user.email, "orderShipped")).length;

    const first = await ship(order._id, {
      carrier: "blue dart",
      trackingNumber: "BD 123/45",
      lines: [{ line: plain, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(api.shipmentCreated);
    const parcel = first.json().data as ShipmentDto;
    expect(parcel).toMatchObject({
      carrier: "Blue Dart",
      trackingNumber: "BD 123/45",
      trackingUrl: BLUE_DART?.trackingUrl.replace("{number}", "BD%20123%2F45"),
      lines: [{ line: plain, quantity: 1 }],
      deliveredAt: null,
    });
    let now = await read(order._id);
    expect(now.status).toBe("processing");
    expect(now.shipments.map((s) => s._id)).toEqual([parcel._id]);

    // The rest: one more unit of the first line and the sized line, by leaving the lines out.
    const second = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "HAND-1",
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({
      carrier: "Hand delivery",
      trackingUrl: null,
      lines: [
        { line: plain, quantity: 1 },
        { line: sized, quantity: 1 },
      ].sort((a, b) => a.line.localeCompare(b.line)),
    });
    now = await read(order._id);
    expect(now.status).toBe("shipped");
    expect(now.history.filter((e) => e.type === "shipment").map((e) => [e.status, e.note])).toEqual([
      ["processing", "Blue Dart BD 123/45, 1 unit"],
      ["shipped", "Hand delivery HAND-1, 2 units"],
    ]);

    // The shopper reads the parcels with their links, and was emailed each with its carrier, number and link.
    const own = await read(order._id, "owner");
    expect(own.shipments.map((s) => s.trackingUrl)).toEqual([parcel.trackingUrl, null]);
    const sent = (await mailsTo(shop.shopper.user.email, "orderShipped")).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([
      `Part of your order #${order.number} has shipped`,
      `Your order #${order.number} has shipped`,
    ]);
    expect(sent[0]?.text).toContain("Carrier: Blue Dart, tracking number BD 123/45");
    // A parcel sent with Other is known by the name staff gave its carrier.
    expect(sent[1]?.text).toContain("Carrier: Hand delivery, tracking number HAND-1");
    expect(sent[0]?.text).toContain(parcel.trackingUrl ?? "none");

    // Nothing remains: a third parcel is refused and writes nothing.
    const third = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "X",
    });
    expect(third.statusCode).toBe(409);
    expect((await read(order._id)).shipments).toHaveLength(2);
  });

  it("is delivered once every parcel of a shipped order arrived; each delivery is in the history and emailed", async () => {
    const order = await paidOrder();
    const [plain] = lineIds(order);
    const a = (
      await ship(order._id, {
        carrier: "Delhivery",
        trackingNumber: "D1",
        lines: [{ line: plain, quantity: 2 }],
      })
    ).json().data as ShipmentDto;
    // Delivered before the rest shipped: the order stays processing.
    const early = await deliver(order._id, a._id);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data.deliveredAt).not.toBeNull();
    expect((await read(order._id)).status).toBe("processing");
    expect((await deliver(order._id, a._id)).json().message).toBe(api.shipmentAlreadyDelivered);

    const b = (await ship(order._id, { carrier: "India Post", trackingNumber: "EE123456789IN" })).json()
      .data as ShipmentDto;
    expect((await read(order._id)).status).toBe("shipped");
    const last = await deliver(order._id, b._id);
    expect(last.statusCode).toBe(200);
    const now = await read(order._id);
    expect(now.status).toBe("delivered");
    expect(now.shipments.every((s) => s.deliveredAt !== null)).toBe(true);
    expect(now.history.filter((e) => e.type === "delivery").map((e) => e.status)).toEqual([
      "processing",
      "delivered",
    ]);
    const told = await mailsTo(shop.shopper.user.email, "orderDelivered");
    expect(told.map((m) => m.subject)).toContain(`Your order #${order.number} was delivered`);
    expect(told.map((m) => m.subject)).toContain(`A parcel of your order #${order.number} was delivered`);
  });

  it("refuses more units than remain, a line of another order, an empty number, an unknown carrier and an order not being prepared", async () => {
    const order = await paidOrder();
    const [plain] = lineIds(order);
    const over = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "1",
      lines: [{ line: plain, quantity: 3 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual({ "lines.0.quantity": api.shipmentTooMany(2) });

    const stranger = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "1",
      lines: [{ line: newId(), quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual({ "lines.0.line": api.shipmentLineUnknown });

    const blank = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "   ",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.trackingNumber).toBe(validation.required);

    // The carrier Other asks for the carrier's name, which the parcel is then known by.
    for (const carrierName of [undefined, "  ", "other"]) {
      const unnamed = await ship(order._id, { carrier: "Other", carrierName, trackingNumber: "1" });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().errors).toEqual({ carrierName: validation.carrierName });
    }

    const twice = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "1",
      lines: [
        { line: plain, quantity: 1 },
        { line: plain, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);

    const carrier = await ship(order._id, { carrier: "Pigeon Post", trackingNumber: "1" });
    expect(carrier.statusCode).toBe(400);
    expect(carrier.json().errors.carrier).toContain("Blue Dart");
    expect((await read(order._id)).shipments).toEqual([]);

    // A pending (unpaid) order cannot ship, nor a missing one.
    const pending = await ship(shop.orderId, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "1",
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(api.shipmentNotShippable("pending"));
    expect(
      (await ship(newId(), { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "1" }))
        .statusCode,
    ).toBe(404);
    expect((await deliver(order._id, newId())).statusCode).toBe(404);
  });

  it("lets a manager ship, and not a shopper", async () => {
    const order = await paidOrder();
    expect(
      (
        await ship(
          order._id,
          { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "M1" },
          shop.manager,
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await ship(
          order._id,
          { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "S1" },
          shop.shopper,
        )
      ).statusCode,
    ).toBe(403);
  });

  it("keeps the status dialog in step: shipped ships every unit left as Other, delivered delivers every parcel, no cancelling once a parcel left", async () => {
    const order = await paidOrder();
    const [plain, sized] = lineIds(order);
    await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "P1",
      lines: [{ line: plain, quantity: 1 }],
    });
    const cancel = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: shop.admin.cookie,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(api.cancelAfterShipment);

    const move = (status: string) =>
      inject(t.app, {
        method: "PATCH",
        url: `/api/orders/${order._id}/update`,
        cookie: shop.admin.cookie,
        payload: { status },
      });
    expect((await move("shipped")).statusCode).toBe(200);
    let now = await read(order._id);
    expect(now.shipments).toHaveLength(2);
    expect(now.shipments[1]).toMatchObject({ carrier: "Other", trackingNumber: null, trackingUrl: null });
    expect(now.shipments[1]?.lines).toEqual(
      [
        { line: plain, quantity: 1 },
        { line: sized, quantity: 1 },
      ].sort((a, b) => a.line.localeCompare(b.line)),
    );
    expect((await move("delivered")).statusCode).toBe(200);
    now = await read(order._id);
    expect(now.status).toBe("delivered");
    expect(now.shipments.every((s) => s.deliveredAt)).toBe(true);
  });

  it("refunding a partly shipped order by status puts back only the units that never left", async () => {
    const order = await paidOrder();
    const [plain] = lineIds(order);
    await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "R1",
      lines: [{ line: plain, quantity: 1 }],
    });
    const refunded = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: shop.admin.cookie,
      payload: { status: "refunded" },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const restock = (refunded.json().data as OrderDto).payment?.refunds[0]?.restock;
    const sized = lineIds(order)[1];
    expect(restock).toEqual(
      [
        { line: plain, quantity: 1 },
        { line: sized, quantity: 1 },
      ].sort((a, b) => a.line.localeCompare(b.line)),
    );
  });

  it("prints a packing slip per shipment, and the whole order's still", async () => {
    const order = await paidOrder();
    const [plain] = lineIds(order);
    const parcel = (
      await ship(order._id, {
        carrier: "Other",
        carrierName: "Hand delivery",
        trackingNumber: "SLIP-1",
        lines: [{ line: plain, quantity: 1 }],
      })
    ).json().data as ShipmentDto;
    const slip = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/shipments/${parcel._id}/packing-slip.pdf`,
      cookie: shop.manager.cookie,
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers["content-type"]).toBe("application/pdf");
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const whole = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/packing-slip.pdf`,
      cookie: shop.manager.cookie,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(slip.rawPayload)).toBe(false);
    const missing = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/shipments/${newId()}/packing-slip.pdf`,
      cookie: shop.manager.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("fulfilment: how far an order's goods have gone", () => {
  /** A paid order of one line of two units. */
  async function paidTwoUnits(): Promise<OrderDto> {
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shop.shopper.cookie,
      payload: { products: [{ product: shop.productId, quantity: 2 }], shippingAddress: shop.addressId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as OrderDto;
    expect(order.fulfilment).toBe("unfulfilled");
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return order;
  }

  /** The orders a list answers, by id: their status and fulfilment. */
  async function listed(url: string, caller: Caller = shop.admin) {
    const response = await inject(t.app, { method: "GET", url, cookie: caller.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().data as { _id: string; status: string; fulfilment: string }[];
    return new Map(items.map((order) => [order._id, { status: order.status, fulfilment: order.fulfilment }]));
  }

  it("reads an order with one of two units shipped as partially shipped, still processing, in the staff's list and read and the shopper's", async () => {
    const order = await paidTwoUnits();
    const [line] = order.products;
    if (!line) throw new Error("the order has a line");
    expect((await read(order._id)).fulfilment).toBe("unfulfilled");
    const first = await ship(order._id, {
      carrier: "Blue Dart",
      trackingNumber: "BD-PART-1",
      lines: [{ line: line._id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);

    const partly = { status: "processing", fulfilment: "partially_shipped" };
    expect(await read(order._id)).toMatchObject(partly);
    expect(await read(order._id, "owner")).toMatchObject(partly);
    expect((await listed("/api/orders?size=100")).get(order._id)).toEqual(partly);
    expect((await listed("/api/orders/current-user?size=100", shop.shopper)).get(order._id)).toEqual(partly);

    // The rest leaves: shipped; its parcels arrive: delivered.
    expect((await ship(order._id, { carrier: "Blue Dart", trackingNumber: "BD-PART-2" })).statusCode).toBe(
      201,
    );
    expect(await read(order._id)).toMatchObject({ status: "shipped", fulfilment: "shipped" });
    for (const parcel of (await read(order._id)).shipments)
      expect((await deliver(order._id, parcel._id)).statusCode).toBe(200);
    expect(await read(order._id, "owner")).toMatchObject({ status: "delivered", fulfilment: "delivered" });
  });

  it("filters the staff's lists by fulfilment: partially shipped finds the order partly shipped and not one with nothing shipped", async () => {
    const partly = await paidTwoUnits();
    const untouched = await paidTwoUnits();
    const [line] = partly.products;
    if (!line) throw new Error("the order has a line");
    const sent = await ship(partly._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "HAND-PART",
      lines: [{ line: line._id, quantity: 1 }],
    });
    expect(sent.statusCode, sent.body).toBe(201);

    for (const url of [
      "/api/orders?fulfilment=partially_shipped&size=100",
      "/api/orders/status/processing?fulfilment=partially_shipped&size=100",
    ]) {
      const found = await listed(url);
      expect(found.has(partly._id), url).toBe(true);
      expect(found.has(untouched._id), url).toBe(false);
      expect([...found.values()].every((order) => order.fulfilment === "partially_shipped")).toBe(true);
    }
    const unshipped = await listed("/api/orders?fulfilment=unfulfilled&size=100");
    expect(unshipped.has(untouched._id)).toBe(true);
    expect(unshipped.has(partly._id)).toBe(false);
    // An empty value is no filter, as the other filters take it; an unknown one is refused.
    expect((await listed("/api/orders?fulfilment=&size=100")).has(partly._id)).toBe(true);
    const refused = await inject(t.app, {
      method: "GET",
      url: "/api/orders?fulfilment=half",
      cookie: shop.admin.cookie,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("finds every order under the fulfilment it reads, each filter's count its rows, whatever the status", async () => {
    const untouched = await paidTwoUnits();
    const partly = await paidTwoUnits();
    const [line] = partly.products;
    if (!line) throw new Error("the order has a line");
    const half = {
      carrier: "Blue Dart",
      trackingNumber: "BD-EACH-1",
      lines: [{ line: line._id, quantity: 1 }],
    };
    expect((await ship(partly._id, half)).statusCode).toBe(201);
    const shipped = await paidTwoUnits();
    expect((await ship(shipped._id, { carrier: "Blue Dart", trackingNumber: "BD-EACH-2" })).statusCode).toBe(
      201,
    );
    const delivered = await paidTwoUnits();
    expect(
      (await ship(delivered._id, { carrier: "Blue Dart", trackingNumber: "BD-EACH-3" })).statusCode,
    ).toBe(201);
    for (const parcel of (await read(delivered._id)).shipments)
      expect((await deliver(delivered._id, parcel._id)).statusCode).toBe(200);
    // Goods that left and were then refunded: their status no longer says how far they went, their parcels do.
    const refundedShipped = await paidTwoUnits();
    expect(
      (await ship(refundedShipped._id, { carrier: "Blue Dart", trackingNumber: "BD-EACH-4" })).statusCode,
    ).toBe(201);
    const refundedDelivered = await paidTwoUnits();
    expect(
      (await ship(refundedDelivered._id, { carrier: "Blue Dart", trackingNumber: "BD-EACH-5" })).statusCode,
    ).toBe(201);
    for (const parcel of (await read(refundedDelivered._id)).shipments)
      expect((await deliver(refundedDelivered._id, parcel._id)).statusCode).toBe(200);
    await t.database.db
      .update(orders)
      .set({ status: "refunded" })
      .where(inArray(orders.id, [refundedShipped._id, refundedDelivered._id]));

    const all = await listed("/api/orders?size=100");
    expect(all.size).toBeLessThan(100);
    expect([...all.keys()].filter((id) => [untouched._id, partly._id].includes(id))).toHaveLength(2);
    const wanted = {
      unfulfilled: [untouched._id],
      partially_shipped: [partly._id],
      shipped: [shipped._id, refundedShipped._id],
      delivered: [delivered._id, refundedDelivered._id],
    };
    for (const state of FULFILMENT_STATES) {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/orders?fulfilment=${state}&size=100`,
        cookie: shop.admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data, meta } = response.json() as { data: { _id: string }[]; meta: { total: number } };
      const ids = data.map((order) => order._id);
      // Exactly the orders the list reads so, and as many as it counts.
      expect(ids, state).toEqual(
        [...all].filter(([, order]) => order.fulfilment === state).map(([id]) => id),
      );
      expect(meta.total, state).toBe(ids.length);
      for (const id of wanted[state]) expect(ids, state).toContain(id);
    }
    expect((await read(refundedDelivered._id)).fulfilment).toBe("delivered");
    expect((await read(refundedShipped._id)).fulfilment).toBe("shipped");
  });

  it("follows the parcels whatever writes them: a delivery taken back, then the parcel removed", async () => {
    const order = await paidTwoUnits();
    expect((await ship(order._id, { carrier: "Blue Dart", trackingNumber: "BD-UNDO-1" })).statusCode).toBe(
      201,
    );
    const [parcel] = (await read(order._id)).shipments;
    if (!parcel) throw new Error("the order has a parcel");
    expect((await deliver(order._id, parcel._id)).statusCode).toBe(200);
    // Refunded: the status no longer says how far the goods went, so the parcels' state is what is read.
    await t.database.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order._id));
    const filtered = async (state: string) =>
      (await listed(`/api/orders?fulfilment=${state}&size=100`)).has(order._id);
    expect((await read(order._id)).fulfilment).toBe("delivered");
    expect(await filtered("delivered")).toBe(true);

    await t.database.db
      .update(orderShipments)
      .set({ deliveredAt: null })
      .where(eq(orderShipments.id, parcel._id));
    expect((await read(order._id)).fulfilment).toBe("shipped");
    expect([await filtered("shipped"), await filtered("delivered")]).toEqual([true, false]);

    await t.database.db.delete(orderShipments).where(eq(orderShipments.id, parcel._id));
    expect((await read(order._id)).fulfilment).toBe("unfulfilled");
    expect([await filtered("unfulfilled"), await filtered("shipped")]).toEqual([true, false]);
  });
});

describe("the invoice goes with the goods (decision 025)", () => {
  /** Cash on delivery on, with room for the shopper's unpaid orders. */
  beforeAll(async () => {
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: {
        holdMinutes: 30,
        maxUnpaidOrders: 10,
        maxQuantityPerLine: 10,
        minimumOrder: 0,
        cod: { enabled: true, maxOrderValue: 100000, fee: 25 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  /** Two units of the plain product (the sized variant's stock is the other tests'), paid in cash on delivery: Ready to Ship with no invoice. */
  async function codOrder(): Promise<OrderDto> {
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shop.shopper.cookie,
      payload: {
        products: [{ product: shop.productId, quantity: 2 }],
        shippingAddress: shop.addressId,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as OrderDto;
    const cod = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "cod" },
    });
    expect(cod.statusCode, cod.body).toBe(201);
    // It ships once its shopper confirmed it.
    const confirmed = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/confirm-cod`,
      cookie: shop.shopper.cookie,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order;
  }

  const invoicePdf = (orderId: string) =>
    inject(t.app, { method: "GET", url: `/api/orders/${orderId}/invoice.pdf`, cookie: shop.admin.cookie });

  async function pdfText(body: Buffer): Promise<string> {
    const { text } = await extractText(new Uint8Array(body), { mergePages: true });
    return text.replace(/\s+/g, " ");
  }

  async function invoiceRow(orderId: string) {
    const [row] = await t.database.db
      .select({ invoiceNumber: orders.invoiceNumber, invoicedAt: orders.invoicedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row;
  }

  async function countersNow() {
    const rows = await t.database.db
      .select()
      .from(documentCounters)
      .where(eq(documentCounters.kind, "invoice"));
    return rows.reduce((sum, row) => sum + row.last, 0);
  }

  it("numbers a cash on delivery order's invoice with its first parcel, dated then, and never again", async () => {
    const order = await codOrder();
    const plain = order.products[0]?._id ?? "";
    const before = await invoicePdf(order._id);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(api.invoiceNotIssued);
    expect((await read(order._id)).invoiceNumber).toBeNull();

    const first = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "COD-1",
      lines: [{ line: plain, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await read(order._id);
    expect(afterFirst.status).toBe("processing");
    expect(afterFirst.invoiceNumber).toMatch(/^INV\d{4}\/\d{6}$/);
    // Dated as the goods left: the parcel's time.
    const [parcel] = await t.database.db
      .select({ shippedAt: orderShipments.shippedAt })
      .from(orderShipments)
      .where(eq(orderShipments.id, (first.json().data as ShipmentDto)._id));
    const issued = await invoiceRow(order._id);
    expect(issued?.invoicedAt?.toISOString()).toBe(parcel?.shippedAt.toISOString());
    // The owner sees the number too, where their Invoice button shows.
    expect((await read(order._id, "owner")).invoiceNumber).toBe(afterFirst.invoiceNumber);

    const pdf = await invoicePdf(order._id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(afterFirst.invoiceNumber ?? "none");
    expect(text).toContain(`#${order.number}`);

    const counted = await countersNow();
    const second = await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "COD-2",
    });
    expect(second.statusCode, second.body).toBe(201);
    const afterSecond = await read(order._id);
    expect(afterSecond.status).toBe("shipped");
    expect(afterSecond.invoiceNumber).toBe(afterFirst.invoiceNumber);
    expect(await invoiceRow(order._id)).toEqual(issued);
    expect(await countersNow()).toBe(counted);
  });

  it("numbers it when the status dialog ships every unit left", async () => {
    const order = await codOrder();
    const shipped = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: shop.admin.cookie,
      payload: { status: "shipped" },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const now = shipped.json().data as OrderDto;
    expect(now.status).toBe("shipped");
    expect(now.invoiceNumber).toMatch(/^INV\d{4}\//);
    expect((await invoiceRow(order._id))?.invoicedAt?.toISOString()).toBe(now.shipments[0]?.shippedAt);
    expect((await invoicePdf(order._id)).statusCode).toBe(200);
  });

  it("leaves a prepaid order's number, given at payment, as it was through its parcels", async () => {
    const order = await paidOrder();
    const paid = await invoiceRow(order._id);
    expect(paid?.invoiceNumber).toMatch(/^INV\d{4}\//);
    const counted = await countersNow();
    const [plain] = lineIds(order);
    await ship(order._id, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: "PRE-1",
      lines: [{ line: plain, quantity: 1 }],
    });
    await ship(order._id, { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "PRE-2" });
    expect(await invoiceRow(order._id)).toEqual(paid);
    expect(await countersNow()).toBe(counted);
  });

  it("gives a cash on delivery order being prepared its packing slip before its invoice, named by the order", async () => {
    const order = await codOrder();
    const slip = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/packing-slip.pdf`,
      cookie: shop.manager.cookie,
    });
    expect(slip.statusCode, slip.body).toBe(200);
    expect(slip.headers["content-disposition"]).toContain(`packing-slip-order-${order.number}.pdf`);
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain(`#${order.number}`);
    expect(text).not.toContain("Invoice number");
    expect((await invoicePdf(order._id)).statusCode).toBe(409);
  });
});

describe("the carriers of the fulfilment settings", () => {
  const put = (payload: object, caller: Caller = shop.admin) =>
    inject(t.app, { method: "PUT", url: "/api/settings/fulfilment", cookie: caller.cookie, payload });

  it("refuses a link that is not https or lacks {number}, a carrier named Other and a window past 90 days", async () => {
    const carrier = { _id: newId(), name: "Shadowfax", trackingUrl: "https://track.example/{number}" };
    const bad = await put({
      carriers: [
        { ...carrier, trackingUrl: "http://track.example/{number}" },
        { ...carrier, _id: newId(), name: "Other", trackingUrl: "https://track.example/parcel" },
      ],
      returnWindowDays: 91,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      "carriers.0.trackingUrl": validation.trackingUrl,
      "carriers.1.trackingUrl": validation.trackingUrl,
      returnWindowDays: validation.max(90),
    });
    expect((await put({ carriers: [carrier], returnWindowDays: 7 }, shop.manager)).statusCode).toBe(403);
  });

  it("links a shipment with the template of a carrier the owner added", async () => {
    const carriers = [
      ...DEFAULT_FULFILMENT_SETTINGS.carriers,
      { _id: newId(), name: "Shadowfax", trackingUrl: "https://track.example/parcel?id={number}&src=shop" },
    ];
    const saved = await put({ carriers, returnWindowDays: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await inject(t.app, {
      method: "GET",
      url: "/api/settings",
      cookie: shop.manager.cookie,
    });
    expect(settings.json().data.fulfilment.returnWindowDays).toBe(10);
    const order = await paidOrder();
    const parcel = await ship(order._id, { carrier: "Shadowfax", trackingNumber: "SF77" });
    expect(parcel.json().data.trackingUrl).toBe("https://track.example/parcel?id=SF77&src=shop");
    await put(DEFAULT_FULFILMENT_SETTINGS);
  });
});

itKeepsParcelStates(() => t);
