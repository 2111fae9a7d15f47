/**
 * A shop that sold in dollars and then switched to rupees: every figure the owner reads (the sales
 * report, the Home tiles and chart, the customer page) is in rupees, and the dollar orders are counted
 * apart, never added in as rupees (nine $59 orders must not read "₹531.00").
 */
import type { SalesReportDto } from "@shop/shared/schemas/report";
import type { DashboardStatsDto, SalesDayDto } from "@shop/shared/schemas/stats";
import type { CustomerSummaryDto } from "@shop/shared/schemas/user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { foldSalesSlots } from "./repo-slots";

let t: TestApp;
let admin: Caller;
let shopper: Caller;
/** The dollar order's total and the rupee order's. */
let dollars: number;
let rupees: number;

async function placeAndPay(product: string, quantity: number): Promise<number> {
  const address = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: ADDRESS,
  });
  expect(address.statusCode, address.body).toBe(201);
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ product, quantity }], shippingAddress: address.json().data._id },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as { _id: string; totalAmount: number };
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return order.totalAmount;
}

async function read<T>(url: string): Promise<T> {
  const response = await inject(t.app, { method: "GET", url, cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  shopper = await quickUser(t);
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: media.id };
  const shirt = await makeProduct(t.database, refs, { price: 59, stock: 50 });
  const kurta = await makeProduct(t.database, refs, { price: 1499, stock: 50 });
  // Nine shirts at $59 while the shop sells in dollars, then the switch to rupees and a kurta.
  dollars = await placeAndPay(shirt._id, 9);
  const switched = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/currency",
    cookie: admin.cookie,
    payload: { code: "INR", locale: "en-IN" },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  rupees = await placeAndPay(kurta._id, 1);
});
afterAll(async () => t?.close());

describe("figures in the shop's currency after a switch", () => {
  it("answers the sales report in rupees, the dollar order counted apart in otherCurrencies", async () => {
    expect(dollars).toBeGreaterThanOrEqual(531);
    const report = await read<SalesReportDto>("/api/reports/sales");
    expect(report.currency).toBe("INR");
    expect(report.totalSales).toBe(rupees);
    expect(report.paymentsTaken).toBe(rupees);
    expect(report.ordersPaid).toBe(1);
    expect(report.byDay.reduce((sum, day) => sum + day.totalSales, 0)).toBe(rupees);
    expect(report.topProducts.map((row) => row.units)).toEqual([1]);
    expect(report.byCategory.map((row) => row.units)).toEqual([1]);
    expect(report.paymentsByMethod.reduce((sum, row) => sum + row.amount, 0)).toBe(rupees);
    expect(report.otherCurrencies).toEqual([{ currency: "USD", orders: 1, totalSales: dollars }]);
  });

  it("answers the same once the ledger's changes are folded into its slots", async () => {
    const before = await read<SalesReportDto>("/api/reports/sales");
    await foldSalesSlots(t.database.db);
    expect(await read<SalesReportDto>("/api/reports/sales")).toEqual(before);
  });

  it("shows Home's revenue and chart in rupees, the dollar order apart", async () => {
    const stats = await read<DashboardStatsDto>("/api/users/admin");
    expect(stats.revenue).toBe(rupees);
    expect(stats.otherCurrencies).toEqual([{ currency: "USD", orders: 1, totalSales: dollars }]);
    const days = await read<SalesDayDto[]>("/api/stats/sales?days=7");
    expect(days.reduce((sum, day) => sum + (day.revenue ?? 0), 0)).toBe(rupees);
  });

  it("sums the customer's spend in rupees, their dollar order apart", async () => {
    const summary = await read<CustomerSummaryDto>(`/api/users/${shopper.user.id}/summary`);
    expect(summary.orders.count).toBe(1);
    expect(summary.orders.netSpend).toBe(rupees);
    expect(summary.orders.averageOrder).toBe(rupees);
    expect(summary.orders.first?.currency).toBe("INR");
    expect(summary.orders.otherCurrencies).toEqual([{ currency: "USD", orders: 1, netSpend: dollars }]);
  });
});
