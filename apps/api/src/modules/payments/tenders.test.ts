/**
 * Store credit as a tender of its own (decision 042): a ₹3,548 order paid ₹1,299 from credit and
 * ₹2,249 by the test gateway or by Razorpay (the local fake of its REST API) answers both parts on
 * the payment, the staff and shopper reads, the invoice's payment line and the sales report's
 * payments by method; and credit never leaves less than the provider's minimum (₹1) to pay.
 */
import { PROVIDER_MINIMUM_CENTS } from "@shop/shared/constants";
import { documents, storeCreditApi } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { RazorpayFake } from "#test/razorpay-fake";

/** A shop in rupees whose prices include GST: an order's total is its goods and the ₹80 shipping. */
async function rupeeShop(t: TestApp) {
  const admin = await quickUser(t, "admin");
  const settings = (section: string, payload: object) =>
    inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: admin.cookie, payload });
  expect((await settings("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
  const taxes = await settings("taxes", { pricesIncludeTax: true, defaultRate: 18, defaultHsn: "6109" });
  expect(taxes.statusCode, taxes.body).toBe(200);
  const category = await makeCategory(t.database);
  const thumbnail = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: thumbnail.id };
  return { admin, refs };
}

type Shop = Awaited<ReturnType<typeof rupeeShop>>;

/** A shopper with `credit` of store credit (an admin's adjustment) and a pending order totalling `total`. */
async function shopperWithOrder(t: TestApp, shop: Shop, total: number, credit: number) {
  const shopper = await quickUser(t, "customer");
  // The goods at the total less the ₹80 shipping (prices include GST).
  const product = await makeProduct(t.database, shop.refs, { price: total - 80, stock: 10 });
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
  const order = placed.json().data as OrderDto;
  expect(order.totalAmount).toBe(total);
  const adjusted = await inject(t.app, {
    method: "POST",
    url: `/api/users/${shopper.user.id}/store-credit`,
    cookie: shop.admin.cookie,
    payload: { amount: credit, reason: "Goodwill" },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  return { shopper, order };
}

function applyCredit(t: TestApp, shopper: Caller, orderId: string) {
  return inject(t.app, {
    method: "PUT",
    url: `/api/orders/current-user/${orderId}/store-credit`,
    cookie: shopper.cookie,
  });
}

/** The order as staff read it, as its shopper reads it, and its payment as the payments page reads it. */
async function reads(t: TestApp, shop: Shop, shopper: Caller, orderId: string) {
  const staff = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: shop.admin.cookie,
  });
  const mine = await inject(t.app, {
    method: "GET",
    url: `/api/orders/current-user/${orderId}`,
    cookie: shopper.cookie,
  });
  expect(staff.statusCode, staff.body).toBe(200);
  expect(mine.statusCode, mine.body).toBe(200);
  const staffOrder = staff.json().data as OrderDto;
  const payment = await inject(t.app, {
    method: "GET",
    url: `/api/payments/${staffOrder.payment?._id}`,
    cookie: shop.admin.cookie,
  });
  expect(payment.statusCode, payment.body).toBe(200);
  return {
    staff: staffOrder.payment?.tenders,
    shopper: (mine.json().data as OrderDto).payment?.tenders,
    payment: (payment.json().data as PaymentDto).tenders,
  };
}

/** The text of a PDF, as a reader's copy and paste gets it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function salesReport(t: TestApp, shop: Shop): Promise<SalesReportDto> {
  // A period around today, whichever side of midnight the shop's clock is.
  const dayOf = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/reports/sales?from=${dayOf(-1)}&to=${dayOf(1)}`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SalesReportDto;
}

const cents = (amount: number) => Math.round(amount * 100);

describe("store credit beside the test gateway", () => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: "50" });
    shop = await rupeeShop(t);
  });
  afterAll(async () => t?.close());

  it("answers the credit's part and the card's on the payment, both reads, the invoice and the report", async () => {
    const { shopper, order } = await shopperWithOrder(t, shop, 3548, 1299);
    const applied = await applyCredit(t, shopper, order._id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ applied: 1299, due: 2249 });

    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const tenders = [
      { kind: "store_credit", amount: 1299 },
      { kind: "test", amount: 2249 },
    ];
    expect(paid.json().data).toMatchObject({ amount: 3548, tenders });
    expect(await reads(t, shop, shopper, order._id)).toEqual({
      staff: tenders,
      shopper: tenders,
      payment: tenders,
    });

    const invoice = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/invoice.pdf`,
      cookie: shopper.cookie,
    });
    expect(invoice.statusCode).toBe(200);
    // Helvetica has no rupee sign: the invoice writes the code.
    expect(await pdfText(invoice.rawPayload)).toContain(
      documents.paidWith("Store credit INR 1,299.00, Card (test gateway) INR 2,249.00"),
    );

    const report = await salesReport(t, shop);
    expect(report.paymentsByMethod).toEqual([
      { kind: "test", amount: 2249 },
      { kind: "store_credit", amount: 1299 },
    ]);
    // The rows add up to the payments taken, to the paisa.
    expect(report.paymentsByMethod.reduce((sum, row) => sum + cents(row.amount), 0)).toBe(
      cents(report.paymentsTaken),
    );
  });

  it("answers one store credit tender for an order paid all from credit", async () => {
    const { shopper, order } = await shopperWithOrder(t, shop, 580, 600);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "store_credit" },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const tenders = [{ kind: "store_credit", amount: 580 }];
    expect(paid.json().data.tenders).toEqual(tenders);
    expect(await reads(t, shop, shopper, order._id)).toEqual({
      staff: tenders,
      shopper: tenders,
      payment: tenders,
    });
  });

  it("leaves ₹1.00 to pay when the credit would leave less, and refuses credit that can leave no more", async () => {
    const { shopper, order } = await shopperWithOrder(t, shop, 500.5, 500);
    // The pay page offers what applying takes, as the server prices it.
    const options = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}/payment-options`,
      cookie: shopper.cookie,
    });
    expect(options.json().data.storeCredit).toEqual({
      balance: 500,
      applied: 0,
      due: 500.5,
      applicable: 499.5,
    });
    const applied = await applyCredit(t, shopper, order._id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ applied: 499.5, due: PROVIDER_MINIMUM_CENTS.razorpay / 100 });

    // The 50 paise left of the balance cannot be applied without leaving less than ₹1.00.
    const again = await applyCredit(t, shopper, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(storeCreditApi.belowMinimum("₹1.00"));
    const credit = await inject(t.app, {
      method: "GET",
      url: "/api/users/current-user/store-credit",
      cookie: shopper.cookie,
    });
    expect(credit.json().data.balance).toBe(0.5);
  });

  it("refuses cash on delivery while store credit pays part of the order, naming why", async () => {
    const checkout = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: {
        holdMinutes: 30,
        maxUnpaidOrders: 50,
        maxQuantityPerLine: 10,
        minimumOrder: 0,
        cod: { enabled: true, maxOrderValue: 100_000, fee: 0 },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { shopper, order } = await shopperWithOrder(t, shop, 980, 300);
    expect((await applyCredit(t, shopper, order._id)).statusCode).toBe(200);
    const cod = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "cod" },
    });
    expect(cod.statusCode).toBe(409);
    expect(cod.json().message).toBe(storeCreditApi.codWithCredit);
  });
});

describe("store credit beside Razorpay", () => {
  let fake: RazorpayFake;
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    fake = await RazorpayFake.start();
    t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "50" });
    shop = await rupeeShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function openCheckout(shopper: Caller, orderId: string) {
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/payments/razorpay/orders",
      cookie: shopper.cookie,
      payload: { order: orderId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { razorpayOrderId: string; amount: number };
  }

  it("answers the credit's part and Razorpay's with its method on the payment and both reads", async () => {
    const { shopper, order } = await shopperWithOrder(t, shop, 3548, 1299);
    expect((await applyCredit(t, shopper, order._id)).statusCode).toBe(200);
    const checkout = await openCheckout(shopper, order._id);
    expect(checkout.amount).toBe(224_900);
    const { result } = fake.pay(checkout.razorpayOrderId, { method: "upi", status: "authorized" });
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "razorpay", ...result },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const tenders = [
      { kind: "store_credit", amount: 1299 },
      { kind: "razorpay", amount: 2249, method: "upi" },
    ];
    expect(paid.json().data).toMatchObject({ amount: 3548, method: "upi", tenders });
    expect(await reads(t, shop, shopper, order._id)).toEqual({
      staff: tenders,
      shopper: tenders,
      payment: tenders,
    });

    const report = await salesReport(t, shop);
    expect(report.paymentsByMethod).toEqual([
      { kind: "razorpay", method: "upi", amount: 2249 },
      { kind: "store_credit", amount: 1299 },
    ]);
    expect(report.paymentsTaken).toBe(3548);
  });

  it("asks Razorpay for 100 paise when ₹500.00 of credit meets a ₹500.50 order", async () => {
    const { shopper, order } = await shopperWithOrder(t, shop, 500.5, 500);
    const applied = await applyCredit(t, shopper, order._id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ applied: 499.5, due: 1 });
    const checkout = await openCheckout(shopper, order._id);
    expect(checkout.amount).toBe(PROVIDER_MINIMUM_CENTS.razorpay);
    const made = fake.callsTo(/\/v1\/orders$/).at(-1);
    expect(JSON.parse(made?.body ?? "{}")).toMatchObject({ amount: 100, currency: "INR" });
  });
});
