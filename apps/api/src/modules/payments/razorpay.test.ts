/**
 * Paying with Razorpay, against a local fake of its REST API (test/razorpay-fake.ts) standing in for
 * Razorpay, its Checkout, its dashboard and its webhooks: the order made for the server's total, the
 * browser's signed result verified and captured, the webhooks finishing what the browser did not,
 * refunds that Razorpay pays out later, and the sweep that leaves nothing pending.
 */
import { PAYMENT_CLAIM_SECONDS } from "@shop/shared/constants";
import { api, validation } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { emails } from "#api/db/schema/emails";
import { orderEvents, orders, payments } from "#api/db/schema/orders";
import { razorpayEvents, razorpayOrders } from "#api/db/schema/razorpay";
import { refunds } from "#api/db/schema/refunds";
import { salesLedger } from "#api/db/schema/sales";
import { unmatchedPayments } from "#api/db/schema/unmatched-payments";
import { requestReturn } from "#api/modules/fulfilment/returns";
import { createShipment, deliverShipment } from "#api/modules/fulfilment/shipments";
import { getOrder, sweepExpiredOrders } from "#api/modules/orders/service";
import { refundOrder } from "#api/modules/refunds/service";
import type { RazorpayProvider, RefundRequest } from "#api/payments/provider";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, type Caller, quickUser } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { FAKE_RAZORPAY_EMAIL, type FakeRazorpayPayment, RazorpayFake } from "#test/razorpay-fake";
import { claimOrderForPayment } from "./repo-unmatched";
import { sweepPayments } from "./sweep";

let fake: RazorpayFake;
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  fake = await RazorpayFake.start();
  t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "50" });
  admin = await quickUser(t, "admin");
  const currency = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/currency",
    cookie: admin.cookie,
    payload: { code: "INR", locale: "en-IN" },
  });
  expect(currency.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.refundStatus = "processed";
  fake.failNext = 0;
});

interface PlacedOrder {
  _id: string;
  number: number;
  totalAmount: number;
  currency: string;
}

/** A signed-in shopper with a pending INR order of 2 units at ₹1,049.50 (its total has paise). */
async function shopperWithOrder(): Promise<Caller & { email: string; order: PlacedOrder; paise: number }> {
  const shopper = await quickUser(t, "customer");
  const category = await makeCategory(t.database);
  const thumbnail = await makeMedia(t.database);
  const product = await makeProduct(
    t.database,
    { category: category.id, thumbnail: thumbnail.id },
    { price: 1049.5, stock: 10 },
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
    payload: { products: [{ product: product._id, quantity: 2 }], shippingAddress: address.json().data._id },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().data as PlacedOrder;
  expect(order.currency).toBe("INR");
  // The expected paise worked out apart from the shop's conversion: rupees and paise of the decimal text.
  const [rupees = "0", paise = ""] = order.totalAmount.toFixed(2).split(".");
  return { ...shopper, email: shopper.user.email, order, paise: Number(rupees) * 100 + Number(paise) };
}

function razorpayOrder(cookie: string, order: string) {
  return inject(t.app, { method: "POST", url: "/api/payments/razorpay/orders", cookie, payload: { order } });
}

/** The shopper opens Checkout: the Razorpay order the shop made for the order, as the pay page gets it. */
async function openCheckout(cookie: string, order: string): Promise<string> {
  const response = await razorpayOrder(cookie, order);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.razorpayOrderId as string;
}

function pay(cookie: string, order: string, result: ReturnType<RazorpayFake["checkoutResult"]>) {
  return inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie,
    payload: { order, paymentGateway: "razorpay", ...result },
  });
}

function webhook(delivery: ReturnType<RazorpayFake["webhook"]>) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/razorpay/webhook",
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function paymentsOf(orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** What paying an order leaves behind, counted: payments taken, invoice, "paid" history rows, emails, ledger rows. */
async function paidTraces(orderId: string, email: string) {
  const db = t.database.db;
  const taken = (await paymentsOf(orderId)).filter((p) => p.status !== "failed");
  const [paid] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "paid")));
  const [told] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(emails)
    .where(and(eq(emails.recipient, email), eq(emails.kind, "paymentReceived")));
  const [ledger] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(salesLedger)
    .where(and(eq(salesLedger.orderId, orderId), eq(salesLedger.kind, "payment")));
  return {
    payments: taken.length,
    invoice: (await orderRow(orderId))?.invoiceNumber ?? null,
    paidEvents: paid?.count,
    emails: told?.count,
    ledger: ledger?.count,
  };
}

