import { documents, shipping, validation } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type {
  ShiprocketBatchDto,
  ShiprocketQuoteDto,
  ShiprocketShipmentDto,
} from "@shop/shared/schemas/shiprocket";
import { and, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { orderShipments, shiprocketBookings } from "#api/db/schema/shipments";
import { addAddress } from "#api/modules/addresses/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { FAKE_COURIERS, ShiprocketFake } from "#test/shiprocket-fake";

let t: TestApp;
let shop: Shop;
let fake: ShiprocketFake;
/** A product worth more than ₹50,000 a unit: its parcels need an e-way bill. */
let sofa: string;

beforeAll(async () => {
  fake = await ShiprocketFake.start();
  t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "100" });
  shop = await makeShop(t);
  const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
  const current = settings.json().data.shipping;
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/shipping",
    cookie: shop.admin.cookie,
    payload: { ...current, shiprocket: { ...current.shiprocket, pickupLocation: "Primary" } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const checkout = (
    await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie })
  ).json().data.checkout;
  const cod = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: shop.admin.cookie,
    payload: { ...checkout, cod: { ...checkout.cod, enabled: true, maxOrderValue: 100000 } },
  });
  expect(cod.statusCode, cod.body).toBe(200);
  sofa = (
    await makeProduct(
      t.database,
      { category: shop.categoryId, thumbnail: shop.mediaId },
      {
        name: "Teak Sofa",
        price: 64000,
        stock: 10,
        weightKg: 38,
        dimensionsCm: { length: 200, breadth: 90, height: 80 },
      },
    )
  )._id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Buyer {
  cookie: string;
  addressId: string;
}
const shopBuyer = (): Buyer => ({ cookie: shop.shopper.cookie, addressId: shop.addressId });

/** A paid order (the test card) of `quantity` units of a product. */
async function paidOrder(quantity = 2, product = shop.productId, buyer = shopBuyer()): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: { products: [{ product, quantity }], shippingAddress: buyer.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as OrderDto;
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: buyer.cookie,
    payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return order;
}

/** A cash on delivery order, confirmed by staff so that it ships. */
async function codOrder(quantity = 1): Promise<OrderDto> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: { products: [{ product: shop.productId, quantity }], shippingAddress: shop.addressId },
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
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/confirm-cod`,
    cookie: shop.admin.cookie,
    payload: {},
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return order;
}

function post(url: string, payload: object, caller: Caller = shop.admin) {
  return inject(t.app, { method: "POST", url, cookie: caller.cookie, payload });
}

const quote = (order: OrderDto, payload: object = {}) =>
  post(`/api/orders/${order._id}/shiprocket/quote`, payload);
const ship = (order: OrderDto, payload: object) =>
  post(`/api/orders/${order._id}/shiprocket/shipments`, payload);

async function read(orderId: string): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

const XPRESSBEES = 24;
const BLUE_DART = 51;
const DELHIVERY = 10;

describe("quoting a parcel", () => {
  it("lists the couriers cheapest first, preselects by the owner's rule, and only those that collect cash for COD", async () => {
    const order = await paidOrder(3);
    const answer = await quote(order);
    expect(answer.statusCode, answer.body).toBe(200);
    const quoted = answer.json().data as ShiprocketQuoteDto;
    expect(quoted.couriers.map((c) => c.courierId)).toEqual([XPRESSBEES, DELHIVERY, BLUE_DART]);
    expect(quoted.preselected).toBe(XPRESSBEES);
    // Three units of the shop's default 0.5 kg, in the default box.
    expect(quoted.weightKg).toBe(1.5);
    expect(quoted.dimensionsCm).toEqual({ length: 20, breadth: 15, height: 10 });
    expect(quoted.ewaybillRequired).toBe(false);
    const blueDart = quoted.couriers.find((c) => c.courierId === BLUE_DART);
    expect(blueDart).toMatchObject({ name: "Blue Dart Air", cod: false, rating: 4.6, recommended: false });
    expect(blueDart?.etd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // What Shiprocket was asked: from the pickup location's PIN code to the shopper's, 1.5 kg, prepaid.
    const asked = new URL(`http://x${fake.callsOf("serviceability").at(-1)?.path}`).searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      pickup_postcode: "400001",
      delivery_postcode: ADDRESS.pinCode,
      weight: "1.5",
      cod: "0",
    });

    // Staff's own weight and box, and the fastest courier by the rule.
    const heavier = (
      await quote(order, { weightKg: 4, dimensionsCm: { length: 40, breadth: 30, height: 20 } })
    ).json().data as ShiprocketQuoteDto;
    expect(heavier.weightKg).toBe(4);
    expect(heavier.dimensionsCm).toEqual({ length: 40, breadth: 30, height: 20 });
    expect(heavier.couriers[0]?.price).toBeGreaterThan(quoted.couriers[0]?.price ?? 0);

    const cod = (await quote(await codOrder())).json().data as ShiprocketQuoteDto;
    expect(cod.couriers.map((c) => c.courierId)).toEqual([XPRESSBEES, DELHIVERY]);
    expect(cod.couriers.every((c) => c.cod)).toBe(true);
  });

  it("refuses what may not ship, and a parcel Shiprocket would not price", async () => {
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shop.shopper.cookie,
      payload: { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
    });
    const unpaid = placed.json().data as OrderDto;
    expect((await quote(unpaid)).statusCode).toBe(409);
    const order = await paidOrder(1);
    const bad = await quote(order, { weightKg: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["weightKg"]);
    expect((await post(`/api/orders/${order._id}/shiprocket/quote`, {}, shop.shopper)).statusCode).toBe(403);
  });
});

