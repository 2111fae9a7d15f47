import { gstinCheckCharacter } from "@shop/shared/india";
import { api, documents } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import { AddressInput } from "@shop/shared/schemas/address";
import { eq, inArray, like } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceCounters } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf } from "#api/modules/email/service";
import { financialYearOf, formatInvoiceNumber, giveInvoiceNumber } from "#api/modules/invoices/service";
import { placeOrder } from "#api/modules/orders/placement";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { envelopeProblems } from "#test/envelope-check";
import { ADDRESS, APPROVED_CARD, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import {
  creditNoteFigures,
  type InvoiceLineInput,
  type InvoiceOrderInput,
  invoiceFigures,
  spreadCents,
} from "./figures";
import { amountInWords } from "./words";

const GSTIN = "27AAPFU0939F1ZV";
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: "100", STORE_GSTIN: GSTIN, STORE_STATE: "Maharashtra" });
  shop = await makeShop(t);
});
afterAll(async () => t?.close());

/** The text of a PDF, as a reader's copy and paste or a search engine would get it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no such order");
  return row;
}

function pay(cookie: string, orderId: string) {
  return inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie,
    payload: { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
  });
}

function invoice(orderId: string, cookie?: string) {
  return inject(t.app, { method: "GET", url: `/api/orders/${orderId}/invoice.pdf`, cookie });
}

function packingSlip(orderId: string, cookie?: string) {
  return inject(t.app, { method: "GET", url: `/api/orders/${orderId}/packing-slip.pdf`, cookie });
}

/** A GSTIN of a state's code, well formed with its check character (GST.md). */
const gstinOf = (code: string) => `${code}AABCS1429B1Z${gstinCheckCharacter(`${code}AABCS1429B1Z`)}`;

/**
 * An order of the shopper to an address in `state` (typed as a shopper might: the address schema
 * gives it its listed spelling), placed as the checkout places it against the store's state: the
 * sale product twice and a variant three times, with a code.
 */
async function paidOrderTo(
  shopper: Caller,
  state: string,
  { discountCode, gstin }: { discountCode?: string; gstin?: string } = {},
) {
  const address = await addAddress(
    t.database.db,
    shopper.user.id,
    AddressInput.parse({ ...ADDRESS, state, ...(gstin ? { gstin } : {}) }),
  );
  const { order } = await placeOrder(
    t.database.db,
    shopper.user,
    {
      products: [
        { product: shop.productId, quantity: 2 },
        { product: shop.variantProductId, variant: shop.variantIds[4], quantity: 3 },
      ],
      shippingAddress: address._id,
      ...(discountCode ? { discountCode } : {}),
    },
    { mail: mailContextOf(t.config), storeState: t.config.storeState },
  );
  const paid = await pay(shopper.cookie, order._id);
  expect(paid.statusCode, paid.body).toBe(201);
  const read = await inject(t.app, {
    method: "GET",
    url: `/api/orders/current-user/${order._id}`,
    cookie: shopper.cookie,
  });
  return read.json().data as {
    _id: string;
    number: number;
    invoiceNumber: string | null;
    totalAmount: number;
    taxAmount: number;
    shippingAmount: number;
    subTotal: number;
    discountAmount: number;
    products: { variant: { sku: string; options: Record<string, string> }; quantity: number }[];
  };
}

