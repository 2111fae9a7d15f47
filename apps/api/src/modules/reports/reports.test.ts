/**
 * The sales report on a fixed set of orders whose figures are worked out by hand below, with the
 * payments and the refund moved to moments on either side of the period's edges in the shop's clock
 * (UTC+05:30): the period 2026-03-10..2026-03-11 runs from 2026-03-09T18:30Z to 2026-03-11T18:30Z.
 */
import { validation } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "#api/db/schema/orders";
import { refunds } from "#api/db/schema/refunds";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { periodOf, shopDay } from "./service";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let shirt: { _id: string; variants: { _id: string }[] };
let hat: { _id: string };
let shirts: string;
let hats: string;
const ids: Record<string, string> = {};

async function addressOf(shopper: Caller, state: string): Promise<string> {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: { ...ADDRESS, state },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data._id;
}

/** Places and pays an order; answers its id and its payment's. */
async function paidOrder(
  shopper: Caller,
  address: string,
  products: { product: string; quantity: number }[],
  discountCode?: string,
) {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products, shippingAddress: address, ...(discountCode ? { discountCode } : {}) },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json().data._id as string;
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode).toBe(201);
  return { order, payment: paid.json().data._id as string };
}

async function takenAt(payment: string, at: string) {
  await t.database.db
    .update(payments)
    .set({ createdAt: new Date(at) })
    .where(eq(payments.id, payment));
}

