import { api, cashOnDelivery } from "@shop/shared/messages";
import { and, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { documentCounters } from "#api/db/schema/invoices";
import { orderEvents, orders, payments } from "#api/db/schema/orders";
import { mailContextOf } from "#api/modules/email/service";
import { sweepExpiredOrders } from "#api/modules/orders/service";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, shopperWithAddress, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";

/**
 * Cash on delivery: one app for the file; each test places its own orders. 2 × 100: items
 * 200, shipping 80, GST 36 → 316; with the 25 fee, 341 to collect.
 */
let t: TestApp;
let admin: Caller;
let manager: Caller;
let refs: { category: string; thumbnail: string };

const COD = { enabled: true, maxOrderValue: 341, fee: 25 };
const CHECKOUT = { holdMinutes: 30, maxUnpaidOrders: 1, maxQuantityPerLine: 10, minimumOrder: 0 };

function putCheckout(cod: typeof COD) {
  return inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: admin.cookie,
    payload: { ...CHECKOUT, cod },
  });
}

async function placeOrder(shopper: { cookie: string; addressId: string }, quantity = 2) {
  const product = await makeProduct(t.database, refs, { price: 100, stock: 10 });
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ product: product._id, quantity }], shippingAddress: shopper.addressId },
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().data as { _id: string; totalAmount: number };
}

function payCod(cookie: string, order: string) {
  return inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie,
    payload: { order, paymentGateway: "cod" },
  });
}

/** The shopper confirms their cash on delivery order, so that it may ship. */
async function confirm(cookie: string, order: string) {
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order}/confirm-cod`,
    cookie,
    payload: {},
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

function collect(cookie: string | undefined, payment: string) {
  return inject(t.app, { method: "POST", url: `/api/payments/${payment}/collect`, cookie });
}

/** Today's report: the documents' figures (total sales) and the money that moved (payments less refunds). */
async function today() {
  const day = shopDay(new Date());
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/reports/sales?from=${day}&to=${day}`,
    cookie: admin.cookie,
  });
  const data = response.json().data as { totalSales: number; paymentsTaken: number; refunds: number };
  return { totalSales: data.totalSales, money: Math.round((data.paymentsTaken - data.refunds) * 100) / 100 };
}

/** The money taken less given back today, as the report counts it on the days it moved. */
async function moneyIn() {
  return (await today()).money;
}

/** Home's money tile: total sales, from the documents. */
async function revenue() {
  const response = await inject(t.app, { method: "GET", url: "/api/users/admin", cookie: admin.cookie });
  return response.json().data.revenue as number;
}

function invoicePdf(order: string) {
  return inject(t.app, { method: "GET", url: `/api/orders/${order}/invoice.pdf`, cookie: admin.cookie });
}

function ship(order: string, trackingNumber: string, lines?: { line: string; quantity: number }[]) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${order}/shipments`,
    cookie: manager.cookie,
    payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber, ...(lines ? { lines } : {}) },
  });
}

async function invoiceOf(order: string) {
  const [row] = await t.database.db
    .select({ invoiceNumber: orders.invoiceNumber, invoicedAt: orders.invoicedAt })
    .from(orders)
    .where(eq(orders.id, order));
  return row;
}

/** Every number the invoice counters have given. */
async function invoicesGiven() {
  const rows = await t.database.db
    .select()
    .from(documentCounters)
    .where(eq(documentCounters.kind, "invoice"));
  return rows.reduce((sum, row) => sum + row.last, 0);
}

/** The text of a PDF, as the documents tests read it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function emailKindsOf(orderNumber: number) {
  const rows = await t.database.db.select({ kind: emails.kind, subject: emails.subject }).from(emails);
  return rows.filter((row) => row.subject.includes(`#${orderNumber}`)).map((row) => row.kind);
}

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

