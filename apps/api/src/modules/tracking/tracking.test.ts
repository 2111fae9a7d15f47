/**
 * Shiprocket's tracking updates moving a parcel and its order (the courier's scans posted to
 * /tracking/updates with the webhook's key), staff's NDR list and answer, and the parcel's timeline.
 */
import { api, orderHistory, outForDeliveryMail, trackingApi, trackingHistory } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { NdrListDto, ScansDto } from "@shop/shared/schemas/tracking";
import { and, asc, count, eq, isNull, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { orderShipments, shipmentScans } from "#api/db/schema/shipments";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, makeShop, quickUser, type Shop } from "#test/fixtures";
import { ShiprocketFake } from "#test/shiprocket-fake";
import { postUpdate, shiprocketParcel } from "#test/shiprocket-parcel";
import { parseScanTime, parseUpdateTime, rtoReasonOf, trackingStatusOf } from "./codes";

let t: TestApp;
let fake: ShiprocketFake;
let shop: Shop;

beforeAll(async () => {
  fake = await ShiprocketFake.start();
  t = await createTestApp(fake.env);
  shop = await makeShop(t);
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: shop.admin.cookie,
    payload: {
      holdMinutes: 30,
      maxUnpaidOrders: 50,
      maxQuantityPerLine: 10,
      minimumOrder: 0,
      cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: false },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The courier's clock: each scan a minute after the one before, in whole seconds as Shiprocket writes them. */
let clock = Math.floor(Date.now() / 1000) * 1000 - 24 * 3_600_000;
function tick(): Date {
  clock += 60_000;
  return new Date(clock);
}

async function place(quantity = 1): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: { products: [{ product: shop.productId, quantity }], shippingAddress: shop.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as OrderDto;
}

async function paidOrder(): Promise<OrderDto> {
  const order = await place();
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return order;
}

/** An order paid in cash on delivery, confirmed by staff by phone so that it ships. */
async function codOrder(quantity = 1): Promise<OrderDto> {
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
  return read(order._id);
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

async function parcelRow(shipmentId: string) {
  const [row] = await t.database.db.select().from(orderShipments).where(eq(orderShipments.id, shipmentId));
  if (!row) throw new Error("no parcel");
  return row;
}

/** The courier scans the parcel and Shiprocket tells the shop; the shop's answer. */
async function scan(
  awb: string,
  statusId: Parameters<ShiprocketFake["scan"]>[1],
  activity?: string,
  at = tick(),
) {
  const response = await postUpdate(t, fake.scanUpdate(awb, statusId, at, { activity }), fake.webhookToken);
  expect(response.statusCode, response.body).toBe(200);
  return at;
}

const notesOf = (order: OrderDto) => order.history.map((row) => row.note);

async function emailsWith(subject: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(emails)
    .where(and(eq(emails.recipient, shop.shopper.user.email), eq(emails.subject, subject)));
  return row?.n ?? 0;
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ stock: sum(productVariants.stock) })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return Number(row?.stock ?? 0);
}

async function ndrList(): Promise<NdrListDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: "/api/shipments/ndr",
    cookie: shop.manager.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as NdrListDto;
}

const answer = (shipmentId: string, action: string) =>
  inject(t.app, {
    method: "POST",
    url: `/api/shipments/${shipmentId}/ndr`,
    cookie: shop.admin.cookie,
    payload: { action },
  });

