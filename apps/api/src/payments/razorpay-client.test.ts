import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "#api/core/errors";
import { RazorpayFake } from "#test/razorpay-fake";
import { minorUnitsOf } from "./provider";
import { RazorpayClient } from "./razorpay-client";

const log = Fastify({ logger: false }).log;
const INR = (cents: number) => ({ cents, currency: "INR" });
const ORDER_ID = "65a1b2c3d4e5f60718293a4b";

let fake: RazorpayFake;
let client: RazorpayClient;

beforeAll(async () => {
  fake = await RazorpayFake.start();
  client = new RazorpayClient({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
    log,
    timeoutMs: 2_000,
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.refundStatus = "processed";
  fake.failNext = 0;
});

describe("amounts in paise", () => {
  it("takes an amount's decimal text to paise exactly, where multiplying the float would not", () => {
    // 0.29 * 100 is 28.999999999999996, and 19.99 * 100 is 1998.9999999999998, in binary floats.
    expect(minorUnitsOf(0.29)).toBe(29);
    expect(minorUnitsOf(19.99)).toBe(1999);
    expect(minorUnitsOf(4.35)).toBe(435);
    expect(minorUnitsOf(2099)).toBe(209900);
    expect(minorUnitsOf(9_999_999_999.99)).toBe(999_999_999_999);
    for (const bad of [-1, 0.001, Number.NaN, 1e21]) expect(() => minorUnitsOf(bad), String(bad)).toThrow();
  });
});

describe("the Razorpay client", () => {
  it("creates an order in paise with HTTP Basic, the receipt and our id in its notes", async () => {
    const created = await client.createOrder({ orderId: ORDER_ID, receipt: "1042", amount: INR(104950) });
    expect(created).toEqual({ id: expect.stringMatching(/^order_/), amount: INR(104950) });
    expect(fake.orders.get(created.id)).toMatchObject({ receipt: "1042", notes: { order_id: ORDER_ID } });
    const [call] = fake.callsTo(/^\/v1\/orders$/).slice(-1);
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({ amount: 104950, currency: "INR" });
  });

  it("answers 502 with the shop's message when Razorpay refuses the keys, and 503 when it cannot be reached", async () => {
    const wrong = new RazorpayClient({ keyId: fake.keyId, keySecret: "wrong", apiBase: fake.url, log });
    const refused = await wrong
      .createOrder({ orderId: ORDER_ID, receipt: "1", amount: INR(500) })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.status).toBe(502);
    const away = new RazorpayClient({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      apiBase: "http://127.0.0.1:9",
      log,
      timeoutMs: 500,
    });
    const unreachable = await away.getPayment("pay_Nope00000000001").catch((e) => e);
    expect(unreachable.status).toBe(503);
    fake.failNext = 1;
    expect((await client.getPayment("pay_Nope00000000001").catch((e) => e)).status).toBe(502);
  });

  it("verifies Checkout's signature of order_id|payment_id with the key secret, and nothing else", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, receipt: "1", amount: INR(500) });
    const { result } = fake.pay(id);
    const checkout = { orderId: result.razorpayOrderId, paymentId: result.razorpayPaymentId };
    expect(client.verifyCheckout({ ...checkout, signature: result.razorpaySignature })).toBe(true);
    expect(client.verifyCheckout({ ...checkout, signature: result.razorpaySignature.toUpperCase() })).toBe(
      true,
    );
    for (const signature of [
      "",
      "00",
      `${result.razorpaySignature}00`,
      fake.sign(`${checkout.paymentId}|${checkout.orderId}`, fake.keySecret),
    ])
      expect(client.verifyCheckout({ ...checkout, signature }), signature).toBe(false);
    expect(
      client.verifyCheckout({
        ...checkout,
        paymentId: "pay_Other000000001",
        signature: result.razorpaySignature,
      }),
    ).toBe(false);
  });

  it("verifies a webhook over its bytes with the webhook secret, and reads its payment", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, receipt: "1", amount: INR(500) });
    const { payment } = fake.pay(id, { method: "netbanking", status: "captured" });
    const delivery = fake.webhook("payment.captured", { payment });
    expect(client.verifyWebhook(delivery.headers["x-razorpay-signature"], delivery.body)).toEqual({
      type: "payment",
      event: "payment.captured",
      payment: expect.objectContaining({
        id: payment.id,
        orderId: id,
        method: "netbanking",
        amount: INR(500),
      }),
    });
    expect(
      client.verifyWebhook(delivery.headers["x-razorpay-signature"], `${delivery.body} `),
    ).toBeUndefined();
    const signedElsewhere = fake.webhook("payment.captured", { payment }, { secret: fake.keySecret });
    expect(
      client.verifyWebhook(signedElsewhere.headers["x-razorpay-signature"], signedElsewhere.body),
    ).toBeUndefined();
    const withoutSecret = new RazorpayClient({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      apiBase: fake.url,
      log,
    });
    expect(withoutSecret.acceptsWebhooks).toBe(false);
    expect(
      withoutSecret.verifyWebhook(delivery.headers["x-razorpay-signature"], delivery.body),
    ).toBeUndefined();
  });

  it("captures an authorised payment for its amount, answering a second capture with the captured payment", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, receipt: "1", amount: INR(2500) });
    const { payment } = fake.pay(id);
    expect(await client.capture(payment.id, INR(2500))).toMatchObject({
      outcome: "captured",
      payment: { status: "captured" },
    });
    expect(await client.capture(payment.id, INR(2500))).toMatchObject({
      outcome: "captured",
      payment: { status: "captured" },
    });
    const other = fake.pay(id).payment;
    expect(await client.capture(other.id, INR(2400))).toEqual({
      outcome: "refused",
      issue: "Capture amount must be equal to the amount authorized",
    });
  });

  it("makes a retried refund the same refund (X-Refund-Idempotency), finds it by its request id, and tells pending from processed", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, receipt: "1", amount: INR(10000) });
    const { payment } = fake.pay(id, { status: "captured" });
    const request = {
      captureId: payment.id,
      amount: INR(2500),
      requestId: "shop-refund-abc123def456",
      note: "Damaged",
    };
    const first = await client.refund(request);
    expect(first).toMatchObject({
      outcome: "refunded",
      refund: { status: "processed", captureId: payment.id, amount: INR(2500) },
    });
    expect(await client.refund(request)).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(fake.callsTo(/\/refund$/).slice(-1)[0]?.idempotencyKey).toBe(request.requestId);
    expect((await client.findRefund(payment.id, request.requestId))?.id).toBe(
      first.outcome === "refunded" ? first.refund.id : "",
    );
    expect(await client.findRefund(payment.id, "shop-refund-other")).toBeUndefined();

    fake.refundStatus = "pending";
    const later = await client.refund({ ...request, requestId: "shop-refund-later0001" });
    expect(later).toMatchObject({ outcome: "pending", refund: { status: "pending" } });
    const refundId = later.outcome === "pending" ? later.refund.id : "";
    fake.settleRefund(refundId, "processed");
    expect(await client.getRefund(refundId)).toMatchObject({ id: refundId, status: "processed" });
    expect(
      await client.refund({ ...request, amount: INR(100_000), requestId: "shop-refund-toomuch01" }),
    ).toMatchObject({
      outcome: "refused",
    });
  });
});