describe("invoice numbers", () => {
  it("counts financial years from April to March by the clock in India", () => {
    expect(financialYearOf(new Date("2026-11-23T10:00:00Z"))).toBe("2026-27");
    expect(financialYearOf(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27");
    // 00:00 on 1 April in India is 18:30 UTC the day before.
    expect(financialYearOf(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYearOf(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
    expect(formatInvoiceNumber("2026-27", 42)).toBe("INV/2026-27/000042");
  });

  it("gives a paid order its number, the order read carries it, an unpaid order has none", async () => {
    const paid = await orderRow(shop.paidOrderId);
    expect(paid.invoiceNumber).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect(paid.invoiceNumber?.split("/")[1]).toBe(financialYearOf(paid.invoicedAt ?? new Date(0)));
    const read = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${shop.paidOrderId}`,
      cookie: shop.admin.cookie,
    });
    expect(read.json().data.invoiceNumber).toBe(paid.invoiceNumber);
    const pending = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${shop.orderId}`,
      cookie: shop.shopper.cookie,
    });
    expect(pending.json().data.invoiceNumber).toBeNull();
  });

  it("gives a number back when the payment's transaction rolls back", async () => {
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
      { mail: mailContextOf(t.config), limits: t.config.orderLimits },
    );
    // A year no other test pays in, so that its first number is known.
    const at = new Date("2099-06-01T12:00:00Z");
    const failed = t.database.db.transaction(async (tx) => {
      expect(await giveInvoiceNumber(tx, order._id, at)).toBe("INV/2099-00/000001");
      throw new Error("the payment failed after its number");
    });
    await expect(failed).rejects.toThrow("the payment failed");
    expect((await orderRow(order._id)).invoiceNumber).toBeNull();
    expect(await giveInvoiceNumber(t.database.db, order._id, at)).toBe("INV/2099-00/000001");
    // A second number for the same order fails its transaction, which gives the number back.
    await expect(t.database.db.transaction((tx) => giveInvoiceNumber(tx, order._id, at))).rejects.toThrow();
  });

  it("gives 50 payments made at once 50 distinct numbers with no gap", async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(
      t.database,
      { category: category.id, thumbnail: media.id },
      { price: 10, stock: 500 },
    );
    const shopper = await quickUser(t);
    const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const { order } = await placeOrder(
        t.database.db,
        shopper.user,
        { products: [{ product: product._id, quantity: 1 }], shippingAddress: address._id },
        { mail: mailContextOf(t.config), limits: t.config.orderLimits },
      );
      ids.push(order._id);
    }
    const answers = await Promise.all(ids.map((id) => pay(shopper.cookie, id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 201));

    const numbers = (
      await t.database.db
        .select({ invoiceNumber: orders.invoiceNumber })
        .from(orders)
        .where(inArray(orders.id, ids))
    ).map((row) => row.invoiceNumber ?? "");
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((n) => Number(n.split("/")[2])).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(sequences.map((_, i) => first + i));

    // Every number of the year, from every test of this file: 1 to the counter's last, none missing.
    const year = numbers[0]?.split("/")[1] ?? "";
    const all = (
      await t.database.db
        .select({ invoiceNumber: orders.invoiceNumber })
        .from(orders)
        .where(like(orders.invoiceNumber, `INV/${year}/%`))
    )
      .map((row) => Number(row.invoiceNumber?.split("/")[2]))
      .sort((a, b) => a - b);
    const [counter] = await t.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.financialYear, year));
    expect(all).toEqual(Array.from({ length: counter?.last ?? 0 }, (_, i) => i + 1));
  });
});

