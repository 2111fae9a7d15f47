import { api, validation } from "@shop/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newId } from "#api/core/ids";
import { orders, payments } from "#api/db/schema/orders";
import { products } from "#api/db/schema/products";
import { unmatchedPayments } from "#api/db/schema/unmatched-payments";
import { list } from "#api/http/envelope";
import { foldSoldCounts } from "#api/modules/products/repo-sold";
import { TEST_CARDS } from "#api/payments/test-gateway";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { APPROVED_CARD as APPROVED, ADDRESS as address, DECLINED_CARD as DECLINED } from "#test/fixtures";
import { METRICS_TOKEN, sampleOf, scrape } from "#test/metrics";
import { itKeepsPaymentStates } from "#test/payment-state";
import { FAKE_PAYER_EMAIL, PaypalFake } from "#test/paypal-fake";
import { claimOrderForPayment } from "./repo-unmatched";
import { listPaymentDtos } from "./service";

/**
 * A signed-in shopper with a pending order of `quantity` units at `price`, placed with tampered client
 * amounts. 2 x 100: items 200, shipping 80, GST 36 → total 316.
 */
async function shopperWithOrder(t: TestApp, { price = 100, quantity = 2 } = {}) {
  const shopper = await signedInUser(t);
  const category = await makeCategory(t.database);
  const thumbnail = await makeMedia(t.database);
  const product = await makeProduct(
    t.database,
    { category: category.id, thumbnail: thumbnail.id },
    { price, stock: 10 },
  );
  const saved = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: address,
  });
  expect(saved.statusCode).toBe(201);
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: {
      products: [{ product: product._id, quantity, price: 0.01, savedAmount: 99 }],
      shippingAddress: saved.json().data._id,
      subTotal: 0.01,
      shippingAmount: 0,
      taxAmount: 0,
      totalAmount: 0.01,
      status: "delivered",
    },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().data as { _id: string; totalAmount: number; status: string };
  return { ...shopper, order, productId: product._id };
}

async function paymentsOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function orderRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The product's best-seller count once the units written since the last fold are added up. */
async function soldCount(t: TestApp, productId: string) {
  await foldSoldCounts(t.database.db);
  const [row] = await t.database.db
    .select({ soldCount: products.soldCount })
    .from(products)
    .where(eq(products.id, productId));
  return row?.soldCount;
}

function pay(t: TestApp, cookie: string | undefined, payload: Record<string, unknown>) {
  return inject(t.app, { method: "POST", url: "/api/payments", cookie, payload });
}

