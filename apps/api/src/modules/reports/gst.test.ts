/**
 * GSTR-1 on a fixed set of documents written straight into the database and worked out by hand below:
 * a seller in Maharashtra (27), shirts (HSN 6205) at 18% and T-shirts (HSN 6109) at 5%, invoices and
 * credit notes on both sides of November 2026's edges in the shop's clock (UTC+05:30): November runs
 * from 2026-10-31T18:30Z to 2026-11-30T18:30Z.
 */
import { gstReport, validation } from "@shop/shared/messages";
import type { GstReportDto } from "@shop/shared/schemas/report-gst";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, payments } from "#api/db/schema/orders";
import { refundLines, refunds } from "#api/db/schema/refunds";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, type Caller, quickUser } from "#test/fixtures";
import { type HsnSums, type InvoiceSums, mergeInvoiceSums } from "./gst-repo";
import { monthToFile } from "./gst-service";

let t: TestApp;
let admin: Caller;
let manager: Caller;

const GSTIN = "27AAPFU0939F1ZV";

interface Line {
  product: "shirt" | "tee";
  quantity: number;
  /** The line as its invoice printed it, in rupees. */
  taxableValue: number;
  cgst?: number;
  sgst?: number;
  igst?: number;
}

interface InvoiceSpec {
  number: string;
  at: string;
  state: string;
  /** The order's recorded state code; null for an order from before it was recorded. */
  placeOfSupply: string | null;
  supplyType: "intra-state" | "inter-state";
  lines: Line[];
  /** Shipping with its GST within its price (18%), or a charge beside the tax. */
  shipping?: { amount: number; tax: number; cgst?: number; sgst?: number; igst?: number; onTop?: boolean };
  codFee?: number;
  /** The COD fee's GST when the order taxed its charges (prices on top: the fee is its taxable value). */
  codFeeGst?: { cgst?: number; sgst?: number; igst?: number };
  total: number;
  buyer?: { gstin: string; firstName: string; lastName: string };
}

interface CreditSpec {
  number: string;
  at: string;
  invoice: string;
  amount: number;
  lines: (
    | ({ kind: "goods"; line: number } & Omit<Line, "product">)
    | { kind: "shipping"; taxableValue: number; cgst?: number; sgst?: number; igst?: number }
    | { kind: "cod_fee"; taxableValue: number; cgst?: number; sgst?: number; igst?: number }
  )[];
}

