import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { indianState } from "@shop/shared/india";
import { toCents } from "@shop/shared/pricing";
import type { OrderDto, OrderSummaryDto } from "@shop/shared/schemas/order";
import { DEFAULT_FULFILMENT_SETTINGS } from "@shop/shared/schemas/settings";
import { asc, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, payments } from "#api/db/schema/orders";
import { refundLines, refunds } from "#api/db/schema/refunds";
import { orderShipmentLines, orderShipments } from "#api/db/schema/shipments";
import { LocalStorage } from "#api/storage/local";
import { createTestApp, inject, type TestApp } from "#test/app";
import { type Caller, quickUser } from "#test/fixtures";
import { itKeepsParcelStates } from "#test/parcel-state";
import { itKeepsPaymentStates } from "#test/payment-state";
import { seedDemoShop } from "./demo";

/**
 * The demo is real: the demo shop seeded as a demo start seeds it, and
 * every one of its documents downloaded through the API as the dashboard's buttons ask for them.
 */
let t: TestApp;
let admin: Caller;
let mediaDir: string;

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  mediaDir = mkdtempSync(path.join(tmpdir(), "shop-demo-orders-media-"));
  const seeded = await seedDemoShop(
    t.database.db,
    { ...t.config, demo: true },
    () => new LocalStorage(mediaDir),
  );
  expect(seeded).toBe(true);
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