describe("cash on delivery settings", () => {
  it("is off by default, saved in the checkout section, refused at its fields, and public in /api/config", async () => {
    const before = await inject(t.app, { method: "GET", url: "/api/config" });
    expect(before.json().data.cod).toEqual({
      enabled: false,
      maxOrderValue: 10000,
      fee: 0,
      confirmHours: 48,
    });

    const bad = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: { ...CHECKOUT, cod: { enabled: "yes", maxOrderValue: -1, fee: 1.234 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {}).sort()).toEqual([
      "cod.enabled",
      "cod.fee",
      "cod.maxOrderValue",
    ]);

    const saved = await putCheckout(COD);
    expect(saved.statusCode).toBe(200);
    // The rules added since have their defaults, so that a section saved without them still reads.
    expect(saved.json().data.cod).toEqual({
      ...COD,
      blockedPincodes: [],
      blockAfterRefusal: true,
      onlineDiscount: 0,
      confirmHours: 48,
    });
    const after = await inject(t.app, { method: "GET", url: "/api/config" });
    expect(after.json().data.cod).toEqual({ ...COD, confirmHours: 48 });
  });
});

describe("choosing cash on delivery", () => {
  it("refuses it while the owner has it off, with the order still payable", async () => {
    await putCheckout({ ...COD, enabled: false });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const refused = await payCod(shopper.cookie, order._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(api.codNotOffered);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: "pending", paymentId: null, codFee: 0 });
    await putCheckout(COD);
  });

  it("refuses an order whose total with the fee passes the limit, and takes one exactly at it", async () => {
    await putCheckout({ ...COD, maxOrderValue: 340.99 });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect(order.totalAmount).toBe(316);
    const over = await payCod(shopper.cookie, order._id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(api.codOverLimit("$340.99"));

    await putCheckout(COD);
    const taken = await payCod(shopper.cookie, order._id);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().message).toBe(api.codChosen);
    expect(taken.json().data).toMatchObject({
      status: "pending",
      paymentGateway: "cod",
      amount: 341,
      order: order._id,
    });
  });

  it("adds the fee, and the order waits for its shopper's confirmation before Ready to Ship lists it as COD to collect", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const chosen = await payCod(shopper.cookie, order._id);
    expect(chosen.statusCode).toBe(201);

    const mine = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: shopper.cookie,
    });
    const dto = mine.json().data;
    expect(dto).toMatchObject({
      status: "processing",
      codFee: 25,
      totalAmount: 341,
      taxAmount: 36,
      invoiceNumber: null,
      codConfirmation: "pending",
      cashOnDelivery: { payment: chosen.json().data._id, collected: false },
      payment: { status: "pending", paymentGateway: "cod", amount: 341 },
    });
    expect(dto.history.at(-1)).toMatchObject({ type: "cod", status: "processing", amount: 341 });
    expect(await emailKindsOf(dto.number)).toContain("orderCodConfirmed");

    const toShip = () =>
      inject(t.app, { method: "GET", url: "/api/orders/status/processing?size=100", cookie: manager.cookie });
    const waiting = await toShip();
    expect(waiting.json().data.map((row: { _id: string }) => row._id)).not.toContain(order._id);
    await confirm(shopper.cookie, order._id);
    const listed = (await toShip()).json().data.find((row: { _id: string }) => row._id === order._id);
    // A manager sees no payment, but does see that the cash waits.
    expect(listed).toMatchObject({ payment: null, cashOnDelivery: { collected: false } });

    const again = await payCod(shopper.cookie, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(api.alreadyPaid);
  });

  it("is refused for someone else's order and for a cancelled one", async () => {
    const owner = await shopperWithAddress(t);
    const other = await shopperWithAddress(t);
    const order = await placeOrder(owner);
    const theirs = await payCod(other.cookie, order._id);
    expect(theirs.statusCode).toBe(404);
    await inject(t.app, { method: "PATCH", url: `/api/orders/${order._id}/cancel`, cookie: owner.cookie });
    const closed = await payCod(owner.cookie, order._id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(api.orderNotPayable);
  });

  it("is never cancelled by the hold, and no longer counts against the unpaid-order cap", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect((await payCod(shopper.cookie, order._id)).statusCode).toBe(201);
    // Past the hold: placed an hour ago, twice the 30 minutes.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(orders.id, order._id));
    await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe("processing");
    // The cap is 1 unpaid order: the COD one is not unpaid, so another order may be placed.
    const second = await placeOrder(shopper);
    expect(second._id).not.toBe(order._id);
  });
});