describe("with the built-in test gateway (no PayPal credentials)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("tells anyone that the test gateway is active, with no client id", async () => {
    const response = await inject(t.app, { method: "GET", url: "/api/payments/paypal" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ provider: "test", clientId: null, currency: "USD" });
  });

  it("pays with the approved test card: order processing, payment linked, sold count up", async () => {
    const { cookie, email, order, productId } = await shopperWithOrder(t);
    expect(order.totalAmount).toBe(316);
    const productVersion = () =>
      t.database.db
        .select({ version: sql<string>`xmin::text` })
        .from(products)
        .where(eq(products.id, productId));
    const placedVersion = await productVersion();
    const response = await pay(t, cookie, {
      order: order._id,
      paymentGateway: "test",
      card: APPROVED,
      amount: 0.01,
      status: "COMPLETED",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe("Order paid successfully.");
    expect(body.data).toMatchObject({
      order: order._id,
      status: "completed",
      amount: 316,
      currency: "USD",
      paymentGateway: "test",
      email_address: email,
    });
    expect(body.data.transactionId).toMatch(/^test_[0-9a-f]+$/);

    const mine = await inject(t.app, { method: "GET", url: `/api/orders/current-user/${order._id}`, cookie });
    expect(mine.json().data.status).toBe("processing");
    expect(mine.json().data.payment).toMatchObject({ _id: body.data._id, status: "completed" });
    // The payment leaves the product's row alone: its units are added at the next fold.
    expect(await productVersion()).toEqual(placedVersion);
    expect(await soldCount(t, productId)).toBe(2);
  });

  it("declines the declined card with the SPEC message: a failed payment, the order pending and still payable", async () => {
    const { cookie, order, productId } = await shopperWithOrder(t);
    const declined = await pay(t, cookie, { order: order._id, paymentGateway: "test", card: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe("Something went wrong, please try again later...");

    const rows = await paymentsOf(t, order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "failed", amount: 316, paymentGateway: "test" });
    expect(await orderRow(t, order._id)).toMatchObject({ status: "pending", paymentId: null });
    expect(await soldCount(t, productId)).toBe(0);

    const retried = await pay(t, cookie, { order: order._id, paymentGateway: "test", card: APPROVED });
    expect(retried.statusCode).toBe(201);
    expect(await orderRow(t, order._id)).toMatchObject({
      status: "processing",
      paymentId: retried.json().data._id,
    });
    expect(rows[0]?.transactionId).not.toBe(retried.json().data.transactionId);
  });

  it("declines any other card number that passes the checks, recording the failed payment", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const other = await pay(t, cookie, {
      order: order._id,
      paymentGateway: "test",
      card: { ...APPROVED, number: "5555555555554444" },
    });
    expect(other.statusCode).toBe(402);
    expect((await paymentsOf(t, order._id)).map((p) => p.status)).toEqual(["failed"]);
    expect((await orderRow(t, order._id))?.status).toBe("pending");
  });

  it("refuses to pay an order twice: 409 and one completed payment", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const body = { order: order._id, paymentGateway: "test", card: APPROVED };
    expect((await pay(t, cookie, body)).statusCode).toBe(201);
    const again = await pay(t, cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(api.alreadyPaid);
    const rows = await paymentsOf(t, order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("completed");
  });

  it("records one payment when the same order is paid twice at once, charging the card once", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const gateway = t.app.paymentProviders.test;
    if (!gateway) throw new Error("no test gateway");
    const charges = vi.spyOn(gateway, "charge");
    try {
      const body = { order: order._id, paymentGateway: "test", card: APPROVED };
      const answers = await Promise.all([pay(t, cookie, body), pay(t, cookie, body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      // The second is refused before any money moves: another payment holds the order's claim, or paid it.
      const refused = answers.find((a) => a.statusCode === 409);
      expect([api.paymentInProgress, api.alreadyPaid]).toContain(refused?.json().message);
      expect(charges).toHaveBeenCalledTimes(1);
      expect(await paymentsOf(t, order._id)).toHaveLength(1);
      expect(
        await t.database.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.orderId, order._id)),
      ).toEqual([]);
    } finally {
      charges.mockRestore();
    }
  });

  it("refuses a card payment while another payment of the order is being captured, charging nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    const claimed = await claimOrderForPayment(t.database.db, {
      orderId: order._id,
      userId: row?.userId ?? "",
      claim: "paypal:IN-FLIGHT",
    });
    expect(claimed).toBeDefined();
    const gateway = t.app.paymentProviders.test;
    if (!gateway) throw new Error("no test gateway");
    const charges = vi.spyOn(gateway, "charge");
    try {
      const response = await pay(t, cookie, { order: order._id, paymentGateway: "test", card: APPROVED });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(api.paymentInProgress);
      expect(charges).not.toHaveBeenCalled();
      expect(await paymentsOf(t, order._id)).toHaveLength(0);
    } finally {
      charges.mockRestore();
    }
  });

  it("answers 404 for someone else's order and records nothing", async () => {
    const { order } = await shopperWithOrder(t);
    const stranger = await signedInUser(t);
    const response = await pay(t, stranger.cookie, {
      order: order._id,
      paymentGateway: "test",
      card: APPROVED,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(api.orderNotFound);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
    const missing = await pay(t, stranger.cookie, { order: newId(), paymentGateway: "test", card: APPROVED });
    expect(missing.statusCode).toBe(404);
  });

  it("asks an anonymous caller to sign in, before looking at the body", async () => {
    const { order } = await shopperWithOrder(t);
    const response = await pay(t, undefined, { order: order._id, paymentGateway: "test", card: APPROVED });
    expect(response.statusCode).toBe(401);
    expect((await pay(t, undefined, { order: "nonsense" })).statusCode).toBe(401);
    const paypalOrder = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      payload: { order: order._id },
    });
    expect(paypalOrder.statusCode).toBe(401);
  });

  it("refuses a cancelled order: 409, nothing charged", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const cancel = await inject(t.app, { method: "PATCH", url: `/api/orders/${order._id}/cancel`, cookie });
    expect(cancel.statusCode).toBe(200);
    const response = await pay(t, cookie, { order: order._id, paymentGateway: "test", card: APPROVED });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(api.orderNotPayable);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("refuses PayPal while it is not configured", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie,
      payload: { order: order._id },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(api.paypalNotConfigured);
    const captured = await pay(t, cookie, {
      order: order._id,
      paymentGateway: "paypal",
      transactionId: "5O190127TN364715T",
    });
    expect(captured.statusCode).toBe(400);
    expect(captured.json().message).toBe(api.paypalNotConfigured);
    const webhook = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/webhook",
      payload: { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} },
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().message).toBe(api.webhookRejected);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("answers bad input with 400 and the field messages, never 500", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { order: order._id, paymentGateway: "test", card: { number: "4242", expiry: "13/30", cvc: "12" } },
        {
          "card.number": validation.cardNumber,
          "card.expiry": validation.cardExpiry,
          "card.cvc": validation.cardCvc,
        },
      ],
      // A card a real gateway refuses before charging: a failed checksum, a past expiry.
      [
        { order: order._id, paymentGateway: "test", card: { ...APPROVED, number: "4242 4242 4242 4241" } },
        { "card.number": validation.cardNumber },
      ],
      [
        { order: order._id, paymentGateway: "test", card: { ...APPROVED, expiry: "01/20" } },
        { "card.expiry": validation.cardExpired },
      ],
      [
        { order: order._id, paymentGateway: "test", card: { ...APPROVED, cvc: "12345" } },
        { "card.cvc": validation.cardCvc },
      ],
      [{ order: order._id, paymentGateway: "test" }, { card: validation.required }],
      [{ order: "42", paymentGateway: "test", card: APPROVED }, { order: validation.id }],
      [
        { order: order._id, paymentGateway: "stripe" },
        { paymentGateway: validation.oneOf(["paypal", "test", "cod", "razorpay", "store_credit"]) },
      ],
      [{ order: order._id, paymentGateway: "paypal" }, { transactionId: validation.required }],
      [
        { order: order._id, paymentGateway: "test", card: APPROVED, user: newId() },
        { user: validation.unknownField },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await pay(t, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toMatchObject(errors);
    }
    const notJson = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("refuses a webhook body without an id or event type with the webhook's message", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/payments/paypal/webhook",
      payload: { resource: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: api.webhookRejected,
      errors: { id: api.webhookRejected, event_type: api.webhookRejected },
    });
  });

  it("keeps the approved test card number where the pay page can show it", () => {
    expect(TEST_CARDS.approved).toBe(APPROVED.number.replaceAll(" ", ""));
  });

  itKeepsPaymentStates(() => t);
});

