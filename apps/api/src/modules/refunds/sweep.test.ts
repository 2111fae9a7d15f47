/**
 * The payment sweep settling refunds that a process left pending when it died between the
 * reservation and the provider's answer, for PayPal (against the fake of its REST API) and the test
 * gateway: the same request is sent again with the same request id, and recorded once or freed.
 */
import { api as apiWords, refunds as refundWords } from "@shop/shared/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { orderEvents, payments } from "#api/db/schema/orders";
import { refundLines, refunds } from "#api/db/schema/refunds";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { sweepPayments } from "#api/modules/payments/sweep";
import type { PaymentProviders, RefundRequest, RepeatableRefunds } from "#api/payments/provider";
import { createTestGateway } from "#api/payments/test-gateway";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, makeShop, type Shop } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { PaypalFake } from "#test/paypal-fake";
import { providerRequestId, refundOrder } from "./service";
import { sweepPendingRefunds } from "./sweep";

/** The sweep's delay in these tests, as PAYMENTS_SWEEP_AFTER_SECONDS=300 sets it. */
const AFTER_MS = 5 * 60_000;

interface World {
  t: TestApp;
  shop: Shop;
}

async function refundsOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

async function paymentOf(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** Makes the order's refunds look as reserved `minutes` ago, as the sweep then finds them. */
async function age(t: TestApp, orderId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await t.database.db.update(refunds).set({ createdAt: at }).where(eq(refunds.orderId, orderId));
}

async function sweep(t: TestApp) {
  const { refunds: changed } = await sweepPayments(
    t.database.db,
    t.app.paymentProviders,
    { holdMinutes: 30, mail: await t.app.mailContext() },
    { afterMs: AFTER_MS, log: t.app.log },
  );
  return changed;
}

/**
 * Staff refund `amount` of the order through a provider whose process dies while refunding: before
 * asking it, or once it made the refund but before the shop heard back. The reservation stays as the
 * dead process left it. Answers it.
 */
async function refundThatDies(
  { t, shop }: World,
  gateway: "paypal" | "test",
  orderId: string,
  amount: number,
  { diesAfterAsking }: { diesAfterAsking: boolean },
) {
  const real = t.app.paymentProviders[gateway] as RepeatableRefunds;
  const asked: Promise<unknown>[] = [];
  const dying: RepeatableRefunds = Object.create(real);
  dying.refund = async (request: RefundRequest) => {
    if (diesAfterAsking) asked.push(real.refund(request));
    return new Promise<never>(() => undefined);
  };
  const providers: PaymentProviders = { ...t.app.paymentProviders, [gateway]: dying };
  void refundOrder(
    t.database.db,
    providers,
    shop.admin.user,
    orderId,
    { amount, reason: "Arrived damaged", restock: false },
    { mail: await t.app.mailContext(), log: t.app.log },
  );
  await expect.poll(async () => (await refundsOf(t, orderId)).length).toBe(1);
  if (diesAfterAsking) {
    await expect.poll(() => asked.length).toBe(1);
    await Promise.all(asked);
  }
  const [reservation] = await refundsOf(t, orderId);
  if (!reservation) throw new Error("no reservation");
  expect(reservation).toMatchObject({ status: "pending", providerRefundId: null });
  return reservation;
}

/** The "refunded" rows of the order's history. */
async function refundedHistory(t: TestApp, orderId: string) {
  return t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "refunded")));
}

/** How many refund emails the shop's shopper has been sent (of every order). */
async function refundEmails({ t, shop }: World) {
  const told = await t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.recipient, shop.shopper.user.email), eq(emails.kind, "orderRefunded")));
  return told.length;
}