describe("shipping an order with Shiprocket", () => {
  it("creates the Shiprocket order, assigns the AWB, fetches the label, schedules the pickup and records the parcel", async () => {
    const order = await paidOrder(2);
    const shipped = await ship(order, { courierId: XPRESSBEES });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const parcel = shipped.json().data as ShiprocketShipmentDto;
    expect(parcel).toMatchObject({
      courier: "Xpressbees Surface",
      carrier: "Xpressbees Surface",
      provider: "shiprocket",
      trackingNumber: parcel.awb,
      trackingUrl: `https://shiprocket.co/tracking/${parcel.awb}`,
      trackingStatus: null,
      ewaybillNo: null,
    });
    expect(parcel.awb).toMatch(/^\d+$/);
    expect(shipped.json().message).toBe(shipping.booked(parcel.awb, "Xpressbees Surface"));
    expect(parcel.pickupScheduledFor).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The label is a PDF at Shiprocket.
    const label = await fetch(parcel.labelUrl);
    expect(label.headers.get("content-type")).toBe("application/pdf");

    // Shiprocket's order: ours by number and parcel, the shopper's address, the items, prepaid.
    const [created] = fake.ordersFor(`${order.number}-1`);
    expect(created?.body).toMatchObject({
      order_id: `${order.number}-1`,
      pickup_location: "Primary",
      billing_customer_name: ADDRESS.name.firstName,
      billing_pincode: ADDRESS.pinCode,
      billing_phone: ADDRESS.phoneNumber,
      billing_email: shop.shopper.user.email,
      shipping_is_billing: true,
      payment_method: "Prepaid",
      weight: 1,
      length: 20,
      breadth: 15,
      height: 10,
    });
    expect(created?.body.order_items).toMatchObject([{ units: 2, sku: expect.any(String) }]);
    const atFake = fake.shipmentByAwb(parcel.awb);
    expect(atFake).toMatchObject({ courierId: XPRESSBEES, pickupScheduled: expect.any(String) });

    // The order is shipped, the parcel recorded as any other, the shopper told.
    const now = await read(order._id);
    expect(now.status).toBe("shipped");
    expect(now.shipments).toMatchObject([
      {
        _id: parcel._id,
        carrier: "Xpressbees Surface",
        trackingNumber: parcel.awb,
        labelUrl: parcel.labelUrl,
      },
    ]);
    const told = await t.database.db
      .select({ subject: emails.subject })
      .from(emails)
      .where(and(eq(emails.recipient, shop.shopper.user.email), eq(emails.kind, "orderShipped")));
    expect(told.length).toBeGreaterThan(0);
    // A second booking finds nothing left to ship.
    expect((await ship(order, { courierId: XPRESSBEES })).statusCode).toBe(409);
  });

  it("sends a COD parcel with the amount the courier collects", async () => {
    const order = await codOrder(2);
    const shipped = await ship(order, { courierId: DELHIVERY });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const [created] = fake.ordersFor(`${order.number}-1`);
    expect(created?.body).toMatchObject({ payment_method: "COD", sub_total: order.totalAmount });
    const [row] = await t.database.db
      .select({ codAmount: orderShipments.codAmount, cod: orderShipments.cashOnDelivery })
      .from(orderShipments)
      .where(eq(orderShipments.orderId, order._id));
    expect(row).toEqual({ codAmount: order.totalAmount, cod: true });
  });

  it("never makes two Shiprocket orders or two AWBs of a parcel, whatever fails on the way", async () => {
    // The create's answer lost after Shiprocket made the order: it is found by our order_id.
    const lost = await paidOrder(1);
    fake.failNext("create", "500-after");
    const first = await ship(lost, { courierId: DELHIVERY });
    expect(first.statusCode, first.body).toBe(201);
    expect(fake.ordersFor(`${lost.number}-1`)).toHaveLength(1);

    // Shiprocket unreachable at the AWB: the booking stops with the order made; the next request takes it up.
    const stopped = await paidOrder(1);
    fake.failNext("awb", "500", 3);
    const failed = await ship(stopped, { courierId: DELHIVERY });
    expect(failed.statusCode, failed.body).toBe(503);
    expect(failed.json().message).toBe(shipping.shiprocketUnavailable);
    expect((await read(stopped._id)).shipments).toEqual([]);
    const [booking] = await t.database.db
      .select()
      .from(shiprocketBookings)
      .where(eq(shiprocketBookings.orderId, stopped._id));
    expect(booking).toMatchObject({
      state: "booking",
      awb: null,
      claimedUntil: null,
      srShipmentId: expect.any(Number),
    });
    const creates = fake.callsOf("create").length;
    const again = await ship(stopped, { courierId: XPRESSBEES });
    expect(again.statusCode, again.body).toBe(201);
    expect(fake.callsOf("create")).toHaveLength(creates);
    expect(fake.ordersFor(`${stopped.number}-1`)).toHaveLength(1);
    expect((again.json().data as ShiprocketShipmentDto).courier).toBe("Xpressbees Surface");

    // The AWB's answer lost after it was assigned: asked again, Shiprocket refuses; the AWB is read back.
    const reassign = await paidOrder(1);
    fake.failNext("awb", "drop-after", 3);
    expect((await ship(reassign, { courierId: DELHIVERY })).statusCode).toBe(503);
    const taken = await ship(reassign, { courierId: DELHIVERY });
    expect(taken.statusCode, taken.body).toBe(201);
    const [atFake] = fake.ordersFor(`${reassign.number}-1`);
    expect(fake.shipments.get(atFake?.shipmentId ?? 0)?.awb).toBe(
      (taken.json().data as ShiprocketShipmentDto).awb,
    );

    // Two requests at once: one books, the other waits (409), and one parcel is made.
    const twice = await paidOrder(1);
    const [a, b] = await Promise.all([
      ship(twice, { courierId: DELHIVERY }),
      ship(twice, { courierId: DELHIVERY }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(fake.ordersFor(`${twice.number}-1`)).toHaveLength(1);
    expect((await read(twice._id)).shipments).toHaveLength(1);
  });

  it("renews the token once however many calls find it expired", async () => {
    const order = await paidOrder(1);
    await quote(order);
    fake.expireTokens();
    const before = fake.logins;
    const answers = await Promise.all(Array.from({ length: 10 }, () => quote(order)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(fake.logins - before).toBe(1);
  });

  it("asks for an e-way bill above ₹50,000, sends it to Shiprocket and prints it on the invoice", async () => {
    const order = await paidOrder(1, sofa);
    const quoted = (await quote(order)).json().data as ShiprocketQuoteDto;
    expect(quoted).toMatchObject({ ewaybillRequired: true, weightKg: 38 });
    expect(quoted.dimensionsCm).toEqual({ length: 200, breadth: 90, height: 80 });
    const without = await ship(order, { courierId: DELHIVERY });
    expect(without.statusCode, without.body).toBe(400);
    expect(without.json().errors).toEqual({ ewaybillNo: shipping.ewaybillRequired });
    const malformed = await ship(order, { courierId: DELHIVERY, ewaybillNo: "12-34" });
    expect(malformed.json().errors).toEqual({ ewaybillNo: validation.ewaybillNo });
    expect(fake.ordersFor(`${order.number}-1`)).toEqual([]);
    const shipped = await ship(order, { courierId: DELHIVERY, ewaybillNo: "331012345678" });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(fake.ordersFor(`${order.number}-1`)[0]?.body.ewaybill_no).toBe("331012345678");
    const invoice = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/invoice.pdf`,
      cookie: shop.admin.cookie,
    });
    expect(invoice.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(invoice.rawPayload), { mergePages: true });
    expect(text).toContain(documents.ewaybill("331012345678"));
    // A parcel below the line carries none.
    const small = await paidOrder(1);
    await ship(small, { courierId: DELHIVERY });
    expect(fake.ordersFor(`${small.number}-1`)[0]?.body.ewaybill_no).toBeUndefined();
  });
});

describe("cancelling a Shiprocket parcel", () => {
  it("cancels it with the courier before pickup, its units to ship again; after pickup it can only come back as RTO", async () => {
    const order = await paidOrder(2);
    const parcel = (await ship(order, { courierId: XPRESSBEES })).json().data as ShiprocketShipmentDto;
    const cancel = (id: string) => post(`/api/orders/${order._id}/shipments/${id}/cancel`, {});
    const cancelled = await cancel(parcel._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(shipping.cancelled);
    expect(fake.shipmentByAwb(parcel.awb).cancelled).toBe(true);
    const after = await read(order._id);
    expect(after.status).toBe("processing");
    expect(after.shipments).toEqual([]);
    expect(after.history.at(-1)?.note).toBe(shipping.parcelCancelledNote("Xpressbees Surface", parcel.awb));
    expect((await cancel(parcel._id)).statusCode).toBe(404);

    // Booked again: a new Shiprocket order, as a cancelled order_id is refused.
    const again = (await ship(order, { courierId: DELHIVERY })).json().data as ShiprocketShipmentDto;
    expect(fake.ordersFor(`${order.number}-2`)).toHaveLength(1);
    await t.database.db
      .update(orderShipments)
      .set({ pickedUpAt: new Date(), trackingStatus: "picked_up" })
      .where(eq(orderShipments.id, again._id));
    const cancels = fake.callsOf("cancel").length;
    const late = await cancel(again._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(shipping.cancelAfterPickup);
    expect(fake.callsOf("cancel")).toHaveLength(cancels);
    expect((await read(order._id)).status).toBe("shipped");
  });
});

describe("a batch from Ready to Ship", () => {
  it("books twenty orders with the rule's courier, tells the one refused, and gives one label PDF and the manifest", async () => {
    // One shopper's PIN code no courier serves.
    const far = await quickUser(t);
    const address = await addAddress(t.database.db, far.user.id, { ...ADDRESS, pinCode: "400099" });
    fake.unserviceable.add("400099");
    const orders: OrderDto[] = [];
    for (let i = 0; i < 19; i++) orders.push(await paidOrder(1));
    const refused = await paidOrder(1, shop.productId, { cookie: far.cookie, addressId: address._id });
    orders.splice(7, 0, refused);
    const labels = fake.callsOf("label").length;
    const answer = await post("/api/shiprocket/batches", {
      orders: orders.map((o) => o._id),
      rule: "fastest",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const batch = answer.json().data as ShiprocketBatchDto;
    expect(batch.shipped.map((s) => s.order)).toEqual(orders.filter((o) => o !== refused).map((o) => o._id));
    // Fastest among those serving a prepaid parcel: Blue Dart Air.
    expect(new Set(batch.shipped.map((s) => s.shipment.courier))).toEqual(new Set(["Blue Dart Air"]));
    expect(batch.failed).toEqual([
      { order: refused._id, number: refused.number, message: expect.any(String) },
    ]);
    expect(batch.failed[0]?.message).toContain("No courier");
    expect(answer.json().message).toBe(shipping.batchDone(19, 1));
    expect(batch.labelsPdf).toMatch(/\.pdf$/);
    expect(batch.manifestPdf).toMatch(/\.pdf$/);
    // Each parcel's label, then one of them all.
    const merged = fake.callsOf("label").slice(labels).at(-1);
    expect(JSON.parse(merged?.body ?? "{}").shipment_id).toHaveLength(19);
    for (const order of orders.filter((o) => o !== refused))
      expect((await read(order._id)).status).toBe("shipped");
    expect((await read(refused._id)).status).toBe("processing");

    const repeated = await post("/api/shiprocket/batches", { orders: [refused._id, refused._id] });
    expect(repeated.statusCode).toBe(400);
    expect(FAKE_COURIERS.length).toBe(3);
  });
});