const INVOICES: InvoiceSpec[] = [
  // August 2026, the charges taxed with the goods (decision 047), prices on top, within the state: 2
  // shirts (2,000 + 180 + 180), a T-shirt (500 + 12.50 + 12.50), shipping 100 + 9 + 9 and the COD fee
  // 50 + 4.50 + 4.50, both at the highest rate (18%): 3,062.00.
  {
    number: "INV/2026-27/000005",
    at: "2026-08-10T06:00:00Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [
      { product: "shirt", quantity: 2, taxableValue: 2000, cgst: 180, sgst: 180 },
      { product: "tee", quantity: 1, taxableValue: 500, cgst: 12.5, sgst: 12.5 },
    ],
    shipping: { amount: 100, tax: 18, cgst: 9, sgst: 9, onTop: true },
    codFee: 50,
    codFeeGst: { cgst: 4.5, sgst: 4.5 },
    total: 3062,
  },
  // Inter-state to unregistered buyers, 1,18,000.00 each (100 shirts, IGST 18,000): on the shop's last
  // day of July 2024 within the ₹2.5 lakh limit of then (B2CS), on the first of August above the ₹1 lakh
  // limit in force from that day (B2CL).
  ...["2024-07-31T18:29:59Z", "2024-07-31T18:30:00Z"].map(
    (at, k): InvoiceSpec => ({
      number: `INV/2024-25/00000${k + 1}`,
      at,
      state: "Delhi",
      placeOfSupply: "07",
      supplyType: "inter-state",
      lines: [{ product: "shirt", quantity: 100, taxableValue: 100000, igst: 18000 }],
      total: 118000,
    }),
  ),
  // October 31st 23:59:59 in the shop: October's.
  {
    number: "INV/2026-27/000010",
    at: "2026-10-31T18:29:59Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [{ product: "shirt", quantity: 2, taxableValue: 2000, cgst: 180, sgst: 180 }],
    total: 2360,
  },
  // November 1st 00:00 in the shop, within the state: 3 shirts (3,000 + 270 + 270), a T-shirt (500 +
  // 12.50 + 12.50), shipping 118 with its GST of 18 within (taxable 100, CGST 9, SGST 9), a COD fee of
  // 50 outside GST: 4,233.00.
  {
    number: "INV/2026-27/000011",
    at: "2026-10-31T18:30:00Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [
      { product: "shirt", quantity: 3, taxableValue: 3000, cgst: 270, sgst: 270 },
      { product: "tee", quantity: 1, taxableValue: 500, cgst: 12.5, sgst: 12.5 },
    ],
    shipping: { amount: 118, tax: 18, cgst: 9, sgst: 9 },
    codFee: 50,
    total: 4233,
  },
  // To Karnataka, an order from before the place of supply was recorded (its address's state as typed
  // decides it): a shirt with IGST 180, and shipping of 80 without GST (a charge beside the tax).
  {
    number: "INV/2026-27/000012",
    at: "2026-11-10T06:00:00Z",
    state: " karnataka",
    placeOfSupply: null,
    supplyType: "inter-state",
    lines: [{ product: "shirt", quantity: 1, taxableValue: 1000, igst: 180 }],
    shipping: { amount: 80, tax: 0 },
    total: 1260,
  },
  // B2CL: to Delhi, unregistered, 1,18,761.00: 100 shirts (1,00,000 + IGST 18,000), a T-shirt (500 +
  // 25), shipping 236 with IGST 36 within.
  {
    number: "INV/2026-27/000013",
    at: "2026-11-15T06:00:00Z",
    state: "Delhi",
    placeOfSupply: "07",
    supplyType: "inter-state",
    lines: [
      { product: "shirt", quantity: 100, taxableValue: 100000, igst: 18000 },
      { product: "tee", quantity: 1, taxableValue: 500, igst: 25 },
    ],
    shipping: { amount: 236, tax: 36, igst: 36 },
    total: 118761,
  },
  // B2B: a registered buyer in Maharashtra, 10 shirts and 4 T-shirts: 13,900.00.
  {
    number: "INV/2026-27/000014",
    at: "2026-11-20T06:00:00Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [
      { product: "shirt", quantity: 10, taxableValue: 10000, cgst: 900, sgst: 900 },
      { product: "tee", quantity: 4, taxableValue: 2000, cgst: 50, sgst: 50 },
    ],
    total: 13900,
    buyer: { gstin: GSTIN, firstName: "Asha", lastName: "Traders" },
  },
  // November 30th 23:59:59 in the shop: a T-shirt, 525.00.
  {
    number: "INV/2026-27/000015",
    at: "2026-11-30T18:29:59Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [{ product: "tee", quantity: 1, taxableValue: 500, cgst: 12.5, sgst: 12.5 }],
    total: 525,
  },
  // December 1st 00:00 in the shop: December's.
  {
    number: "INV/2026-27/000016",
    at: "2026-11-30T18:30:00Z",
    state: "Maharashtra",
    placeOfSupply: "27",
    supplyType: "intra-state",
    lines: [{ product: "shirt", quantity: 1, taxableValue: 1000, cgst: 90, sgst: 90 }],
    total: 1180,
  },
];

const CREDIT_NOTES: CreditSpec[] = [
  // The COD fee of August's invoice given back, with the GST it charged.
  {
    number: "CN/2026-27/000009",
    at: "2026-08-20T06:00:00Z",
    invoice: "INV/2026-27/000005",
    amount: 59,
    lines: [{ kind: "cod_fee", taxableValue: 50, cgst: 4.5, sgst: 4.5 }],
  },
  // October's: goodwill on October's invoice.
  {
    number: "CN/2026-27/000001",
    at: "2026-10-31T18:29:59Z",
    invoice: "INV/2026-27/000010",
    amount: 118,
    lines: [{ kind: "goods", line: 0, quantity: 0, taxableValue: 100, cgst: 9, sgst: 9 }],
  },
  // November 1st 00:00: a shirt of October's invoice comes back, netted in November's B2CS.
  {
    number: "CN/2026-27/000002",
    at: "2026-10-31T18:30:00Z",
    invoice: "INV/2026-27/000010",
    amount: 1180,
    lines: [{ kind: "goods", line: 0, quantity: 1, taxableValue: 1000, cgst: 90, sgst: 90 }],
  },
  // A shirt of #11 with its shipping and COD fee (the fee outside GST): 1,180 + 118 + 50.
  {
    number: "CN/2026-27/000003",
    at: "2026-11-05T06:00:00Z",
    invoice: "INV/2026-27/000011",
    amount: 1348,
    lines: [
      { kind: "goods", line: 0, quantity: 1, taxableValue: 1000, cgst: 90, sgst: 90 },
      { kind: "shipping", taxableValue: 100, cgst: 9, sgst: 9 },
      { kind: "cod_fee", taxableValue: 50 },
    ],
  },
  // 10 shirts of the B2CL invoice: CDNUR.
  {
    number: "CN/2026-27/000004",
    at: "2026-11-25T06:00:00Z",
    invoice: "INV/2026-27/000013",
    amount: 11800,
    lines: [{ kind: "goods", line: 0, quantity: 10, taxableValue: 10000, igst: 1800 }],
  },
  // 2 T-shirts of the B2B invoice and 100 of goodwill on its shirts: CDNR.
  {
    number: "CN/2026-27/000005",
    at: "2026-11-28T06:00:00Z",
    invoice: "INV/2026-27/000014",
    amount: 1168,
    lines: [
      { kind: "goods", line: 1, quantity: 2, taxableValue: 1000, cgst: 25, sgst: 25 },
      { kind: "goods", line: 0, quantity: 0, taxableValue: 100, cgst: 9, sgst: 9 },
    ],
  },
  // December 1st 00:00: the Karnataka shirt comes back, in December, with its shipping, which its
  // invoice charged beside the tax: outside the tables, as on the invoice.
  {
    number: "CN/2026-27/000006",
    at: "2026-11-30T18:30:00Z",
    invoice: "INV/2026-27/000012",
    amount: 1260,
    lines: [
      { kind: "goods", line: 0, quantity: 1, taxableValue: 1000, igst: 180 },
      { kind: "shipping", taxableValue: 80 },
    ],
  },
];

