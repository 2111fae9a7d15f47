/**
 * Disputes (chargebacks), driven end to end through the webhook routes by the fakes of Razorpay and
 * PayPal (test/razorpay-fake.ts, test/paypal-fake.ts): a dispute's life from opened to lost and to
 * won, the owner's email, the staff's list and evidence mark, the sales report's chargebacks, and
 * events delivered twice, late, or about payments the shop never took.
 */

import { activityPage, api, disputeWords, validation } from "@shop/shared/messages";
import type { DisputeDto } from "@shop/shared/schemas/dispute";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { disputes } from "#api/db/schema/disputes";
import { emails } from "#api/db/schema/emails";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { PaypalFake } from "#test/paypal-fake";
import { type FakeRazorpayPayment, RazorpayFake } from "#test/razorpay-fake";

const cents = (amount: number) => Math.round(amount * 100);

/** The sales report of today, as the owner reads it. */
async function today(app: TestApp, cookie: string): Promise<SalesReportDto> {
  const day = shopDay(new Date());
  const response = await inject(app.app, {
    method: "GET",
    url: `/api/reports/sales?from=${day}&to=${day}`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** What a dispute moved in the report: each money figure's change, in cents. */
function moved(before: SalesReportDto, after: SalesReportDto) {
  return {
    paymentsTaken: cents(after.paymentsTaken) - cents(before.paymentsTaken),
    refunds: cents(after.refunds) - cents(before.refunds),
    chargebacks: cents(after.chargebacks) - cents(before.chargebacks),
    netPayments: cents(after.netPayments) - cents(before.netPayments),
    totalSales: cents(after.totalSales) - cents(before.totalSales),
  };
}

describe("Razorpay's disputes", () => {
  let fake: RazorpayFake;
  let t: TestApp;
  let admin: Caller;
  let manager: Caller;

  beforeAll(async () => {
    fake = await RazorpayFake.start();
    t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "50" });
    admin = await quickUser(t, "admin");
    manager = await quickUser(t, "manager");
    const currency = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/currency",
      cookie: admin.cookie,
      payload: { code: "INR", locale: "en-IN" },
    });
    expect(currency.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A shopper's order of 2 × ₹1,049.50 paid in Razorpay's Checkout; `record: false` leaves the shop unaware. */
  async function paidOrder({
    record = true,
  } = {}): Promise<{ order: OrderDto; payment: FakeRazorpayPayment }> {
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
      payload: {
        products: [{ product: product._id, quantity: 2 }],
        shippingAddress: address.json().data._id,
      },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data as OrderDto;
    const opened = await inject(t.app, {
      method: "POST",
      url: "/api/payments/razorpay/orders",
      cookie: shopper.cookie,
      payload: { order: order._id },
    });
    expect(opened.statusCode).toBe(201);
    const { payment, result } = fake.pay(opened.json().data.razorpayOrderId, { status: "captured" });
    if (record) {
      const paid = await inject(t.app, {
        method: "POST",
        url: "/api/payments",
        cookie: shopper.cookie,
        payload: { order: order._id, paymentGateway: "razorpay", ...result },
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    return { order, payment };
  }

  function deliver(delivery: ReturnType<RazorpayFake["webhook"]>) {
    return t.app.inject({
      method: "POST",
      url: "/api/payments/razorpay/webhook",
      headers: delivery.headers,
      payload: delivery.body,
    });
  }

  async function delivered(delivery: ReturnType<RazorpayFake["webhook"]>) {
    const response = await deliver(delivery);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: null });
  }

  async function list(query = "", cookie = manager.cookie): Promise<DisputeDto[]> {
    const response = await inject(t.app, { method: "GET", url: `/api/disputes${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items;
  }

  const listed = async (id: string, query = "") =>
    (await list(query)).find((item) => item.providerDisputeId === id);

  function markEvidence(id: string, payload: unknown, cookie = manager.cookie) {
    return inject(t.app, { method: "PATCH", url: `/api/disputes/${id}`, cookie, payload: payload as object });
  }

  const disputeEmails = (orderNumber: number) =>
    t.database.db
      .select()
      .from(emails)
      .where(
        and(eq(emails.kind, "disputeOpened"), eq(emails.subject, disputeWords.mail.subject(orderNumber))),
      );

  it("lives from created to lost: the owner emailed, listed open then under review, evidence marked, and the money counted as a chargeback", async () => {
    const { order, payment } = await paidOrder();
    const before = await today(t, admin.cookie);
    // Part of the payment disputed: ₹500.00 of ₹2,099.00 (+ GST and shipping).
    const dispute = fake.openDispute(payment.id, { amount: 50_000 });
    await delivered(fake.disputeWebhook(dispute));

    // Every active admin is told, in the transaction that recorded it.
    const told = await disputeEmails(order.number);
    expect(told.map((email) => email.recipient)).toContain(admin.user.email);
    expect(told.map((email) => email.recipient)).not.toContain(manager.user.email);
    const mine = told.find((email) => email.recipient === admin.user.email);
    expect(mine?.parts?.lines.join("\n")).toContain(`order #${order.number}`);
    expect(mine?.parts?.lines.join("\n")).toContain("₹500.00");
    expect(mine?.parts?.lines.join("\n")).toContain(dispute.reason_description);
    expect(mine?.parts?.lines.join("\n")).toMatch(/by .+ UTC/);
    expect(mine?.parts?.action?.url).toMatch(/\/dashboard\/disputes\/open$/);

    const open = await listed(dispute.id, "?state=open");
    expect(open).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      payment: expect.stringMatching(/^[0-9a-f]{24}$/),
      transactionId: payment.id,
      order: order._id,
      orderNumber: order.number,
      provider: "razorpay",
      providerDisputeId: dispute.id,
      amount: 500,
      currency: "INR",
      reason: "chargeback_fraudulent",
      reasonText: dispute.reason_description,
      phase: "chargeback",
      state: "open",
      respondBy: new Date(dispute.respond_by * 1000).toISOString(),
      evidence: null,
      resolvedAt: null,
      createdAt: new Date(dispute.created_at * 1000).toISOString(),
    });
    if (!open) throw new Error("not listed");

    await delivered(fake.disputeWebhook(fake.moveDispute(dispute.id, "under_review")));
    expect(await listed(dispute.id, "?state=open")).toBeUndefined();
    expect((await listed(dispute.id, "?state=under_review"))?.state).toBe("under_review");
    expect((await listed(dispute.id, "?state=open,under_review"))?.state).toBe("under_review");

    const marked = await markEvidence(open._id, { evidenceSent: true, note: "Courier's proof of delivery" });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      message: disputeWords.evidenceMarked,
      data: {
        _id: open._id,
        evidence: { note: "Courier's proof of delivery", by: `Test manager`, sentAt: expect.any(String) },
      },
    });
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.subjectId, open._id))
      .orderBy(desc(activity.at));
    expect(entry).toMatchObject({
      kind: "dispute.evidence_sent",
      subjectType: "dispute",
      subjectLabel: activityPage.disputeSubject(order.number),
      actorId: manager.user.id,
      before: { evidenceSent: false, note: "" },
      after: { evidenceSent: true, note: "Courier's proof of delivery" },
    });

    await delivered(fake.disputeWebhook(fake.moveDispute(dispute.id, "lost")));
    const lost = await listed(dispute.id, "?state=lost");
    expect(lost).toMatchObject({ state: "lost", resolvedAt: expect.any(String), amount: 500 });
    expect(await listed(dispute.id, "?state=open,under_review")).toBeUndefined();
    // The money is gone: a chargeback, not a refund; the sale itself stands.
    const after = await today(t, admin.cookie);
    expect(moved(before, after)).toEqual({
      paymentsTaken: 0,
      refunds: 0,
      chargebacks: 50_000,
      netPayments: -50_000,
      totalSales: 0,
    });
    expect(cents(after.netPayments)).toBe(
      cents(after.paymentsTaken) - cents(after.refunds) - cents(after.chargebacks),
    );

    // Ended: nothing more to send for it; an older event delivered late moves it no more.
    const late = await markEvidence(open._id, { evidenceSent: true, note: "" });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: disputeWords.ended });
    await delivered(fake.disputeWebhook({ ...dispute, status: "under_review" }));
    expect((await listed(dispute.id))?.state).toBe("lost");
    expect(moved(after, await today(t, admin.cookie)).chargebacks).toBe(0);
    // The owner was told once, when it opened.
    expect((await disputeEmails(order.number)).filter((e) => e.recipient === admin.user.email)).toHaveLength(
      1,
    );
  });

  it("lives from created to won: the report is unchanged", async () => {
    const { payment } = await paidOrder();
    const before = await today(t, admin.cookie);
    const dispute = fake.openDispute(payment.id, { phase: "inquiry", reasonCode: "goods_not_received" });
    await delivered(fake.disputeWebhook(dispute));
    await delivered(
      fake.disputeWebhook(fake.moveDispute(dispute.id, "open", "chargeback"), {
        event: "payment.dispute.action_required",
      }),
    );
    expect(await listed(dispute.id, "?state=open")).toMatchObject({ phase: "chargeback", state: "open" });
    await delivered(fake.disputeWebhook(fake.moveDispute(dispute.id, "won")));
    const won = await listed(dispute.id, "?state=won");
    expect(won).toMatchObject({ state: "won", resolvedAt: expect.any(String) });
    // All of the payment was disputed: its paise as the dispute's amount.
    expect(cents(won?.amount ?? 0)).toBe(payment.amount);
    expect(moved(before, await today(t, admin.cookie))).toEqual({
      paymentsTaken: 0,
      refunds: 0,
      chargebacks: 0,
      netPayments: 0,
      totalSales: 0,
    });
    // A later lost event of a won dispute changes nothing.
    await delivered(fake.disputeWebhook({ ...dispute, status: "lost" }));
    expect((await listed(dispute.id))?.state).toBe("won");
    expect(moved(before, await today(t, admin.cookie)).chargebacks).toBe(0);
  });

  it("acts on an event once: the same delivery again, or the same news in another event", async () => {
    const { order, payment } = await paidOrder();
    const dispute = fake.openDispute(payment.id);
    const rowsOf = () =>
      t.database.db.select().from(disputes).where(eq(disputes.providerDisputeId, dispute.id));
    const first = fake.disputeWebhook(dispute);
    await delivered(first);
    const [recorded] = await rowsOf();
    await delivered(first);
    await delivered(fake.disputeWebhook(dispute));
    // One row, untouched since the first event.
    expect(await rowsOf()).toEqual([recorded]);
    expect((await disputeEmails(order.number)).filter((e) => e.recipient === admin.user.email)).toHaveLength(
      1,
    );

    const lost = fake.disputeWebhook(fake.moveDispute(dispute.id, "lost"));
    const before = await today(t, admin.cookie);
    await delivered(lost);
    await delivered(lost);
    await delivered(fake.disputeWebhook(dispute));
    expect(moved(before, await today(t, admin.cookie)).chargebacks).toBe(payment.amount);
  });

  it("acknowledges a dispute of a payment the shop never took, recording nothing", async () => {
    const { order, payment } = await paidOrder({ record: false });
    const dispute = fake.openDispute(payment.id);
    await delivered(fake.disputeWebhook(dispute));
    const rows = await t.database.db
      .select()
      .from(disputes)
      .where(eq(disputes.providerDisputeId, dispute.id));
    expect(rows).toEqual([]);
    expect(await disputeEmails(order.number)).toEqual([]);
  });

  it("refuses a dispute webhook not signed with the webhook secret: 401, nothing recorded", async () => {
    const { payment } = await paidOrder();
    const dispute = fake.openDispute(payment.id);
    const response = await deliver(fake.disputeWebhook(dispute, { secret: "guessed" }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: api.webhookRejected });
    expect(await listed(dispute.id)).toBeUndefined();
  });

  it("refuses bad evidence input with 400 and the field, and an unknown dispute with 404", async () => {
    const { payment } = await paidOrder();
    const dispute = fake.openDispute(payment.id);
    await delivered(fake.disputeWebhook(dispute));
    const found = await listed(dispute.id);
    if (!found) throw new Error("not listed");
    const refusals: [unknown, Record<string, string>][] = [
      [{ note: "Sent" }, { evidenceSent: validation.required }],
      [{ evidenceSent: false }, { evidenceSent: disputeWords.evidenceSentOnly }],
      [{ evidenceSent: true, role: "admin" }, { role: validation.unknownField }],
      [{ evidenceSent: true, note: "x".repeat(1001) }, { note: validation.maxLength(1000) }],
    ];
    for (const [payload, errors] of refusals) {
      const response = await markEvidence(found._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: api.invalidInput, errors });
    }
    const badId = await markEvidence("not-an-id", { evidenceSent: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual({ id: validation.id });
    const unknown = await markEvidence("0123456789abcdef01234567", { evidenceSent: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: disputeWords.notFound });
    const badState = await inject(t.app, {
      method: "GET",
      url: "/api/disputes?state=pending",
      cookie: admin.cookie,
    });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errors).toEqual({
      "state.0": validation.oneOf(["open", "under_review", "won", "lost", "closed"]),
    });
    // Nothing half-written: the dispute still has no evidence.
    expect((await listed(dispute.id))?.evidence).toBeNull();
  });
});

