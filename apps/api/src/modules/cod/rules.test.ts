/**
 * Cash on delivery the owner controls (decision 037): refused for a listed PIN code, past the limit
 * and to a shopper who refused a parcel before, each with its message; the pay page's options say the
 * same; and the discount for paying online, priced by the server, taken once, given back when cash on
 * delivery is chosen after all, with the order, the invoice and the reports tying.
 *
 * The shop sells from Maharashtra to the fixture's Mumbai address (CGST + SGST), GST 18% on top: 2 ×
 * 100 is items 200, shipping 80, GST 36, total 316. Paying online with 20 off: the goods' 200 become
 * 180, their GST 32.40 (16.20 + 16.20), the total 292.40.
 */
import { api, codRefusals, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, shopperWithAddress, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { APPROVED_CARD, type Caller, DECLINED_CARD, quickUser } from "#test/fixtures";
import { RazorpayFake } from "#test/razorpay-fake";

let t: TestApp;
let admin: Caller;
let refs: { category: string; thumbnail: string };

const RULES = {
  enabled: true,
  maxOrderValue: 1000,
  fee: 25,
  blockedPincodes: [] as string[],
  blockAfterRefusal: true,
  onlineDiscount: 0,
  confirmHours: 48,
};
const CHECKOUT = { holdMinutes: 30, maxUnpaidOrders: 10, maxQuantityPerLine: 10, minimumOrder: 0 };

async function putRules(rules: Partial<typeof RULES>) {
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: admin.cookie,
    payload: { ...CHECKOUT, cod: { ...RULES, ...rules } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

async function placeOrder(shopper: Shopper) {
  const product = await makeProduct(t.database, refs, { price: 100, stock: 10 });
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ product: product._id, quantity: 2 }], shippingAddress: shopper.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { _id: string; totalAmount: number; number: number };
}

const payCod = (shopper: Shopper, order: string) =>
  inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order, paymentGateway: "cod" },
  });

const payCard = (shopper: Shopper, order: string, card = APPROVED_CARD) =>
  inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order, paymentGateway: "test", card },
  });