describe("reading Shiprocket's codes and times", () => {
  it("reads both ways of writing a time as India time", () => {
    expect(parseUpdateTime("23 05 2023 11:43:52")?.toISOString()).toBe("2023-05-23T06:13:52.000Z");
    expect(parseScanTime("2023-05-19 15:32:17")?.toISOString()).toBe("2023-05-19T10:02:17.000Z");
    expect(parseUpdateTime("2023-05-23 11:43:52")).toBeUndefined();
    expect(parseScanTime("2023-02-30 10:00:00")).toBeUndefined();
  });

  it("keys on the shipment status codes, and reads why a parcel came back from the courier's words", () => {
    expect([42, 6, 18, 38, 22, 17, 7, 21, 9, 14, 40, 41, 46, 10].map(trackingStatusOf)).toEqual([
      "picked_up",
      "picked_up",
      "in_transit",
      "in_transit",
      "in_transit",
      "out_for_delivery",
      "delivered",
      "undelivered",
      "rto_initiated",
      "rto_initiated",
      "rto_initiated",
      "rto_initiated",
      "rto_initiated",
      "rto_delivered",
    ]);
    expect([1, 3, 5, 8, 13, 15, 19, 20, 12, 25].map(trackingStatusOf)).toEqual(Array(10).fill(undefined));
    expect(rtoReasonOf("Customer refused to accept the shipment")).toBe("refused");
    expect(rtoReasonOf("Consignee not reachable")).toBe("unreachable");
    expect(rtoReasonOf("Customer not available")).toBe("unreachable");
    expect(rtoReasonOf("Incomplete address")).toBe("wrong_address");
    expect(rtoReasonOf(null)).toBe("other");
  });
});

describe("a paid parcel on its way", () => {
  it("moves through picked up, in transit and out for delivery (the shopper emailed), then delivers the order", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    expect((await read(order._id)).status).toBe("shipped");

    const picked = await scan(parcel.awb, 42);
    let row = await parcelRow(parcel.shipmentId);
    expect(row).toMatchObject({ trackingStatus: "picked_up", trackedAt: picked, pickedUpAt: picked });

    await scan(parcel.awb, 18);
    await scan(parcel.awb, 38);
    row = await parcelRow(parcel.shipmentId);
    expect(row.trackingStatus).toBe("in_transit");
    expect(row.pickedUpAt).toEqual(picked);
    let now = await read(order._id);
    expect(now.status).toBe("shipped");
    const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 1);
    // One row per change: the second in-transit scan changes nothing.
    expect(notesOf(now).filter((note) => note === trackingHistory.in_transit(units))).toHaveLength(1);
    expect(notesOf(now)).toContain(trackingHistory.picked_up(units));

    await scan(parcel.awb, 17);
    expect((await parcelRow(parcel.shipmentId)).trackingStatus).toBe("out_for_delivery");
    expect(await emailsWith(outForDeliveryMail.subject(order.number))).toBe(1);

    await scan(parcel.awb, 7);
    row = await parcelRow(parcel.shipmentId);
    expect(row.trackingStatus).toBe("delivered");
    expect(row.deliveredAt).not.toBeNull();
    // A paid parcel carries no cash.
    expect(row.codCollectedAt).toBeNull();
    now = await read(order._id);
    expect(now.status).toBe("delivered");
    const delivery = now.history.filter((event) => event.type === "delivery");
    expect(delivery).toHaveLength(1);
    expect(delivery[0]?.by).toBeNull();
    expect(now.history.at(-1)?.type).toBe("delivery");
  });

  it("keeps a parcel's later scans without moving it once delivered", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    await scan(parcel.awb, 7);
    const before = (await read(order._id)).history.length;
    await scan(parcel.awb, 18);
    expect((await parcelRow(parcel.shipmentId)).trackingStatus).toBe("delivered");
    expect((await read(order._id)).history).toHaveLength(before);
  });
});

describe("a cash on delivery parcel delivered", () => {
  it("records the courier's cash and completes the order's payment as staff collecting it would", async () => {
    const order = await codOrder();
    expect(order.payment?.status).toBe("pending");
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id, { codAmount: order.totalAmount });
    await scan(parcel.awb, 42);
    await scan(parcel.awb, 17);
    const delivered = await scan(parcel.awb, 7);
    const row = await parcelRow(parcel.shipmentId);
    expect(row.codCollectedAt).toEqual(delivered);
    expect(row.codRemittedAt).toBeNull();
    const now = await read(order._id);
    expect(now.status).toBe("delivered");
    expect(now.payment?.status).toBe("completed");
    const paid = now.history.filter((event) => event.type === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount: order.totalAmount, by: null });
  });
});

