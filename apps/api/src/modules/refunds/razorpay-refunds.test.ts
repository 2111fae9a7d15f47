/**
 * A refund is sent at most once, against the fake of Razorpay's REST API: an unclear
 * failure (the answer late, a 5xx, the connection dropped) keeps the reservation pending with its
 * request id and answers 202; a retry with the same key sends nothing; the payment sweep asks
 * Razorpay by the request id and records the refund once, or frees it when Razorpay never made it.
 * A connection refused never reached Razorpay: freed at once.
 */
import { api } from "@shop/shared/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { payments } from "#api/db/schema/orders";
import { refunds } from "#api/db/schema/refunds";
import { sweepPayments } from "#api/modules/payments/sweep";
import { RazorpayClient } from "#api/payments/razorpay-client";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, type Caller, quickUser } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { RazorpayFake } from "#test/razorpay-fake";
import { refundOrder } from "./service";

let fake: RazorpayFake;
let t: TestApp;
let admin: Caller;

/** Razorpay's calls wait this long for their answer here (15 s in a shop). */
const TIMEOUT_MS = 300;

beforeAll(async () => {
  fake = await RazorpayFake.start();
  t = await createTestApp({
    ...fake.env,
    MAX_UNPAID_ORDERS: "50",
    PAYMENTS_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  admin = await quickUser(t, "admin");
  const currency = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/currency",
    cookie: admin.cookie,
    payload: { code: "INR", locale: "en-IN" },
  });
  expect(currency.statusCode, currency.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.refundFault = undefined;
  fake.lateMs = 3 * TIMEOUT_MS;
});

/** A shopper's order of one unit at `price`, placed and waiting for payment. */
async function placedOrder(price: number) {
  const shopper = await quickUser(t, "customer");
  const category = await makeCategory(t.database);
  const thumbnail = await makeMedia(t.database);
  const product = await makeProduct(
    t.database,
    { category: category.id, thumbnail: thumbnail.id },
    { price, stock: 10 },
  );
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
  expect(placed.statusCode, placed.body).toBe(201);
  return { shopper, order: placed.json().data as { _id: string; totalAmount: number } };
}

/** Pays what is left of the order through Razorpay's Checkout; answers Razorpay's payment. */
async function payByRazorpay(shopper: Caller, orderId: string) {
  const opened = await inject(t.app, {
    method: "POST",
    url: "/api/payments/razorpay/orders",
    cookie: shopper.cookie,
    payload: { order: orderId },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { payment, result } = fake.pay(opened.json().data.razorpayOrderId as string);
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: orderId, paymentGateway: "razorpay", ...result },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return payment;
}

async function paidOrder(price = 1049.5) {
  const { shopper, order } = await placedOrder(price);
  const payment = await payByRazorpay(shopper, order._id);
  return { shopper, order, payment };
}

function refund(orderId: string, payload: Record<string, unknown>, key?: string) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/refunds`,
    cookie: admin.cookie,
    headers: key ? { "idempotency-key": key } : {},
    payload: { reason: "Arrived damaged", restock: false, ...payload },
  });
}

const refundsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** The refund calls the shop made to Razorpay for a payment. */
const refundCalls = (paymentId: string) => fake.callsTo(new RegExp(`^/v1/payments/${paymentId}/refund$`));

/** The refunds Razorpay made of a payment. */
const madeAtRazorpay = (paymentId: string) =>
  [...fake.refunds.values()].filter((made) => made.payment_id === paymentId);

async function refundEmails(email: string) {
  const told = await t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.recipient, email), eq(emails.kind, "orderRefunded")));
  return told.length;
}

async function paymentOf(orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** One payment sweep with the least delay a shop may set (30 s), the order's refunds made older than it. */
async function sweepAfterDelay(orderId: string) {
  await t.database.db
    .update(refunds)
    .set({ createdAt: new Date(Date.now() - 60_000) })
    .where(eq(refunds.orderId, orderId));
  const { refunds: changed } = await sweepPayments(
    t.database.db,
    t.app.paymentProviders,
    { holdMinutes: 30, mail: await t.app.mailContext() },
    { afterMs: 30_000, log: t.app.log },
  );
  return changed;
}

describe("a refund whose answer is unclear", () => {
  it("keeps a refund Razorpay made but answered too late pending (202); the retry sends nothing; the sweep records it once", async () => {
    const { shopper, order, payment } = await paidOrder();
    const key = `refund-${order._id}-late`;
    fake.refundFault = "late";
    const first = await refund(order._id, { amount: 100 }, key);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().message).toBe(api.refundBeingChecked);
    expect(first.json().data.payment).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(await refundsOf(order._id)).toMatchObject([
      { status: "pending", providerRefundId: null, creditNoteNumber: null },
    ]);
    expect(madeAtRazorpay(payment.id)).toHaveLength(1);

    // Staff try again with the same key: nothing goes to Razorpay, the answer says it is being checked.
    const retry = await refund(order._id, { amount: 100 }, key);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().message).toBe(api.refundBeingChecked);
    expect(refundCalls(payment.id)).toHaveLength(1);
    // The amount stays reserved: no more than the rest can be refunded meanwhile.
    const tooMuch = await refund(order._id, { amount: order.totalAmount });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors).toHaveProperty("amount");

    // A sweep before the delay leaves it to the request; after it, Razorpay is asked by the request id.
    const { refunds: early } = await sweepPayments(
      t.database.db,
      t.app.paymentProviders,
      { holdMinutes: 30, mail: await t.app.mailContext() },
      { afterMs: 30_000, log: t.app.log },
    );
    expect(early).toBe(0);
    expect(await sweepAfterDelay(order._id)).toBe(1);
    const [made] = madeAtRazorpay(payment.id);
    expect(await refundsOf(order._id)).toMatchObject([
      {
        status: "completed",
        amount: 100,
        providerRefundId: made?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect(await paymentOf(order._id)).toMatchObject({ status: "partially_refunded", refundedAmount: 100 });
    expect(await refundEmails(shopper.user.email)).toBe(1);

    // Swept again and retried again: still one refund, one credit note, one email, one call.
    expect(await sweepAfterDelay(order._id)).toBe(0);
    const done = await refund(order._id, { amount: 100 }, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(api.refundRecorded);
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(madeAtRazorpay(payment.id)).toHaveLength(1);
    expect(await refundsOf(order._id)).toHaveLength(1);
    expect(await refundEmails(shopper.user.email)).toBe(1);
  });

  it("keeps a refund answered 5xx pending (202), and the sweep records the one Razorpay made", async () => {
    const { order, payment } = await paidOrder();
    fake.refundFault = "5xx";
    const first = await refund(order._id, { amount: 250 }, `refund-${order._id}-5xx`);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().message).toBe(api.refundBeingChecked);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "pending", providerRefundId: null }]);

    expect(await sweepAfterDelay(order._id)).toBe(1);
    expect(await refundsOf(order._id)).toMatchObject([
      { status: "completed", amount: 250, creditNoteNumber: expect.stringMatching(/^CN\d{4}\//) },
    ]);
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(madeAtRazorpay(payment.id)).toHaveLength(1);
  });

  it("keeps a refund whose connection broke after Razorpay made it pending, and records it once", async () => {
    const { order, payment } = await paidOrder();
    fake.refundFault = "reset";
    const first = await refund(order._id, { amount: 50 });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().message).toBe(api.refundBeingChecked);
    expect(await sweepAfterDelay(order._id)).toBe(1);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "completed", amount: 50 }]);
    expect(madeAtRazorpay(payment.id)).toHaveLength(1);
  });

  it("frees a refund Razorpay never received: by the sweep when the connection dropped on the way, at once when it was refused", async () => {
    const { order, payment } = await paidOrder();
    fake.refundFault = "lost";
    const first = await refund(order._id, { amount: 75 }, `refund-${order._id}-lost`);
    expect(first.statusCode, first.body).toBe(202);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "pending", providerRefundId: null }]);
    expect(madeAtRazorpay(payment.id)).toHaveLength(0);

    expect(await sweepAfterDelay(order._id)).toBe(1);
    expect(await refundsOf(order._id)).toEqual([]);
    expect(await paymentOf(order._id)).toMatchObject({ status: "completed", refundedAmount: 0 });
    // Freed: the whole payment can be refunded again, once.
    const again = await refund(order._id, { amount: order.totalAmount });
    expect(again.statusCode, again.body).toBe(201);
    expect(madeAtRazorpay(payment.id)).toHaveLength(1);

    // A connection refused never reached Razorpay: freed at once (503), with nothing left for a sweep.
    const { order: second } = await paidOrder();
    // A port nothing listens on: the connection is refused before any byte is sent.
    const closed = await RazorpayFake.start();
    const nowhere = closed.url;
    await closed.close();
    const razorpay = new RazorpayClient({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      apiBase: nowhere,
      log: t.app.log,
      timeoutMs: TIMEOUT_MS,
    });
    const refused = refundOrder(
      t.database.db,
      { ...t.app.paymentProviders, razorpay },
      admin.user,
      second._id,
      { amount: 10, reason: "Arrived damaged", restock: [] },
      { idempotencyKey: `refund-${second._id}-refused`, mail: await t.app.mailContext(), log: t.app.log },
    );
    await expect(refused).rejects.toMatchObject({
      status: 503,
      message: api.paymentProviderUnavailable,
    });
    expect(await refundsOf(second._id)).toEqual([]);
  });

  itKeepsPaymentStates(() => t);
});

/** Gives the shopper `amount` of store credit (staff's adjustment) and applies it to the order. */
async function applyCredit(shopper: Caller, orderId: string, amount: number) {
  const given = await inject(t.app, {
    method: "POST",
    url: `/api/users/${shopper.user.id}/store-credit`,
    cookie: admin.cookie,
    payload: { amount, reason: "Goodwill for a late parcel" },
  });
  expect(given.statusCode, given.body).toBe(201);
  const applied = await inject(t.app, {
    method: "PUT",
    url: `/api/orders/current-user/${orderId}/store-credit`,
    cookie: shopper.cookie,
  });
  expect(applied.statusCode, applied.body).toBe(200);
}

async function balanceOf(shopper: Caller): Promise<number> {
  const response = await inject(t.app, {
    method: "GET",
    url: "/api/users/current-user/store-credit",
    cookie: shopper.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.balance as number;
}

/** An order of ₹3,548 paid ₹1,299 from store credit and ₹2,249 through Razorpay (UPI). */
async function paidPartlyByCredit() {
  // ₹2,938.98 + 18% GST (₹529.02) + ₹80 shipping.
  const { shopper, order } = await placedOrder(2938.98);
  expect(order.totalAmount).toBe(3548);
  await applyCredit(shopper, order._id, 1299);
  const payment = await payByRazorpay(shopper, order._id);
  expect(payment.amount).toBe(224_900);
  expect(await balanceOf(shopper)).toBe(0);
  return { shopper, order, payment };
}

function setRefunded(orderId: string, key?: string) {
  return inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${orderId}/update`,
    cookie: admin.cookie,
    headers: key ? { "idempotency-key": key } : {},
    payload: { orderId, status: "refunded" },
  });
}