describe("the staff payment lists", () => {
  let t: TestApp;
  let completed: { _id: string; transactionId: string };
  let declinedEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    const paid = await shopperWithOrder(t);
    completed = (
      await pay(t, paid.cookie, { order: paid.order._id, paymentGateway: "test", card: APPROVED })
    ).json().data;
    const unlucky = await shopperWithOrder(t);
    declinedEmail = unlucky.email;
    for (let i = 0; i < 2; i++)
      await pay(t, unlucky.cookie, { order: unlucky.order._id, paymentGateway: "test", card: DECLINED });
  });
  afterAll(async () => t.close());

  const urls = () => ["/api/payments", "/api/payments/status/completed", `/api/payments/${completed._id}`];

  it("are for admins only: anonymous 401, shopper 403, manager 403, admin 200", async () => {
    const shopper = await signedInUser(t, "customer");
    const manager = await signedInUser(t, "manager");
    const admin = await signedInUser(t, "admin");
    for (const url of urls()) {
      expect((await inject(t.app, { method: "GET", url })).statusCode, url).toBe(401);
      expect((await inject(t.app, { method: "GET", url, cookie: shopper.cookie })).statusCode, url).toBe(403);
      expect((await inject(t.app, { method: "GET", url, cookie: manager.cookie })).statusCode, url).toBe(403);
      expect((await inject(t.app, { method: "GET", url, cookie: admin.cookie })).statusCode, url).toBe(200);
    }
    // The guard answers before the parameters are checked.
    const bogus = await inject(t.app, {
      method: "GET",
      url: "/api/payments/status/bogus",
      cookie: shopper.cookie,
    });
    expect(bogus.statusCode).toBe(403);
  });

  it("page newest first with paging meta, filter by status and keyword", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const get = (url: string) => inject(t.app, { method: "GET", url, cookie });

    const first = (await get("/api/payments?size=2")).json();
    expect(first.data).toHaveLength(2);
    expect(first.meta).toEqual({ page: 1, size: 2, total: 3, pageCount: 2 });
    const second = (await get("/api/payments?size=2&page=2")).json();
    expect(second.data).toHaveLength(1);
    expect(second.data[0]._id).toBe(completed._id);
    expect(first.data.map((p: { status: string }) => p.status)).toEqual(["failed", "failed"]);

    const successful = (await get("/api/payments/status/completed")).json();
    expect(successful.data.map((p: { _id: string }) => p._id)).toEqual([completed._id]);
    expect((await get("/api/payments/status/failed")).json().meta.total).toBe(2);
    expect((await get("/api/payments/status/pending")).json().data).toEqual([]);

    const byTransaction = (await get(`/api/payments?keyword=${completed.transactionId.slice(0, 12)}`)).json();
    expect(byTransaction.data.map((p: { _id: string }) => p._id)).toEqual([completed._id]);
    const byEmail = (await get(`/api/payments?keyword=${encodeURIComponent(declinedEmail)}`)).json();
    expect(byEmail.meta.total).toBe(2);
    expect((await get("/api/payments?keyword=%25")).json().data).toEqual([]);
  });

  it("counts at most the cap and says so, paging on past the counted payments while more follow", async () => {
    // Three payments, counted up to two: the cap's total, and page 2 of size 2 holds the third.
    const first = await listPaymentDtos(t.database.db, {}, { page: 1, size: 2 }, 2);
    expect(first).toMatchObject({ total: 2, totalCapped: true, more: true });
    const second = await listPaymentDtos(t.database.db, {}, { page: 2, size: 2 }, 2);
    expect(second.items.map((payment) => payment._id)).toEqual([completed._id]);
    expect(list(second.items, { page: 2, size: 2, ...second }).meta).toMatchObject({
      total: 2,
      totalCapped: true,
      pageCount: 2,
    });
    const failed = await listPaymentDtos(t.database.db, { status: "failed" }, { page: 1, size: 5 }, 1);
    expect(failed).toMatchObject({ total: 1, totalCapped: true, more: false });
    expect(failed.items).toHaveLength(2);
    // The routes count up to COUNT_CAP: three payments are three.
    const { cookie } = await signedInUser(t, "admin");
    const meta = (await inject(t.app, { method: "GET", url: "/api/payments", cookie })).json().meta;
    expect(meta).toEqual({ page: 1, size: 8, total: 3, pageCount: 1 });
  });

  it("shows one payment, 404 for an unknown id, 400 for a malformed id or status", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const one = await inject(t.app, { method: "GET", url: `/api/payments/${completed._id}`, cookie });
    expect(one.json().data).toMatchObject({ _id: completed._id, status: "completed", amount: 316 });
    const unknown = await inject(t.app, { method: "GET", url: `/api/payments/${newId()}`, cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.paymentNotFound);
    const malformed = await inject(t.app, { method: "GET", url: "/api/payments/not-an-id", cookie });
    expect(malformed.statusCode).toBe(400);
    const status = await inject(t.app, { method: "GET", url: "/api/payments/status/settled", cookie });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual({
      status: validation.oneOf(["pending", "completed", "partially_refunded", "refunded", "failed"]),
    });
  });

  itKeepsPaymentStates(() => t);
});

