/**
 * Store credit (decision 042) through the API with PayPal (the local fake of its REST API): a refund
 * given to credit, an order paid all or part from it, credit taken off or given back by a
 * cancellation, staff's adjustments, the sales report's figures; and the ledger adding up after a
 * generated run of credits, uses and refunds.
 */
import { activityPage, api, storeCreditApi } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentOptionsDto } from "@shop/shared/schemas/payment";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import type { StoreCreditDto } from "@shop/shared/schemas/store-credit";
import { asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { orders } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import { storeCreditEntries } from "#api/db/schema/store-credit";
import { users } from "#api/db/schema/users";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { sweepExpiredOrders } from "#api/modules/orders/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { ADDRESS, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { PaypalFake } from "#test/paypal-fake";

let fake: PaypalFake;
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  fake = await PaypalFake.start();
  t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "1000" });
  shop = await makeShop(t, { pay: false });
  await t.database.db.update(productVariants).set({ stock: 100_000 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const cents = (amount: number) => Math.round(amount * 100);

/** A shopper with an address, signed in. */
async function newShopper(): Promise<Caller & { addressId: string }> {
  const shopper = await quickUser(t);
  const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
  return { ...shopper, addressId: address._id };
}

/** A pending order of `quantity` units of the plain product (99.50 each, on sale). */
async function placed(shopper: Caller & { addressId: string }, quantity = 1): Promise<OrderDto> {
  const { order } = await placeOrder(
    t.database.db,
    shopper.user,
    { products: [{ product: shop.productId, quantity }], shippingAddress: shopper.addressId },
    { mail: mailContextOf(t.config) },
  );
  return order;
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

/** Pays what is left of the order through PayPal; answers the PayPal order's amount (what PayPal took). */
async function payByPaypal(shopper: Caller, orderId: string) {
  const created = await inject(t.app, {
    method: "POST",
    url: "/api/payments/paypal/orders",
    cookie: shopper.cookie,
    payload: { order: orderId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const paypalOrderId = created.json().data.id as string;
  fake.approve(paypalOrderId);
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: orderId, paymentGateway: "paypal", transactionId: paypalOrderId },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return Number(fake.captureOf(paypalOrderId).amount.value);
}

function payByCredit(shopper: Caller, orderId: string) {
  return inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: orderId, paymentGateway: "store_credit" },
  });
}

function applyCredit(shopper: Caller, orderId: string, method: "PUT" | "DELETE" = "PUT") {
  return inject(t.app, {
    method,
    url: `/api/orders/current-user/${orderId}/store-credit`,
    cookie: shopper.cookie,
  });
}

function adjust(userId: string, amount: number, reason = "Goodwill for a late parcel", caller = shop.admin) {
  return inject(t.app, {
    method: "POST",
    url: `/api/users/${userId}/store-credit`,
    cookie: caller.cookie,
    payload: { amount, reason },
  });
}

function refund(orderId: string, payload: Record<string, unknown>) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/refunds`,
    cookie: shop.admin.cookie,
    payload,
  });
}

async function cancel(shopper: Caller, orderId: string) {
  const response = await inject(t.app, {
    method: "PATCH",
    url: `/api/orders/${orderId}/cancel`,
    cookie: shopper.cookie,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function myCredit(shopper: Caller): Promise<StoreCreditDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: "/api/users/current-user/store-credit",
    cookie: shopper.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as StoreCreditDto;
}

async function options(shopper: Caller, orderId: string): Promise<PaymentOptionsDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/current-user/${orderId}/payment-options`,
    cookie: shopper.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PaymentOptionsDto;
}

/** The shopper's entries oldest first, and their balance, straight from the database. */
async function ledgerOf(userId: string) {
  const entries = await t.database.db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(asc(storeCreditEntries.createdAt), asc(storeCreditEntries.id));
  const [user] = await t.database.db
    .select({ balance: users.storeCredit })
    .from(users)
    .where(eq(users.id, userId));
  return { entries, balance: user?.balance ?? -1 };
}

/** The ledger adds up: each entry's balance is the running sum, never negative, and the last is the balance. */
async function expectLedgerAddsUp(userId: string) {
  const { entries, balance } = await ledgerOf(userId);
  let running = 0;
  for (const entry of entries) {
    expect(cents(entry.amount)).not.toBe(0);
    running += cents(entry.amount);
    expect(cents(entry.balanceAfter)).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  }
  expect(cents(balance)).toBe(running);
  return running;
}

describe("a refund to store credit", () => {
  it("gives part of a paid order to the shopper's credit: no PayPal refund, a credit note, a refund entry", async () => {
    const shopper = await newShopper();
    const order = await placed(shopper, 2);
    await payByPaypal(shopper, order._id);
    const refundsBefore = fake.callsTo(/\/refund$/).length;

    const response = await refund(order._id, { amount: 40, reason: "Parcel late", to: "store_credit" });
    expect(response.statusCode, response.body).toBe(201);
    const refunded = response.json().data as OrderDto;
    expect(fake.callsTo(/\/refund$/).length).toBe(refundsBefore);
    expect(refunded.payment?.refundedAmount).toBe(40);
    const [given] = refunded.payment?.refunds ?? [];
    expect(given?.providerRefundId).toBe(`credit-${given?._id}`);
    expect(given?.creditNoteNumber).toMatch(/^CN\d{4}\//);
    expect(given?.moneyBack).toBe(true);

    const credit = await myCredit(shopper);
    expect(credit.balance).toBe(40);
    expect(credit.entries).toEqual([
      {
        _id: expect.any(String),
        amount: 40,
        balanceAfter: 40,
        kind: "refund",
        order: { _id: order._id, number: order.number },
        reason: "Parcel late",
        at: expect.any(String),
      },
    ]);
    await expectLedgerAddsUp(shopper.user.id);
  });

  it("answers a retry with the same key with the refund made, crediting once", async () => {
    const shopper = await newShopper();
    const order = await placed(shopper);
    await payByPaypal(shopper, order._id);
    const send = () =>
      inject(t.app, {
        method: "POST",
        url: `/api/orders/${order._id}/refunds`,
        cookie: shop.admin.cookie,
        headers: { "idempotency-key": "credit-once" },
        payload: { amount: 10, reason: "Goodwill", to: "store_credit" },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(200);
    expect((await myCredit(shopper)).balance).toBe(10);
  });

  it("refuses more than the payment has left, writing nothing", async () => {
    const shopper = await newShopper();
    const order = await placed(shopper);
    await payByPaypal(shopper, order._id);
    const response = await refund(order._id, {
      amount: order.totalAmount + 1,
      reason: "Too much",
      to: "store_credit",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toHaveProperty("amount");
    expect((await myCredit(shopper)).entries).toEqual([]);
  });
});

describe("paying with store credit", () => {
  it("pays all of an order from credit that covers it: a store_credit payment of the total, the order paid and invoiced", async () => {
    const shopper = await newShopper();
    expect((await adjust(shopper.user.id, 500)).statusCode).toBe(201);
    const order = await placed(shopper, 2);
    expect((await options(shopper, order._id)).storeCredit).toEqual({
      balance: 500,
      applied: 0,
      due: order.totalAmount,
      // It covers the order: paid all from it, nothing applied to part.
      applicable: 0,
    });

    const response = await payByCredit(shopper, order._id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      paymentGateway: "store_credit",
      status: "completed",
      amount: order.totalAmount,
      transactionId: `credit-${order._id}`,
    });
    const paid = await read(order._id);
    expect(paid.status).toBe("processing");
    expect(paid.invoiceNumber).not.toBeNull();
    expect(paid.storeCreditUsed).toBe(order.totalAmount);
    const credit = await myCredit(shopper);
    expect(cents(credit.balance)).toBe(cents(500) - cents(order.totalAmount));
    expect(credit.entries[0]).toMatchObject({
      kind: "order",
      amount: -order.totalAmount,
      order: { _id: order._id, number: order.number },
    });
    await expectLedgerAddsUp(shopper.user.id);

    // A second payment of the same order: already paid, nothing taken.
    const second = await payByCredit(shopper, order._id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(api.alreadyPaid);
    expect((await myCredit(shopper)).balance).toBe(credit.balance);
  });

  it("refuses credit that does not cover the order, taking nothing", async () => {
    const shopper = await newShopper();
    await adjust(shopper.user.id, 20);
    const order = await placed(shopper);
    const response = await payByCredit(shopper, order._id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/does not cover/);
    expect((await myCredit(shopper)).balance).toBe(20);
    expect((await read(order._id)).status).toBe("pending");
  });

  it("pays part from credit and the rest through PayPal, which is asked only for the rest", async () => {
    const shopper = await newShopper();
    await adjust(shopper.user.id, 30);
    const order = await placed(shopper, 2);

    // Applying all of the credit when it covers the order is one step: paying with it.
    expect((await options(shopper, order._id)).storeCredit.applicable).toBe(30);
    const applied = await applyCredit(shopper, order._id);
    expect(applied.statusCode, applied.body).toBe(200);
    const due = (cents(order.totalAmount) - cents(30)) / 100;
    expect(applied.json().data).toEqual({ applied: 30, due });
    expect((await options(shopper, order._id)).storeCredit).toEqual({
      balance: 0,
      applied: 30,
      due,
      applicable: 0,
    });
    // Cash on delivery is off in this shop; refused with credit applied where it is on: tenders.test.ts.

    expect(await payByPaypal(shopper, order._id)).toBe(due);
    const paid = await read(order._id);
    expect(paid.status).toBe("processing");
    expect(paid.storeCreditUsed).toBe(30);
    // The payment is of the order's total: the credit is part of it (the invoice's total is unchanged).
    expect(paid.payment?.amount).toBe(order.totalAmount);
    expect(paid.payment?.paymentGateway).toBe("paypal");

    // Back to the payment: no more than PayPal took; the rest goes to credit.
    const tooMuch = await refund(order._id, { amount: due + 1, reason: "All back", to: "payment" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors).toHaveProperty("to");
    expect((await refund(order._id, { amount: due, reason: "Back to the card" })).statusCode).toBe(201);
    const oneMore = await refund(order._id, { amount: 0.01, reason: "One more cent" });
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json().errors).toHaveProperty("to");
    const rest = await refund(order._id, { amount: 30, reason: "Credit back", to: "store_credit" });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((rest.json().data as OrderDto).status).toBe("refunded");
    expect((await myCredit(shopper)).balance).toBe(30);
    await expectLedgerAddsUp(shopper.user.id);
  });

  it("refuses applying part when the credit covers the order, and with none", async () => {
    const shopper = await newShopper();
    const order = await placed(shopper);
    const none = await applyCredit(shopper, order._id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(storeCreditApi.none);
    await adjust(shopper.user.id, 1000);
    const covers = await applyCredit(shopper, order._id);
    expect(covers.statusCode).toBe(409);
    expect(covers.json().message).toBe(storeCreditApi.covers);
  });

  it("gives the credit back when the shopper takes it off, cancels the order, or its hold expires", async () => {
    const shopper = await newShopper();
    await adjust(shopper.user.id, 25);

    const first = await placed(shopper);
    expect((await applyCredit(shopper, first._id)).statusCode).toBe(200);
    expect((await myCredit(shopper)).balance).toBe(0);
    const removed = await applyCredit(shopper, first._id, "DELETE");
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await myCredit(shopper)).balance).toBe(25);
    expect((await read(first._id)).storeCreditUsed).toBe(0);
    const notApplied = await applyCredit(shopper, first._id, "DELETE");
    expect(notApplied.statusCode).toBe(409);
    expect(notApplied.json().message).toBe(storeCreditApi.notApplied);

    expect((await applyCredit(shopper, first._id)).statusCode).toBe(200);
    await cancel(shopper, first._id);
    expect((await myCredit(shopper)).balance).toBe(25);

    const second = await placed(shopper);
    expect((await applyCredit(shopper, second._id)).statusCode).toBe(200);
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(orders.id, second._id));
    expect(await sweepExpiredOrders(t.database.db, 60, mailContextOf(t.config))).toBeGreaterThanOrEqual(1);
    const credit = await myCredit(shopper);
    expect(credit.balance).toBe(25);
    expect(credit.entries.map((entry) => entry.kind)).toEqual([
      "reversal",
      "order",
      "reversal",
      "order",
      "reversal",
      "order",
      "adjustment",
    ]);
    await expectLedgerAddsUp(shopper.user.id);
  });
});

describe("staff adjustments", () => {
  it("adds and removes credit with a reason and an activity entry, never below zero", async () => {
    const shopper = await newShopper();
    const added = await adjust(shopper.user.id, 75.5, "Apology for a damaged box");
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json().data as StoreCreditDto).balance).toBe(75.5);
    expect((added.json().data as StoreCreditDto).entries[0]).toMatchObject({
      kind: "adjustment",
      amount: 75.5,
      reason: "Apology for a damaged box",
      order: null,
    });
    const below = await adjust(shopper.user.id, -80);
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toHaveProperty("amount");
    expect((await adjust(shopper.user.id, -75.5)).statusCode).toBe(201);
    expect((await myCredit(shopper)).balance).toBe(0);

    const entries = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.subjectId, shopper.user.id));
    expect(entries.map((entry) => entry.kind)).toEqual([
      "customer.store_credit_adjusted",
      "customer.store_credit_adjusted",
    ]);
    expect(activityPage.kinds["customer.store_credit_adjusted"]).toBeTruthy();
  });

  it("refuses a zero amount, a manager, a shopper, and an unknown customer", async () => {
    const shopper = await newShopper();
    for (const amount of [0, 0.001]) {
      const zero = await adjust(shopper.user.id, amount);
      expect(zero.statusCode).toBe(400);
      expect(zero.json().errors).toHaveProperty("amount");
    }
    for (const caller of [shop.manager, shopper]) {
      const refused = await adjust(shopper.user.id, 5, "x", caller);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(api.forbidden);
    }
    const unknown = await adjust("0123456789abcdef01234567", 5);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.userNotFound);
    const staffRead = await inject(t.app, {
      method: "GET",
      url: `/api/users/${shopper.user.id}/store-credit`,
      cookie: shop.admin.cookie,
    });
    expect(staffRead.json().data).toEqual({ balance: 0, entries: [] });
  });
});