/** Writes the documents as the checkout and the refunds would have: orders, lines, payments, refunds. */
async function writeDocuments() {
  const shopper = await quickUser(t);
  const media = await makeMedia(t.database);
  const category = await makeCategory(t.database, "Clothes");
  const refs = { category: category.id, thumbnail: media.id };
  const made = {
    shirt: await makeProduct(t.database, refs, { name: "Linen Shirt", price: 1180, stock: 500 }),
    tee: await makeProduct(t.database, refs, { name: "Cotton T-shirt", price: 525, stock: 500 }),
  };
  const goods = {
    shirt: { product: made.shirt, name: "Linen Shirt", hsnCode: "6205", taxRate: 18 },
    tee: { product: made.tee, name: "Cotton T-shirt", hsnCode: "6109", taxRate: 5 },
  };
  const db = t.database.db;
  const written = new Map<string, { orderId: string; paymentId: string; itemIds: string[] }>();
  for (const spec of INVOICES) {
    const taxOf = (line: { cgst?: number; sgst?: number; igst?: number }) =>
      (line.cgst ?? 0) + (line.sgst ?? 0) + (line.igst ?? 0);
    const itemsValue = spec.lines.reduce((sum, line) => sum + line.taxableValue, 0);
    const [order] = await db
      .insert(orders)
      .values({
        userId: shopper.user.id,
        status: "processing",
        subTotal: itemsValue,
        taxAmount:
          spec.lines.reduce((sum, line) => sum + taxOf(line), 0) +
          (spec.shipping?.tax ?? 0) +
          taxOf(spec.codFeeGst ?? {}),
        shippingAmount: spec.shipping?.amount ?? 0,
        // Shipping taxed with the goods (its GST recorded), or outside GST with no taxable value.
        chargesTaxed: (spec.shipping?.tax ?? 0) > 0,
        shippingTax: spec.shipping?.tax ?? 0,
        shippingTaxRate: spec.shipping?.tax ? 18 : 0,
        shippingTaxable: spec.shipping?.tax
          ? spec.shipping.amount - (spec.shipping.onTop ? 0 : spec.shipping.tax)
          : 0,
        shippingCgst: spec.shipping?.cgst ?? 0,
        shippingSgst: spec.shipping?.sgst ?? 0,
        shippingIgst: spec.shipping?.igst ?? 0,
        codFee: spec.codFee ?? 0,
        codFeeTaxable: spec.codFeeGst ? (spec.codFee ?? 0) : 0,
        codFeeTaxRate: spec.codFeeGst ? 18 : 0,
        codFeeCgst: spec.codFeeGst?.cgst ?? 0,
        codFeeSgst: spec.codFeeGst?.sgst ?? 0,
        codFeeIgst: spec.codFeeGst?.igst ?? 0,
        totalAmount: spec.total,
        currency: "INR",
        supplyType: spec.supplyType,
        placeOfSupply: spec.placeOfSupply,
        buyerGstin: spec.buyer?.gstin ?? null,
        shippingAddress: {
          ...ADDRESS,
          state: spec.state,
          ...(spec.buyer
            ? {
                name: { firstName: spec.buyer.firstName, lastName: spec.buyer.lastName },
                gstin: spec.buyer.gstin,
              }
            : {}),
        },
        invoiceNumber: spec.number,
        invoicedAt: new Date(spec.at),
        invoiceGstin: t.config.storeGstin,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("no order written");
    const items = await db
      .insert(orderItems)
      .values(
        spec.lines.map((line) => {
          const { product, name, hsnCode, taxRate } = goods[line.product];
          const unit = (line.taxableValue + taxOf(line)) / line.quantity;
          return {
            orderId: order.id,
            productId: product._id,
            variantId: product.variants[0]?._id ?? "",
            variantSku: `${line.product.toUpperCase()}-1`,
            name,
            price: unit,
            originalPrice: unit,
            quantity: line.quantity,
            taxRate,
            hsnCode,
            taxAmount: taxOf(line),
            taxableValue: line.taxableValue,
            cgst: line.cgst ?? 0,
            sgst: line.sgst ?? 0,
            igst: line.igst ?? 0,
          };
        }),
      )
      .returning({ id: orderItems.id });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: shopper.user.id,
        orderId: order.id,
        status: "completed",
        transactionId: `txn-${spec.number}`,
        amount: spec.total,
        currency: "INR",
        paymentGateway: "test",
        createdAt: new Date(spec.at),
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error("no payment written");
    written.set(spec.number, {
      orderId: order.id,
      paymentId: payment.id,
      itemIds: items.map((item) => item.id),
    });
  }
  for (const spec of CREDIT_NOTES) {
    const invoice = written.get(spec.invoice);
    const invoiceSpec = INVOICES.find((candidate) => candidate.number === spec.invoice);
    if (!invoice || !invoiceSpec) throw new Error(`no invoice ${spec.invoice}`);
    const [refund] = await db
      .insert(refunds)
      .values({
        paymentId: invoice.paymentId,
        orderId: invoice.orderId,
        status: "completed",
        amount: spec.amount,
        currency: "INR",
        reason: "Came back",
        providerRefundId: `refund-${spec.number}`,
        creditNoteNumber: spec.number,
        creditNoteGstin: t.config.storeGstin,
        refundedAt: new Date(spec.at),
      })
      .returning({ id: refunds.id });
    if (!refund) throw new Error("no refund written");
    await db.insert(refundLines).values(
      spec.lines.map((line, position) => {
        const tax =
          "cgst" in line || "igst" in line ? (line.cgst ?? 0) + (line.sgst ?? 0) + (line.igst ?? 0) : 0;
        // A goods line credits at its invoice line's rate; shipping at 18% where its invoice taxed it.
        const product = line.kind === "goods" ? invoiceSpec.lines[line.line]?.product : undefined;
        const taxedShipping =
          (line.kind === "shipping" && (invoiceSpec.shipping?.tax ?? 0) > 0) ||
          (line.kind === "cod_fee" && invoiceSpec.codFeeGst !== undefined);
        const rate = product ? goods[product].taxRate : taxedShipping ? 18 : 0;
        // A charge its invoice left outside GST comes back outside GST: no taxable value.
        const outside = line.kind !== "goods" && !taxedShipping;
        return {
          refundId: refund.id,
          position,
          kind: line.kind,
          itemId: line.kind === "goods" ? invoice.itemIds[line.line] : null,
          quantity: line.kind === "goods" ? line.quantity : 0,
          taxableValue: outside ? 0 : line.taxableValue,
          outsideGst: outside ? line.taxableValue : 0,
          rate,
          cgst: "cgst" in line ? (line.cgst ?? 0) : 0,
          sgst: "sgst" in line ? (line.sgst ?? 0) : 0,
          igst: "igst" in line ? (line.igst ?? 0) : 0,
          total: line.taxableValue + tax,
        };
      }),
    );
  }
}

function gst(cookie: string | undefined, query = "month=2026-11") {
  return inject(t.app, { method: "GET", url: `/api/reports/gst?${query}`, ...(cookie ? { cookie } : {}) });
}

async function csv(table: string, month = "2026-11") {
  const response = await gst(admin.cookie, `month=${month}&format=csv&table=${table}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/csv");
  expect(response.headers["content-disposition"]).toContain(
    `gstr1-${t.config.storeGstin}-${table}-${month}.csv`,
  );
  return { body: response.body, rows: parse(response.body, { bom: true }) as string[][] };
}

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  await writeDocuments();
});
afterAll(async () => t?.close());

const NO_TAX = { igst: 0, cgst: 0, sgst: 0, cess: 0 };

describe("a month's invoices summed in parts, merged", () => {
  const sums = { taxableValue: 0, igst: 0, cgst: 0, sgst: 0 };
  const group = (hsn: Partial<HsnSums>): HsnSums => ({
    registered: false,
    hsn: "6205",
    uqc: "NOS",
    rate: 18,
    quantity: 1,
    ...sums,
    taxableValue: 100,
    description: "",
    largest: null,
    largestLine: null,
    largestRow: 0,
    ...hsn,
  });
  /** B2CS sums at 18% in Maharashtra. */
  const inMaharashtra = (taxableValue: number, cgst: number, sgst: number) => ({
    placeOfSupply: "27",
    state: "Maharashtra",
    rate: 18,
    ...sums,
    taxableValue,
    cgst,
    sgst,
  });
  const part = (invoices: Partial<InvoiceSums>): InvoiceSums => ({
    invoices: [],
    lines: [],
    consumers: [],
    hsn: [],
    series: [],
    ...invoices,
  });

  it("adds the sums, names each HSN group by its largest line over all parts, and spans each series", () => {
    const merged = mergeInvoiceSums([
      part({
        consumers: [inMaharashtra(100, 9, 9)],
        hsn: [
          group({ description: "Shirt", largest: 500, largestLine: "b2", largestRow: 500 }),
          group({ hsn: "6109", description: "Tee", largest: 300, largestLine: "c1", largestRow: 300 }),
          group({ hsn: "9965", quantity: 0, description: "Courier A", largestRow: 40 }),
        ],
        series: [
          { prefix: "INV/", first: "INV/0010", last: "INV/0019", total: 10 },
          { prefix: "B/", first: "B/7", last: "B/9", total: 3 },
        ],
      }),
      part({
        consumers: [inMaharashtra(50, 4, 5)],
        hsn: [
          // A tie with the first part's largest shirt: the line first by id names the group.
          group({
            quantity: 2,
            description: "Shirt, blue",
            largest: 500,
            largestLine: "b1",
            largestRow: 500,
          }),
          // Larger than the first part's tee.
          group({ hsn: "6109", description: "Tee, long", largest: 900, largestLine: "c9", largestRow: 900 }),
          // Shipping alone on both sides: the larger row's principal supply names it.
          group({ hsn: "9965", quantity: 0, description: "Courier B", largestRow: 60 }),
        ],
        // Numbers out of the parts' order: the lowest running digits are the first ("07" before "7"), and
        // the highest the last ("10" after "9").
        series: [
          { prefix: "INV/", first: "INV/0002", last: "INV/0025", total: 5 },
          { prefix: "B/", first: "B/07", last: "B/10", total: 2 },
        ],
      }),
    ]);
    expect(merged.consumers).toEqual([
      { placeOfSupply: "27", state: "Maharashtra", rate: 18, taxableValue: 150, igst: 0, cgst: 13, sgst: 14 },
    ]);
    expect(
      merged.hsn.map(({ hsn, quantity, taxableValue, description, largest }) => ({
        hsn,
        quantity,
        taxableValue,
        description,
        largest,
      })),
    ).toEqual([
      { hsn: "6205", quantity: 3, taxableValue: 200, description: "Shirt, blue", largest: 500 },
      { hsn: "6109", quantity: 2, taxableValue: 200, description: "Tee, long", largest: 900 },
      { hsn: "9965", quantity: 0, taxableValue: 200, description: "Courier B", largest: null },
    ]);
    expect(merged.series).toEqual([
      { prefix: "INV/", first: "INV/0002", last: "INV/0025", total: 15 },
      { prefix: "B/", first: "B/07", last: "B/10", total: 5 },
    ]);
  });

  it("lists the parts' B2B and B2CL invoices by number", () => {
    const invoice = (invoiceNumber: string) => ({ invoiceNumber }) as InvoiceSums["invoices"][number];
    const merged = mergeInvoiceSums([
      part({ invoices: [invoice("INV/0003"), invoice("INV/0010")] }),
      part({ invoices: [invoice("INV/0001")] }),
    ]);
    expect(merged.invoices.map((row) => row.invoiceNumber)).toEqual(["INV/0001", "INV/0003", "INV/0010"]);
  });
});

describe("the month a return is due for", () => {
  it("is the one before the shop's month, across a year's end and the shop's midnight", () => {
    // 2026-12-31T18:30Z is already January 1st in the shop: December is due.
    expect(monthToFile(new Date("2026-12-31T18:30:00Z"), "+05:30")).toBe("2026-12");
    expect(monthToFile(new Date("2026-12-31T18:29:59Z"), "+05:30")).toBe("2026-11");
  });

  it("is the month the report answers when the query names none", async () => {
    const response = await gst(admin.cookie, "");
    expect(response.statusCode).toBe(200);
    expect(response.json().data.month).toBe(monthToFile(new Date(), "+05:30"));
  });
});

describe("GET /api/reports/gst", () => {
  it("answers 401 to visitors and 403 to shoppers, and reads for admins and managers alike", async () => {
    expect((await gst(undefined)).statusCode).toBe(401);
    const shopper = await quickUser(t);
    expect((await gst(shopper.cookie)).statusCode).toBe(403);
    const byManager = await gst(manager.cookie);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data).toEqual((await gst(admin.cookie)).json().data);
  });

  it("fills November's GSTR-1 tables as worked out by hand", async () => {
    const response = await gst(admin.cookie);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as GstReportDto;
    expect(data.month).toBe("2026-11");
    expect([data.from, data.to]).toEqual(["2026-11-01", "2026-11-30"]);
    // Registered buyer: invoice by invoice, one row per rate.
    const b2bHead = {
      gstin: GSTIN,
      receiverName: "Asha Traders",
      invoiceNumber: "INV/2026-27/000014",
      invoiceDate: "2026-11-20",
      invoiceValue: 13900,
      placeOfSupply: "27-Maharashtra",
    };
    expect(data.b2b).toEqual([
      { ...b2bHead, rate: 5, taxableValue: 2000, igst: 0, cgst: 50, sgst: 50, cess: 0 },
      { ...b2bHead, rate: 18, taxableValue: 10000, igst: 0, cgst: 900, sgst: 900, cess: 0 },
    ]);
    // Inter-state to an unregistered buyer above ₹1 lakh: taxed shipping counts at its rate, the
    // invoice value is the whole invoice.
    const b2clHead = {
      invoiceNumber: "INV/2026-27/000013",
      invoiceDate: "2026-11-15",
      invoiceValue: 118761,
      placeOfSupply: "07-Delhi",
    };
    expect(data.b2cl).toEqual([
      { ...b2clHead, rate: 5, taxableValue: 500, ...NO_TAX, igst: 25 },
      { ...b2clHead, rate: 18, taxableValue: 100200, ...NO_TAX, igst: 18036 },
    ]);
    // Everything else to unregistered buyers, by place of supply and rate: Maharashtra 5% is #11's and
    // #15's T-shirts; 18% is #11's shirts and shipping (3,100) less the shirt of October's invoice
    // credited on November 1st (1,000) and #11's shirt with its shipping (1,100); Karnataka's from its
    // address's state.
    expect(data.b2cs).toEqual([
      { placeOfSupply: "27-Maharashtra", rate: 5, taxableValue: 1000, igst: 0, cgst: 25, sgst: 25, cess: 0 },
      { placeOfSupply: "27-Maharashtra", rate: 18, taxableValue: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
      { placeOfSupply: "29-Karnataka", rate: 18, taxableValue: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 },
    ]);
    const cdnrHead = {
      gstin: GSTIN,
      receiverName: "Asha Traders",
      noteNumber: "CN/2026-27/000005",
      noteDate: "2026-11-28",
      invoiceNumber: "INV/2026-27/000014",
      placeOfSupply: "27-Maharashtra",
      noteSupplyType: "Regular B2B",
      noteValue: 1168,
    };
    expect(data.cdnr).toEqual([
      { ...cdnrHead, rate: 5, taxableValue: 1000, igst: 0, cgst: 25, sgst: 25, cess: 0 },
      { ...cdnrHead, rate: 18, taxableValue: 100, igst: 0, cgst: 9, sgst: 9, cess: 0 },
    ]);
    expect(data.cdnur).toEqual([
      {
        noteNumber: "CN/2026-27/000004",
        noteDate: "2026-11-25",
        invoiceNumber: "INV/2026-27/000013",
        placeOfSupply: "07-Delhi",
        noteValue: 11800,
        rate: 18,
        taxableValue: 10000,
        ...NO_TAX,
        igst: 1800,
      },
    ]);
    // T-shirts: 1 + 1 + 4 + 1 sold, 2 back. Shirts: 3 + 1 + 100 + 10 sold, 1 + 1 + 10 back (goodwill
    // credits value, no units); both invoices' taxed shipping (100 + 200) and #11's shipping credited
    // (100) under the shirts' HSN, the principal supply of their orders, with no quantity.
    expect(data.hsn).toEqual([
      {
        hsn: "6109",
        description: "Apparel knitted or crocheted",
        uqc: "NOS-NUMBERS",
        quantity: 5,
        totalValue: 2625,
        rate: 5,
        taxableValue: 2500,
        igst: 25,
        cgst: 50,
        sgst: 50,
        cess: 0,
      },
      {
        hsn: "6205",
        description: "Apparel not knitted",
        uqc: "NOS-NUMBERS",
        quantity: 102,
        totalValue: 120478,
        rate: 18,
        taxableValue: 102100,
        igst: 16416,
        cgst: 981,
        sgst: 981,
        cess: 0,
      },
    ]);
    expect(data.docs).toEqual([
      {
        nature: "Invoices for outward supply",
        from: "INV/2026-27/000011",
        to: "INV/2026-27/000015",
        total: 5,
        cancelled: 0,
      },
      { nature: "Credit Note", from: "CN/2026-27/000002", to: "CN/2026-27/000005", total: 4, cancelled: 0 },
    ]);
    // 3.1(a): the invoices' 1,17,800 of taxable value less the credit notes' 13,200 (COD fee apart).
    expect(data.gstr3b).toEqual({ taxableValue: 104600, igst: 16441, cgst: 1031, sgst: 1031, cess: 0 });
  });

  it("gives the HSN summary apart for registered buyers and consumers, the two adding up to it", async () => {
    const data = (await gst(admin.cookie)).json().data as GstReportDto;
    const key = (row: GstReportDto["hsn"][number]) => `${row.hsn}|${row.rate}`;
    const cents = (amount: number) => Math.round(amount * 100);
    // The registered buyer's invoice less its credit note, by rate: what B2B and CDNR say of it.
    const byRate = (rows: readonly { rate: number; taxableValue: number }[]) =>
      rows.reduce(
        (sums, row) => sums.set(row.rate, (sums.get(row.rate) ?? 0) + cents(row.taxableValue)),
        new Map<number, number>(),
      );
    const b2b = byRate(data.b2b);
    for (const [rate, value] of byRate(data.cdnr)) b2b.set(rate, (b2b.get(rate) ?? 0) - value);
    expect(byRate(data.hsnB2b)).toEqual(b2b);
    // Every HSN and rate of the whole summary is the sum of its two parts, units, value and tax.
    const parts = new Map<string, number[]>();
    for (const row of [...data.hsnB2b, ...data.hsnB2c]) {
      const sum = parts.get(key(row)) ?? [0, 0, 0, 0, 0];
      const figures = [
        row.quantity,
        cents(row.taxableValue),
        cents(row.igst),
        cents(row.cgst),
        cents(row.sgst),
      ];
      parts.set(
        key(row),
        sum.map((value, i) => value + (figures[i] ?? 0)),
      );
    }
    expect(
      new Map(
        data.hsn.map((row) => [
          key(row),
          [row.quantity, cents(row.taxableValue), cents(row.igst), cents(row.cgst), cents(row.sgst)],
        ]),
      ),
    ).toEqual(parts);
    const [header] = (await csv("hsnb2b")).rows;
    expect(header).toEqual((await csv("hsn")).rows[0]);
    expect((await csv("hsnb2c")).rows).toHaveLength(data.hsnB2c.length + 1);
  });

  it("writes each table with the offline tool's headers, dates and places of supply", async () => {
    const b2cs = await csv("b2cs");
    expect(b2cs.body.startsWith("\uFEFF")).toBe(true);
    expect(b2cs.body).toContain("\r\n");
    expect(b2cs.rows).toEqual([
      [
        "Type",
        "Place Of Supply",
        "Rate",
        "Applicable % of Tax Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
      ],
      ["OE", "27-Maharashtra", "5", "", "1000.00", "0.00", ""],
      ["OE", "27-Maharashtra", "18", "", "1000.00", "0.00", ""],
      ["OE", "29-Karnataka", "18", "", "1000.00", "0.00", ""],
    ]);
    expect((await csv("b2cl")).rows).toEqual([
      [
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
      ],
      ["INV/2026-27/000013", "15-Nov-2026", "118761.00", "07-Delhi", "", "5", "500.00", "0.00", ""],
      ["INV/2026-27/000013", "15-Nov-2026", "118761.00", "07-Delhi", "", "18", "100200.00", "0.00", ""],
    ]);
    expect((await csv("b2b")).rows).toEqual([
      [
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
      ],
      [
        GSTIN,
        "Asha Traders",
        "INV/2026-27/000014",
        "20-Nov-2026",
        "13900.00",
        "27-Maharashtra",
        "N",
        "",
        "Regular B2B",
        "",
        "5",
        "2000.00",
        "0.00",
      ],
      [
        GSTIN,
        "Asha Traders",
        "INV/2026-27/000014",
        "20-Nov-2026",
        "13900.00",
        "27-Maharashtra",
        "N",
        "",
        "Regular B2B",
        "",
        "18",
        "10000.00",
        "0.00",
      ],
    ]);
    expect((await csv("cdnr")).rows).toEqual([
      [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Reverse Charge",
        "Note Supply Type",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      [
        GSTIN,
        "Asha Traders",
        "CN/2026-27/000005",
        "28-Nov-2026",
        "C",
        "27-Maharashtra",
        "N",
        "Regular B2B",
        "1168.00",
        "",
        "5",
        "1000.00",
        "0.00",
      ],
      [
        GSTIN,
        "Asha Traders",
        "CN/2026-27/000005",
        "28-Nov-2026",
        "C",
        "27-Maharashtra",
        "N",
        "Regular B2B",
        "1168.00",
        "",
        "18",
        "100.00",
        "0.00",
      ],
    ]);
    expect((await csv("cdnur")).rows).toEqual([
      [
        "UR Type",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      ["B2CL", "CN/2026-27/000004", "25-Nov-2026", "C", "07-Delhi", "11800.00", "", "18", "10000.00", "0.00"],
    ]);
    expect((await csv("hsn")).rows).toEqual([
      [
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
      ],
      [
        "6109",
        "Apparel knitted or crocheted",
        "NOS-NUMBERS",
        "5",
        "2625.00",
        "5",
        "2500.00",
        "25.00",
        "50.00",
        "50.00",
        "0.00",
      ],
      [
        "6205",
        "Apparel not knitted",
        "NOS-NUMBERS",
        "102",
        "120478.00",
        "18",
        "102100.00",
        "16416.00",
        "981.00",
        "981.00",
        "0.00",
      ],
    ]);
    expect((await csv("docs")).rows).toEqual([
      ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
      ["Invoices for outward supply", "INV/2026-27/000011", "INV/2026-27/000015", "5", "0"],
      ["Credit Note", "CN/2026-27/000002", "CN/2026-27/000005", "4", "0"],
    ]);
  });

  it("nets a credit note into its own month's B2CS, below zero when that month sold nothing there, leaving out untaxed shipping", async () => {
    const data = (await gst(admin.cookie, "month=2026-12")).json().data as GstReportDto;
    expect(data.b2cs).toEqual([
      { placeOfSupply: "27-Maharashtra", rate: 18, taxableValue: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
      { placeOfSupply: "29-Karnataka", rate: 18, taxableValue: -1000, igst: -180, cgst: 0, sgst: 0, cess: 0 },
    ]);
    // The untaxed shipping credited with it is in no table: no 0% row.
    expect(data.hsn).toEqual([
      {
        hsn: "6205",
        description: "Apparel not knitted",
        uqc: "NOS-NUMBERS",
        quantity: 0,
        totalValue: 0,
        rate: 18,
        taxableValue: 0,
        igst: -180,
        cgst: 90,
        sgst: 90,
        cess: 0,
      },
    ]);
    expect(data.gstr3b).toEqual({ taxableValue: 0, igst: -180, cgst: 90, sgst: 90, cess: 0 });
    // A negative amount is a number, not a formula to defuse.
    expect((await csv("b2cs", "2026-12")).body).toContain("OE,29-Karnataka,18,,-1000.00,0.00,\r\n");
  });

  it("counts shipping and the COD fee taxed with the goods in B2CS, under the principal goods' HSN and in 3.1(a), their credit note too", async () => {
    const august = (await gst(admin.cookie, "month=2026-08")).json().data as GstReportDto;
    // 18%: the shirts 2,000, shipping 100 and the fee 50, less the fee back: 2,100 (CGST 189); 5%: the T-shirt.
    expect(august.b2cs).toEqual([
      { placeOfSupply: "27-Maharashtra", rate: 5, taxableValue: 500, ...NO_TAX, cgst: 12.5, sgst: 12.5 },
      { placeOfSupply: "27-Maharashtra", rate: 18, taxableValue: 2100, ...NO_TAX, cgst: 189, sgst: 189 },
    ]);
    // The charges under the HSN code of the principal goods (the highest rate's largest line), no units.
    expect(
      august.hsn.map(({ hsn, rate, quantity, taxableValue, cgst }) => ({
        hsn,
        rate,
        quantity,
        taxableValue,
        cgst,
      })),
    ).toEqual([
      { hsn: "6109", rate: 5, quantity: 1, taxableValue: 500, cgst: 12.5 },
      { hsn: "6205", rate: 18, quantity: 2, taxableValue: 2100, cgst: 189 },
    ]);
    expect(august.gstr3b).toEqual({ taxableValue: 2600, igst: 0, cgst: 201.5, sgst: 201.5, cess: 0 });
  });

  it("sorts an inter-state invoice to a consumer by the B2CL limit of its own date", async () => {
    const july = (await gst(admin.cookie, "month=2024-07")).json().data as GstReportDto;
    expect(july.b2cl).toEqual([]);
    expect(july.b2cs).toEqual([
      { placeOfSupply: "07-Delhi", rate: 18, taxableValue: 100000, ...NO_TAX, igst: 18000 },
    ]);
    const august = (await gst(admin.cookie, "month=2024-08")).json().data as GstReportDto;
    expect(august.b2cs).toEqual([]);
    expect(august.b2cl).toEqual([
      {
        invoiceNumber: "INV/2024-25/000002",
        invoiceDate: "2024-08-01",
        invoiceValue: 118000,
        placeOfSupply: "07-Delhi",
        rate: 18,
        taxableValue: 100000,
        ...NO_TAX,
        igst: 18000,
      },
    ]);
    expect(august.docs).toEqual([
      {
        nature: "Invoices for outward supply",
        from: "INV/2024-25/000002",
        to: "INV/2024-25/000002",
        total: 1,
        cancelled: 0,
      },
    ]);
  });

  it("answers an empty month with empty tables and nil figures", async () => {
    const response = await gst(admin.cookie, "month=2026-09");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      month: "2026-09",
      gstin: t.config.storeGstin,
      otherGstins: [],
      from: "2026-09-01",
      to: "2026-09-30",
      b2b: [],
      b2cl: [],
      b2cs: [],
      hsn: [],
      hsnB2b: [],
      hsnB2c: [],
      cdnr: [],
      cdnur: [],
      docs: [],
      gstr3b: { taxableValue: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
    });
    expect((await csv("hsn", "2026-09")).rows).toHaveLength(1);
  });

  it("refuses a month that is not one, and a CSV without its table", async () => {
    for (const month of ["2026-13", "2026-1", "November"]) {
      const refused = await gst(admin.cookie, `month=${month}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.month).toBe(gstReport.month);
    }
    const noTable = await gst(admin.cookie, "month=2026-11&format=csv");
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().errors.table).toBe(validation.required);
    const unknown = await gst(admin.cookie, "month=2026-11&format=csv&table=exp");
    expect(unknown.statusCode).toBe(400);
  });
});