describe("with PayPal (a local fake of its REST API)", () => {
  let fake: PaypalFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await PaypalFake.start();
    t = await createTestApp({ ...fake.env, METRICS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.captureOverride = undefined;
    fake.failNext = 0;
  });

  async function createPaypalOrder(cookie: string, orderId: string) {
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie,
      payload: { order: orderId },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  }

  function capture(cookie: string, orderId: string, paypalOrderId: string) {
    return pay(t, cookie, { order: orderId, paymentGateway: "paypal", transactionId: paypalOrderId });
  }

  function webhook(event: Record<string, unknown>, signature = fake.validSignature) {
    return inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/webhook",
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594",
        "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
        "paypal-transmission-sig": signature,
        "paypal-transmission-time": new Date().toISOString(),
      },
      payload: JSON.stringify(event),
    });
  }

  function captureEvent(
    type: "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.DENIED",
    captured: { id: string; status: string; value: string; customId: string },
  ) {
    return {
      id: `WH-${newId()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "capture",
      event_type: type,
      summary: "Payment",
      resource: {
        id: captured.id,
        status: captured.status,
        amount: { currency_code: "USD", value: captured.value },
        custom_id: captured.customId,
        final_capture: true,
        update_time: new Date().toISOString(),
      },
    };
  }

  it("gives the pay page PayPal's client id", async () => {
    const response = await inject(t.app, { method: "GET", url: "/api/payments/paypal" });
    expect(response.json().data).toEqual({ provider: "paypal", clientId: fake.clientId, currency: "USD" });
  });

  it("creates the PayPal order for the server's total, not the amounts the client sent", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const paypalOrderId = await createPaypalOrder(cookie, order._id);
    const stored = fake.orders.get(paypalOrderId);
    expect(stored?.amount).toEqual({ currency_code: "USD", value: "316.00" });
    expect(stored?.customId).toBe(order._id);

    // A retry is safe: the same PayPal-Request-Id answers with the same PayPal order.
    expect(await createPaypalOrder(cookie, order._id)).toBe(paypalOrderId);
    const creates = fake.callsTo(/^\/v2\/checkout\/orders$/);
    expect(new Set(creates.map((c) => c.requestId)).size).toBe(1);

    const tampered = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie,
      payload: { order: order._id, amount: 1 },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().errors).toEqual({ amount: validation.unknownField });
  });

  it("creates no PayPal order for someone else's order (404) or a paid one (409)", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const stranger = await signedInUser(t);
    const foreign = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie: stranger.cookie,
      payload: { order: order._id },
    });
    expect(foreign.statusCode).toBe(404);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    expect((await capture(cookie, order._id, id)).statusCode).toBe(201);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie,
      payload: { order: order._id },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(api.alreadyPaid);
  });

  it("captures an approved PayPal order and records the verified capture", async () => {
    const { cookie, order, productId } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    const response = await pay(t, cookie, {
      order: order._id,
      paymentGateway: "paypal",
      transactionId: id,
      amount: 0.01,
      status: "COMPLETED",
      email_address: "someone@else.example",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Order paid successfully.");
    const captureId = fake.orders.get(id)?.capture?.id;
    expect(response.json().data).toMatchObject({
      status: "completed",
      transactionId: captureId,
      amount: 316,
      currency: "USD",
      paymentGateway: "paypal",
      email_address: FAKE_PAYER_EMAIL,
    });
    expect(await orderRow(t, order._id)).toMatchObject({
      status: "processing",
      paymentId: response.json().data._id,
    });
    expect(await soldCount(t, productId)).toBe(2);
    const captures = fake.callsTo(new RegExp(`^/v2/checkout/orders/${id}/capture$`));
    expect(captures[0]?.requestId).toBeTruthy();
  });

  it("records the same capture once: posted twice, or twice at once", async () => {
    const first = await shopperWithOrder(t);
    const id = await createPaypalOrder(first.cookie, first.order._id);
    fake.approve(id);
    expect((await capture(first.cookie, first.order._id, id)).statusCode).toBe(201);
    const again = await capture(first.cookie, first.order._id, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(api.alreadyPaid);
    expect(await paymentsOf(t, first.order._id)).toHaveLength(1);

    const second = await shopperWithOrder(t);
    const id2 = await createPaypalOrder(second.cookie, second.order._id);
    fake.approve(id2);
    const answers = await Promise.all([
      capture(second.cookie, second.order._id, id2),
      capture(second.cookie, second.order._id, id2),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await paymentsOf(t, second.order._id)).toHaveLength(1);
    // Both captures (if both reached PayPal) carried the same request id, so PayPal captured once.
    const requestIds = fake
      .callsTo(new RegExp(`^/v2/checkout/orders/${id2}/capture$`))
      .map((c) => c.requestId);
    expect(new Set(requestIds).size).toBe(1);
  });

  it("refuses a capture of a different amount and records nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    fake.captureOverride = { value: "1.00" };
    const response = await capture(cookie, order._id, id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.paymentMismatch);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
    expect(await orderRow(t, order._id)).toMatchObject({ status: "pending", paymentId: null });
  });

  it("refuses a capture in another currency and records nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    fake.captureOverride = { currency: "EUR" };
    expect((await capture(cookie, order._id, id)).statusCode).toBe(400);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("refuses a PayPal order made for another order without capturing it", async () => {
    const cheap = await shopperWithOrder(t, { price: 1, quantity: 1 });
    const dear = await shopperWithOrder(t);
    const cheapPaypalOrder = await createPaypalOrder(cheap.cookie, cheap.order._id);
    fake.approve(cheapPaypalOrder);
    const response = await capture(dear.cookie, dear.order._id, cheapPaypalOrder);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.paymentMismatch);
    expect(fake.orders.get(cheapPaypalOrder)?.status).toBe("APPROVED");
    expect(await paymentsOf(t, dear.order._id)).toHaveLength(0);
  });

  it("answers 402 for an order the buyer did not approve, recording nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    const response = await capture(cookie, order._id, id);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(api.paymentDeclined);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("records a declined capture as failed; the order stays pending", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    fake.captureOverride = { status: "DECLINED" };
    const response = await capture(cookie, order._id, id);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe("Something went wrong, please try again later...");
    const rows = await paymentsOf(t, order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "failed", paymentGateway: "paypal" });
    expect(await orderRow(t, order._id)).toMatchObject({ status: "pending", paymentId: null });
  });

  it("records a pending capture without paying the order; its webhook completes it later", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    fake.captureOverride = { status: "PENDING" };
    const response = await capture(cookie, order._id, id);
    expect(response.statusCode).toBe(202);
    expect(response.json().data.status).toBe("pending");
    expect((await orderRow(t, order._id))?.status).toBe("pending");
    const paidBefore = sampleOf(await scrape(t.app), "shop_orders_paid_total");

    const captureId = fake.orders.get(id)?.capture?.id ?? "";
    const event = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: captureId,
      status: "COMPLETED",
      value: "316.00",
      customId: order._id,
    });
    const completed = await webhook(event);
    expect(completed.statusCode).toBe(200);
    const rows = await paymentsOf(t, order._id);
    expect(rows.map((p) => p.status)).toEqual(["completed"]);
    expect(await orderRow(t, order._id)).toMatchObject({ status: "processing", paymentId: rows[0]?.id });
    // Paid by the webhook, counted then (the 202 was not); the same event again is not counted twice.
    const counted = sampleOf(await scrape(t.app), "shop_orders_paid_total");
    expect(counted - paidBefore).toBe(1);
    expect((await webhook(event)).statusCode).toBe(200);
    expect(sampleOf(await scrape(t.app), "shop_orders_paid_total")).toBe(counted);
  });

  it("refuses the test gateway: a shop with PayPal never takes test cards", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const response = await pay(t, cookie, { order: order._id, paymentGateway: "test", card: APPROVED });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(api.testGatewayDisabled);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
  });

  it("answers 404 for an unknown PayPal order and 502 when PayPal fails, recording nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const unknown = await capture(cookie, order._id, "NOSUCHORDER123");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.paymentNotFound);

    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    fake.failNext = 1;
    const failed = await capture(cookie, order._id, id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(api.paymentProviderUnavailable);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
    // PayPal is back: the shopper simply tries again.
    expect((await capture(cookie, order._id, id)).statusCode).toBe(201);
  });

  it("refuses a webhook whose signature PayPal does not confirm, changing nothing", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    const forged = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "FORGEDCAPTURE123",
      status: "COMPLETED",
      value: "316.00",
      customId: order._id,
    });
    const response = await webhook(forged, "forged-signature");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(api.webhookRejected);
    const unsigned = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/webhook",
      payload: forged,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(api.webhookRejected);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
    expect(await orderRow(t, order._id)).toMatchObject({ status: "pending", paymentId: null });
  });

  it("sends PayPal the webhook body byte for byte to verify", async () => {
    const raw =
      '{ "id":"WH-RAW-1",  "event_type":"CHECKOUT.ORDER.APPROVED", "resource":{"amount":{"value":"1.50"}} }';
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/webhook",
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/cert",
        "paypal-transmission-id": "raw-1",
        "paypal-transmission-sig": fake.validSignature,
        "paypal-transmission-time": new Date().toISOString(),
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    const verify = fake.callsTo(/verify-webhook-signature/).at(-1);
    expect(verify?.body).toContain(`"webhook_event":${raw}`);
    expect(JSON.parse(verify?.body ?? "{}").webhook_id).toBe(fake.webhookId);
  });

  it("records a completed capture from the webhook once, even when the capture call did too", async () => {
    // The capture call first, then PayPal's webhook for the same capture.
    const first = await shopperWithOrder(t);
    const id = await createPaypalOrder(first.cookie, first.order._id);
    fake.approve(id);
    expect((await capture(first.cookie, first.order._id, id)).statusCode).toBe(201);
    const captureId = fake.orders.get(id)?.capture?.id ?? "";
    const event = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: captureId,
      status: "COMPLETED",
      value: "316.00",
      customId: first.order._id,
    });
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await paymentsOf(t, first.order._id)).toHaveLength(1);

    // The webhook first (twice, as PayPal retries), then the shopper's capture call.
    const second = await shopperWithOrder(t);
    const id2 = await createPaypalOrder(second.cookie, second.order._id);
    fake.approve(id2);
    const direct = fake.captureDirectly(id2);
    const event2 = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: direct.id,
      status: "COMPLETED",
      value: "316.00",
      customId: second.order._id,
    });
    expect((await webhook(event2)).statusCode).toBe(200);
    expect((await webhook(event2)).statusCode).toBe(200);
    const rows = await paymentsOf(t, second.order._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", transactionId: direct.id, amount: 316 });
    expect(await orderRow(t, second.order._id)).toMatchObject({
      status: "processing",
      paymentId: rows[0]?.id,
    });
    const late = await capture(second.cookie, second.order._id, id2);
    expect(late.statusCode).toBe(409);
    expect(await paymentsOf(t, second.order._id)).toHaveLength(1);
  });

  it("refunds once a second PayPal capture of a paid order that its webhook reports (two tabs)", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const firstTab = await createPaypalOrder(cookie, order._id);
    const secondTab = await createPaypalOrder(cookie, order._id);
    fake.approve(firstTab);
    fake.approve(secondTab);
    expect((await capture(cookie, order._id, firstTab)).statusCode).toBe(201);
    // The second tab's order is captured at PayPal all the same, and its webhook arrives (twice).
    const second = fake.captureDirectly(secondTab);
    const event = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: second.id,
      status: "COMPLETED",
      value: "316.00",
      customId: order._id,
    });
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook({ ...event, id: `WH-${newId()}` })).statusCode).toBe(200);
    expect(await paymentsOf(t, order._id)).toHaveLength(1);
    expect(
      await t.database.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.orderId, order._id)),
    ).toMatchObject([
      {
        provider: "paypal",
        providerPaymentId: second.id,
        amount: 316,
        reason: "second_payment",
        state: "refunded",
      },
    ]);
    expect(fake.refunds.get(second.id)).toHaveLength(1);
    // The second tab's own capture call: nothing more is taken or refunded.
    const late = await capture(cookie, order._id, secondTab);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(api.alreadyPaid);
    expect(fake.refunds.get(second.id)).toHaveLength(1);
  });

  it("ignores a webhook capture for another amount or an unknown order, recording nothing", async () => {
    const { order } = await shopperWithOrder(t);
    const wrong = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "WRONGAMOUNT12345",
      status: "COMPLETED",
      value: "3.16",
      customId: order._id,
    });
    expect((await webhook(wrong)).statusCode).toBe(200);
    const unknown = captureEvent("PAYMENT.CAPTURE.COMPLETED", {
      id: "UNKNOWNORDER1234",
      status: "COMPLETED",
      value: "316.00",
      customId: newId(),
    });
    expect((await webhook(unknown)).statusCode).toBe(200);
    expect(await paymentsOf(t, order._id)).toHaveLength(0);
    expect((await orderRow(t, order._id))?.status).toBe("pending");
  });

  it("records a denied capture from the webhook as failed, leaving the order payable", async () => {
    const { cookie, order } = await shopperWithOrder(t);
    const denied = captureEvent("PAYMENT.CAPTURE.DENIED", {
      id: "DENIEDCAPTURE123",
      status: "DECLINED",
      value: "316.00",
      customId: order._id,
    });
    expect((await webhook(denied)).statusCode).toBe(200);
    expect((await webhook(denied)).statusCode).toBe(200);
    const rows = await paymentsOf(t, order._id);
    expect(rows.map((p) => [p.status, p.transactionId])).toEqual([["failed", "DENIEDCAPTURE123"]]);
    expect((await orderRow(t, order._id))?.status).toBe("pending");
    const id = await createPaypalOrder(cookie, order._id);
    fake.approve(id);
    expect((await capture(cookie, order._id, id)).statusCode).toBe(201);
  });

  itKeepsPaymentStates(() => t);
});