describe("the sales report", () => {
  it("counts store credit used as a payment and credit given as a refund", async () => {
    // A period around today, whichever side of midnight the shop's clock is.
    const dayOf = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const report = async () => {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/reports/sales?from=${dayOf(-1)}&to=${dayOf(1)}`,
        cookie: shop.admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as SalesReportDto;
    };
    const before = await report();
    const shopper = await newShopper();
    await adjust(shopper.user.id, 1000);
    const order = await placed(shopper);
    expect((await payByCredit(shopper, order._id)).statusCode).toBe(201);
    expect((await refund(order._id, { amount: 12, reason: "Scuffed", to: "store_credit" })).statusCode).toBe(
      201,
    );
    const after = await report();
    expect(cents(after.storeCredit.used) - cents(before.storeCredit.used)).toBe(cents(order.totalAmount));
    expect(cents(after.storeCredit.refunded) - cents(before.storeCredit.refunded)).toBe(cents(12));
    // Within the money taken and given back, as any payment and refund.
    expect(cents(after.paymentsTaken) - cents(before.paymentsTaken)).toBe(cents(order.totalAmount));
    expect(cents(after.refunds) - cents(before.refunds)).toBe(cents(12));
    // Payments taken by method: store credit a row of its own; the rows add up to the payments taken.
    const byMethod = (report: SalesReportDto, kind: string) =>
      cents(report.paymentsByMethod.find((row) => row.kind === kind)?.amount ?? 0);
    expect(byMethod(after, "store_credit") - byMethod(before, "store_credit")).toBe(cents(order.totalAmount));
    expect(after.paymentsByMethod.reduce((sum, row) => sum + cents(row.amount), 0)).toBe(
      cents(after.paymentsTaken),
    );
  });
});

describe("the ledger", () => {
  type Step =
    | { kind: "adjust"; cents: number }
    | { kind: "payAll"; quantity: number }
    | { kind: "payPart"; quantity: number }
    | { kind: "applyAndCancel"; quantity: number }
    | { kind: "refund"; share: number; toCredit: boolean };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("adjust" as const), cents: fc.integer({ min: -30_000, max: 30_000 }) }),
    fc.record({ kind: fc.constant("payAll" as const), quantity: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant("payPart" as const), quantity: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant("applyAndCancel" as const), quantity: fc.integer({ min: 1, max: 2 }) }),
    fc.record({
      kind: fc.constant("refund" as const),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
      toCredit: fc.boolean(),
    }),
  );

  it("adds up to the balance after any run of credits, uses, reversals and refunds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const shopper = await newShopper();
        const paidOrders: string[] = [];
        let expected = 0;
        for (const s of steps) {
          if (s.kind === "adjust") {
            if (s.cents === 0) continue;
            const response = await adjust(shopper.user.id, s.cents / 100);
            if (expected + s.cents < 0) {
              expect(response.statusCode).toBe(409);
              expect(response.json().errors).toHaveProperty("amount");
            } else {
              expect(response.statusCode, response.body).toBe(201);
              expected += s.cents;
            }
          } else if (s.kind === "payAll") {
            const order = await placed(shopper, s.quantity);
            const response = await payByCredit(shopper, order._id);
            if (expected >= cents(order.totalAmount)) {
              expect(response.statusCode, response.body).toBe(201);
              expected -= cents(order.totalAmount);
              paidOrders.push(order._id);
            } else {
              expect(response.statusCode).toBe(409);
              if (expected > 0) expect(response.json().message).toMatch(/does not cover/);
              else expect(response.json().message).toBe(storeCreditApi.none);
              await cancel(shopper, order._id);
            }
          } else if (s.kind === "payPart") {
            const order = await placed(shopper, s.quantity);
            const response = await applyCredit(shopper, order._id);
            if (expected > 0 && expected < cents(order.totalAmount)) {
              expect(response.statusCode, response.body).toBe(200);
              expected = 0;
              await payByPaypal(shopper, order._id);
              paidOrders.push(order._id);
            } else {
              expect(response.statusCode).toBe(409);
              expect(response.json().message).toBe(
                expected > 0 ? storeCreditApi.covers : storeCreditApi.none,
              );
              await cancel(shopper, order._id);
            }
          } else if (s.kind === "applyAndCancel") {
            const order = await placed(shopper, s.quantity);
            await applyCredit(shopper, order._id);
            await cancel(shopper, order._id);
          } else {
            const orderId = paidOrders.at(-1);
            if (!orderId) continue;
            const order = await read(orderId);
            const left = cents(order.payment?.amount ?? 0) - cents(order.payment?.refundedAmount ?? 0);
            const amount = Math.max(1, Math.floor(left * s.share));
            if (left <= 0) continue;
            const response = await refund(orderId, {
              amount: amount / 100,
              reason: "Generated refund",
              to: s.toCredit ? "store_credit" : "payment",
            });
            if (s.toCredit) {
              expect(response.statusCode, response.body).toBe(201);
              expected += amount;
            } else expect([201, 409]).toContain(response.statusCode);
          }
        }
        expect(await expectLedgerAddsUp(shopper.user.id)).toBe(expected);
        expect(cents((await myCredit(shopper)).balance)).toBe(expected);
      }),
      { numRuns: 12 },
    );
  });
});