describe("the sweep, for PayPal", () => {
  let fake: PaypalFake;
  const world = {} as World;

  beforeAll(async () => {
    fake = await PaypalFake.start();
    // PayPal's calls wait 300 ms for their answer here (15 s in a shop): a late answer is a timeout.
    world.t = await createTestApp({
      ...fake.env,
      MAX_UNPAID_ORDERS: "100",
      PAYMENTS_PROVIDER_TIMEOUT_MS: "300",
    });
    world.shop = await makeShop(world.t, { pay: false });
  });
  afterAll(async () => {
    await world.t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.refundOverride = undefined;
    fake.refundFault = undefined;
    fake.delayMs = 0;
  });

  /** A paid PayPal order of one unit (99.50 on sale): the order and the capture PayPal made. */
  async function paidOrder() {
    const { t, shop } = world;
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
      { mail: mailContextOf(t.config) },
    );
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie: shop.shopper.cookie,
      payload: { order: order._id },
    });
    const paypalOrderId = created.json().data.id as string;
    fake.approve(paypalOrderId);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "paypal", transactionId: paypalOrderId },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return { orderId: order._id, captureId: fake.captureOf(paypalOrderId).id };
  }

  const refundCallsOf = (requestId: string) =>
    fake.callsTo(/^\/v2\/payments\/captures\/[^/]+\/refund$/).filter((call) => call.requestId === requestId);

  it("records once, with its credit note, a refund PayPal made for a process that died before recording it", async () => {
    const { t, shop } = world;
    const { orderId, captureId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 30, { diesAfterAsking: true });
    const requestId = `shop-refund-${reservation.id}`;
    const made = fake.refundOfRequest(requestId);
    expect(made?.amount.value).toBe("30.00");

    const emailsBefore = await refundEmails(world);
    await age(t, orderId, 6);
    expect(await sweep(t)).toBe(1);
    // PayPal was asked again with the same request id and answered the refund it had made.
    expect(refundCallsOf(requestId)).toHaveLength(2);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    const [recorded] = await refundsOf(t, orderId);
    expect(recorded).toMatchObject({
      status: "completed",
      providerRefundId: made?.id,
      amount: 30,
      reason: "Arrived damaged",
      creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
    });
    const lines = await t.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.refundId, recorded?.id ?? ""));
    expect(lines.length).toBeGreaterThan(0);
    expect(await paymentOf(t, orderId)).toMatchObject({ status: "partially_refunded", refundedAmount: 30 });
    // The history still names who clicked Refund; the shopper is told once.
    expect(await refundedHistory(t, orderId)).toMatchObject([
      { amount: 30, actorName: `${shop.admin.user.firstName} ${shop.admin.user.lastName}` },
    ]);
    expect(await refundEmails(world)).toBe(emailsBefore + 1);

    expect(await sweep(t)).toBe(0);
    expect(refundCallsOf(requestId)).toHaveLength(2);
    expect(await refundsOf(t, orderId)).toHaveLength(1);
    expect(await refundEmails(world)).toBe(emailsBefore + 1);
  });

  it("sends once, and records, the refund staff asked for when the process died before PayPal heard of it", async () => {
    const { t } = world;
    const { orderId, captureId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 40, { diesAfterAsking: false });
    const requestId = `shop-refund-${reservation.id}`;
    expect(fake.refunds.get(captureId)).toBeUndefined();

    await age(t, orderId, 6);
    expect(await sweep(t)).toBe(1);
    const [call] = refundCallsOf(requestId);
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({
      amount: { value: "40.00" },
      note_to_payer: "Arrived damaged",
    });
    expect(fake.refunds.get(captureId)).toMatchObject([{ amount: { value: "40.00" } }]);
    expect(await refundsOf(t, orderId)).toMatchObject([
      {
        status: "completed",
        providerRefundId: fake.refundOfRequest(requestId)?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect((await paymentOf(t, orderId))?.refundedAmount).toBe(40);

    expect(await sweep(t)).toBe(0);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
  });

  it("leaves a reservation younger than the sweep's delay to the request that made it", async () => {
    const { t } = world;
    const { orderId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 25, { diesAfterAsking: false });
    const requestId = `shop-refund-${reservation.id}`;
    expect(await sweep(t)).toBe(0);
    await age(t, orderId, 4);
    expect(await sweep(t)).toBe(0);
    expect(refundCallsOf(requestId)).toEqual([]);
    expect(await refundsOf(t, orderId)).toMatchObject([{ id: reservation.id, status: "pending" }]);
  });

  it("records once when two sweeps send the same refund at the same moment", async () => {
    const { t } = world;
    const { orderId, captureId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 20, { diesAfterAsking: false });
    await age(t, orderId, 6);
    // Both requests are at PayPal together: the second is answered the refund the first made.
    fake.delayMs = 50;
    const changed = await Promise.all([sweep(t), sweep(t)]);
    expect(changed[0] + changed[1]).toBe(1);
    expect(refundCallsOf(`shop-refund-${reservation.id}`)).toHaveLength(2);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    expect(await refundsOf(t, orderId)).toMatchObject([
      { status: "completed", creditNoteNumber: expect.stringMatching(/^CN\d{4}\//) },
    ]);
    expect((await paymentOf(t, orderId))?.refundedAmount).toBe(20);
    expect(await refundedHistory(t, orderId)).toHaveLength(1);
  });

  it("records the refund PayPal made even when its reservation was dropped while the sweep was asking", async () => {
    const { t } = world;
    const { orderId, captureId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 12, { diesAfterAsking: false });
    await age(t, orderId, 6);
    // A request that failed meanwhile dropped the reservation after PayPal had made the refund.
    const real = t.app.paymentProviders.paypal as RepeatableRefunds;
    const dropping: RepeatableRefunds = Object.create(real);
    dropping.refund = async (request: RefundRequest) => {
      const result = await real.refund(request);
      await t.database.db.delete(refunds).where(eq(refunds.id, reservation.id));
      return result;
    };
    const changed = await sweepPendingRefunds(
      t.database.db,
      { ...t.app.paymentProviders, paypal: dropping as PaymentProviders["paypal"] },
      { olderThanMs: AFTER_MS, log: t.app.log, mail: await t.app.mailContext() },
    );
    expect(changed).toBe(1);
    const [made] = fake.refunds.get(captureId) ?? [];
    expect(await refundsOf(t, orderId)).toMatchObject([
      { status: "completed", providerRefundId: made?.id, amount: 12, reason: refundWords.madeAtProvider },
    ]);
    expect((await paymentOf(t, orderId))?.refundedAmount).toBe(12);
  });

  it("frees the amount of a reservation PayPal refuses when it is sent again", async () => {
    const { t, shop } = world;
    const { orderId, captureId } = await paidOrder();
    await refundThatDies(world, "paypal", orderId, 50, { diesAfterAsking: false });
    await age(t, orderId, 6);
    fake.refundOverride = { issue: "REFUND_NOT_ALLOWED" };
    expect(await sweep(t)).toBe(1);
    expect(await refundsOf(t, orderId)).toEqual([]);
    expect(fake.refunds.get(captureId)).toBeUndefined();
    // The whole payment is refundable again.
    const again = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${orderId}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 99.5, reason: "Arrived damaged", restock: false },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("keeps a reservation pending while PayPal is still working on a request with its id (409), and records it later", async () => {
    const { t } = world;
    const { orderId, captureId } = await paidOrder();
    await refundThatDies(world, "paypal", orderId, 15, { diesAfterAsking: false });
    await age(t, orderId, 6);
    fake.refundOverride = { issue: "PREVIOUS_REQUEST_IN_PROGRESS", status: 409 };
    expect(await sweep(t)).toBe(0);
    expect(await refundsOf(t, orderId)).toMatchObject([{ status: "pending" }]);
    expect(await sweep(t)).toBe(1);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    expect(await refundsOf(t, orderId)).toMatchObject([{ status: "completed" }]);
  });

  it("keeps a refund PayPal made but answered too late pending (202); the retry with its key sends nothing; the sweep records it once", async () => {
    const { t, shop } = world;
    const { orderId, captureId } = await paidOrder();
    fake.refundFault = "late";
    fake.lateMs = 1_000;
    const send = () =>
      inject(t.app, {
        method: "POST",
        url: `/api/orders/${orderId}/refunds`,
        cookie: shop.admin.cookie,
        headers: { "idempotency-key": `refund-${orderId}` },
        payload: { amount: 20, reason: "Arrived damaged", restock: false },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().message).toBe(apiWords.refundBeingChecked);
    const [reservation] = await refundsOf(t, orderId);
    expect(reservation).toMatchObject({ status: "pending", providerRefundId: null });
    const requestId = providerRequestId({ id: "", orderId, idempotencyKey: `refund-${orderId}` });
    expect(fake.refundOfRequest(requestId)?.amount.value).toBe("20.00");

    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().message).toBe(apiWords.refundBeingChecked);
    expect(refundCallsOf(requestId)).toHaveLength(1);

    await age(t, orderId, 6);
    expect(await sweep(t)).toBe(1);
    // PayPal answered the refund it made for that request id: one refund there, one here.
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    expect(await refundsOf(t, orderId)).toMatchObject([
      {
        status: "completed",
        providerRefundId: fake.refundOfRequest(requestId)?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect((await paymentOf(t, orderId))?.refundedAmount).toBe(20);
    expect(await refundedHistory(t, orderId)).toHaveLength(1);
    expect(await sweep(t)).toBe(0);
    const done = await send();
    expect(done.statusCode, done.body).toBe(200);
    expect(refundCallsOf(requestId)).toHaveLength(2);
  });

  it("never sends again a refund older than PayPal keeps its request id (45 days)", async () => {
    const { t } = world;
    const { orderId } = await paidOrder();
    const reservation = await refundThatDies(world, "paypal", orderId, 10, { diesAfterAsking: false });
    await age(t, orderId, 45 * 24 * 60 + 1);
    expect(await sweep(t)).toBe(0);
    expect(refundCallsOf(`shop-refund-${reservation.id}`)).toEqual([]);
    expect(await refundsOf(t, orderId)).toMatchObject([{ status: "pending" }]);
  });

  itKeepsPaymentStates(() => world.t);
});

describe("the sweep, for the test gateway", () => {
  const world = {} as World;

  beforeAll(async () => {
    world.t = await createTestApp({ MAX_UNPAID_ORDERS: "100" });
    world.shop = await makeShop(world.t);
  });
  afterAll(async () => world.t?.close());

  async function paidOrder() {
    const { t, shop } = world;
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
      { mail: mailContextOf(t.config) },
    );
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return order._id;
  }

  for (const diesAfterAsking of [false, true])
    it(`records once a refund left pending by a process that died ${diesAfterAsking ? "after" : "before"} the gateway refunded`, async () => {
      const { t } = world;
      const orderId = await paidOrder();
      await refundThatDies(world, "test", orderId, 35, { diesAfterAsking });
      expect(await sweep(t)).toBe(0);
      await age(t, orderId, 6);
      expect(await sweep(t)).toBe(1);
      expect(await refundsOf(t, orderId)).toMatchObject([
        {
          status: "completed",
          providerRefundId: expect.stringMatching(/^test_refund_/),
          creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
        },
      ]);
      expect(await sweep(t)).toBe(0);
      expect((await paymentOf(t, orderId))?.refundedAmount).toBe(35);
    });

  it("answers a refund sent again with its request id by the refund it made", async () => {
    const gateway = createTestGateway();
    const request = {
      captureId: "test_capture",
      amount: { cents: 3500, currency: "INR" },
      requestId: "shop-refund-1",
      note: "Arrived damaged",
    };
    const first = await gateway.refund(request);
    const again = await gateway.refund({ ...request, amount: { cents: 100, currency: "INR" } });
    expect(again).toEqual(first);
    const other = await gateway.refund({ ...request, requestId: "shop-refund-2" });
    expect(other.outcome === "refunded" && other.refund.id).not.toBe(
      first.outcome === "refunded" && first.refund.id,
    );
  });

  itKeepsPaymentStates(() => world.t);
});