describe("a cash on delivery parcel staff marked delivered first", () => {
  it("keeps the one delivery and completes the payment once the courier says it has the cash", async () => {
    const order = await codOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id, { codAmount: order.totalAmount });
    const marked = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/shipments/${parcel.shipmentId}`,
      cookie: shop.admin.cookie,
      payload: { delivered: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await read(order._id)).payment?.status).toBe("pending");
    await scan(parcel.awb, 7);
    const now = await read(order._id);
    expect(now.status).toBe("delivered");
    expect(now.history.filter((event) => event.type === "delivery")).toHaveLength(1);
    expect(now.payment?.status).toBe("completed");
    expect((await parcelRow(parcel.shipmentId)).codCollectedAt).not.toBeNull();
  });
});

describe("a parcel the courier could not deliver (NDR)", () => {
  it("lists it for staff, asks the courier to re-attempt, and lists it again at the next report", async () => {
    const order = await codOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id, { codAmount: order.totalAmount });
    await scan(parcel.awb, 17);
    const reported = await scan(parcel.awb, 21, "Customer not available");
    const row = await parcelRow(parcel.shipmentId);
    expect(row).toMatchObject({
      trackingStatus: "undelivered",
      ndrReason: "Customer not available",
      ndrAt: reported,
      ndrAttempts: 1,
      ndrAction: null,
    });
    const listed = (await ndrList()).items.find((item) => item.shipmentId === parcel.shipmentId);
    expect(listed).toEqual({
      shipmentId: parcel.shipmentId,
      orderId: order._id,
      orderNumber: order.number,
      customerName: expect.any(String),
      awb: parcel.awb,
      courier: parcel.courier,
      reason: "Customer not available",
      ndrAt: reported.toISOString(),
      attempts: 1,
    });
    expect(listed?.customerName.length).toBeGreaterThan(0);

    const asked = await answer(parcel.shipmentId, "reattempt");
    expect(asked.statusCode, asked.body).toBe(200);
    expect(fake.shipmentByAwb(parcel.awb).ndrActions).toEqual([
      { action: "re-attempt", comments: trackingApi.ndrComments.reattempt },
    ]);
    expect(await parcelRow(parcel.shipmentId)).toMatchObject({ ndrAction: "reattempt" });
    expect((await ndrList()).items.map((item) => item.shipmentId)).not.toContain(parcel.shipmentId);
    const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 1);
    const history = (await read(order._id)).history;
    expect(
      history.find((row) => row.note === trackingHistory.ndrAction(units, "reattempt"))?.by,
    ).toMatchObject({
      name: expect.any(String),
    });

    // Asked already: 409, and the courier is not asked twice.
    const again = await answer(parcel.shipmentId, "return");
    expect(again.statusCode).toBe(409);
    expect(fake.shipmentByAwb(parcel.awb).ndrActions).toHaveLength(1);

    await scan(parcel.awb, 17);
    await scan(parcel.awb, 21, "Customer refused to accept");
    expect(await parcelRow(parcel.shipmentId)).toMatchObject({ ndrAttempts: 2, ndrAction: null });
    expect((await ndrList()).items.map((item) => item.shipmentId)).toContain(parcel.shipmentId);
  });

  it("refuses an answer for a parcel not reported undelivered (409) and for one that is not there (404)", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    await scan(parcel.awb, 18);
    const before = (await read(order._id)).history.length;
    const refused = await answer(parcel.shipmentId, "reattempt");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(trackingApi.ndrNotUndelivered);
    expect(fake.shipmentByAwb(parcel.awb).ndrActions).toEqual([]);
    expect((await read(order._id)).history).toHaveLength(before);
    const missing = await answer("0123456789abcdef01234567", "reattempt");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(api.shipmentNotFound);
    const customer = await inject(t.app, {
      method: "POST",
      url: `/api/shipments/${parcel.shipmentId}/ndr`,
      cookie: shop.shopper.cookie,
      payload: { action: "reattempt" },
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe("a parcel returned to origin", () => {
  it("a cash on delivery parcel: RTO started, then back at the shop: credit note, stock back, order cancelled", async () => {
    const before = await stockOf(shop.productId);
    const order = await codOrder(2);
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id, { codAmount: order.totalAmount });
    expect(await stockOf(shop.productId)).toBe(before - 2);
    await scan(parcel.awb, 21, "Customer refused to accept the shipment");
    await scan(parcel.awb, 9);
    expect((await parcelRow(parcel.shipmentId)).trackingStatus).toBe("rto_initiated");
    await scan(parcel.awb, 46);
    await scan(parcel.awb, 10);
    const row = await parcelRow(parcel.shipmentId);
    expect(row).toMatchObject({ trackingStatus: "rto_delivered", returnedToOriginReason: "refused" });
    expect(row.returnedToOriginAt).not.toBeNull();
    const now = await read(order._id);
    expect(now.status).toBe("cancelled");
    expect(now.payment?.refunds).toHaveLength(1);
    expect(now.payment?.refunds[0]).toMatchObject({ moneyBack: false, amount: now.totalAmount });
    expect(now.payment?.refunds[0]?.creditNoteNumber).toMatch(/^CN\d{4}\//);
    expect(await stockOf(shop.productId)).toBe(before);
    const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 2);
    expect(notesOf(now)).toEqual(
      expect.arrayContaining([
        trackingHistory.rto_initiated(units),
        orderHistory.returnedToOriginNote(units),
        orderHistory.cancelledReturnedToOrigin,
      ]),
    );
    // RTO in transit after RTO initiated is no new step.
    expect(notesOf(now).filter((note) => note === trackingHistory.rto_initiated(units))).toHaveLength(1);
  });

  it("a paid parcel back at the shop is only marked: its goods come back as a return", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    await scan(parcel.awb, 9);
    await scan(parcel.awb, 10);
    const row = await parcelRow(parcel.shipmentId);
    expect(row).toMatchObject({ trackingStatus: "rto_delivered", returnedToOriginAt: null });
    const now = await read(order._id);
    expect(now.status).toBe("shipped");
    expect(notesOf(now)).toContain(
      trackingHistory.rto_delivered(orderHistory.shipmentNote(parcel.courier, parcel.awb, 1)),
    );
  });
});

describe("updates seen again, out of order, or not for the shop", () => {
  it("makes one change of an update sent twice, and ignores an older one but keeps its scan", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    const earlier = tick();
    fake.scan(parcel.awb, 18, earlier);
    const later = tick();
    const body = fake.scanUpdate(parcel.awb, 17, later);
    for (let i = 0; i < 2; i++) expect((await postUpdate(t, body, fake.webhookToken)).statusCode).toBe(200);
    expect(await emailsWith(outForDeliveryMail.subject(order.number))).toBe(1);
    const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 1);
    expect(
      notesOf(await read(order._id)).filter((n) => n === trackingHistory.out_for_delivery(units)),
    ).toHaveLength(1);

    // Shiprocket's update of the earlier scan arrives last: its scan is kept, the parcel stays out for delivery.
    const late = { ...fake.trackingUpdate(parcel.awb, earlier), shipment_status_id: 18, scans: [] };
    const older = await postUpdate(
      t,
      { ...late, scans: [{ ...fake.shipmentByAwb(parcel.awb).scans[0], activity: "Bag received" }] },
      fake.webhookToken,
    );
    expect(older.statusCode).toBe(200);
    expect(await parcelRow(parcel.shipmentId)).toMatchObject({
      trackingStatus: "out_for_delivery",
      trackedAt: later,
    });
    const kept = await t.database.db
      .select({ n: count() })
      .from(shipmentScans)
      .where(eq(shipmentScans.shipmentId, parcel.shipmentId));
    expect(kept[0]?.n).toBe(2);
  });

  it("refuses a wrong or missing key, or a session in place of one, with 401 and writes nothing", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    fake.scan(parcel.awb, 42, tick());
    const body = fake.trackingUpdate(parcel.awb, tick());
    const scansBefore = await t.database.db.select({ n: count() }).from(shipmentScans);
    for (const key of ["wrong-token", "", null]) {
      const response = await postUpdate(t, body, key);
      expect(response.statusCode, String(key)).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: api.webhookRejected });
    }
    const withSession = await inject(t.app, {
      method: "POST",
      url: "/api/tracking/updates",
      cookie: shop.admin.cookie,
      payload: body,
    });
    expect(withSession.statusCode).toBe(401);
    // A body that is not even JSON gets 401 as well without the key: the key is checked first.
    const garbage = await inject(t.app, {
      method: "POST",
      url: "/api/tracking/updates",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(garbage.statusCode).toBe(401);
    expect(await t.database.db.select({ n: count() }).from(shipmentScans)).toEqual(scansBefore);
    expect((await parcelRow(parcel.shipmentId)).trackingStatus).toBeNull();
  });

  it("answers 400 to a body it cannot read, with the key", async () => {
    const garbage = await inject(t.app, {
      method: "POST",
      url: "/api/tracking/updates",
      headers: { "content-type": "application/json", "x-api-key": fake.webhookToken },
      payload: "{not json",
    });
    expect(garbage.statusCode).toBe(400);
    const noStatus = await postUpdate(
      t,
      { awb: "1", current_timestamp: "23 05 2023 11:43:52" },
      fake.webhookToken,
    );
    expect(noStatus.statusCode).toBe(400);
    const badTime = await postUpdate(
      t,
      { awb: "1", shipment_status_id: 18, current_timestamp: "2023-05-23 11:43:52" },
      fake.webhookToken,
    );
    expect(badTime.statusCode).toBe(400);
  });

  it("keeps the scans of an AWB the shop does not know, with no parcel, and answers 200", async () => {
    const body = {
      awb: "99999000011111",
      courier_name: "Delhivery Surface",
      current_status: "IN TRANSIT",
      current_status_id: 20,
      shipment_status: "IN TRANSIT",
      shipment_status_id: 18,
      current_timestamp: "23 05 2023 11:43:52",
      order_id: "1373900_150876814",
      sr_order_id: 348456385,
      scans: [
        {
          date: "2023-05-19 15:32:17",
          status: "X-PPOM",
          activity: "In Transit - Shipment picked up",
          location: "Chomu_SamodRd_D (Rajasthan)",
          "sr-status": "42",
          "sr-status-label": "PICKED UP",
        },
        {
          date: "2023-05-20 09:00:00",
          status: "X-NA",
          activity: "Bagged",
          location: "Jaipur",
          "sr-status": "NA",
        },
      ],
    };
    const response = await postUpdate(t, body, fake.webhookToken);
    expect(response.statusCode, response.body).toBe(200);
    const kept = await t.database.db
      .select()
      .from(shipmentScans)
      .where(and(eq(shipmentScans.awb, body.awb), isNull(shipmentScans.shipmentId)))
      .orderBy(asc(shipmentScans.at));
    expect(kept.map((scan) => [scan.statusId, scan.status, scan.at.toISOString()])).toEqual([
      [42, "PICKED UP", "2023-05-19T10:02:17.000Z"],
      [0, "X-NA", "2023-05-20T03:30:00.000Z"],
    ]);
  });
});

describe("a parcel's timeline", () => {
  it("shows the parcel's scans oldest first to its shopper and staff, and 404 to anyone else", async () => {
    const order = await paidOrder();
    const parcel = await shiprocketParcel(t, shop.admin.cookie, order._id);
    const first = tick();
    fake.scan(parcel.awb, 42, first, "Andheri (Maharashtra)");
    const second = await scan(parcel.awb, 18);
    const url = `/api/orders/${order._id}/shipments/${parcel.shipmentId}/scans`;
    const own = await inject(t.app, { method: "GET", url, cookie: shop.shopper.cookie });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().data as ScansDto).items).toEqual([
      {
        at: first.toISOString(),
        statusId: 42,
        status: "PICKED UP",
        activity: "PICKED UP",
        location: "Andheri (Maharashtra)",
      },
      {
        at: second.toISOString(),
        statusId: 18,
        status: "IN TRANSIT",
        activity: "IN TRANSIT",
        location: "Mumbai_Andheri_H (Maharashtra)",
      },
    ]);
    const staff = await inject(t.app, { method: "GET", url, cookie: shop.manager.cookie });
    expect(staff.json().data).toEqual(own.json().data);
    const other = await quickUser(t);
    const stranger = await inject(t.app, { method: "GET", url, cookie: other.cookie });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(parcel.awb);
    const elsewhere = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${shop.paidOrderId}/shipments/${parcel.shipmentId}/scans`,
      cookie: shop.admin.cookie,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