function report(cookie: string | undefined, query = "from=2026-03-10&to=2026-03-11") {
  return inject(t.app, { method: "GET", url: `/api/reports/sales?${query}`, ...(cookie ? { cookie } : {}) });
}

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra", MAX_UNPAID_ORDERS: "100" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  const media = await makeMedia(t.database);
  const shirtsCategory = await makeCategory(t.database, "Shirts");
  const hatsCategory = await makeCategory(t.database, "Hats");
  shirts = shirtsCategory.id;
  hats = hatsCategory.id;
  shirt = await makeProduct(t.database, { category: shirts, thumbnail: media.id }, { price: 100, stock: 50 });
  hat = await makeProduct(
    t.database,
    { category: hats, thumbnail: media.id },
    { price: 50, onSale: true, salePrice: 40, stock: 50 },
  );
  const code = await inject(t.app, {
    method: "POST",
    url: "/api/discounts",
    cookie: admin.cookie,
    payload: { code: "SAVE10", type: "percentage", value: 10 },
  });
  expect(code.statusCode).toBe(201);

  const inState = await quickUser(t);
  const elsewhere = await quickUser(t);
  const mumbai = await addressOf(inState, "Maharashtra");
  const bengaluru = await addressOf(elsewhere, "Karnataka");

  // #1, within the state: shirts 2 x 100 (SAVE10 takes 20), a hat on sale at 40 (saves 10, no code on
  // sale items): items 240, discount 20, shipping 80, GST 18% of 220 = 39.60, total 339.60. Its lines'
  // taxable values are 180 and 40: GST 32.40 and 7.20, CGST 16.20 + 3.60 = 19.80, SGST the same.
  const first = await paidOrder(
    inState,
    mumbai,
    [
      { product: shirt._id, quantity: 2 },
      { product: hat._id, quantity: 1 },
    ],
    "save10",
  );
  await takenAt(first.payment, "2026-03-09T18:30:00Z"); // 2026-03-10 00:00 in the shop: the first moment
  // #2, to another state: a shirt, 100 + 80 shipping + 18 IGST = 198, on the last second of the period.
  const second = await paidOrder(elsewhere, bengaluru, [{ product: shirt._id, quantity: 1 }]);
  await takenAt(second.payment, "2026-03-11T18:29:59Z");
  // #3 a second before the period, #4 on its first second after: neither counts.
  const before = await paidOrder(inState, mumbai, [{ product: shirt._id, quantity: 1 }]);
  await takenAt(before.payment, "2026-03-09T18:29:59Z");
  const after = await paidOrder(inState, mumbai, [{ product: hat._id, quantity: 3 }]);
  await takenAt(after.payment, "2026-03-11T18:30:00Z");

  // 50.00 back on #1 with one shirt restocked, on 2026-03-11 01:30 in the shop. Its credit note's GST is
  // 50 x 39.60 / 339.60 = 5.83: CGST 2.91, SGST 2.92. The shirt goes back at what it sold for, 90.
  const orderOne = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${first.order}`,
    cookie: admin.cookie,
  });
  const shirtLine = (orderOne.json().data.products as { _id: string; product: { _id: string } }[]).find(
    (line) => line.product._id === shirt._id,
  );
  const refunded = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${first.order}/refunds`,
    cookie: admin.cookie,
    payload: { amount: 50, reason: "One shirt came back", restock: [{ line: shirtLine?._id, quantity: 1 }] },
  });
  expect(refunded.statusCode).toBe(201);
  await t.database.db
    .update(refunds)
    .set({ refundedAt: new Date("2026-03-10T20:00:00Z") })
    .where(eq(refunds.orderId, first.order));
  Object.assign(ids, { first: first.order, second: second.order });
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

  it("adds up the period's money as worked out by hand", async () => {
    const response = await report(admin.cookie);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as SalesReportDto;
    expect(data).toMatchObject({
      from: "2026-03-10",
      to: "2026-03-11",
      grossSales: 350,
      discounts: 30,
      saleDiscounts: 10,
      codeDiscounts: 20,
      paymentsTaken: 537.6,
      refunds: 50,
      netSales: 487.6,
      tax: { cgst: 16.89, sgst: 16.88, igst: 18 },
      taxInvoiced: 57.6,
      taxCredited: 5.83,
      shipping: 160,
      orders: 2,
      averageOrderValue: 268.8,
      units: 3,
    });
    expect(data.byDay).toEqual([
      { date: "2026-03-10", netSales: 339.6, orders: 1 },
      { date: "2026-03-11", netSales: 148, orders: 1 },
    ]);
    expect(data.topProducts.map(({ product, netSales, units }) => ({ product, netSales, units }))).toEqual([
      { product: shirt._id, netSales: 190, units: 2 },
      { product: hat._id, netSales: 40, units: 1 },
    ]);
    expect(data.topProductsByUnits.map((row) => row.product)).toEqual([shirt._id, hat._id]);
    expect(data.byCategory).toEqual([
      { category: shirts, name: "Shirts", netSales: 190, units: 2 },
      { category: hats, name: "Hats", netSales: 40, units: 1 },
    ]);
    expect(data.byDiscountCode).toEqual([{ code: "SAVE10", uses: 1, discount: 20, netSales: 289.6 }]);
  });

  it("counts a day by the shop's clock: the day before holds only #3, the day after only #4", async () => {
    const dayBefore = (await report(admin.cookie, "from=2026-03-09&to=2026-03-09")).json().data;
    expect(dayBefore).toMatchObject({ orders: 1, paymentsTaken: 198, netSales: 198, refunds: 0 });
    const dayAfter = (await report(admin.cookie, "from=2026-03-12&to=2026-03-12")).json().data;
    expect(dayAfter).toMatchObject({ orders: 1, units: 3, netSales: 221.6 });
    expect(dayAfter.tax).toEqual({ cgst: 10.8, sgst: 10.8, igst: 0 });
  });

  it("gives each table as CSV with the page's figures", async () => {
    const response = await report(admin.cookie, "from=2026-03-10&to=2026-03-11&format=csv&table=byDay");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain("sales-byDay-2026-03-10-to-2026-03-11.csv");
    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      ["Date", "Net sales", "Orders"],
      ["2026-03-10", "339.60", "1"],
      ["2026-03-11", "148.00", "1"],
    ]);
    const codes = await report(admin.cookie, "from=2026-03-10&to=2026-03-11&format=csv&table=byDiscountCode");
    expect(parse(codes.body, { bom: true })).toEqual([
      ["Code", "Uses", "Discount", "Net sales"],
      ["SAVE10", "1", "20.00", "289.60"],
    ]);
    const categories = await report(
      admin.cookie,
      "from=2026-03-10&to=2026-03-11&format=csv&table=byCategory",
    );
    expect((parse(categories.body, { bom: true }) as string[][]).slice(1)).toEqual([
      [shirts, "Shirts", "190.00", "2"],
      [hats, "Hats", "40.00", "1"],
    ]);
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
