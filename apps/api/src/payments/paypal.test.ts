import { isCurrentExpiry } from "@shop/shared/schemas/payment";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "#api/core/errors";
import { FAKE_PAYER_EMAIL, PaypalFake } from "#test/paypal-fake";
import { PaypalClient } from "./paypal";
import { formatAmount, parseAmount, paymentStatusOf } from "./provider";
import { createTestGateway, TEST_CARDS } from "./test-gateway";

const log = Fastify({ logger: false }).log;
const USD = (cents: number) => ({ cents, currency: "USD" });
const ORDER_ID = "65a1b2c3d4e5f60718293a4b";

describe("amounts and statuses", () => {
  it("formats cents with two decimals and reads PayPal's decimal strings back", () => {
    expect(formatAmount(31600)).toBe("316.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(123456789)).toBe("1234567.89");
    expect(parseAmount("316.00")).toBe(31600);
    expect(parseAmount("316.5")).toBe(31650);
    expect(parseAmount("316")).toBe(31600);
    for (const bad of ["", "-1.00", "1.005", "1e3", "abc", "1,00"])
      expect(parseAmount(bad), bad).toBeUndefined();
  });

  it("lower-cases the provider's status into ours; anything unknown is a failure", () => {
    expect(paymentStatusOf("COMPLETED")).toBe("completed");
    expect(paymentStatusOf("PENDING")).toBe("pending");
    expect(paymentStatusOf("FAILED")).toBe("failed");
    expect(paymentStatusOf("DECLINED")).toBe("failed");
  });
});

describe("the test gateway", () => {
  const now = new Date("2026-05-15T12:00:00Z");
  const gateway = createTestGateway(() => now);
  const card = { number: TEST_CARDS.approved, expiry: "05/26", cvc: "123" };

  it("takes an expiry in this month or later", () => {
    expect(isCurrentExpiry("05/26", now)).toBe(true);
    expect(isCurrentExpiry("01/27", now)).toBe(true);
    expect(isCurrentExpiry("04/26", now)).toBe(false);
    expect(isCurrentExpiry("12/25", now)).toBe(false);
    expect(isCurrentExpiry("13/30", now)).toBe(false);
  });

  it("approves only 4242 4242 4242 4242 with a current expiry, each attempt with its own id", async () => {
    const approved = await gateway.charge({ card, amount: USD(31600), reference: ORDER_ID });
    expect(approved).toMatchObject({ status: "completed", providerStatus: "COMPLETED", amount: USD(31600) });
    expect(approved.id).toMatch(/^test_[0-9a-f]{24}$/);
    const declined = await gateway.charge({
      card: { ...card, number: TEST_CARDS.declined },
      amount: USD(31600),
      reference: ORDER_ID,
    });
    expect(declined.status).toBe("failed");
    expect(declined.id).not.toBe(approved.id);
    const expired = await gateway.charge({
      card: { ...card, expiry: "04/26" },
      amount: USD(1),
      reference: ORDER_ID,
    });
    expect(expired.status).toBe("failed");
    const other = await gateway.charge({
      card: { ...card, number: "5555555555554444" },
      amount: USD(1),
      reference: ORDER_ID,
    });
    expect(other.status).toBe("failed");
  });
});

describe("the PayPal client", () => {
  let fake: PaypalFake;
  let client: PaypalClient;
  const clientFor = (options: Partial<ConstructorParameters<typeof PaypalClient>[0]> = {}) =>
    new PaypalClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: fake.webhookId,
      log,
      timeoutMs: 2000,
      ...options,
    });

  beforeAll(async () => {
    fake = await PaypalFake.start();
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.delayMs = 0;
    fake.failNext = 0;
    fake.tokenLifetimeSeconds = 32_400;
    client = clientFor();
  });

  async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
    try {
      await promise;
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).status;
    }
  }

  it("fetches one token for calls made together and reuses it until it expires", async () => {
    const before = fake.tokensIssued;
    await Promise.all([
      client.getOrder("UNKNOWN1"),
      client.getOrder("UNKNOWN2"),
      client.getOrder("UNKNOWN3"),
    ]);
    await client.getOrder("UNKNOWN4");
    expect(fake.tokensIssued - before).toBe(1);
  });

  it("renews a token shortly before it expires, and once when PayPal revoked it", async () => {
    fake.tokenLifetimeSeconds = 0.2;
    const before = fake.tokensIssued;
    await client.getOrder("UNKNOWN1");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await client.getOrder("UNKNOWN2");
    expect(fake.tokensIssued - before).toBe(2);

    fake.tokenLifetimeSeconds = 32_400;
    const fresh = clientFor();
    await fresh.getOrder("UNKNOWN3");
    fake.revokeTokens();
    expect(await fresh.getOrder("UNKNOWN4")).toBeUndefined();
    expect(fake.tokensIssued - before).toBe(4);
  });

  it("creates the order for exactly the amount, with a request id stable per order and amount", async () => {
    const first = await client.createOrder({ orderId: ORDER_ID, amount: USD(31650) });
    const again = await client.createOrder({ orderId: ORDER_ID, amount: USD(31650) });
    expect(again.id).toBe(first.id);
    expect(fake.orders.get(first.id)).toMatchObject({
      customId: ORDER_ID,
      amount: { currency_code: "USD", value: "316.50" },
    });
    const repriced = await client.createOrder({ orderId: ORDER_ID, amount: USD(100) });
    expect(repriced.id).not.toBe(first.id);

    const order = await client.getOrder(first.id);
    expect(order).toMatchObject({ id: first.id, status: "CREATED", customId: ORDER_ID, amount: USD(31650) });
  });

  it("captures once: a repeated capture and an already captured order both return the first capture", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, amount: USD(1000) });
    fake.approve(id);
    const first = await client.captureOrder(id);
    expect(first).toMatchObject({
      outcome: "captured",
      capture: { status: "completed", amount: USD(1000), customId: ORDER_ID, payerEmail: FAKE_PAYER_EMAIL },
    });
    expect(await client.captureOrder(id)).toEqual(first);

    const other = await client.createOrder({ orderId: ORDER_ID, amount: USD(2000) });
    fake.approve(other.id);
    const direct = fake.captureDirectly(other.id);
    const result = await client.captureOrder(other.id);
    expect(result.outcome === "captured" && result.capture.id).toBe(direct.id);
  });

  it("reports a refused capture without a capture (not approved, instrument declined)", async () => {
    const { id } = await client.createOrder({ orderId: ORDER_ID, amount: USD(3000) });
    expect(await client.captureOrder(id)).toEqual({ outcome: "refused", issue: "ORDER_NOT_APPROVED" });
    fake.approve(id);
    fake.captureOverride = { issue: "INSTRUMENT_DECLINED" };
    expect(await client.captureOrder(id)).toEqual({ outcome: "refused", issue: "INSTRUMENT_DECLINED" });
  });

  it("never puts a strange id into a URL", async () => {
    const calls = fake.requests.length;
    expect(await client.getOrder("../../v1/oauth2/token")).toBeUndefined();
    expect(await client.captureOrder("a/b")).toEqual({ outcome: "refused", issue: "INVALID_RESOURCE_ID" });
    expect(fake.requests.length).toBe(calls);
  });

  it("answers 503 when PayPal is slow or unreachable, 502 when it fails or refuses the credentials", async () => {
    await client.getOrder("WARMUP");
    fake.delayMs = 300;
    expect(await statusOf(clientFor({ timeoutMs: 50 }).getOrder("SLOW"))).toBe(503);
    fake.delayMs = 0;
    expect(await statusOf(clientFor({ apiBase: "http://127.0.0.1:9" }).getOrder("DOWN"))).toBe(503);
    fake.failNext = 1;
    expect(await statusOf(client.getOrder("BROKEN"))).toBe(502);
    expect(await statusOf(clientFor({ clientSecret: "wrong" }).getOrder("ANY"))).toBe(502);
  });

  it("verifies a webhook with PayPal and reads the capture it carries", async () => {
    const headers = {
      authAlgo: "SHA256withRSA",
      certUrl: "https://api.sandbox.paypal.com/cert",
      transmissionId: "t-1",
      transmissionSig: fake.validSignature,
      transmissionTime: new Date().toISOString(),
    };
    const raw = JSON.stringify({
      id: "WH-1",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: "CAPTURE1",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "10.00" },
        custom_id: ORDER_ID,
      },
    });
    expect(await client.verifyWebhook(headers, raw)).toMatchObject({
      type: "capture.completed",
      capture: { id: "CAPTURE1", status: "completed", amount: USD(1000), customId: ORDER_ID },
    });
    expect(await client.verifyWebhook({ ...headers, transmissionSig: "forged" }, raw)).toBeUndefined();
    const calls = fake.requests.length;
    expect(await clientFor({ webhookId: undefined }).verifyWebhook(headers, raw)).toBeUndefined();
    expect(fake.requests.length).toBe(calls);
    const other = JSON.stringify({ id: "WH-2", event_type: "CHECKOUT.ORDER.APPROVED", resource: {} });
    expect(await client.verifyWebhook(headers, other)).toMatchObject({ type: "ignored" });
  });
});