describe("Razorpay's order for Checkout", () => {
  it("gives the pay page Checkout's public key id and script", async () => {
    const response = await inject(t.app, { method: "GET", url: "/api/payments/razorpay" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      keyId: fake.keyId,
      checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
  });

  it("makes the Razorpay order for the server's total in paise, with the order's number and id; the same one when asked again", async () => {
    const { cookie, order, paise } = await shopperWithOrder();
    const first = await razorpayOrder(cookie, order._id);
    expect(first.statusCode).toBe(201);
    const data = first.json().data;
    expect(data).toEqual({
      razorpayOrderId: expect.stringMatching(/^order_/),
      keyId: fake.keyId,
      amount: paise,
      currency: "INR",
    });
    expect(fake.orders.get(data.razorpayOrderId)).toMatchObject({
      amount: paise,
      currency: "INR",
      receipt: String(order.number),
      notes: { order_id: order._id },
    });
    const creates = fake.callsTo(/^\/v1\/orders$/).length;
    expect((await razorpayOrder(cookie, order._id)).json().data.razorpayOrderId).toBe(data.razorpayOrderId);
    expect(fake.callsTo(/^\/v1\/orders$/)).toHaveLength(creates);
  });

  it("makes a new Razorpay order when the order's total changed", async () => {
    const { cookie, order, paise } = await shopperWithOrder();
    const first = await openCheckout(cookie, order._id);
    await t.database.db
      .update(orders)
      .set({ totalAmount: order.totalAmount - 10 })
      .where(eq(orders.id, order._id));
    const second = await razorpayOrder(cookie, order._id);
    expect(second.json().data).toMatchObject({ amount: paise - 1000 });
    expect(second.json().data.razorpayOrderId).not.toBe(first);
    expect(
      await t.database.db.select().from(razorpayOrders).where(eq(razorpayOrders.orderId, order._id)),
    ).toHaveLength(2);
  });

  it("makes none for someone else's order (404), an order not in rupees (409), or without signing in (401)", async () => {
    const { order } = await shopperWithOrder();
    const stranger = await quickUser(t, "customer");
    expect((await razorpayOrder(stranger.cookie, order._id)).statusCode).toBe(404);
    const anonymous = await inject(t.app, {
      method: "POST",
      url: "/api/payments/razorpay/orders",
      payload: { order: order._id },
    });
    expect(anonymous.statusCode).toBe(401);
    const dollars = await shopperWithOrder();
    await t.database.db.update(orders).set({ currency: "USD" }).where(eq(orders.id, dollars.order._id));
    const refused = await razorpayOrder(dollars.cookie, dollars.order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(api.razorpayRupeesOnly);
    expect(
      await t.database.db.select().from(razorpayOrders).where(eq(razorpayOrders.orderId, dollars.order._id)),
    ).toEqual([]);
  });
});

describe("the browser's Checkout result", () => {
  it("verifies, captures and records a UPI payment, which staff and the shopper see with its method", async () => {
    const { cookie, email, order, paise } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment, result } = fake.pay(razorpayOrderId, { method: "upi", status: "authorized" });
    const response = await pay(cookie, order._id, result);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(api.paymentRecorded);
    expect(response.json().data).toMatchObject({
      order: order._id,
      status: "completed",
      paymentGateway: "razorpay",
      method: "upi",
      transactionId: payment.id,
      amount: order.totalAmount,
      currency: "INR",
      email_address: FAKE_RAZORPAY_EMAIL,
    });
    // Captured for exactly the order's paise: the browser named no amount.
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
    const capture = fake.callsTo(new RegExp(`/v1/payments/${payment.id}/capture$`));
    expect(JSON.parse(capture[0]?.body ?? "{}")).toEqual({ amount: paise, currency: "INR" });

    expect(await paidTraces(order._id, email)).toEqual({
      payments: 1,
      invoice: expect.stringMatching(/^INV\d{4}\//),
      paidEvents: 1,
      emails: 1,
      ledger: 1,
    });
    const mine = await inject(t.app, { method: "GET", url: `/api/orders/current-user/${order._id}`, cookie });
    expect(mine.json().data).toMatchObject({
      status: "processing",
      payment: { paymentGateway: "razorpay", method: "upi", status: "completed" },
    });
    const staff = await inject(t.app, {
      method: "GET",
      url: `/api/payments/${response.json().data._id}`,
      cookie: admin.cookie,
    });
    expect(staff.json().data).toMatchObject({ paymentGateway: "razorpay", method: "upi" });

    // The same result sent again (a retry after a lost answer) answers the payment recorded, and records nothing.
    const again = await pay(cookie, order._id, result);
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).toBe(response.json().data._id);
    expect((await paidTraces(order._id, email)).payments).toBe(1);
  });

  it("records a payment Checkout captured itself, keeping a card as its method", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment, result } = fake.pay(razorpayOrderId, { method: "card", status: "captured" });
    const response = await pay(cookie, order._id, result);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ method: "card", transactionId: payment.id });
    expect(fake.callsTo(new RegExp(`/v1/payments/${payment.id}/capture$`))).toEqual([]);
  });

  it("refuses a tampered signature at razorpaySignature: 400, nothing captured or recorded", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment, result } = fake.pay(razorpayOrderId);
    const last = result.razorpaySignature.at(-1) === "0" ? "1" : "0";
    for (const razorpaySignature of [
      `${result.razorpaySignature.slice(0, -1)}${last}`,
      fake.sign(`${result.razorpayOrderId}|${result.razorpayPaymentId}`, "another-secret"),
      "not-a-signature",
    ]) {
      const response = await pay(cookie, order._id, { ...result, razorpaySignature });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ razorpaySignature: api.razorpaySignatureInvalid });
    }
    expect(fake.payments.get(payment.id)?.status).toBe("authorized");
    expect(await paymentsOf(order._id)).toEqual([]);
    expect((await orderRow(order._id))?.status).toBe("pending");
  });

  it("refuses a payment of another order, even signed: 400, nothing captured or recorded", async () => {
    const mine = await shopperWithOrder();
    const other = await shopperWithOrder();
    await openCheckout(mine.cookie, mine.order._id);
    const otherRazorpayOrder = await openCheckout(other.cookie, other.order._id);
    const { payment, result } = fake.pay(otherRazorpayOrder);
    // The other order's result, sent for mine.
    const sent = await pay(mine.cookie, mine.order._id, result);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().message).toBe(api.paymentMismatch);
    // Its payment id under my Razorpay order, signed as Razorpay would (the server reads the payment back).
    const myRazorpayOrder = (await razorpayOrder(mine.cookie, mine.order._id)).json().data
      .razorpayOrderId as string;
    const swapped = fake.checkoutResult({ id: payment.id, order_id: myRazorpayOrder });
    const response = await pay(mine.cookie, mine.order._id, swapped);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.paymentMismatch);
    expect(fake.payments.get(payment.id)?.status).toBe("authorized");
    expect(await paymentsOf(mine.order._id)).toEqual([]);
    expect(await paymentsOf(other.order._id)).toEqual([]);
  });

  it("refuses a payment of less than the order's total: 400, nothing captured or recorded", async () => {
    const { cookie, order, paise } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment, result } = fake.pay(razorpayOrderId, { amount: paise - 1 });
    const response = await pay(cookie, order._id, result);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.paymentMismatch);
    expect(fake.payments.get(payment.id)?.status).toBe("authorized");
    expect(await paymentsOf(order._id)).toEqual([]);
  });

  it("records a failed payment as failed (402), the order still payable with another attempt", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const failed = fake.pay(razorpayOrderId, { status: "failed", method: "netbanking" });
    const response = await pay(cookie, order._id, failed.result);
    expect(response.statusCode).toBe(402);
    expect(await paymentsOf(order._id)).toMatchObject([{ status: "failed", method: "netbanking" }]);
    const retried = fake.pay(razorpayOrderId, { method: "wallet" });
    expect((await pay(cookie, order._id, retried.result)).statusCode).toBe(201);
    expect((await orderRow(order._id))?.status).toBe("processing");
  });

  it("answers bad input at its field and an unknown gateway with the five choices", async () => {
    const { cookie, order } = await shopperWithOrder();
    const missing = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie,
      payload: { order: order._id, paymentGateway: "razorpay", razorpayOrderId: "order/../x" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      razorpayOrderId: validation.razorpayId,
      razorpayPaymentId: validation.required,
      razorpaySignature: validation.required,
    });
    const stripe = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie,
      payload: { order: order._id, paymentGateway: "stripe" },
    });
    expect(stripe.json().errors).toEqual({
      paymentGateway: validation.oneOf(["paypal", "test", "cod", "razorpay", "store_credit"]),
    });
  });
});