describe("collecting the cash", () => {
  it("invoices the order with its first parcel; collecting the cash records the payment only, counted from then", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const before = await today();
    const revenueBefore = await revenue();
    const payment = (await payCod(shopper.cookie, order._id)).json().data._id as string;
    await confirm(shopper.cookie, order._id);
    expect(await today()).toEqual(before);
    expect(await revenue()).toBe(revenueBefore);
    // Ready to Ship: no invoice until the goods leave.
    const early = await invoicePdf(order._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(api.invoiceNotIssued);
    expect((await invoiceOf(order._id))?.invoiceNumber).toBeNull();

    // The first parcel (one of the two units) takes the invoice with it, dated as it leaves.
    const lines = (
      await inject(t.app, { method: "GET", url: `/api/orders/${order._id}`, cookie: admin.cookie })
    ).json().data.products as { _id: string }[];
    const first = await ship(order._id, "COD-A", [{ line: lines[0]?._id ?? "", quantity: 1 }]);
    expect(first.statusCode, first.body).toBe(201);
    const issued = await invoiceOf(order._id);
    expect(issued?.invoiceNumber).toMatch(/^INV\d{4}\/\d{6}$/);
    expect(issued?.invoicedAt?.toISOString()).toBe(first.json().data.shippedAt);
    const pdf = await invoicePdf(order._id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(issued?.invoiceNumber ?? "no number");
    expect(text).toContain(cashOnDelivery.feeLine);
    // The sale is on the invoice's day, the whole 341 (goods, shipping, GST, fee); no money yet.
    expect(await today()).toEqual({ totalSales: before.totalSales + 341, money: before.money });
    expect(await revenue()).toBe(revenueBefore + 341);

    // The second parcel does not number it again.
    const given = await invoicesGiven();
    expect((await ship(order._id, "COD-B")).statusCode).toBe(201);
    expect(await invoiceOf(order._id)).toEqual(issued);

    expect((await collect(undefined, payment)).statusCode).toBe(401);
    expect((await collect(shopper.cookie, payment)).statusCode).toBe(403);
    const collected = await collect(manager.cookie, payment);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().message).toBe(api.codCollected);
    expect(collected.json().data).toMatchObject({
      status: "shipped",
      cashOnDelivery: { payment, collected: true },
      invoiceNumber: issued?.invoiceNumber,
    });
    expect(collected.json().data.history.at(-1)).toMatchObject({ type: "paid", amount: 341 });
    // The invoice is the one the goods left with: same number and date, no number taken.
    expect(await invoiceOf(order._id)).toEqual(issued);
    expect(await invoicesGiven()).toBe(given);

    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment));
    expect(row).toMatchObject({ status: "completed", paymentGateway: "cod", amount: 341 });
    // The cash counts on the day it came; the sale stays counted once.
    expect(await today()).toEqual({ totalSales: before.totalSales + 341, money: before.money + 341 });
    expect(await revenue()).toBe(revenueBefore + 341);
    expect(await emailKindsOf(collected.json().data.number)).toContain("paymentReceived");
    expect((await invoicePdf(order._id)).statusCode).toBe(200);

    const twice = await collect(admin.cookie, payment);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(api.codAlreadyCollected);
    const [events] = await t.database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "paid")));
    expect(events).toBeDefined();
  });

  it("refuses to record the cash until the order is confirmed and a parcel has left (409)", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const payment = (await payCod(shopper.cookie, order._id)).json().data._id as string;
    const unconfirmed = await collect(admin.cookie, payment);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(api.codNotOut);
    await confirm(shopper.cookie, order._id);
    const notOut = await collect(manager.cookie, payment);
    expect(notOut.statusCode).toBe(409);
    expect(notOut.json().message).toBe(api.codNotOut);
    const [still] = await t.database.db.select().from(payments).where(eq(payments.id, payment));
    expect(still?.status).toBe("pending");
    expect((await ship(order._id, "OUT-1")).statusCode).toBe(201);
    expect((await collect(manager.cookie, payment)).statusCode).toBe(200);
  });

  it("numbers the invoice at collection, once, when the goods were handed over with no parcel recorded", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const payment = (await payCod(shopper.cookie, order._id)).json().data._id as string;
    await confirm(shopper.cookie, order._id);
    // An order shipped before parcels were recorded: its status says it left, no parcel does.
    await t.database.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, order._id));
    const given = await invoicesGiven();
    const collected = await collect(admin.cookie, payment);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().data.invoiceNumber).toMatch(/^INV\d{4}\//);
    expect(await invoicesGiven()).toBe(given + 1);
  });

  it("refuses a payment that is not cash on delivery, an unknown one, and one of a cancelled order", async () => {
    const shopper = await shopperWithAddress(t);
    const card = await placeOrder(shopper);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: {
        order: card._id,
        paymentGateway: "test",
        card: { number: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" },
      },
    });
    const notCod = await collect(admin.cookie, paid.json().data._id);
    expect(notCod.statusCode).toBe(409);
    expect(notCod.json().message).toBe(api.codNotCod);
    expect((await collect(admin.cookie, newId())).statusCode).toBe(404);

    const order = await placeOrder(shopper);
    const payment = (await payCod(shopper.cookie, order._id)).json().data._id as string;
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: admin.cookie,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);
    // The cash will never come: the payment closes as failed, and the order's payment state says so.
    const [closedPayment] = await t.database.db.select().from(payments).where(eq(payments.id, payment));
    expect(closedPayment?.status).toBe("failed");
    const [closedOrder] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(closedOrder?.paymentState).toBe("failed");
    const closed = await collect(admin.cookie, payment);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(api.codOrderClosed);
  });
});

