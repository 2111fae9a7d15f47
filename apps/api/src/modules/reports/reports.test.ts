/**
 * The sales report on a fixed set of orders placed through the API by an INR shop in Maharashtra,
 * whose figures are worked out by hand below: kurtas at 5% (on sale, 599 → 499) beside shirts at 18%
 * (1,299), within the state (CGST = SGST, each rate/2 of the line's taxable value rounded to the paisa)
 * and across (IGST), prices with GST on top and, for one order, including it; a return of one kurta, a
 * goodwill refund, and a cash on delivery order shipped on 31 March and collected on 1 April. The
 * documents and the money are moved to their moments in the shop's clock (UTC+05:30): March 2026 runs
 * from 2026-02-28T18:30Z to 2026-03-31T18:30Z.
 *
 * The orders (₹):
 * - A, Mumbai, prices on top, code SAVE10 (10%, not on sale items), paid on 1 March 00:00 (the
 *   period's first moment): 2 kurtas 998.00 (list 1,198.00, the sale saves 200.00), CGST = SGST =
 *   2.5% × 998.00 = 24.95; a shirt 1,299.00 − 129.90 = 1,169.10, CGST = SGST = 9% × 1,169.10 =
 *   105.219 → 105.22; shipping 80 (no GST on top). Total 998 + 1,169.10 + 80 + 49.90 + 210.44 = 2,507.44.
 * - B, Bengaluru (Karnataka), prices on top, paid on 12 March: a kurta 499.00 (list 599) with IGST 5%
 *   = 24.95, 2 shirts 2,598.00 with IGST 18% = 467.64; shipping 80. Total 3,669.59.
 * - A's return on 20 March: one of its two kurtas, restocked. Its credit note gives back half of what
 *   the line charged, 1,047.90 / 2 = 523.95 (decision 047: never a paisa more): taxable 499.00, CGST =
 *   SGST = 2.5% × 499.00 = 12.475 → 12.48, and the paisa over, −0.01, its round off outside GST (in
 *   the sales figures, the kurta's value back is 498.99).
 * - B's goodwill of 100.00 on 25 March, spread over its goods by what each line holds: the kurta
 *   523.95, the shirts 3,065.64: 100 × 523.95 / 3,589.59 = 14.5963… and 85.4036…, the paisa left to the
 *   larger remainder: 14.60 and 85.40. Each part as its line holds it: the kurta's IGST 24.95 × 14.60 /
 *   523.95 = 0.6952… → 0.70, taxable 13.90; the shirts' IGST 467.64 × 85.40 / 3,065.64 = 13.027… →
 *   13.03, taxable 72.37. Returns 86.27, IGST 13.73.
 * - C, Mumbai, cash on delivery (fee 40, outside GST), placed on 30 March, shipped (its invoice) on
 *   31 March 23:59:59, the cash collected on 1 April 00:00: a shirt 1,299.00, CGST = SGST = 116.91;
 *   shipping 80. Total 1,299 + 233.82 + 80 + 40 = 1,652.82.
 * - D, Mumbai, prices including GST and the charges taxed (shipping at the order's highest rate), paid
 *   on 28 March: a kurta 499.00 holds taxable round(499 / 1.05) = 475.24 and CGST = SGST = 2.5% ×
 *   475.24 = 11.881 → 11.88 (its sale's 100.00 is 95.24 before GST, its list 570.48); a shirt 1,299.00
 *   holds taxable round(1,299 / 1.18) = 1,100.85 and 9% × 1,100.85 = 99.0765 → 99.08 each, 0.01 short
 *   of the price: its round off −0.01 (its value before GST in the sales figures 1,100.84); shipping
 *   80.00 holds 67.80 and 9% × 67.80 = 6.102 → 6.10 each. Total 1,878.00, of which GST 23.76 + 198.16 +
 *   12.20 = 234.12.
 */
import { gstinCheckCharacter } from "@shop/shared/india";
import { validation } from "@shop/shared/messages";
import { REPORT_TOP, type SalesReportDto } from "@shop/shared/schemas/report";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "#api/db/schema/categories";
import { orders, payments } from "#api/db/schema/orders";
import { refunds } from "#api/db/schema/refunds";
import { orderShipments } from "#api/db/schema/shipments";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, addressIn, type Caller, quickUser } from "#test/fixtures";
import { mergeRankings, type ProductRow, readTopVariants } from "./repo";
import { foldSalesSlots } from "./repo-slots";
import { periodOf, shopDay } from "./service";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let kurta: { _id: string };
let shirt: { _id: string };
let kurtas: string;
let shirts: string;
/** C, the cash on delivery order. */
let codOrder: string;

const MARCH = "from=2026-03-01&to=2026-03-31";

async function addressOf(shopper: Caller, state: string): Promise<string> {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: addressIn(state),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

function put(section: string, payload: object) {
  return inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: admin.cookie, payload });
}

async function category(name: string, taxRate: number, hsnCode: string): Promise<string> {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/categories",
    cookie: admin.cookie,
    payload: { name, slug: name.toLowerCase(), taxRate, hsnCode },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

interface Placed {
  _id: string;
  invoiceNumber: string | null;
  totalAmount: number;
  products: { _id: string; product: { _id: string } }[];
  cashOnDelivery: { payment: string } | null;
}

async function place(
  shopper: Caller,
  address: string,
  products: { product: string; quantity: number }[],
  discountCode?: string,
): Promise<Placed> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products, shippingAddress: address, ...(discountCode ? { discountCode } : {}) },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data;
}

async function pay(shopper: Caller, order: Placed, gateway: "test" | "cod" = "test"): Promise<Placed> {
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: {
      order: order._id,
      paymentGateway: gateway,
      ...(gateway === "test" ? { card: APPROVED_CARD } : {}),
    },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const read = await inject(t.app, { method: "GET", url: `/api/orders/${order._id}`, cookie: admin.cookie });
  return read.json().data;
}