describe("Razorpay's webhooks", () => {
  it("refuses a body not signed with the webhook secret: 401, nothing recorded", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment } = fake.pay(razorpayOrderId, { status: "captured" });
    const forged = fake.webhook("payment.captured", { payment }, { secret: "guessed" });
    const response = await webhook(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: api.webhookRejected });
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: { "content-type": "application/json" },
      payload: forged.body,
    });
    expect(unsigned.statusCode).toBe(401);
    // The body must be the one signed: the same signature over a re-serialised copy is refused.
    const reformatted = await t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: fake.webhook("payment.captured", { payment }).headers,
      payload: JSON.stringify(JSON.parse(forged.body), null, 1),
    });
    expect(reformatted.statusCode).toBe(401);
    expect(await paymentsOf(order._id)).toEqual([]);
    expect(
      await t.database.db.select().from(razorpayEvents).where(eq(razorpayEvents.id, forged.eventId)),
    ).toEqual([]);
  });

  it("pays the order of a shopper who closed the tab, capturing the authorised payment; the same event again changes nothing", async () => {
    const { cookie, email, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment } = fake.pay(razorpayOrderId, { method: "upi", status: "authorized" });
    const delivery = fake.webhook("payment.authorized", { payment });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
    const once = await paidTraces(order._id, email);
    expect(once).toEqual({
      payments: 1,
      invoice: expect.stringMatching(/^INV\d{4}\//),
      paidEvents: 1,
      emails: 1,
      ledger: 1,
    });
    expect(await paymentsOf(order._id)).toMatchObject([{ method: "upi", paymentGateway: "razorpay" }]);

    // Delivered again (the same event id), then the captured and order.paid events for the same payment.
    expect((await webhook(delivery)).statusCode).toBe(200);
    const captured = fake.payments.get(payment.id) as FakeRazorpayPayment;
    expect((await webhook(fake.webhook("payment.captured", { payment: captured }))).statusCode).toBe(200);
    expect(
      (
        await webhook(
          fake.webhook("order.paid", { payment: captured, order: fake.orders.get(razorpayOrderId) ?? {} }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await paidTraces(order._id, email)).toEqual(once);
    expect(fake.callsTo(new RegExp(`/v1/payments/${payment.id}/capture$`))).toHaveLength(1);
  });

  it("gives the browser's call and the webhook racing for one payment one payment and one invoice", async () => {
    for (let round = 0; round < 3; round++) {
      const { cookie, email, order } = await shopperWithOrder();
      const razorpayOrderId = await openCheckout(cookie, order._id);
      const { payment, result } = fake.pay(razorpayOrderId, {
        status: round === 0 ? "authorized" : "captured",
      });
      const event = round === 0 ? "payment.authorized" : "payment.captured";
      const [browser, hook] = await Promise.all([
        pay(cookie, order._id, result),
        webhook(fake.webhook(event, { payment })),
      ]);
      expect(browser.statusCode, browser.body).toBe(201);
      expect(browser.json().data.transactionId).toBe(payment.id);
      expect(hook.statusCode).toBe(200);
      expect(await paidTraces(order._id, email)).toEqual({
        payments: 1,
        invoice: expect.stringMatching(/^INV\d{4}\//),
        paidEvents: 1,
        emails: 1,
        ledger: 1,
      });
    }
  });

  it("records a failed attempt from payment.failed, the order still pending", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment } = fake.pay(razorpayOrderId, { status: "failed", method: "card" });
    expect((await webhook(fake.webhook("payment.failed", { payment }))).statusCode).toBe(200);
    expect((await webhook(fake.webhook("payment.failed", { payment }))).statusCode).toBe(200);
    expect(await paymentsOf(order._id)).toMatchObject([
      { status: "failed", method: "card", transactionId: payment.id },
    ]);
    expect((await orderRow(order._id))?.status).toBe("pending");
  });

  it("acknowledges events it cannot match or does not act on, recording nothing", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment } = fake.pay(razorpayOrderId, { status: "captured", amount: 100 });
    // Another amount than the order's.
    expect((await webhook(fake.webhook("payment.captured", { payment }))).statusCode).toBe(200);
    // A Razorpay order the shop never made.
    const stray = { ...payment, id: "pay_Stray000000001", order_id: "order_Unknown0000001" };
    expect((await webhook(fake.webhook("payment.captured", { payment: stray }))).statusCode).toBe(200);
    expect((await webhook(fake.webhook("settlement.processed", {}))).statusCode).toBe(200);
    expect(await paymentsOf(order._id)).toEqual([]);
  });
});