describe("refunding a collected COD order", () => {
  it("asks for a reference, then records it without a provider: payment state, credit note, ledger", async () => {
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const payment = (await payCod(shopper.cookie, order._id)).json().data._id as string;
    const unpaid = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: admin.cookie,
      payload: { amount: 10, reason: "Damaged in transit" },
    });
    expect(unpaid.statusCode).toBe(409);
    await confirm(shopper.cookie, order._id);
    expect((await ship(order._id, "REF-1")).statusCode).toBe(201);
    expect((await collect(admin.cookie, payment)).statusCode).toBe(200);
    const sales = await moneyIn();

    const noReference = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: admin.cookie,
      payload: { amount: 100, reason: "Damaged in transit" },
    });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().errors).toEqual({ reference: api.refundReferenceRequired });

    const refunded = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: admin.cookie,
      payload: { amount: 100, reason: "Damaged in transit", reference: "UPI shopper@okbank 4471" },
    });
    expect(refunded.statusCode).toBe(201);
    const refund = refunded.json().data.payment.refunds[0];
    expect(refund).toMatchObject({ amount: 100, reference: "UPI shopper@okbank 4471" });
    expect(refund.providerRefundId).toBe(`manual-${refund._id}`);
    expect(refund.creditNoteNumber).toMatch(/^CN\d{4}\//);
    expect(refunded.json().data.payment).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 100,
    });
    expect(await moneyIn()).toBe(sales - 100);

    // The rest by the status, with its reference: the payment refunded, the order too.
    const rest = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: admin.cookie,
      payload: { amount: 241, reason: "Returned", reference: "NEFT N123456789" },
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({
      status: "refunded",
      payment: { status: "refunded", refundedAmount: 341 },
    });
    expect(await moneyIn()).toBe(sales - 341);
  });
});

itKeepsPaymentStates(() => t);