describe("PayPal's disputes", () => {
  let fake: PaypalFake;
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    fake = await PaypalFake.start();
    t = await createTestApp(fake.env);
    shop = await makeShop(t, { pay: false });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("records a dispute opened in PayPal and, resolved in the buyer's favour, counts it lost", async () => {
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      { products: [{ product: shop.productId, quantity: 2 }], shippingAddress: shop.addressId },
      { mail: mailContextOf(t.config), storeState: t.config.storeState },
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
    const capture = fake.captureOf(paypalOrderId);
    const before = await today(t, shop.admin.cookie);

    const deliver = async (eventType: string, resource: object) => {
      const { headers, body } = fake.webhook(eventType, resource);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/payments/paypal/webhook",
        headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const dispute = fake.openDispute(capture.id, { value: "20.00" });
    await deliver("CUSTOMER.DISPUTE.CREATED", dispute);
    const listedNow = async () => {
      const response = await inject(t.app, {
        method: "GET",
        url: "/api/disputes",
        cookie: shop.admin.cookie,
      });
      expect(response.statusCode).toBe(200);
      return (response.json().data.items as DisputeDto[]).find(
        (item) => item.providerDisputeId === dispute.dispute_id,
      );
    };
    expect(await listedNow()).toMatchObject({
      provider: "paypal",
      transactionId: capture.id,
      order: order._id,
      orderNumber: order.number,
      amount: 20,
      currency: "USD",
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      phase: "inquiry",
      state: "open",
      respondBy: dispute.seller_response_due_date,
    });
    const [told] = await t.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.kind, "disputeOpened"), eq(emails.recipient, shop.admin.user.email)));
    expect(told?.subject).toBe(disputeWords.mail.subject(order.number));

    await deliver("CUSTOMER.DISPUTE.RESOLVED", fake.resolveDispute(dispute, "RESOLVED_BUYER_FAVOUR"));
    expect(await listedNow()).toMatchObject({ state: "lost", resolvedAt: expect.any(String) });
    expect(moved(before, await today(t, shop.admin.cookie))).toEqual({
      paymentsTaken: 0,
      refunds: 0,
      chargebacks: 2000,
      netPayments: -2000,
      totalSales: 0,
    });
  });
});
