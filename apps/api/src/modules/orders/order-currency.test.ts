/**
 * An order keeps the currency it was placed in. A dollar order paid before the owner switched the shop
 * to rupees (en-IN) still reads, mails, prints and exports in dollars afterwards, and a refund of it
 * made after the switch is in dollars too; an order placed after the switch is in rupees, beside it in
 * the same export.
 */
import { mail } from "@shop/shared/messages";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { refunds } from "#api/db/schema/refunds";
import { addAddress } from "#api/modules/addresses/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { EXPORT_COLUMNS } from "./export";

let t: TestApp;
let admin: Caller;
let shopper: Caller;
/** Placed and paid while the shop sold in dollars. */
let dollars: { _id: string; number: number; totalAmount: number };
/** Placed after the switch to rupees. */
let rupees: { _id: string; number: number };
let refundId: string;

async function place(address: string, product: string) {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ product, quantity: 1 }], shippingAddress: address },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { _id: string; number: number; totalAmount: number; currency: string };
}

/** The lines of the one message of `subject` to the shopper, as the outbox keeps them. */
async function messageLines(subject: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.recipient, shopper.user.email), eq(emails.subject, subject)));
  expect(rows).toHaveLength(1);
  return rows[0]?.parts?.lines.join("\n") ?? "";
}

async function pdfText(url: string): Promise<string> {
  const response = await inject(t.app, { method: "GET", url, cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

beforeAll(async () => {
  t = await createTestApp({ STORE_GSTIN: "27AAPFU0939F1ZV", STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  shopper = await quickUser(t);
  const address = (await addAddress(t.database.db, shopper.user.id, ADDRESS))._id;
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const product = await makeProduct(
    t.database,
    { category: category.id, thumbnail: media.id },
    { price: 139, stock: 10 },
  );

  const placed = await place(address, product._id);
  expect(placed.currency).toBe("USD");
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: placed._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  dollars = placed;

  const switched = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/currency",
    cookie: admin.cookie,
    payload: { code: "INR", locale: "en-IN" },
  });
  expect(switched.statusCode, switched.body).toBe(200);

  rupees = await place(address, product._id);
  const refunded = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${dollars._id}/refunds`,
    cookie: admin.cookie,
    payload: { amount: 10, reason: "Late delivery" },
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  const refund = refunded.json().data.payment.refunds.at(-1) as { _id: string };
  refundId = refund._id;
});
afterAll(async () => t?.close());

describe("an order placed in dollars, after the shop switched to rupees", () => {
  it("reads as dollars for its shopper and staff, in their lists, and its payment too", async () => {
    const get = (url: string, caller: Caller) =>
      inject(t.app, { method: "GET", url, cookie: caller.cookie }).then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data;
      });
    expect((await get(`/api/orders/current-user/${dollars._id}`, shopper)).currency).toBe("USD");
    const staffRead = await get(`/api/orders/${dollars._id}`, admin);
    expect(staffRead.currency).toBe("USD");
    expect((await get(`/api/orders/${rupees._id}`, admin)).currency).toBe("INR");

    const currencies = (list: { _id: string; currency: string }[]) =>
      Object.fromEntries(list.map((order) => [order._id, order.currency]));
    const expected = { [dollars._id]: "USD", [rupees._id]: "INR" };
    expect(currencies(await get("/api/orders/current-user", shopper))).toEqual(expected);
    expect(
      currencies(await get(`/api/orders?keyword=${encodeURIComponent(shopper.user.email)}`, admin)),
    ).toEqual(expected);

    const payment = await get(`/api/payments/${staffRead.payment._id}`, admin);
    expect(payment).toMatchObject({ currency: "USD", refundedAmount: 10 });
  });

  it("keeps its refund made after the switch in dollars", async () => {
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row?.currency).toBe("USD");
  });

  it("mails its amounts in dollars, the refund's message sent after the switch included", async () => {
    const placed = await messageLines(mail.orderPlaced.subject(dollars.number));
    expect(placed).toContain(`$${dollars.totalAmount.toFixed(2)}`);
    const refunded = await messageLines(mail.orderRefunded.subject(dollars.number));
    expect(refunded).toContain("$10.00");
    for (const lines of [placed, refunded]) {
      expect(lines).not.toContain("₹");
      expect(lines).not.toContain("INR");
    }
    // The order placed after the switch is mailed in rupees, as en-IN writes them.
    const inRupees = await messageLines(mail.orderPlaced.subject(rupees.number));
    expect(inRupees).toContain("₹");
    expect(inRupees).not.toContain("$");
  });

  it("prints its invoice and the credit note made after the switch in dollars", async () => {
    const invoice = await pdfText(`/api/orders/${dollars._id}/invoice.pdf`);
    expect(invoice).toContain(`$${dollars.totalAmount.toFixed(2)}`);
    const creditNote = await pdfText(`/api/orders/${dollars._id}/credit-notes/${refundId}.pdf`);
    expect(creditNote).toContain("$10.00");
    for (const text of [invoice, creditNote]) {
      expect(text).not.toContain("₹");
      expect(text).not.toContain("INR");
      expect(text).not.toMatch(/rupees/i);
    }
  });

  it("exports its rows with the currency USD, beside the rupee order's INR", async () => {
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/orders/export.csv?keyword=${encodeURIComponent(shopper.user.email)}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);
    const byOrder = Object.fromEntries(
      rows.map((row) => [row[column("Order id")], [row[column("Currency")], row[column("Order total")]]]),
    );
    expect(byOrder).toEqual({
      [dollars._id]: ["USD", dollars.totalAmount.toFixed(2)],
      [rupees._id]: ["INR", expect.stringMatching(/^\d+\.\d{2}$/)],
    });
  });
});