/** A paid order (UPI, captured by the browser's call) and its payment. */
async function paidOrder() {
  const shopper = await shopperWithOrder();
  const razorpayOrderId = await openCheckout(shopper.cookie, shopper.order._id);
  const { payment, result } = fake.pay(razorpayOrderId);
  expect((await pay(shopper.cookie, shopper.order._id, result)).statusCode).toBe(201);
  return { ...shopper, payment };
}

function refund(orderId: string, amount: number) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/refunds`,
    cookie: admin.cookie,
    payload: { amount, reason: "Arrived damaged", restock: false },
  });
}

async function refundsOf(orderId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

describe("refunds through Razorpay", () => {
  it("records a refund Razorpay processes at once, with its id, in paise", async () => {
    const { order, payment } = await paidOrder();
    const response = await refund(order._id, 100.25);
    expect(response.statusCode, response.body).toBe(201);
    const [given] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(given).toMatchObject({ amount: 10025, status: "processed" });
    expect(await refundsOf(order._id)).toMatchObject([
      {
        status: "completed",
        providerRefundId: given?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect(response.json().data.payment).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 100.25,
    });
  });

  it("keeps a pending refund pending, and records it when refund.processed arrives, once", async () => {
    const { order, payment, email } = await paidOrder();
    fake.refundStatus = "pending";
    const response = await refund(order._id, 200);
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(api.refundPending);
    const [given] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(await refundsOf(order._id)).toMatchObject([
      { status: "pending", providerRefundId: given?.id, creditNoteNumber: null },
    ]);
    expect((await paymentsOf(order._id))[0]).toMatchObject({ status: "completed", refundedAmount: 0 });
    // The amount stays reserved meanwhile: what is left is the rest.
    const tooMuch = await refund(order._id, order.totalAmount - 199);
    expect(tooMuch.statusCode).toBe(409);

    const processed = fake.settleRefund(given?.id ?? "", "processed");
    const delivery = fake.webhook("refund.processed", {
      refund: processed,
      payment: fake.payments.get(payment.id) ?? {},
    });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(await refundsOf(order._id)).toMatchObject([
      {
        status: "completed",
        providerRefundId: given?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect((await paymentsOf(order._id))[0]).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 200,
    });
    const told = await t.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.recipient, email), eq(emails.kind, "orderRefunded")));
    expect(told).toHaveLength(1);

    expect((await webhook(delivery)).statusCode).toBe(200);
    expect((await webhook(fake.webhook("refund.processed", { refund: processed }))).statusCode).toBe(200);
    expect(await refundsOf(order._id)).toHaveLength(1);
    expect((await paymentsOf(order._id))[0]?.refundedAmount).toBe(200);
  });

  it("answers a pending refund retried with its Idempotency-Key as the same refund, with one activity entry", async () => {
    const { order, payment } = await paidOrder();
    fake.refundStatus = "pending";
    const send = () =>
      inject(t.app, {
        method: "POST",
        url: `/api/orders/${order._id}/refunds`,
        cookie: admin.cookie,
        headers: { "idempotency-key": `refund-${order._id}` },
        payload: { amount: 120, reason: "Arrived damaged", restock: false },
      });
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(202);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "pending" }]);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, order._id), eq(activity.kind, "order.refunded")));
    expect(entries).toHaveLength(1);
  });

  it("leaves a return received while its refund is pending, and refunded once refunding it again finds the refund done", async () => {
    const { order, payment, user } = await paidOrder();
    const db = t.database.db;
    const mail = await t.app.mailContext();
    const shipment = await createShipment(
      db,
      admin.user,
      order._id,
      { carrier: "Other", trackingNumber: "RZP-1" },
      { carriers: [], mail },
    );
    await deliverShipment(db, admin.user, order._id, shipment._id, mail);
    const line = (await getOrder(db, user, order._id)).products[0]?._id ?? "";
    const ret = await requestReturn(
      db,
      user,
      { order: order._id, lines: [{ line, quantity: 1 }], reason: "changed_mind", note: "" },
      { windowDays: 7, mail },
    );
    const step = (path: string) =>
      inject(t.app, {
        method: "POST",
        url: `/api/returns/${ret._id}/${path}`,
        cookie: admin.cookie,
        payload: {},
      });
    expect((await step("approve")).statusCode).toBe(200);
    expect((await step("receive")).statusCode).toBe(200);

    fake.refundStatus = "pending";
    const first = await step("refund");
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe(api.refundPending);
    expect(first.json().data.status).toBe("received");
    const [given] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    const processed = fake.settleRefund(given?.id ?? "", "processed");
    expect((await webhook(fake.webhook("refund.processed", { refund: processed }))).statusCode).toBe(200);
    const again = await step("refund");
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe("refunded");
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "completed", providerRefundId: given?.id }]);
  });

  it("frees the amount of a refund Razorpay failed", async () => {
    const { order, payment } = await paidOrder();
    fake.refundStatus = "pending";
    expect((await refund(order._id, order.totalAmount)).statusCode).toBe(202);
    const [given] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    const failed = fake.settleRefund(given?.id ?? "", "failed");
    expect((await webhook(fake.webhook("refund.failed", { refund: failed }))).statusCode).toBe(200);
    expect(await refundsOf(order._id)).toEqual([]);
    fake.refundStatus = "processed";
    expect((await refund(order._id, order.totalAmount)).statusCode).toBe(201);
    expect((await paymentsOf(order._id))[0]?.status).toBe("refunded");
  });

  it("records a refund made in Razorpay's dashboard from refund.processed, once", async () => {
    const { order, payment } = await paidOrder();
    const made = fake.refundDirectly(payment.id, 5000);
    const delivery = fake.webhook("refund.processed", { refund: made });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect((await webhook(fake.webhook("refund.processed", { refund: made }))).statusCode).toBe(200);
    expect(await refundsOf(order._id)).toMatchObject([
      { status: "completed", providerRefundId: made.id, amount: 50 },
    ]);
  });
});

/** Makes a Razorpay order look as made `minutes` ago, as the sweep finds it then. */
async function age(
  table: "razorpay_orders" | "refunds",
  where: { id?: string; orderId?: string },
  minutes: number,
) {
  const at = new Date(Date.now() - minutes * 60_000);
  if (table === "razorpay_orders" && where.id)
    await t.database.db.update(razorpayOrders).set({ createdAt: at }).where(eq(razorpayOrders.id, where.id));
  if (table === "refunds" && where.orderId)
    await t.database.db.update(refunds).set({ createdAt: at }).where(eq(refunds.orderId, where.orderId));
}

async function sweep() {
  return sweepPayments(
    t.database.db,
    t.app.paymentProviders,
    { holdMinutes: 30, mail: await t.app.mailContext() },
    { afterMs: 5 * 60_000, log: t.app.log },
  );
}

describe("the payment sweep", () => {
  it("pays the order of a shopper who closed the tab when no webhook came, once, leaving young orders to the browser", async () => {
    const { cookie, email, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const { payment } = fake.pay(razorpayOrderId, { method: "upi", status: "authorized" });
    expect((await sweep()).paid).toBe(0);
    expect(await paymentsOf(order._id)).toEqual([]);

    await age("razorpay_orders", { id: razorpayOrderId }, 6);
    expect((await sweep()).paid).toBe(1);
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
    const traces = await paidTraces(order._id, email);
    expect(traces).toEqual({
      payments: 1,
      invoice: expect.stringMatching(/^INV\d{4}\//),
      paidEvents: 1,
      emails: 1,
      ledger: 1,
    });
    expect(await paymentsOf(order._id)).toMatchObject([{ method: "upi" }]);

    // Asked again later, and the webhook arriving late: nothing more.
    await t.database.db
      .update(razorpayOrders)
      .set({ checkedAt: null })
      .where(eq(razorpayOrders.id, razorpayOrderId));
    expect((await sweep()).paid).toBe(0);
    const late = fake.payments.get(payment.id) as FakeRazorpayPayment;
    expect((await webhook(fake.webhook("payment.captured", { payment: late }))).statusCode).toBe(200);
    expect(await paidTraces(order._id, email)).toEqual(traces);
  });

  it("leaves an order unpaid when nobody paid its Razorpay order, asking again only after a while", async () => {
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    await age("razorpay_orders", { id: razorpayOrderId }, 6);
    const asked = () => fake.callsTo(new RegExp(`/v1/orders/${razorpayOrderId}/payments$`)).length;
    await sweep();
    expect(asked()).toBe(1);
    await sweep();
    expect(asked()).toBe(1);
    expect((await orderRow(order._id))?.status).toBe("pending");
  });

  /**
   * Refunds `amount` of the order through a Razorpay whose process dies while refunding: before
   * asking Razorpay, or after Razorpay made the refund but before the shop recorded it. The
   * reservation is left as the dead process left it.
   */
  async function refundThatDies(
    orderId: string,
    paymentId: string,
    amount: number,
    diesAfterAsking: boolean,
  ) {
    const real = t.app.paymentProviders.razorpay as RazorpayProvider;
    const dying: RazorpayProvider = Object.create(real);
    dying.refund = async (request: RefundRequest) => {
      if (diesAfterAsking) await real.refund(request);
      return new Promise<never>(() => undefined);
    };
    void refundOrder(
      t.database.db,
      { ...t.app.paymentProviders, razorpay: dying },
      admin.user,
      orderId,
      { amount, reason: "Arrived damaged", restock: false },
      { mail: await t.app.mailContext(), log: t.app.log },
    );
    await expect.poll(async () => (await refundsOf(orderId)).length).toBe(1);
    if (diesAfterAsking)
      await expect
        .poll(() => fake.callsTo(/\/refund$/).filter((call) => call.path.includes(paymentId)).length)
        .toBe(1);
  }

  it("frees the amount of a refund reserved before a crash that never reached Razorpay", async () => {
    const { order, payment } = await paidOrder();
    await refundThatDies(order._id, payment.id, 300, false);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "pending", providerRefundId: null }]);
    expect((await sweep()).refunds).toBe(0);
    await age("refunds", { orderId: order._id }, 6);
    expect((await sweep()).refunds).toBe(1);
    expect(await refundsOf(order._id)).toEqual([]);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toEqual([]);
    expect((await refund(order._id, order.totalAmount)).statusCode).toBe(201);
  });

  it("records, once, a refund Razorpay made for a process that died before recording it", async () => {
    const { order, payment } = await paidOrder();
    await refundThatDies(order._id, payment.id, 300, true);
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(made).toHaveLength(1);
    await age("refunds", { orderId: order._id }, 6);
    expect((await sweep()).refunds).toBe(1);
    expect(await refundsOf(order._id)).toMatchObject([
      {
        status: "completed",
        providerRefundId: made[0]?.id,
        amount: 300,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect((await sweep()).refunds).toBe(0);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect((await paymentsOf(order._id))[0]?.refundedAmount).toBe(300);
  });

  it("completes a refund Razorpay paid out when its webhook never came", async () => {
    const { order, payment } = await paidOrder();
    fake.refundStatus = "pending";
    expect((await refund(order._id, 150)).statusCode).toBe(202);
    const [given] = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    await age("refunds", { orderId: order._id }, 6);
    expect((await sweep()).refunds).toBe(0);
    fake.settleRefund(given?.id ?? "", "processed");
    expect((await sweep()).refunds).toBe(1);
    expect(await refundsOf(order._id)).toMatchObject([{ status: "completed", providerRefundId: given?.id }]);
  });
});

describe("a shop without Razorpay", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => plain.close());

  it("answers 404 for the key, 400 for an order or a result, and refuses the webhook", async () => {
    expect((await inject(plain.app, { method: "GET", url: "/api/payments/razorpay" })).statusCode).toBe(404);
    const shopper = await quickUser(plain, "customer");
    const created = await inject(plain.app, {
      method: "POST",
      url: "/api/payments/razorpay/orders",
      cookie: shopper.cookie,
      payload: { order: "64a000000000000000000001" },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(api.razorpayNotConfigured);
    const delivery = fake.webhook("payment.captured", {});
    const response = await plain.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.webhookRejected);
    const junk = await plain.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(junk.statusCode).toBe(400);
  });

  it("names Razorpay's hosts in the page's CSP only when Razorpay is configured", async () => {
    const csp = async (app: TestApp) =>
      String(
        (await inject(app.app, { method: "GET", url: "/api/health" })).headers["content-security-policy"],
      );
    expect(await csp(plain)).not.toContain("razorpay");
    const configured = await csp(t);
    expect(configured).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(configured).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
  });
});

itKeepsPaymentStates(() => t);

describe("money the order cannot take (unmatched payments)", () => {
  const rupees = (paise: number) => formatMoney(paise / 100, { code: "INR", locale: "en-IN" });
  const unmatchedOf = (orderId: string) =>
    t.database.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.orderId, orderId));
  const refundsAtRazorpay = (paymentId: string) =>
    [...fake.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  const listUnmatched = async () => {
    const response = await inject(t.app, {
      method: "GET",
      url: "/api/payments/unmatched",
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.items as { _id: string; providerPaymentId: string; state: string }[];
  };
  async function holdUnmatched(hold: boolean) {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
    const checkout = settings.json().data.checkout;
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: { ...checkout, holdUnmatchedPayments: hold },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it("gives two payments authorised for one order (two tabs) one order payment and one unmatched payment, refunded once", async () => {
    const { cookie, order, paise } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const first = fake.pay(razorpayOrderId, { status: "authorized" });
    const second = fake.pay(razorpayOrderId, { status: "authorized" });

    expect((await pay(cookie, order._id, first.result)).statusCode).toBe(201);
    const refused = await pay(cookie, order._id, second.result);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(api.secondPaymentRefunded(rupees(paise)));

    const taken = (await paymentsOf(order._id)).filter((p) => p.status === "completed");
    expect(taken.map((p) => p.transactionId)).toEqual([first.payment.id]);
    expect(await unmatchedOf(order._id)).toMatchObject([
      {
        provider: "razorpay",
        providerPaymentId: second.payment.id,
        amount: paise / 100,
        reason: "second_payment",
        state: "refunded",
      },
    ]);
    expect(refundsAtRazorpay(second.payment.id)).toMatchObject([{ amount: paise, status: "processed" }]);
    expect(refundsAtRazorpay(first.payment.id)).toEqual([]);

    // Sent again by the browser, and reported by its webhook: recorded and refunded once still.
    expect((await pay(cookie, order._id, second.result)).statusCode).toBe(409);
    expect(
      (await webhook(fake.webhook("payment.captured", { payment: fake.payments.get(second.payment.id) })))
        .statusCode,
    ).toBe(200);
    expect(await unmatchedOf(order._id)).toHaveLength(1);
    expect(refundsAtRazorpay(second.payment.id)).toHaveLength(1);
    expect(
      (await listUnmatched()).find((item) => item.providerPaymentId === second.payment.id),
    ).toMatchObject({
      state: "refunded",
    });
    // The order's history says so for staff; the shopper's history does not carry the note.
    const notes = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "note")));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.note).toContain(second.payment.id);
  });

  it("refunds a payment that lands after the hold sweep cancelled its order, reported by webhook or by the browser", async () => {
    const { cookie, order, paise } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const late = fake.pay(razorpayOrderId, { status: "authorized" });
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(orders.id, order._id));
    await sweepExpiredOrders(t.database.db, 30, await t.app.mailContext());
    expect((await orderRow(order._id))?.status).toBe("cancelled");

    const delivery = fake.webhook("payment.authorized", { payment: fake.payments.get(late.payment.id) });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(await unmatchedOf(order._id)).toMatchObject([
      { providerPaymentId: late.payment.id, reason: "order_closed", state: "refunded" },
    ]);
    expect(refundsAtRazorpay(late.payment.id)).toMatchObject([{ amount: paise }]);

    const refused = await pay(cookie, order._id, late.result);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(api.closedOrderPaymentRefunded(rupees(paise)));
    expect(refundsAtRazorpay(late.payment.id)).toHaveLength(1);
    expect((await paymentsOf(order._id)).filter((p) => p.status === "completed")).toEqual([]);
    expect((await orderRow(order._id))?.status).toBe("cancelled");
  });

  it("lets the hold sweep pass over an order whose payment is being captured, until the claim is stale", async () => {
    const { order } = await shopperWithOrder();
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await t.database.db.update(orders).set({ createdAt: old }).where(eq(orders.id, order._id));
    const row = await orderRow(order._id);
    const claimed = await claimOrderForPayment(t.database.db, {
      orderId: order._id,
      userId: row?.userId ?? "",
      claim: "razorpay:pay_InFlight",
    });
    expect(claimed?.paymentClaim).toBe("razorpay:pay_InFlight");
    await sweepExpiredOrders(t.database.db, 30, await t.app.mailContext());
    expect((await orderRow(order._id))?.status).toBe("pending");
    await t.database.db
      .update(orders)
      .set({ paymentClaimedAt: new Date(Date.now() - (PAYMENT_CLAIM_SECONDS + 5) * 1000) })
      .where(eq(orders.id, order._id));
    await sweepExpiredOrders(t.database.db, 30, await t.app.mailContext());
    expect((await orderRow(order._id))?.status).toBe("cancelled");
  });

  it("holds one for review when the owner asks, refunded once by staff (409 when not held, 404 unknown)", async () => {
    await holdUnmatched(true);
    try {
      const { cookie, order, paise } = await shopperWithOrder();
      const razorpayOrderId = await openCheckout(cookie, order._id);
      const first = fake.pay(razorpayOrderId, { status: "captured" });
      const second = fake.pay(razorpayOrderId, { status: "captured" });
      expect((await pay(cookie, order._id, first.result)).statusCode).toBe(201);
      expect((await pay(cookie, order._id, second.result)).statusCode).toBe(409);
      const [held] = await unmatchedOf(order._id);
      expect(held).toMatchObject({ state: "held", providerPaymentId: second.payment.id });
      expect(refundsAtRazorpay(second.payment.id)).toEqual([]);
      if (!held) throw new Error("nothing held");

      const refund = (id: string) =>
        inject(t.app, { method: "POST", url: `/api/payments/unmatched/${id}/refund`, cookie: admin.cookie });
      const done = await refund(held.id);
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({
        _id: held.id,
        order: order._id,
        orderNumber: order.number,
        provider: "razorpay",
        amount: paise / 100,
        currency: "INR",
        reason: "second_payment",
        state: "refunded",
      });
      expect(refundsAtRazorpay(second.payment.id)).toMatchObject([{ amount: paise }]);
      const entries = await t.database.db
        .select()
        .from(activity)
        .where(and(eq(activity.kind, "payment.unmatched_refunded"), eq(activity.subjectId, order._id)));
      expect(entries).toHaveLength(1);

      const again = await refund(held.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(api.unmatchedPaymentNotHeld);
      const unknown = await refund("0123456789abcdef01234567");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(api.unmatchedPaymentNotFound);
      const shopperTries = await inject(t.app, {
        method: "POST",
        url: `/api/payments/unmatched/${held.id}/refund`,
        cookie,
      });
      expect(shopperTries.statusCode).toBe(403);
      expect(refundsAtRazorpay(second.payment.id)).toHaveLength(1);
    } finally {
      await holdUnmatched(false);
    }
  });

  it("keeps a refund Razorpay holds pending as refunding, and the sweep records it refunded once it is processed", async () => {
    fake.refundStatus = "pending";
    const { cookie, order } = await shopperWithOrder();
    const razorpayOrderId = await openCheckout(cookie, order._id);
    const first = fake.pay(razorpayOrderId, { status: "captured" });
    const second = fake.pay(razorpayOrderId, { status: "captured" });
    expect((await pay(cookie, order._id, first.result)).statusCode).toBe(201);
    expect((await pay(cookie, order._id, second.result)).statusCode).toBe(409);
    const [pending] = await unmatchedOf(order._id);
    expect(pending).toMatchObject({ state: "refunding", providerRefundId: expect.stringMatching(/^rfnd_/) });
    const [made] = refundsAtRazorpay(second.payment.id);
    if (!pending || !made) throw new Error("no pending refund");

    const due = async () =>
      t.database.db
        .update(unmatchedPayments)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(unmatchedPayments.id, pending.id));
    await due();
    await sweep();
    expect((await unmatchedOf(order._id))[0]?.state).toBe("refunding");
    fake.settleRefund(made.id, "processed");
    await due();
    expect((await sweep()).unmatched).toBe(1);
    expect((await unmatchedOf(order._id))[0]).toMatchObject({ state: "refunded", providerRefundId: made.id });
    expect(refundsAtRazorpay(second.payment.id)).toHaveLength(1);
  });
});