/** The text of a PDF, as the documents tests read it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

function download(url: string) {
  return inject(t.app, { method: "GET", url, cookie: admin.cookie });
}

describe("the demo's documents", () => {
  it("downloads every demo order's invoice as a PDF, and answers 409 for the orders that have none", async () => {
    const all = await t.database.db.select().from(orders).orderBy(asc(orders.number));
    const invoiced = all.filter((order) => order.invoiceNumber !== null);
    expect(invoiced.length).toBeGreaterThan(30);
    for (const order of invoiced) {
      const response = await download(`/api/orders/${order.id}/invoice.pdf`);
      expect(response.statusCode, `${order.invoiceNumber}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    for (const order of all.filter((row) => row.invoiceNumber === null)) {
      expect((await download(`/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(409);
    }
  });

  it("downloads every demo refund's credit note as a PDF: whole refunds and returns of one unit", async () => {
    const given = await t.database.db.select().from(refunds);
    const all = await t.database.db.select().from(orders);
    const statusOf = new Map(all.map((order) => [order.id, order.status]));
    expect(given.some((refund) => statusOf.get(refund.orderId) === "refunded")).toBe(true);
    expect(given.some((refund) => statusOf.get(refund.orderId) === "delivered")).toBe(true);
    for (const refund of given) {
      expect(refund.status).toBe("completed");
      const response = await download(`/api/orders/${refund.orderId}/credit-notes/${refund.id}.pdf`);
      expect(response.statusCode, `${refund.creditNoteNumber}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      // Its lines are the credit note's, and add up to the refund.
      const lines = await t.database.db.select().from(refundLines).where(eq(refundLines.refundId, refund.id));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, line) => sum + toCents(line.total), 0)).toBe(toCents(refund.amount));
    }
  });

  it("prints each line's HSN code and the split on an invoice within the seller's state", async () => {
    const order = (
      await t.database.db.select().from(orders).where(eq(orders.supplyType, "intra-state"))
    ).find((row) => row.invoiceNumber !== null);
    if (!order) throw new Error("the demo has a paid order within the seller's state");
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const text = await pdfText((await download(`/api/orders/${order.id}/invoice.pdf`)).rawPayload);
    expect(text).toContain(order.invoiceNumber ?? "no number");
    for (const item of items) expect(text).toContain(item.hsnCode ?? "no HSN code");
    expect(text).toContain("CGST");
    expect(text).toContain("27-Maharashtra");
  });
});

describe("the demo's orders, as the checkout writes them", () => {
  it("carries each line's rate, HSN code and GST split, CGST = SGST within the seller's state, IGST across", async () => {
    const all = await t.database.db.select().from(orders);
    const items = await t.database.db.select().from(orderItems);
    expect(new Set(all.map((order) => order.supplyType))).toEqual(new Set(["intra-state", "inter-state"]));
    // The shop's rate (the demo sets no category's own), each line's HSN code its product's or category's.
    expect(new Set(items.map((item) => item.taxRate))).toEqual(new Set([18]));
    expect(new Set(items.map((item) => item.hsnCode)).size).toBeGreaterThanOrEqual(4);
    for (const order of all) {
      const own = items.filter((item) => item.orderId === order.id);
      const intra = order.supplyType === "intra-state";
      expect(order.supplyType).toBe(
        order.shippingAddress.state === "Maharashtra" ? "intra-state" : "inter-state",
      );
      expect(order.placeOfSupply).toBe(indianState(order.shippingAddress.state)?.code);
      for (const item of own) {
        expect(item.hsnCode).toMatch(/^\d{4}$/);
        expect(item.cgst).toBe(item.sgst);
        expect(toCents(item.cgst + item.sgst + item.igst)).toBe(toCents(item.taxAmount));
        if (intra) expect(item.igst).toBe(0);
        else expect(item.cgst).toBe(0);
        // Added on top (SPEC's default): the line's value before tax is what the shopper paid for it.
        expect(toCents(item.taxableValue)).toBe(toCents(item.price * item.quantity - item.discountShare));
        expect(toCents(item.taxAmount)).toBeGreaterThan(0);
      }
      const lineTax = own.reduce((sum, item) => sum + toCents(item.taxAmount), 0);
      expect(lineTax + toCents(order.shippingTax)).toBe(toCents(order.taxAmount));
      expect(toCents(order.subTotal) + toCents(order.shippingAmount) + toCents(order.taxAmount)).toBe(
        toCents(order.totalAmount),
      );
    }
  });

  it("numbers the invoices in the order the orders were paid, dated at payment", async () => {
    const invoiced = (await t.database.db.select().from(orders)).filter((order) => order.invoiceNumber);
    const paidAt = new Map(
      (await t.database.db.select().from(payments)).map((payment) => [payment.orderId, payment.createdAt]),
    );
    for (const order of invoiced) expect(order.invoicedAt?.getTime()).toBe(paidAt.get(order.id)?.getTime());
    const byPayment = [...invoiced].sort(
      (a, b) => (a.invoicedAt?.getTime() ?? 0) - (b.invoicedAt?.getTime() ?? 0),
    );
    const numbers = byPayment.map((order) => order.invoiceNumber ?? "");
    expect(numbers).toEqual([...numbers].sort());
  });
});

describe("the demo's parcels", () => {
  async function staffRead(orderId: string): Promise<OrderDto> {
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${orderId}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as OrderDto;
  }

  it("gives a delivered demo order its parcel, with the carrier and tracking number, in its history as the shipments service writes it", async () => {
    const [delivered] = await t.database.db.select().from(orders).where(eq(orders.status, "delivered"));
    if (!delivered) throw new Error("the demo has a delivered order");
    const read = await staffRead(delivered.id);
    expect(read.fulfilment).toBe("delivered");
    const [parcel] = read.shipments;
    expect(parcel?.carrier).toBe(DEFAULT_FULFILMENT_SETTINGS.carriers[0]?.name);
    expect(parcel?.trackingNumber).toMatch(/^DEMO\d{10}$/);
    expect(parcel?.trackingUrl).toContain(parcel?.trackingNumber);
    expect(parcel?.deliveredAt).not.toBeNull();
    const sent = read.history.find((event) => event.type === "shipment");
    const arrived = read.history.find((event) => event.type === "delivery");
    expect(sent?.note).toContain(parcel?.trackingNumber);
    expect(arrived).toMatchObject({ status: "delivered", note: sent?.note });
  });

  it("ships every unit of each shipped and delivered demo order, and leaves some being prepared partly shipped", async () => {
    const all = await t.database.db.select().from(orders);
    const items = await t.database.db.select().from(orderItems);
    const shipped = await t.database.db
      .select({ orderId: orderShipments.orderId, quantity: orderShipmentLines.quantity })
      .from(orderShipmentLines)
      .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId));
    const units = (rows: readonly { orderId: string; quantity: number }[], orderId: string) =>
      rows.filter((row) => row.orderId === orderId).reduce((sum, row) => sum + row.quantity, 0);
    for (const order of all.filter((row) => row.status === "shipped" || row.status === "delivered"))
      expect(units(shipped, order.id), `#${order.number}`).toBe(units(items, order.id));

    const response = await inject(t.app, {
      method: "GET",
      url: "/api/orders?fulfilment=partially_shipped&size=100",
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const partly = response.json().data as OrderSummaryDto[];
    expect(partly.length).toBeGreaterThan(0);
    for (const order of partly) {
      expect(order.status).toBe("processing");
      const sentUnits = units(shipped, order._id);
      expect(sentUnits).toBeGreaterThan(0);
      expect(sentUnits).toBeLessThan(units(items, order._id));
    }
  });
});

itKeepsPaymentStates(() => t);

itKeepsParcelStates(() => t);