/** Moves an order's placing, its invoice (and with it the invoice's ledger row) and its payment. */
async function moveOrder(order: string, moments: { placed?: string; invoiced?: string; paid?: string }) {
  const db = t.database.db;
  if (moments.placed)
    await db
      .update(orders)
      .set({ createdAt: new Date(moments.placed) })
      .where(eq(orders.id, order));
  if (moments.invoiced)
    await db
      .update(orders)
      .set({ invoicedAt: new Date(moments.invoiced) })
      .where(eq(orders.id, order));
  if (moments.paid)
    await db
      .update(payments)
      .set({ createdAt: new Date(moments.paid) })
      .where(eq(payments.orderId, order));
}

async function refund(order: Placed, payload: object, at: string) {
  const response = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/refunds`,
    cookie: admin.cookie,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  const refunded = response.json().data as { payment: { refunds: { _id: string; amount: number }[] } };
  const latest = refunded.payment.refunds.at(-1);
  if (!latest) throw new Error("no refund recorded");
  await t.database.db
    .update(refunds)
    .set({ refundedAt: new Date(at) })
    .where(eq(refunds.id, latest._id));
  return latest;
}

const lineOf = (order: Placed, product: string) =>
  order.products.find((line) => line.product._id === product)?._id ?? "";

function report(cookie: string | undefined, query = MARCH) {
  return inject(t.app, { method: "GET", url: `/api/reports/sales?${query}`, ...(cookie ? { cookie } : {}) });
}

async function csv(table: string, query = MARCH): Promise<string[][]> {
  const response = await report(admin.cookie, `${query}&format=csv&table=${table}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/csv");
  return parse(response.body, { bom: true }) as string[][];
}

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra", MAX_UNPAID_ORDERS: "100" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  expect((await put("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
  expect(
    (await put("taxes", { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109" })).statusCode,
  ).toBe(200);
  const checkout = await put("checkout", {
    holdMinutes: 30,
    maxUnpaidOrders: 10,
    maxQuantityPerLine: 10,
    minimumOrder: 0,
    cod: { enabled: true, maxOrderValue: 5000, fee: 40 },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const media = await makeMedia(t.database);
  kurtas = await category("Kurtas", 5, "6211");
  shirts = await category("Shirts", 18, "6205");
  kurta = await makeProduct(
    t.database,
    { category: kurtas, thumbnail: media.id },
    { price: 599, onSale: true, salePrice: 499, stock: 50 },
  );
  shirt = await makeProduct(
    t.database,
    { category: shirts, thumbnail: media.id },
    { price: 1299, stock: 50 },
  );
  const code = await inject(t.app, {
    method: "POST",
    url: "/api/discounts",
    cookie: admin.cookie,
    payload: { code: "SAVE10", type: "percentage", value: 10 },
  });
  expect(code.statusCode, code.body).toBe(201);

  const inState = await quickUser(t);
  const elsewhere = await quickUser(t);
  const mumbai = await addressOf(inState, "Maharashtra");
  const bengaluru = await addressOf(elsewhere, "Karnataka");

  const a = await pay(
    inState,
    await place(
      inState,
      mumbai,
      [
        { product: kurta._id, quantity: 2 },
        { product: shirt._id, quantity: 1 },
      ],
      "save10",
    ),
  );
  expect(a.totalAmount).toBe(2507.44);
  const first = "2026-02-28T18:30:00Z"; // 1 March 00:00 in the shop
  await moveOrder(a._id, { placed: first, invoiced: first, paid: first });

  const b = await pay(
    elsewhere,
    await place(elsewhere, bengaluru, [
      { product: kurta._id, quantity: 1 },
      { product: shirt._id, quantity: 2 },
    ]),
  );
  expect(b.totalAmount).toBe(3669.59);
  await moveOrder(b._id, {
    placed: "2026-03-12T06:30:00Z",
    invoiced: "2026-03-12T06:30:00Z",
    paid: "2026-03-12T06:30:00Z",
  });

  // One of A's kurtas comes back on 20 March (15:00 in the shop), to stock.
  const returned = await refund(
    a,
    {
      lines: [{ line: lineOf(a, kurta._id), quantity: 1 }],
      shipping: false,
      codFee: false,
      reason: "Too small",
      restock: true,
    },
    "2026-03-20T09:30:00Z",
  );
  expect(returned.amount).toBe(523.95);
  // 100.00 of goodwill on B on 25 March (11:00 in the shop).
  await refund(b, { amount: 100, reason: "Late delivery", restock: [] }, "2026-03-25T05:30:00Z");

  // C: cash on delivery, shipped on 31 March 23:59:59, the cash collected a second later (1 April).
  const c = await pay(inState, await place(inState, mumbai, [{ product: shirt._id, quantity: 1 }]), "cod");
  expect(c.totalAmount).toBe(1652.82);
  // Confirmed by phone, as a cash on delivery order must be before it ships.
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${c._id}/confirm-cod`,
    cookie: admin.cookie,
    payload: {},
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${c._id}/shipments`,
    cookie: admin.cookie,
    payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "COD-1" },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  const payment = c.cashOnDelivery?.payment ?? "";
  const collected = await inject(t.app, {
    method: "POST",
    url: `/api/payments/${payment}/collect`,
    cookie: admin.cookie,
  });
  expect(collected.statusCode, collected.body).toBe(200);
  await moveOrder(c._id, {
    placed: "2026-03-30T06:30:00Z",
    invoiced: "2026-03-31T18:29:59Z",
    paid: "2026-03-31T18:30:00Z",
  });
  await t.database.db
    .update(orderShipments)
    .set({ shippedAt: new Date("2026-03-31T18:29:59Z") })
    .where(eq(orderShipments.orderId, c._id));
  codOrder = c._id;

  // D: the shop's prices include GST from now on; the orders before keep theirs.
  expect(
    (await put("taxes", { pricesIncludeTax: true, defaultRate: 18, defaultHsn: "6109", chargesTaxed: true }))
      .statusCode,
  ).toBe(200);
  const d = await pay(
    inState,
    await place(inState, mumbai, [
      { product: kurta._id, quantity: 1 },
      { product: shirt._id, quantity: 1 },
    ]),
  );
  expect(d.totalAmount).toBe(1878);
  await moveOrder(d._id, {
    placed: "2026-03-28T06:30:00Z",
    invoiced: "2026-03-28T06:30:00Z",
    paid: "2026-03-28T06:30:00Z",
  });
});
afterAll(async () => t?.close());

describe("GET /api/reports/sales", () => {
  it("answers 401 to visitors and 403 to shoppers, and reads for admins and managers alike", async () => {
    expect((await report(undefined)).statusCode).toBe(401);
    const shopper = await quickUser(t);
    expect((await report(shopper.cookie)).statusCode).toBe(403);
    const byManager = await report(manager.cookie);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data).toEqual((await report(admin.cookie)).json().data);
  });

  it("sums March's invoices and credit notes, and its money, as worked out by hand", async () => {
    const response = await report(admin.cookie);
    expect(response.statusCode).toBe(200);
    const {
      byDay,
      topProducts,
      topProductsByUnits,
      byCategory,
      byDiscountCode,
      returnedToOrigin,
      codConfirmation,
      ...summary
    } = response.json().data as SalesReportDto;
    // C asked for confirmation, was confirmed by phone and shipped (the channels: cod-confirmation.test.ts).
    expect(codConfirmation).toMatchObject({
      orders: 1,
      confirmed: 1,
      rate: 100,
      unconfirmed: 0,
      rto: {
        confirmed: { shipped: 1, returned: 0, rate: 0 },
        unconfirmed: { shipped: 0, returned: 0, rate: null },
      },
    });
    expect(summary).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      // Every order in the shop's rupees: none counted apart.
      currency: "INR",
      otherCurrencies: [],
      // A 1,198 + 1,299; B 599 + 2,598; C 1,299; D 570.48 + 1,100.84 (its prices before GST).
      grossSales: 8664.32,
      // Sales: A 200, B 100, D 95.24; the code: A's shirt 129.90.
      saleDiscounts: 395.24,
      codeDiscounts: 129.9,
      discounts: 525.14,
      // A's kurta 498.99 (499.00 and its round off) and B's goodwill 13.90 + 72.37.
      returns: 585.26,
      // 8,664.32 − 525.14 − 585.26: the invoices' goods before GST (A 2,167.10, B 3,097.00, C 1,299.00,
      // D 1,576.08) less the credit notes'.
      netSales: 7553.92,
      // 80 on A, B and C (on top, untaxed), D's 67.80 before its GST; no credit note gave shipping back.
      shipping: 307.8,
      tax: {
        // A 24.95 + 105.22, C 116.91, D 11.88 + 99.08 + 6.10, less the return's 12.48; SGST the same.
        cgst: 351.66,
        sgst: 351.66,
        // B 24.95 + 467.64 less the goodwill's 0.70 + 13.03.
        igst: 478.86,
      },
      // A 260.34, B 492.59, C 233.82, D 234.12; credited 24.96 + 13.73.
      taxInvoiced: 1220.87,
      taxCredited: 38.69,
      codFees: 40,
      // 7,553.91 + 307.80 + 1,182.18 + 40 = the invoices (2,507.44 + 3,669.59 + 1,652.82 + 1,878.00)
      // less the credit notes (523.95 + 100.00).
      totalSales: 9083.9,
      // A, B and D; C's cash came on 1 April.
      paymentsTaken: 8055.03,
      refunds: 623.95,
      // No dispute was lost in March (disputes/disputes.test.ts counts them): 8,055.03 − 623.95.
      chargebacks: 0,
      netPayments: 7431.08,
      ordersPlaced: 4,
      ordersPaid: 3,
      orders: 3,
      // 8,055.03 / 3 = 2,685.01.
      averageOrderValue: 2685.01,
      // A 3, B 3, C 1, D 2, less the kurta back (goodwill gives no units back).
      units: 8,
      // C's parcel was shipped by hand: no courier collected its cash, nothing is remitted
      // (modules/remittances/remittances.test.ts counts couriers' cash).
      codCollected: 0,
      codAwaitingRemittance: { count: 0, amount: 0 },
      codRemitted: 0,
      // No abandoned-checkout reminder went in March (carts/reminders.test.ts counts them).
      cartReminders: { sent: 0, recovered: 0, recoveredSales: 0 },
      // No store credit moved in March (store-credit/store-credit.test.ts counts it).
      storeCredit: { used: 0, refunded: 0 },
      // All of March's money taken by test cards (the COD order's cash is collected in April).
      paymentsByMethod: [{ kind: "test", amount: 8055.03 }],
    });

    // Every day of March, the quiet ones at zero; the days add up to the period's figures.
    expect(byDay).toHaveLength(31);
    const day = (date: string, netSales: number, totalSales: number, orders: number) => ({
      date,
      netSales,
      totalSales,
      orders,
    });
    expect(byDay.filter((row) => row.netSales !== 0 || row.totalSales !== 0 || row.orders !== 0)).toEqual([
      day("2026-03-01", 2167.1, 2507.44, 1),
      day("2026-03-12", 3097, 3669.59, 1),
      day("2026-03-20", -498.99, -523.95, 0),
      day("2026-03-25", -86.27, -100, 0),
      day("2026-03-28", 1576.08, 1878, 1),
      // C placed, its invoice on the month's last second, its payment April's.
      day("2026-03-30", 0, 0, 1),
      day("2026-03-31", 1299, 1652.82, 0),
    ]);
    const cents = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0);
    expect(cents(byDay.map((row) => row.netSales))).toBe(755392);
    expect(cents(byDay.map((row) => row.totalSales))).toBe(908390);
    // The days count the orders placed on them, as Home's chart does.
    expect(byDay.reduce((sum, row) => sum + row.orders, 0)).toBe(summary.ordersPlaced);

    // Net of the return and the goodwill: shirts A 1,169.10 + B 2,598 + C 1,299 + D 1,100.84 − 72.37;
    // kurtas A 998 + B 499 + D 475.24 − 498.99 − 13.90.
    const figures = (rows: { product: string; netSales: number; units: number }[]) =>
      rows.map(({ product, netSales, units }) => ({ product, netSales, units }));
    expect(figures(topProducts)).toEqual([
      { product: shirt._id, netSales: 6094.57, units: 5 },
      { product: kurta._id, netSales: 1459.35, units: 3 },
    ]);
    expect(figures(topProductsByUnits)).toEqual(figures(topProducts));
    // Products without options have no SKU of their own: the row names the product, never its id.
    expect(topProducts.map((row) => row.sku)).toEqual(["", ""]);
    expect(byCategory).toEqual([
      { category: shirts, name: "Shirts", netSales: 6094.57, units: 5 },
      { category: kurtas, name: "Kurtas", netSales: 1459.35, units: 3 },
    ]);
    // A's goods 2,167.10 less its returned kurta (498.99).
    expect(byDiscountCode).toEqual([{ code: "SAVE10", uses: 1, discount: 129.9, netSales: 1668.11 }]);
  });

  it("answers the same figures once the ledger's changes are folded into its slots, and no code whose rows all moved away", async () => {
    const march = (await report(admin.cookie)).json().data as SalesReportDto;
    // Every order was paid (and A used SAVE10) today, then its documents moved to March.
    const recent = (await report(admin.cookie, "")).json().data as SalesReportDto;
    expect(recent.byDiscountCode).toEqual([]);
    expect(await foldSalesSlots(t.database.db)).toBeGreaterThan(0);
    expect(await foldSalesSlots(t.database.db)).toBe(0);
    expect((await report(admin.cookie)).json().data).toEqual(march);
    expect((await report(admin.cookie, "")).json().data).toEqual(recent);
  });

  it("ranks a quarter's variants as March's, the ranking read in halves of the variants merged as one read", async () => {
    const march = (await report(admin.cookie)).json().data as SalesReportDto;
    const quarter = (await report(admin.cookie, "from=2026-01-01&to=2026-03-31")).json()
      .data as SalesReportDto;
    expect(quarter.topProducts).toEqual(march.topProducts);
    expect(quarter.topProductsByUnits).toEqual(march.topProductsByUnits);

    // Split at the larger of the two variants sold: the kurta's and the shirt's variants each alone in a half.
    const period = {
      ...periodOf({ from: "2026-01-01", to: "2026-03-31" }, new Date(), "+05:30"),
      currency: "INR",
    };
    const whole = await readTopVariants(t.database.db, period, REPORT_TOP);
    const sold = [...new Set(whole.map((row) => row.variant ?? ""))].sort();
    expect(sold).toHaveLength(2);
    const middle = sold[1] ?? "";
    const below = await readTopVariants(t.database.db, period, REPORT_TOP, { below: middle });
    const from = await readTopVariants(t.database.db, period, REPORT_TOP, { from: middle });
    expect(new Set(below.map((row) => row.variant))).toEqual(new Set([sold[0]]));
    expect(new Set(from.map((row) => row.variant))).toEqual(new Set([middle]));
    expect(mergeRankings([from, below], REPORT_TOP)).toEqual(whole);
  });

  it("files March's GSTR-1 from the same documents: B2CS by place and rate, the HSN summary and 3.1(a)", async () => {
    const response = await inject(t.app, {
      method: "GET",
      url: "/api/reports/gst?month=2026-03",
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const gst = response.json().data;
    // Every buyer is unregistered and B's 3,669.59 is far below ₹1 lakh: everything is B2CS, net of the
    // month's credit notes. Shipping on top carries no GST and is left out; D's shipping (within its
    // price) counts at 18%.
    // - Maharashtra 5%: A's kurtas 998.00 + D's 475.24 − the returned kurta 499.00 = 974.24; CGST =
    //   SGST 24.95 + 11.88 − 12.48 = 24.35.
    // - Maharashtra 18%: A's shirt 1,169.10 + C's 1,299.00 + D's 1,100.85 + D's shipping 67.80 =
    //   3,636.75; CGST = SGST 105.22 + 116.91 + 99.08 + 6.10 = 327.31.
    // - Karnataka 5%: B's kurta 499.00 − the goodwill's 13.90 = 485.10; IGST 24.95 − 0.70 = 24.25.
    // - Karnataka 18%: B's shirts 2,598.00 − 72.37 = 2,525.63; IGST 467.64 − 13.03 = 454.61.
    expect(gst.b2b).toEqual([]);
    expect(gst.b2cl).toEqual([]);
    expect(gst.cdnur).toEqual([]);
    expect(gst.b2cs).toEqual([
      {
        placeOfSupply: "27-Maharashtra",
        rate: 5,
        taxableValue: 974.24,
        igst: 0,
        cgst: 24.35,
        sgst: 24.35,
        cess: 0,
      },
      {
        placeOfSupply: "27-Maharashtra",
        rate: 18,
        taxableValue: 3636.75,
        igst: 0,
        cgst: 327.31,
        sgst: 327.31,
        cess: 0,
      },
      { placeOfSupply: "29-Karnataka", rate: 5, taxableValue: 485.1, igst: 24.25, cgst: 0, sgst: 0, cess: 0 },
      {
        placeOfSupply: "29-Karnataka",
        rate: 18,
        taxableValue: 2525.63,
        igst: 454.61,
        cgst: 0,
        sgst: 0,
        cess: 0,
      },
    ]);
    // By HSN: the kurtas 2 + 1 + 1 − 1 returned = 3 units, 1,459.34 (the report's net sales of Kurtas
    // less the return's round off); the shirts 5 units, their 6,094.57 with D's round off (0.01) and
    // D's shipping 67.80 under them (the principal supply).
    expect(gst.hsn).toMatchObject([
      {
        hsn: "6205",
        quantity: 5,
        rate: 18,
        taxableValue: 6162.38,
        igst: 454.61,
        cgst: 327.31,
        sgst: 327.31,
        totalValue: 7271.61,
      },
      {
        hsn: "6211",
        quantity: 3,
        rate: 5,
        taxableValue: 1459.34,
        igst: 24.25,
        cgst: 24.35,
        sgst: 24.35,
        totalValue: 1532.29,
      },
    ]);
    expect(gst.hsnB2b).toEqual([]);
    expect(gst.hsnB2c).toEqual(gst.hsn);
    expect(gst.docs).toMatchObject([
      { nature: "Invoices for outward supply", total: 4, cancelled: 0 },
      { nature: "Credit Note", total: 2, cancelled: 0 },
    ]);
    expect(gst.gstr3b).toEqual({ taxableValue: 7621.72, igst: 478.86, cgst: 351.66, sgst: 351.66, cess: 0 });
    const csv = await inject(t.app, {
      method: "GET",
      url: "/api/reports/gst?month=2026-03&format=csv&table=b2cs",
      cookie: admin.cookie,
    });
    expect(parse(csv.body, { bom: true })).toEqual([
      [
        "Type",
        "Place Of Supply",
        "Rate",
        "Applicable % of Tax Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
      ],
      ["OE", "27-Maharashtra", "5", "", "974.24", "0.00", ""],
      ["OE", "27-Maharashtra", "18", "", "3636.75", "0.00", ""],
      ["OE", "29-Karnataka", "5", "", "485.10", "0.00", ""],
      ["OE", "29-Karnataka", "18", "", "2525.63", "0.00", ""],
    ]);
  });

  it("counts the cash on delivery collected on 1 April as April's money, with no sale of April's", async () => {
    const april = (await report(admin.cookie, "from=2026-04-01&to=2026-04-01")).json().data as SalesReportDto;
    expect(april).toMatchObject({
      grossSales: 0,
      netSales: 0,
      totalSales: 0,
      tax: { cgst: 0, sgst: 0, igst: 0 },
      codFees: 0,
      units: 0,
      paymentsTaken: 1652.82,
      refunds: 0,
      ordersPlaced: 0,
      ordersPaid: 1,
      averageOrderValue: 1652.82,
      paymentsByMethod: [{ kind: "cod", amount: 1652.82 }],
    });
    expect(april.byDay).toEqual([{ date: "2026-04-01", netSales: 0, totalSales: 0, orders: 0 }]);
    // The last day of February, before A's first moment, holds nothing.
    const february = (await report(admin.cookie, "from=2026-02-28&to=2026-02-28")).json().data;
    expect(february).toMatchObject({ grossSales: 0, paymentsTaken: 0, ordersPlaced: 0, units: 0 });
  });

  it("counts March's cash on delivery parcel, and its return to origin, by the month it left and its state", async () => {
    const march = async () =>
      ((await report(admin.cookie, MARCH)).json().data as SalesReportDto).returnedToOrigin;
    const row = { shipped: 1, returnedToOrigin: 0, rate: 0 };
    expect(await march()).toEqual({
      ...row,
      byMonth: [{ month: "2026-03", ...row }],
      byState: [{ state: "Maharashtra", ...row }],
    });
    const returned = { shipped: 1, returnedToOrigin: 1, rate: 100 };
    await t.database.db
      .update(orderShipments)
      .set({ returnedToOriginAt: new Date("2026-04-03T06:30:00Z") })
      .where(eq(orderShipments.orderId, codOrder));
    try {
      expect(await march()).toEqual({
        ...returned,
        byMonth: [{ month: "2026-03", ...returned }],
        byState: [{ state: "Maharashtra", ...returned }],
      });
      // A parcel counts in the period it first left, not the one it came back in; prepaid orders never.
      const april = (await report(admin.cookie, "from=2026-04-01&to=2026-04-30")).json()
        .data as SalesReportDto;
      expect(april.returnedToOrigin).toEqual({
        shipped: 0,
        returnedToOrigin: 0,
        rate: null,
        byMonth: [],
        byState: [],
      });
    } finally {
      await t.database.db
        .update(orderShipments)
        .set({ returnedToOriginAt: null })
        .where(eq(orderShipments.orderId, codOrder));
    }
  });

  it("gives each table as CSV with the page's figures", async () => {
    const response = await report(admin.cookie, `${MARCH}&format=csv&table=byDay`);
    expect(response.headers["content-disposition"]).toContain("sales-byDay-2026-03-01-to-2026-03-31.csv");
    const days = await csv("byDay");
    expect(days[0]).toEqual(["Date", "Net sales", "Total sales", "Orders placed"]);
    expect(days).toHaveLength(32);
    expect(days[1]).toEqual(["2026-03-01", "2167.10", "2507.44", "1"]);
    expect(days[2]).toEqual(["2026-03-02", "0.00", "0.00", "0"]);
    // A negative day is a number a spreadsheet adds up, with no apostrophe before its minus sign.
    expect(days[20]).toEqual(["2026-03-20", "-498.99", "-523.95", "0"]);
    expect(days.slice(1).reduce((sum, day) => sum + Math.round(Number(day[1]) * 100), 0)).toBe(
      Math.round(((await report(admin.cookie)).json().data as SalesReportDto).netSales * 100),
    );
    expect(days[31]).toEqual(["2026-03-31", "1299.00", "1652.82", "0"]);
    expect(await csv("byCategory")).toEqual([
      ["Category id", "Category", "Net sales", "Units"],
      [shirts, "Shirts", "6094.57", "5"],
      [kurtas, "Kurtas", "1459.35", "3"],
    ]);
    const products = await csv("topProducts");
    expect(products[0]).toEqual(["Product id", "Variant id", "Name", "SKU", "Net sales", "Units"]);
    expect(products.slice(1).map((row) => [row[0], row[4], row[5]])).toEqual([
      [shirt._id, "6094.57", "5"],
      [kurta._id, "1459.35", "3"],
    ]);
    expect(products.slice(1).map((row) => row[3])).toEqual(["", ""]);
    expect(await csv("byDiscountCode")).toEqual([
      ["Code", "Uses", "Discount", "Net sales"],
      ["SAVE10", "1", "129.90", "1668.11"],
    ]);
  });

  it("still guards a text cell a spreadsheet would run as a formula, its figures beside it numbers", async () => {
    const formula = '=HYPERLINK("http://evil.example","Kurtas")';
    await t.database.db.update(categories).set({ name: formula }).where(eq(categories.id, kurtas));
    try {
      expect((await csv("byCategory"))[2]).toEqual([kurtas, `'${formula}`, "1459.35", "3"]);
    } finally {
      await t.database.db.update(categories).set({ name: "Kurtas" }).where(eq(categories.id, kurtas));
    }
  });

  it("refuses a period that ends before it starts, a day that is not one, and a CSV without its table", async () => {
    const backwards = await report(admin.cookie, "from=2026-03-11&to=2026-03-10");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toBe(validation.dateRange);
    const notADay = await report(admin.cookie, "from=2026-02-30&to=2026-03-10");
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().errors.from).toBe(validation.date);
    const tooLong = await report(admin.cookie, "from=2020-01-01&to=2026-03-10");
    expect(tooLong.statusCode).toBe(400);
    const noTable = await report(admin.cookie, "from=2026-03-10&to=2026-03-11&format=csv");
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().errors.table).toBe(validation.required);
  });
});