describe("a refund of an order partly paid by store credit", () => {
  it("sets it Refunded in one step: Razorpay's ₹2,249 back through Razorpay once, ₹1,299 back to credit, one credit note of ₹3,548", async () => {
    const { shopper, order, payment } = await paidPartlyByCredit();
    const key = `refunded-${order._id}`;
    const response = await setRefunded(order._id, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: "refunded",
      payment: { status: "refunded", refundedAmount: 3548 },
    });
    expect(madeAtRazorpay(payment.id).map((made) => made.amount)).toEqual([224_900]);
    expect(await balanceOf(shopper)).toBe(1299);
    const rows = await refundsOf(order._id);
    expect(rows).toMatchObject([
      {
        status: "completed",
        amount: 3548,
        storeCreditAmount: 1299,
        providerRefundId: madeAtRazorpay(payment.id)[0]?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect(await paymentOf(order._id)).toMatchObject({ status: "refunded", refundedAmount: 3548 });
    expect(await refundEmails(shopper.user.email)).toBe(1);

    // The same click again (its answer lost): nothing more moves.
    const retry = await setRefunded(order._id, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.status).toBe("refunded");
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(await balanceOf(shopper)).toBe(1299);
    expect(await refundsOf(order._id)).toHaveLength(1);
  });

  it("gives back only what each tender has left once part went back to the card", async () => {
    const { shopper, order, payment } = await paidPartlyByCredit();
    expect((await refund(order._id, { amount: 249 })).statusCode).toBe(201);
    const response = await setRefunded(order._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(madeAtRazorpay(payment.id).map((made) => made.amount)).toEqual([24_900, 200_000]);
    expect(await balanceOf(shopper)).toBe(1299);
    expect((await refundsOf(order._id)).map((row) => [row.amount, row.storeCreditAmount]).sort()).toEqual([
      [249, 0],
      [3299, 1299],
    ]);
  });

  it("splits a partial refund in one step: part through Razorpay, part to credit, one credit note", async () => {
    const { shopper, order, payment } = await paidPartlyByCredit();
    const split = await refund(order._id, { amount: 1000, to: "split", toStoreCredit: 400 });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json().data.payment).toMatchObject({ status: "partially_refunded", refundedAmount: 1000 });
    expect(madeAtRazorpay(payment.id).map((made) => made.amount)).toEqual([60_000]);
    expect(await balanceOf(shopper)).toBe(400);
    expect(await refundsOf(order._id)).toMatchObject([
      { amount: 1000, storeCreditAmount: 400, creditNoteNumber: expect.stringMatching(/^CN\d{4}\//) },
    ]);
  });

  it("refuses a split whose credit part is the whole (400 at toStoreCredit) or whose card part passes what Razorpay has left (409 at toStoreCredit), writing nothing", async () => {
    const { shopper, order, payment } = await paidPartlyByCredit();
    const whole = await refund(order._id, { amount: 100, to: "split", toStoreCredit: 100 });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().errors).toHaveProperty("toStoreCredit");
    const missing = await refund(order._id, { amount: 100, to: "split" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty("toStoreCredit");
    const notSplit = await refund(order._id, { amount: 100, toStoreCredit: 50 });
    expect(notSplit.statusCode).toBe(400);
    expect(notSplit.json().errors).toHaveProperty("toStoreCredit");
    const tooMuch = await refund(order._id, { amount: 3000, to: "split", toStoreCredit: 500 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors).toHaveProperty("toStoreCredit");
    expect(await refundsOf(order._id)).toEqual([]);
    expect(refundCalls(payment.id)).toHaveLength(0);
    expect(await balanceOf(shopper)).toBe(0);
  });
});
