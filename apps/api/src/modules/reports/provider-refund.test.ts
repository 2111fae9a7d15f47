/**
 * A refund made in PayPal's own dashboard reaches the shop by its webhook, which records the refund and
 * then its credit note's lines: the sales report must count what that credit note gave back (its goods
 * as returns, its GST) as it counts the shop's own refunds, on the day it was given.
 */
import type { OrderDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeShop, type Shop } from "#test/fixtures";
import { PaypalFake } from "#test/paypal-fake";
import { shopDay } from "./service";

let fake: PaypalFake;
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  fake = await PaypalFake.start();
  t = await createTestApp({ ...fake.env, STORE_STATE: "Maharashtra" });
  shop = await makeShop(t, { pay: false });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const cents = (amount: number) => Math.round(amount * 100);

async function today(): Promise<SalesReportDto> {
  const day = shopDay(new Date());
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/reports/sales?from=${day}&to=${day}`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe("a refund made in PayPal's dashboard", () => {
  it("counts its credit note's goods as returns and its GST as credited, as the shop's own refunds count", async () => {
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
    const before = await today();

    const resource = fake.refundDirectly(fake.captureOf(paypalOrderId).id, "20.00");
    const delivered = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/webhook",
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42",
        "paypal-transmission-id": newId(),
        "paypal-transmission-sig": fake.validSignature,
        "paypal-transmission-time": new Date().toISOString(),
      },
      payload: JSON.stringify({
        id: `WH-${newId()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: "refund",
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        summary: "A USD 20.0 USD capture payment was refunded",
        resource,
      }),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const read = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}`,
      cookie: shop.admin.cookie,
    });
    const note = (read.json().data as OrderDto).payment?.refunds[0];
    if (!note) throw new Error("no refund recorded");
    const goods = note.lines.filter((line) => line.kind === "goods");
    const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0);
    // The 20.00 spread over the goods: value and GST as the credit note prints them.
    expect(sum(note.lines.map((line) => line.total))).toBe(2000);
    const tax = sum(note.lines.flatMap((line) => [line.cgst, line.sgst, line.igst]));
    expect(tax).toBeGreaterThan(0);

    const after = await today();
    expect({
      refunds: cents(after.refunds) - cents(before.refunds),
      returns: cents(after.returns) - cents(before.returns),
      taxCredited: cents(after.taxCredited) - cents(before.taxCredited),
      cgst: cents(after.tax.cgst) - cents(before.tax.cgst),
      sgst: cents(after.tax.sgst) - cents(before.tax.sgst),
      totalSales: cents(after.totalSales) - cents(before.totalSales),
    }).toEqual({
      refunds: 2000,
      // The goods' value before GST, each part's round off in it.
      returns:
        sum(goods.map((line) => line.total)) -
        sum(goods.flatMap((line) => [line.cgst, line.sgst, line.igst])),
      taxCredited: tax,
      cgst: -sum(note.lines.map((line) => line.cgst)),
      sgst: -sum(note.lines.map((line) => line.sgst)),
      totalSales: -2000,
    });
  });
});