describe("the rankings of parts of the variants, merged", () => {
  const row = (kind: ProductRow["kind"], variant: string, netSales: number, units: number): ProductRow => ({
    kind,
    id: `p${variant}`,
    variant,
    name: variant,
    sku: null,
    options: null,
    netSales,
    units,
  });

  it("keeps the first of each ranking by its own order, ties broken by units or sales, then by the variant's id", () => {
    const first = [row("sales", "a2", 500, 1), row("sales", "a4", 300, 2), row("units", "a4", 300, 2)];
    const second = [row("sales", "b1", 500, 3), row("sales", "a1", 500, 1), row("units", "b1", 500, 3)];
    const third = [row("units", "a3", 100, 2), row("units", "a2", 500, 1)];
    expect(
      mergeRankings([first, second, third], 3).map((merged) => `${merged.kind} ${merged.variant}`),
    ).toEqual(["sales b1", "sales a1", "sales a2", "units b1", "units a4", "units a3"]);
    expect(mergeRankings([[], []], 10)).toEqual([]);
  });
});

describe("the report's period", () => {
  it("is the last 30 days of the shop's clock when the query names none", () => {
    // 2026-11-24T20:00Z is already 2026-11-25 01:30 in the shop.
    const now = new Date("2026-11-24T20:00:00Z");
    expect(shopDay(now)).toBe("2026-11-25");
    const period = periodOf({}, now);
    expect(period.from).toBe("2026-10-27");
    expect(period.to).toBe("2026-11-25");
    expect(period.since.toISOString()).toBe("2026-10-26T18:30:00.000Z");
    expect(period.before.toISOString()).toBe("2026-11-25T18:30:00.000Z");
  });
});