describe("GET /api/orders/{orderId}/invoice.pdf", () => {
  it("is a PDF with the seller's GSTIN, the number, CGST + SGST within Maharashtra, and the order's totals", async () => {
    const order = await paidOrderTo(shop.shopper, "maharashtra", { discountCode: shop.discountCode });
    expect(order.discountAmount).toBeGreaterThan(0);
    const response = await invoice(order._id, shop.shopper.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const filename = `invoice-${order.invoiceNumber?.replaceAll("/", "-")}.pdf`;
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(documents.taxInvoice);
    expect(text).toContain(order.invoiceNumber);
    expect(text).toContain(documents.order(order.number));
    expect(text).toContain(GSTIN);
    expect(text).toContain(documents.placeOfSupply("27-Maharashtra"));
    // The buyer gave no GSTIN: the seller's is the only one.
    expect(text.match(/GSTIN:/g)).toHaveLength(1);
    expect(text).toContain(documents.cgst);
    expect(text).toContain(documents.sgst);
    expect(text).not.toContain(documents.igst);
    for (const product of order.products) expect(text).toContain(product.variant.sku);
    // The figures printed are the order's own.
    const taxable = order.subTotal - order.discountAmount;
    expect(text).toContain(`${documents.taxableTotal} ${formatPrice(taxable)}`);
    expect(text).toContain(`${documents.totalTax} ${formatPrice(order.taxAmount)}`);
    expect(text).toContain(`${documents.shipping} ${formatPrice(order.shippingAmount)}`);
    expect(text).toContain(`${documents.grandTotal} ${formatPrice(order.totalAmount)}`);
    expect(text).toContain(documents.amountInWords(amountInWords(order.totalAmount)));
    // The suites' envelope check takes the file for what the document says it is, and only that.
    expect(envelopeProblems(response, ["application/pdf"])).toEqual([]);
    expect(envelopeProblems(response)).not.toEqual([]);
  });

  it("charges IGST 18% to an address in Karnataka, and staff may read it too", async () => {
    const order = await paidOrderTo(shop.shopper, "Karnataka");
    for (const caller of [shop.shopper, shop.manager, shop.admin]) {
      const response = await invoice(order._id, caller.cookie);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(documents.placeOfSupply("29-Karnataka"));
      expect(text).toContain(documents.igst);
      expect(text).not.toContain(documents.cgst);
      expect(text).not.toContain(documents.sgst);
      expect(text).toContain(`${documents.totalTax} ${formatPrice(order.taxAmount)}`);
      expect(text).toContain(`${documents.grandTotal} ${formatPrice(order.totalAmount)}`);
    }
  });

  it("prints the buyer's GSTIN, from the address the order went to, under Bill to", async () => {
    const buyer = gstinOf("27");
    const order = await paidOrderTo(shop.shopper, "Maharashtra", { gstin: buyer });
    expect((await orderRow(order._id)).buyerGstin).toBe(buyer);
    const text = await pdfText((await invoice(order._id, shop.shopper.cookie)).rawPayload);
    const billTo = text.slice(
      text.indexOf(documents.billTo.toUpperCase()),
      text.indexOf(documents.shipTo.toUpperCase()),
    );
    expect(billTo).toContain(documents.buyerGstin(buyer));
    expect(text).toContain(documents.gstin(GSTIN));
  });

  it("prints UTGST in place of SGST when the store and the order are in Chandigarh, a union territory without a legislature", async () => {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
    const store = settings.json().data.store;
    const putStore = (value: object) =>
      inject(t.app, { method: "PUT", url: "/api/settings/store", cookie: shop.admin.cookie, payload: value });
    const moved = await putStore({ ...store, state: "Chandigarh", gstin: gstinOf("04") });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      const shopper = await quickUser(t);
      const address = await inject(t.app, {
        method: "POST",
        url: "/api/users/current-user/addresses",
        cookie: shopper.cookie,
        payload: { ...ADDRESS, city: "Chandigarh", state: "chandigarh", pinCode: "160017" },
      });
      expect(address.statusCode, address.body).toBe(201);
      const placed = await inject(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: shopper.cookie,
        payload: {
          products: [{ product: shop.productId, quantity: 1 }],
          shippingAddress: address.json().data._id,
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().data as { _id: string; supplyType: string; taxAmount: number };
      expect(order.supplyType).toBe("intra-state");
      expect((await pay(shopper.cookie, order._id)).statusCode).toBe(201);
      const text = await pdfText((await invoice(order._id, shopper.cookie)).rawPayload);
      expect(text).toContain(documents.placeOfSupply("04-Chandigarh"));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row?.supplyType).toBe("intra-state");
      for (const expected of [
        documents.cgstAndUtgst.replace("\n", " "),
        documents.cgstAt(18),
        documents.utgstAt(18),
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain("SGST");
      expect(text).not.toContain(documents.igst);
    } finally {
      expect((await putStore(store)).statusCode).toBe(200);
    }
  });

  it("is not found for another shopper or a missing order, 401 signed out, and 409 while unpaid", async () => {
    const other = await quickUser(t);
    const refused = await invoice(shop.paidOrderId, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(api.orderNotFound);
    expect(refused.body).not.toContain(shop.paidOrderId);
    expect((await invoice("0123456789abcdef01234567", shop.admin.cookie)).statusCode).toBe(404);
    expect((await invoice(shop.paidOrderId)).statusCode).toBe(401);
    const unpaid = await invoice(shop.orderId, shop.shopper.cookie);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ success: false, message: api.invoiceNotIssued });
    expect(envelopeProblems(unpaid, ["application/pdf"])).toEqual([]);
  });
});

describe("GET /api/orders/{orderId}/packing-slip.pdf", () => {
  it("lists the lines with their options, SKUs and quantities and the address, without a price", async () => {
    const order = await paidOrderTo(shop.shopper, "Maharashtra");
    const response = await packingSlip(order._id, shop.manager.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="packing-slip-${order.invoiceNumber?.replaceAll("/", "-")}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(documents.packingSlipTitle);
    expect(text).toContain(order.invoiceNumber);
    expect(text).toContain(documents.order(order.number));
    expect(text).toContain(ADDRESS.street);
    expect(text).toContain(ADDRESS.pinCode);
    for (const line of order.products) {
      expect(text).toContain(line.variant.sku);
      for (const [name, value] of Object.entries(line.variant.options))
        expect(text).toContain(`${name}: ${value}`);
    }
    expect(text).toContain(documents.itemCount(5));
    expect(text).not.toContain("$");
    // A manager ships with the name and address alone; an admin also gets the phone.
    expect(text).not.toContain(ADDRESS.phoneNumber);
    const admin = await pdfText((await packingSlip(order._id, shop.admin.cookie)).rawPayload);
    expect(admin).toContain(ADDRESS.phoneNumber);
  });

  it("is for staff only, and 409 for an unpaid order", async () => {
    expect((await packingSlip(shop.paidOrderId, shop.shopper.cookie)).statusCode).toBe(403);
    expect((await packingSlip(shop.paidOrderId)).statusCode).toBe(401);
    const unpaid = await packingSlip(shop.orderId, shop.admin.cookie);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(api.packingSlipNotReady);
  });
});

describe("invoice figures", () => {
  it("writes amounts in words", () => {
    expect(amountInWords(142.72)).toBe("One hundred forty-two dollars and seventy-two cents");
    expect(amountInWords(1)).toBe("One dollar");
    expect(amountInWords(5080.01)).toBe("Five thousand eighty dollars and one cent");
  });

  it("spreads cents by weight with the rounding left to the largest remainders", () => {
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadCents(1791, [9950, 0])).toEqual([1791, 0]);
    expect(spreadCents(5, [0, 0])).toEqual([5, 0]);
    // 2184 × 7770 and 2184 × 16069 leave the same remainder over 70252: the earlier part takes the
    // cent. In floats the second's remainder came out a hair larger and took it.
    expect(spreadCents(2184, [7770, 46413, 16069])).toEqual([242, 1443, 499]);
  });

  it("prints each line's GST as the order recorded it, CGST + SGST or IGST by the order's supply type, adding up to the order exactly", () => {
    // 3 × 99.50 (120 before the sale) less 29.85 of the code at 18%; 3 × 11.11 less 3.34 at 5%.
    const line = (figures: Partial<InvoiceLineInput>): InvoiceLineInput => ({
      originalPrice: 120,
      price: 99.5,
      savedAmount: 61.5,
      discountShare: 29.85,
      quantity: 3,
      taxRate: 18,
      hsnCode: "6109",
      taxableValue: 268.65,
      cgst: 24.18,
      sgst: 24.18,
      igst: 0,
      ...figures,
    });
    const lines = [
      line({}),
      // A line as migration 0034 recorded an earlier invoice's: CGST the half rounded down, SGST the rest.
      line({
        originalPrice: 11.11,
        price: 11.11,
        savedAmount: 0,
        discountShare: 3.34,
        taxRate: 5,
        hsnCode: "6205",
        taxableValue: 29.99,
        cgst: 0.74,
        sgst: 0.75,
      }),
    ];
    const order: InvoiceOrderInput = {
      supplyType: "intra-state",
      discountAmount: 33.19,
      shippingAmount: 80,
      taxAmount: 49.85,
      totalAmount: 428.49,
      pricesIncludeTax: false,
      shippingTax: 0,
      shippingTaxRate: 0,
      shippingTaxable: 0,
      shippingCgst: 0,
      shippingSgst: 0,
      shippingIgst: 0,
      codFee: 0,
      codFeeTaxable: 0,
      codFeeTaxRate: 0,
      codFeeCgst: 0,
      codFeeSgst: 0,
      codFeeIgst: 0,
      roundOff: 0,
    };
    const intra = invoiceFigures(order, lines);
    expect(intra.split).toBe("intra-state");
    expect(intra.lines[0]).toMatchObject({
      unitPrice: 120,
      discount: 91.35,
      taxableValue: 268.65,
      rate: 18,
      cgst: 24.18,
      sgst: 24.18,
      tax: 48.36,
      total: 317.01,
      hsnCode: "6109",
    });
    // Nothing is worked out again: the recorded halves are printed as they are.
    expect(intra.lines[1]).toMatchObject({ taxableValue: 29.99, cgst: 0.74, sgst: 0.75, tax: 1.49 });
    expect(intra.rates).toEqual([
      { rate: 5, taxableValue: 29.99, cgst: 0.74, sgst: 0.75, igst: 0, tax: 1.49 },
      { rate: 18, taxableValue: 268.65, cgst: 24.18, sgst: 24.18, igst: 0, tax: 48.36 },
    ]);
    expect(intra).toMatchObject({ taxableValue: 298.64, cgst: 24.92, sgst: 24.93, igst: 0, tax: 49.85 });
    expect(intra.shippingRow).toBeNull();
    expect([intra.shipping, intra.total]).toEqual([80, 428.49]);

    // Across states, with shipping whose price included GST (a taxed row) and a COD fee outside GST.
    const across = invoiceFigures(
      {
        ...order,
        supplyType: "inter-state",
        taxAmount: 62.05,
        // Shipping's price holds its GST: the total grows by the fee alone.
        totalAmount: 453.49,
        pricesIncludeTax: true,
        shippingAmount: 80,
        shippingTax: 12.2,
        shippingTaxRate: 18,
        shippingTaxable: 67.8,
        shippingIgst: 12.2,
        codFee: 25,
      },
      lines.map((l) => ({ ...l, cgst: 0, sgst: 0, igst: l.cgst + l.sgst })),
    );
    expect(across).toMatchObject({ split: "inter-state", cgst: 0, sgst: 0, igst: 62.05, codFee: 25 });
    expect(across.shippingRow).toMatchObject({ taxableValue: 67.8, rate: 18, igst: 12.2, total: 80 });
    expect(across.total).toBe(453.49);
    expect(across.codFeeRow).toBeNull();

    // The charges taxed with the goods on top (decision 047): shipping 80 and the COD fee 25 at the
    // highest rate, 18%, each a taxed row; an order priced within its prices keeps its round off.
    const charged = invoiceFigures(
      {
        ...order,
        taxAmount: 49.85 + 7.2 + 7.2 + 2.25 + 2.25,
        totalAmount: 298.64 + 49.85 + 80 + 14.4 + 25 + 4.5,
        shippingTaxRate: 18,
        shippingTaxable: 80,
        shippingTax: 14.4,
        shippingCgst: 7.2,
        shippingSgst: 7.2,
        codFee: 25,
        codFeeTaxable: 25,
        codFeeTaxRate: 18,
        codFeeCgst: 2.25,
        codFeeSgst: 2.25,
      },
      lines,
    );
    expect(charged.shippingRow).toEqual({
      taxableValue: 80,
      rate: 18,
      cgst: 7.2,
      sgst: 7.2,
      igst: 0,
      tax: 14.4,
      total: 94.4,
    });
    expect(charged.codFeeRow).toMatchObject({ taxableValue: 25, cgst: 2.25, sgst: 2.25, total: 29.5 });
    expect(charged.rates[1]).toEqual({
      rate: 18,
      taxableValue: 373.65,
      cgst: 33.63,
      sgst: 33.63,
      igst: 0,
      tax: 67.26,
    });
    expect(charged).toMatchObject({ taxableValue: 403.64, tax: 68.75, roundOff: 0, total: 472.39 });
    const rounded = invoiceFigures({ ...order, totalAmount: 428.48, roundOff: -0.01 }, lines);
    expect(rounded).toMatchObject({ roundOff: -0.01, total: 428.48 });
    expect(() => invoiceFigures({ ...order, totalAmount: order.totalAmount + 0.01 }, lines)).toThrow();
    expect(() => invoiceFigures({ ...order, taxAmount: 49.86 }, lines)).toThrow();
  });

  it("prints a credit note's charge outside GST without taxable value or tax, and its round off apart", () => {
    // One of two jackets at 3,499 including 18% IGST (2,965.26 + 533.75, 0.01 over: −0.01 of round
    // off) and a COD fee of 49 the invoice left outside GST.
    const figures = creditNoteFigures(
      "inter-state",
      [
        {
          kind: "goods",
          itemId: "jacket",
          quantity: 1,
          taxableValue: 2965.26,
          rate: 18,
          cgst: 0,
          sgst: 0,
          igst: 533.75,
          outsideGst: -0.01,
          total: 3499,
        },
        {
          kind: "cod_fee",
          itemId: null,
          quantity: 0,
          taxableValue: 0,
          rate: 0,
          cgst: 0,
          sgst: 0,
          igst: 0,
          outsideGst: 49,
          total: 49,
        },
      ],
      3548,
    );
    expect(
      figures.lines.map((line) => [line.kind, line.outsideGst, line.taxableValue, line.tax, line.total]),
    ).toEqual([
      ["goods", false, 2965.26, 533.75, 3499.01],
      ["cod_fee", true, 0, 0, 49],
    ]);
    expect(figures.rates).toEqual([
      { rate: 18, taxableValue: 2965.26, cgst: 0, sgst: 0, igst: 533.75, tax: 533.75 },
    ]);
    expect(figures).toMatchObject({ taxableValue: 2965.26, tax: 533.75, roundOff: -0.01, total: 3548 });
    expect(() => creditNoteFigures("inter-state", [], 1)).toThrow();
  });
});