async function options(shopper: Shopper, order: string) {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/current-user/${order}/payment-options`,
    cookie: shopper.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    cod: { offered: boolean; reason: string | null; fee: number; total: number };
    online: { saving: number; total: number };
    storeCredit: { balance: number; applied: number; due: number; applicable: number };
  };
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no such order");
  return row;
}

async function lineRows(id: string) {
  return t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id));
}

/** Today's sales report, and this month's GSTR-3B 3.1(a). */
async function figures() {
  const day = shopDay(new Date());
  const sales = await inject(t.app, {
    method: "GET",
    url: `/api/reports/sales?from=${day}&to=${day}`,
    cookie: admin.cookie,
  });
  const gst = await inject(t.app, {
    method: "GET",
    url: `/api/reports/gst?month=${day.slice(0, 7)}`,
    cookie: admin.cookie,
  });
  const report = sales.json().data;
  return {
    totalSales: report.totalSales as number,
    netSales: report.netSales as number,
    codeDiscounts: report.codeDiscounts as number,
    paymentsTaken: report.paymentsTaken as number,
    gstr3b: gst.json().data.gstr3b as { taxableValue: number; cgst: number; sgst: number; igst: number },
  };
}

const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

describe("the owner's cash on delivery rules", () => {
  it("are saved with the checkout: PIN codes of six digits once each, hours from 1 to 720, money in hundredths", async () => {
    const bad = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: {
        ...CHECKOUT,
        cod: {
          ...RULES,
          blockedPincodes: ["4000", "400002", "400 002"],
          confirmHours: 0,
          onlineDiscount: 1.234,
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      "cod.blockedPincodes.0": validation.pinCode,
      "cod.blockedPincodes.2": validation.pincodeRepeated("400002"),
      "cod.confirmHours": validation.min(1),
      "cod.onlineDiscount": validation.cents,
    });
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: { ...CHECKOUT, cod: { ...RULES, blockedPincodes: ["110 001", "560001"] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.cod.blockedPincodes).toEqual(["110001", "560001"]);
    // The public settings keep the owner's lists on the server.
    const config = await inject(t.app, { method: "GET", url: "/api/config" });
    expect(config.json().data.cod).toEqual({ enabled: true, maxOrderValue: 1000, fee: 25, confirmHours: 48 });
  });
});

describe("cash on delivery refused", () => {
  it("for a PIN code the owner listed: the pay page says why, and the choice is refused with it", async () => {
    await putRules({ blockedPincodes: ["400002"] });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect(await options(shopper, order._id)).toEqual({
      cod: { offered: false, reason: codRefusals.pincodeBlocked("400002"), fee: 25, total: 341 },
      online: { saving: 0, total: 316 },
      storeCredit: { balance: 0, applied: 0, due: 316, applicable: 0 },
    });
    const refused = await payCod(shopper, order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(codRefusals.pincodeBlocked("400002"));
    expect(await orderRow(order._id)).toMatchObject({
      status: "pending",
      paymentId: null,
      codFee: 0,
      codConfirmation: null,
    });
    await putRules({});
    expect((await payCod(shopper, order._id)).statusCode).toBe(201);
  });

  it("above the owner's limit, fee included", async () => {
    await putRules({ maxOrderValue: 340 });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const offer = await options(shopper, order._id);
    expect(offer.cod).toMatchObject({ offered: false, reason: api.codOverLimit("$340.00") });
    const refused = await payCod(shopper, order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(api.codOverLimit("$340.00"));
    await putRules({});
  });

  it("to a shopper a cash on delivery parcel of whom came back refused, unless the owner allows it", async () => {
    await putRules({});
    const shopper = await shopperWithAddress(t);
    await t.database.db.update(users).set({ codRefusedAt: new Date() }).where(eq(users.id, shopper.user.id));
    const order = await placeOrder(shopper);
    expect((await options(shopper, order._id)).cod).toMatchObject({
      offered: false,
      reason: codRefusals.refusedBefore,
    });
    const refused = await payCod(shopper, order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(codRefusals.refusedBefore);

    await putRules({ blockAfterRefusal: false });
    expect((await options(shopper, order._id)).cod).toMatchObject({ offered: true, reason: null });
    expect((await payCod(shopper, order._id)).statusCode).toBe(201);
    await putRules({});
  });

  it("while the owner has it off: 400, and the pay page offers nothing", async () => {
    await putRules({ enabled: false, onlineDiscount: 20 });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect(await options(shopper, order._id)).toEqual({
      cod: { offered: false, reason: null, fee: 25, total: 341 },
      online: { saving: 0, total: 316 },
      storeCredit: { balance: 0, applied: 0, due: 316, applicable: 0 },
    });
    const refused = await payCod(shopper, order._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(api.codNotOffered);
    // No cash on delivery to give up: paying online takes nothing off.
    const paid = await payCard(shopper, order._id);
    expect(paid.json().data.amount).toBe(316);
    await putRules({});
  });
});

describe("the fee when the owner taxes the charges (decision 047)", () => {
  it("is taxed as shipping at the highest rate: the pay page's total, the payment and the order say so", async () => {
    const taxes = (chargesTaxed: boolean) =>
      inject(t.app, {
        method: "PUT",
        url: "/api/settings/taxes",
        cookie: admin.cookie,
        payload: { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109", chargesTaxed },
      });
    expect((await taxes(true)).statusCode).toBe(200);
    await putRules({});
    try {
      const shopper = await shopperWithAddress(t);
      // 200 + 36 on the goods, shipping 80 + 14.40 at 18%.
      const order = await placeOrder(shopper);
      expect(order.totalAmount).toBe(330.4);
      // The fee 25 + 4.50 of GST on top.
      expect((await options(shopper, order._id)).cod).toMatchObject({ offered: true, fee: 25, total: 359.9 });
      const chosen = await payCod(shopper, order._id);
      expect(chosen.statusCode, chosen.body).toBe(201);
      expect(chosen.json().data.amount).toBe(359.9);
      expect(await orderRow(order._id)).toMatchObject({
        chargesTaxed: true,
        codFee: 25,
        codFeeTaxable: 25,
        codFeeTaxRate: 18,
        codFeeCgst: 2.25,
        codFeeSgst: 2.25,
        codFeeIgst: 0,
        taxAmount: 54.9,
        totalAmount: 359.9,
      });
    } finally {
      expect((await taxes(false)).statusCode).toBe(200);
    }
  });
});

describe("the discount for paying online", () => {
  it("is priced by the server, taken once however many attempts, and ties in the order, the invoice and the reports", async () => {
    await putRules({ onlineDiscount: 20 });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect(order.totalAmount).toBe(316);
    expect(await options(shopper, order._id)).toEqual({
      cod: { offered: true, reason: null, fee: 25, total: 341 },
      online: { saving: 23.6, total: 292.4 },
      storeCredit: { balance: 0, applied: 0, due: 292.4, applicable: 0 },
    });
    const before = await figures();

    // A declined card: the attempt started, so the discount is taken, once.
    const declined = await payCard(shopper, order._id, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    const discounted = await orderRow(order._id);
    expect(discounted).toMatchObject({
      status: "pending",
      onlineDiscount: 20,
      subTotal: 200,
      discountAmount: 0,
      shippingAmount: 80,
      taxAmount: 32.4,
      totalAmount: 292.4,
    });
    expect(await lineRows(order._id)).toEqual([
      expect.objectContaining({
        discountShare: 20,
        taxableValue: 180,
        cgst: 16.2,
        sgst: 16.2,
        taxAmount: 32.4,
      }),
    ]);
    // The pay page still offers cash on delivery at its full price, and says what paying online saves.
    expect(await options(shopper, order._id)).toEqual({
      cod: { offered: true, reason: null, fee: 25, total: 341 },
      online: { saving: 23.6, total: 292.4 },
      storeCredit: { balance: 0, applied: 0, due: 292.4, applicable: 0 },
    });

    const paid = await payCard(shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.amount).toBe(292.4);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ status: "processing", onlineDiscount: 20, totalAmount: 292.4 });
    // total = items + shipping + tax + COD fee − code discount − online discount
    expect(
      cents(row.subTotal) +
        cents(row.shippingAmount) +
        cents(row.taxAmount) +
        cents(row.codFee) -
        cents(row.discountAmount) -
        cents(row.onlineDiscount),
    ).toBe(cents(row.totalAmount));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment).toBeDefined();

    const mine = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: shopper.cookie,
    });
    expect(mine.json().data).toMatchObject({ onlineDiscount: 20, totalAmount: 292.4, codConfirmation: null });

    // The invoice prints the lines after the discount, says what it holds, and comes to the total.
    const pdf = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/invoice.pdf`,
      cookie: admin.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    const printed = text.replace(/\s+/g, " ");
    expect(printed).toContain("online payment discount of $20.00");
    expect(printed).toContain("$292.40");
    expect(printed).toContain("$180.00");

    // The reports count the same: the sale and the money at 292.40, the goods at 180 after their
    // discount, the GST of the invoice.
    const after = await figures();
    expect(cents(after.totalSales) - cents(before.totalSales)).toBe(29_240);
    expect(cents(after.paymentsTaken) - cents(before.paymentsTaken)).toBe(29_240);
    expect(cents(after.netSales) - cents(before.netSales)).toBe(18_000);
    expect(cents(after.codeDiscounts) - cents(before.codeDiscounts)).toBe(2_000);
    expect(cents(after.gstr3b.taxableValue) - cents(before.gstr3b.taxableValue)).toBe(18_000);
    expect(cents(after.gstr3b.cgst) - cents(before.gstr3b.cgst)).toBe(1_620);
    expect(cents(after.gstr3b.sgst) - cents(before.gstr3b.sgst)).toBe(1_620);
    await putRules({});
  });

  it("is given back when the shopper chooses cash on delivery after an online attempt: the order as placed, with the fee", async () => {
    await putRules({ onlineDiscount: 20 });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const placedLines = await lineRows(order._id);
    const placed = await orderRow(order._id);
    expect((await payCard(shopper, order._id, DECLINED_CARD)).statusCode).toBe(402);
    expect((await orderRow(order._id)).totalAmount).toBe(292.4);

    const chosen = await payCod(shopper, order._id);
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.amount).toBe(341);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      onlineDiscount: 0,
      taxAmount: placed.taxAmount,
      shippingTax: placed.shippingTax,
      codFee: 25,
      totalAmount: 341,
      codConfirmation: "pending",
    });
    expect(await lineRows(order._id)).toEqual(placedLines);
    await putRules({});
  });

  it("is not offered, nor taken, where cash on delivery is refused", async () => {
    await putRules({ onlineDiscount: 20, blockedPincodes: ["400002"] });
    const shopper = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    expect((await options(shopper, order._id)).online).toEqual({ saving: 0, total: 316 });
    const paid = await payCard(shopper, order._id);
    expect(paid.json().data.amount).toBe(316);
    expect(await orderRow(order._id)).toMatchObject({ onlineDiscount: 0, totalAmount: 316 });
    await putRules({});
  });

  it("asks Razorpay for the lower total, once whatever the attempts, on a shop in rupees", async () => {
    const fake = await RazorpayFake.start();
    const shop = await createTestApp({ ...fake.env, STORE_STATE: "Maharashtra" });
    try {
      const owner = await quickUser(shop, "admin");
      const put = (section: string, payload: object) =>
        inject(shop.app, { method: "PUT", url: `/api/settings/${section}`, cookie: owner.cookie, payload });
      expect((await put("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
      expect((await put("checkout", { ...CHECKOUT, cod: { ...RULES, onlineDiscount: 20 } })).statusCode).toBe(
        200,
      );
      const category = await makeCategory(shop.database);
      const media = await makeMedia(shop.database);
      const product = await makeProduct(
        shop.database,
        { category: category.id, thumbnail: media.id },
        { price: 100, stock: 10 },
      );
      const shopper = await shopperWithAddress(shop);
      const placed = await inject(shop.app, {
        method: "POST",
        url: "/api/orders",
        cookie: shopper.cookie,
        payload: { products: [{ product: product._id, quantity: 2 }], shippingAddress: shopper.addressId },
      });
      const order = placed.json().data._id as string;
      const open = () =>
        inject(shop.app, {
          method: "POST",
          url: "/api/payments/razorpay/orders",
          cookie: shopper.cookie,
          payload: { order },
        });
      const first = await open();
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data.amount).toBe(29_240);
      expect(fake.orders.get(first.json().data.razorpayOrderId)?.amount).toBe(29_240);
      const again = await open();
      expect(again.json().data).toEqual(first.json().data);
      const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order));
      expect(row).toMatchObject({ onlineDiscount: 20, totalAmount: 292.4 });
    } finally {
      await shop.close();
      await fake.close();
    }
  });

  it("answers the pay page's options only to the order's shopper", async () => {
    const shopper = await shopperWithAddress(t);
    const other = await shopperWithAddress(t);
    const order = await placeOrder(shopper);
    const theirs = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}/payment-options`,
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(api.orderNotFound);
  });
});