/**
 * February 2026 (the shop's clock: 2026-01-31T18:30Z to 2026-02-28T18:30Z), prices on top of GST, the
 * charges taxed with the goods at the order's highest rate (decision 047), worked out by hand:
 * - E, B2B: Asha Traders Pvt Ltd (GSTIN in Karnataka), 2 shirts 2,598.00, IGST 18% 467.64; shipping
 *   80.00 taxed at 18%: IGST 14.40. Invoice value 3,160.04. Invoiced on 5 February.
 * - F, B2CL: a consumer in Delhi, a shawl 1,10,000.00 at 18%: IGST 19,800.00; shipping free (above
 *   5,000). Invoice value 1,29,800.00, inter-state and above ₹1 lakh. Invoiced on 6 February.
 * - G, B2CS: a consumer in Mumbai, a kurta 499.00 (CGST = SGST = 2.5% × 499 = 12.475 → 12.48) and a shirt
 *   1,299.00 (116.91 each); shipping 80.00 at 18% (7.20 each). Total 2,151.18. Invoiced on 10 February.
 * - E's credit note on 12 February: one of its two shirts, 1,299.00, IGST 233.82 (half of 467.64, as
 *   the invoice charged it). Note value 1,532.82: CDNR, "Regular B2B".
 * - The shop registers again on 15 February (a new GSTIN): H, a consumer in Mumbai, a shirt 1,299.00
 *   (116.91 each) and shipping 80.00 (7.20 each), total 1,627.22, invoiced on 20 February under the new
 *   GSTIN, its series starting at 1, and in that GSTIN's return alone.
 * The old GSTIN's February: B2B E (taxable 2,678.00 = 2,598 + 80, IGST 482.04); B2CL F; B2CS
 * 27-Maharashtra 5% 499.00 (12.48 + 12.48) and 18% 1,379.00 (124.11 + 124.11); CDNR E's note; HSN 6205
 * at 18%: 2 + 1 − 1 = 2 pieces, taxable 2,598 + 80 + 1,299 + 80 − 1,299 = 2,758.00, IGST 467.64 + 14.40
 * − 233.82 = 248.22, CGST = SGST 124.11; 6211 at 5%: 1 piece 499.00; 6214 at 18%: 1 piece 1,10,000.00;
 * 3.1(a): taxable 2,678 + 1,10,000 + 1,878 − 1,299 = 1,13,257.00, IGST 20,048.22, CGST = SGST 136.59.
 */
describe("a month's GSTR-1 worked out by hand: B2B, B2CL, B2CS, charges taxed, a B2B credit note and a new GSTIN", () => {
  const FEBRUARY = "month=2026-02";
  const OLD = "27AAPFU0939F1ZV";
  const NEW = `27AABCS1429B1Z${gstinCheckCharacter("27AABCS1429B1Z")}`;
  const BUYER = `29AABCT3518Q1Z${gstinCheckCharacter("29AABCT3518Q1Z")}`;
  let e: Placed;
  let f: Placed;
  let g: Placed;
  let h: Placed;

  function gst(query: string) {
    return inject(t.app, { method: "GET", url: `/api/reports/gst?${query}`, cookie: admin.cookie });
  }

  async function gstCsv(table: string, query = FEBRUARY): Promise<string[][]> {
    const response = await gst(`${query}&format=csv&table=${table}`);
    expect(response.statusCode, response.body).toBe(200);
    return parse(response.body, { bom: true }) as string[][];
  }

  async function invoicedOn(order: Placed, at: string) {
    await moveOrder(order._id, { placed: at, invoiced: at, paid: at });
  }

  beforeAll(async () => {
    const taxes = await put("taxes", {
      pricesIncludeTax: false,
      defaultRate: 18,
      defaultHsn: "6109",
      chargesTaxed: true,
    });
    expect(taxes.statusCode, taxes.body).toBe(200);
    const media = await makeMedia(t.database);
    const shawls = await inject(t.app, {
      method: "POST",
      url: "/api/categories",
      cookie: admin.cookie,
      payload: {
        name: "Shawls",
        slug: "shawls",
        taxRate: 18,
        hsnCode: "6214",
        hsnDescription: "Shawls & scarves",
      },
    });
    expect(shawls.statusCode, shawls.body).toBe(201);
    const shawl = await makeProduct(
      t.database,
      { category: shawls.json().data._id, thumbnail: media.id },
      { price: 110000, stock: 5 },
    );

    const trader = await quickUser(t);
    const traderAddress = await inject(t.app, {
      method: "POST",
      url: "/api/users/current-user/addresses",
      cookie: trader.cookie,
      payload: {
        ...ADDRESS,
        state: "Karnataka",
        pinCode: "560001",
        gstin: BUYER,
        legalName: "Asha Traders Pvt Ltd",
      },
    });
    expect(traderAddress.statusCode, traderAddress.body).toBe(201);
    e = await pay(
      trader,
      await place(trader, traderAddress.json().data._id, [{ product: shirt._id, quantity: 2 }]),
    );
    expect(e.totalAmount).toBe(3160.04);
    await invoicedOn(e, "2026-02-05T06:30:00Z");

    const delhi = await quickUser(t);
    f = await pay(
      delhi,
      await place(delhi, await addressOf(delhi, "Delhi"), [{ product: shawl._id, quantity: 1 }]),
    );
    expect(f.totalAmount).toBe(129800);
    await invoicedOn(f, "2026-02-06T06:30:00Z");

    const mumbai = await quickUser(t);
    const home = await addressOf(mumbai, "Maharashtra");
    g = await pay(
      mumbai,
      await place(mumbai, home, [
        { product: kurta._id, quantity: 1 },
        { product: shirt._id, quantity: 1 },
      ]),
    );
    expect(g.totalAmount).toBe(2151.18);
    await invoicedOn(g, "2026-02-10T06:30:00Z");

    const back = await refund(
      e,
      {
        lines: [{ line: lineOf(e, shirt._id), quantity: 1 }],
        shipping: false,
        codFee: false,
        reason: "One too many",
        restock: true,
      },
      "2026-02-12T06:30:00Z",
    );
    expect(back.amount).toBe(1532.82);

    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
    const store = settings.json().data.store;
    expect(store.gstin).toBe(OLD);
    const moved = await put("store", { ...store, gstin: NEW });
    expect(moved.statusCode, moved.body).toBe(200);
    h = await pay(mumbai, await place(mumbai, home, [{ product: shirt._id, quantity: 1 }]));
    expect(h.totalAmount).toBe(1627.22);
    await invoicedOn(h, "2026-02-20T06:30:00Z");
  });

  it("fills each table of the old GSTIN's February from its documents, to the paisa", async () => {
    const response = await gst(`${FEBRUARY}&gstin=${OLD}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.gstin).toBe(OLD);
    expect(data.otherGstins).toEqual([NEW]);
    const none = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
    expect(data.b2b).toEqual([
      {
        gstin: BUYER,
        receiverName: "Asha Traders Pvt Ltd",
        invoiceNumber: e.invoiceNumber,
        invoiceDate: "2026-02-05",
        invoiceValue: 3160.04,
        placeOfSupply: "29-Karnataka",
        rate: 18,
        taxableValue: 2678,
        ...none,
        igst: 482.04,
      },
    ]);
    expect(data.b2cl).toEqual([
      {
        invoiceNumber: f.invoiceNumber,
        invoiceDate: "2026-02-06",
        invoiceValue: 129800,
        placeOfSupply: "07-Delhi",
        rate: 18,
        taxableValue: 110000,
        ...none,
        igst: 19800,
      },
    ]);
    expect(data.b2cs).toEqual([
      { placeOfSupply: "27-Maharashtra", rate: 5, taxableValue: 499, ...none, cgst: 12.48, sgst: 12.48 },
      { placeOfSupply: "27-Maharashtra", rate: 18, taxableValue: 1379, ...none, cgst: 124.11, sgst: 124.11 },
    ]);
    expect(data.cdnr).toEqual([
      {
        gstin: BUYER,
        receiverName: "Asha Traders Pvt Ltd",
        noteNumber: expect.stringMatching(/^CN\d{4}\/\d{6}$/),
        noteDate: "2026-02-12",
        invoiceNumber: e.invoiceNumber,
        placeOfSupply: "29-Karnataka",
        noteSupplyType: "Regular B2B",
        noteValue: 1532.82,
        rate: 18,
        taxableValue: 1299,
        ...none,
        igst: 233.82,
      },
    ]);
    expect(data.cdnur).toEqual([]);
    expect(
      data.hsn.map(
        (row: {
          hsn: string;
          rate: number;
          quantity: number;
          taxableValue: number;
          igst: number;
          cgst: number;
          sgst: number;
        }) => [row.hsn, row.rate, row.quantity, row.taxableValue, row.igst, row.cgst, row.sgst],
      ),
    ).toEqual([
      ["6205", 18, 2, 2758, 248.22, 124.11, 124.11],
      ["6211", 5, 1, 499, 0, 12.48, 12.48],
      ["6214", 18, 1, 110000, 19800, 0, 0],
    ]);
    expect(data.gstr3b).toEqual({
      taxableValue: 113257,
      igst: 20048.22,
      cgst: 136.59,
      sgst: 136.59,
      cess: 0,
    });
    expect(data.docs).toEqual([
      {
        nature: "Invoices for outward supply",
        from: e.invoiceNumber,
        to: g.invoiceNumber,
        total: 3,
        cancelled: 0,
      },
      {
        nature: "Credit Note",
        from: data.cdnr[0].noteNumber,
        to: data.cdnr[0].noteNumber,
        total: 1,
        cancelled: 0,
      },
    ]);
  });

  it("files the new GSTIN's February apart: its own series from 1, only its own invoice", async () => {
    const response = await gst(FEBRUARY);
    const data = response.json().data;
    expect(data.gstin).toBe(NEW);
    expect(data.otherGstins).toEqual([OLD]);
    expect(h.invoiceNumber).toMatch(/^INV\d{4}\/000001$/);
    expect(data.b2b).toEqual([]);
    expect(data.b2cl).toEqual([]);
    expect(data.b2cs).toEqual([
      {
        placeOfSupply: "27-Maharashtra",
        rate: 18,
        taxableValue: 1379,
        igst: 0,
        cgst: 124.11,
        sgst: 124.11,
        cess: 0,
      },
    ]);
    expect(data.docs).toEqual([
      {
        nature: "Invoices for outward supply",
        from: h.invoiceNumber,
        to: h.invoiceNumber,
        total: 1,
        cancelled: 0,
      },
    ]);
  });

  it("writes every table as the offline tool's CSV: its headers, 16-character numbers, dd-mmm-yyyy dates, its description alphabet", async () => {
    const query = `${FEBRUARY}&gstin=${OLD}`;
    const serial = /^[a-zA-Z0-9-/]{1,16}$/;
    const date = /^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}$/;
    const b2b = await gstCsv("b2b", query);
    expect(b2b[0]).toEqual([
      "GSTIN/UIN of Recipient",
      "Receiver Name",
      "Invoice Number",
      "Invoice date",
      "Invoice Value",
      "Place Of Supply",
      "Reverse Charge",
      "Applicable % of Tax Rate",
      "Invoice Type",
      "E-Commerce GSTIN",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ]);
    expect(b2b.slice(1)).toEqual([
      [
        BUYER,
        "Asha Traders Pvt Ltd",
        e.invoiceNumber,
        "05-Feb-2026",
        "3160.04",
        "29-Karnataka",
        "N",
        "",
        "Regular B2B",
        "",
        "18",
        "2678.00",
        "0.00",
      ],
    ]);
    const b2cl = await gstCsv("b2cl", query);
    expect(b2cl.slice(1)).toEqual([
      [f.invoiceNumber, "06-Feb-2026", "129800.00", "07-Delhi", "", "18", "110000.00", "0.00", ""],
    ]);
    const b2cs = await gstCsv("b2cs", query);
    expect(b2cs[0]).toEqual([
      "Type",
      "Place Of Supply",
      "Rate",
      "Applicable % of Tax Rate",
      "Taxable Value",
      "Cess Amount",
      "E-Commerce GSTIN",
    ]);
    expect(b2cs.slice(1)).toEqual([
      ["OE", "27-Maharashtra", "5", "", "499.00", "0.00", ""],
      ["OE", "27-Maharashtra", "18", "", "1379.00", "0.00", ""],
    ]);
    const cdnr = await gstCsv("cdnr", query);
    const note = cdnr[1] ?? [];
    expect(note[7]).toBe("Regular B2B");
    expect(note[2]).toMatch(serial);
    expect(note[3]).toMatch(date);
    const hsn = await gstCsv("hsn", query);
    expect(hsn[0]).toEqual([
      "HSN",
      "Description",
      "UQC",
      "Total Quantity",
      "Total Value",
      "Rate",
      "Taxable Value",
      "Integrated Tax Amount",
      "Central Tax Amount",
      "State/UT Tax Amount",
      "Cess Amount",
    ]);
    for (const row of hsn.slice(1)) expect(row[1]).toMatch(/^[A-Za-z0-9 _@./&-]{1,30}$/);
    expect(hsn.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[4]])).toEqual([
      ["6205", "Apparel not knitted", "NOS-NUMBERS", "2", "3254.44"],
      ["6211", "Apparel not knitted", "NOS-NUMBERS", "1", "523.96"],
      ["6214", "Shawls & scarves", "NOS-NUMBERS", "1", "129800.00"],
    ]);
    const docs = await gstCsv("docs", query);
    for (const row of docs.slice(1)) {
      expect(row[1]).toMatch(serial);
      expect(row[2]).toMatch(serial);
    }
    for (const row of b2b.slice(1)) {
      expect(row[2]).toMatch(serial);
      expect(row[3]).toMatch(date);
    }
  });
});
