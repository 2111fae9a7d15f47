import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gstinCheckCharacter } from "@shop/shared/india";
import { api, documents, validation } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { formatPrice } from "@shop/shared/pricing";
import { AddressInput } from "@shop/shared/schemas/address";
import { and, eq, inArray, like } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#api/config";
import { documentCounters } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf } from "#api/modules/email/service";
import {
  financialYearOf,
  formatDocumentNumber,
  giveInvoiceNumber,
  seriesPrefix,
} from "#api/modules/invoices/service";
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
import { orderCreditNote, orderInvoice, sellerOf } from "./service";
import { amountInWords } from "./words";

const run = promisify(execFile);

const GSTIN = "27AAPFU0939F1ZV";
/** A registered buyer's legal name, as its address gives it with its GSTIN. */
const BUSINESS = "Sharma Textiles Private Limited";
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
    AddressInput.parse({
      ...ADDRESS,
      state,
      // A PIN code in the state's India Post zones.
      ...(state === "Karnataka" ? { pinCode: "560001" } : {}),
      ...(gstin ? { gstin, legalName: BUSINESS } : {}),
    }),
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
    expect(formatDocumentNumber("invoice", "2026-27", 42)).toBe("INV2627/000042");
    expect(formatDocumentNumber("credit_note", "2026-27", 42)).toBe("CN2627/000042");
    // The offline tool's limit: 16 characters of letters, digits, "-" and "/", up to 99,999,999 a year.
    expect(formatDocumentNumber("invoice", "2099-00", 99_999_999)).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
  });

  it("gives a paid order its number, the order read carries it, an unpaid order has none", async () => {
    const paid = await orderRow(shop.paidOrderId);
    expect(paid.invoiceNumber).toMatch(/^INV\d{4}\/\d{6}$/);
    expect(
      paid.invoiceNumber?.startsWith(
        seriesPrefix("invoice", financialYearOf(paid.invoicedAt ?? new Date(0))),
      ),
    ).toBe(true);
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
      expect(await giveInvoiceNumber(tx, order._id, at)).toBe("INV9900/000001");
      throw new Error("the payment failed after its number");
    });
    await expect(failed).rejects.toThrow("the payment failed");
    expect((await orderRow(order._id)).invoiceNumber).toBeNull();
    expect(await giveInvoiceNumber(t.database.db, order._id, at)).toBe("INV9900/000001");
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
    for (const number of numbers) expect(number).toMatch(/^INV[0-9]{4}\/[0-9]{6}$/);
    const sequences = numbers.map((n) => Number(n.split("/")[1])).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(sequences.map((_, i) => first + i));

    // Every number of the year, from every test of this file: 1 to the counter's last, none missing.
    const series = `${numbers[0]?.split("/")[0] ?? ""}/`;
    const year = financialYearOf(new Date());
    expect(series).toBe(seriesPrefix("invoice", year));
    const all = (
      await t.database.db
        .select({ invoiceNumber: orders.invoiceNumber })
        .from(orders)
        .where(and(like(orders.invoiceNumber, `${series}%`), eq(orders.invoiceGstin, GSTIN)))
    )
      .map((row) => Number(row.invoiceNumber?.split("/")[1]))
      .sort((a, b) => a - b);
    const [counter] = await t.database.db
      .select()
      .from(documentCounters)
      .where(
        and(
          eq(documentCounters.kind, "invoice"),
          eq(documentCounters.gstin, GSTIN),
          eq(documentCounters.financialYear, year),
        ),
      );
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
    // A long SKU may wrap in the item's column, after one of its hyphens.
    const unwrapped = text.replace(/-\s+/g, "-");
    for (const product of order.products) expect(unwrapped).toContain(product.variant.sku);
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

  it("prints a line's discount whole, on one line at the size of its row, however large", async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const refs = { category: category.id, thumbnail: media.id };
    // 10 × (29,999 − 19,999): a discount of $100,000.00.
    const sofa = await makeProduct(t.database, refs, {
      price: 29_999,
      onSale: true,
      salePrice: 19_999,
      stock: 20,
    });
    const address = await addAddress(t.database.db, shop.shopper.user.id, AddressInput.parse(ADDRESS));
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      { products: [{ product: sofa._id, quantity: 10 }], shippingAddress: address._id },
      { mail: mailContextOf(t.config), storeState: t.config.storeState },
    );
    expect((await pay(shop.shopper.cookie, order._id)).statusCode).toBe(201);
    const response = await invoice(order._id, shop.admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = new Uint8Array(response.rawPayload);
    const { text } = await extractText(body.slice(), { mergePages: true });
    // The row reads on one line: quantity, unit price, discount, taxable value and rate in turn.
    expect(text).toMatch(/10 NOS \$29,999\.00 \$100,000\.00 \$199,990\.00 18%/);
    // Set at the row's size: not made smaller to fit a narrow column.
    const page = await (await getDocumentProxy(body.slice())).getPage(1);
    const { items } = await page.getTextContent();
    const sizeOf = (str: string) => {
      const item = items.find((each) => "str" in each && each.str === str);
      if (!item || !("transform" in item)) throw new Error(`no ${str} on the invoice`);
      return Math.hypot(item.transform[0], item.transform[1]);
    };
    expect(sizeOf("$100,000.00")).toBeCloseTo(sizeOf("$29,999.00"), 2);
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

/** What Debian's poppler-utils make of a PDF: `pdftotext` (its text, lines as laid out) or `pdfsig`. */
async function poppler(tool: "pdftotext" | "pdfsig", body: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "shop-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, body);
    const args = tool === "pdftotext" ? [file, "-"] : [file];
    // NOTE: pdfsig exits 1 when a signature is not valid; its report is what is checked.
    const { stdout } = await run(tool, args).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? "",
    }));
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A paid order of a shopper of their own for two units of a product of its own (stock no other test takes). */
async function ownPaidOrder() {
  const refs = { category: shop.categoryId, thumbnail: (await makeMedia(t.database)).id };
  const product = await makeProduct(t.database, refs, { price: 500, stock: 10 });
  const shopper = await quickUser(t);
  const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
  const { order } = await placeOrder(
    t.database.db,
    shopper.user,
    { products: [{ product: product._id, quantity: 2 }], shippingAddress: address._id },
    { mail: mailContextOf(t.config), storeState: t.config.storeState },
  );
  expect((await pay(shopper.cookie, order._id)).statusCode).toBe(201);
  const read = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${order._id}`,
    cookie: shop.admin.cookie,
  });
  const paid = read.json().data as { _id: string; invoiceNumber: string; products: { _id: string }[] };
  return { shopper, order: paid, line: paid.products[0]?._id ?? "" };
}

/** A refund of one unit of an order's line, by an admin: its credit note's refund id. */
async function refundOne(orderId: string, line: string, reason: string): Promise<string> {
  const made = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/refunds`,
    cookie: shop.admin.cookie,
    payload: { lines: [{ line, quantity: 1 }], reason, restock: true },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data.payment.refunds[0]._id as string;
}

/** The text between two headings of a document (whitespace as one space). */
function between(text: string, from: string, to: string): string {
  return text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
}

describe("documents a CA signs", () => {
  const LEGAL = "Bazaar Retail Private Limited";
  const SIGNATORY = { name: "Meera Kulkarni", designation: "Director" };
  const putSettings = (section: string, value: object) =>
    inject(t.app, {
      method: "PUT",
      url: `/api/settings/${section}`,
      cookie: shop.admin.cookie,
      payload: value,
    });
  const settingsNow = async () =>
    (await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie })).json().data;

  it("says no tax is payable on reverse charge, bills a registered buyer's legal name at its address with state codes, counts units, describes HSN codes and ends with the signatory block", async () => {
    const { store } = await settingsNow();
    expect(
      (await putSettings("store", { ...store, legalName: LEGAL, signatory: SIGNATORY })).statusCode,
    ).toBe(200);
    try {
      const order = await paidOrderTo(shop.shopper, "Karnataka", { gstin: gstinOf("29") });
      const text = await pdfText((await invoice(order._id, shop.shopper.cookie)).rawPayload);
      expect(text).toContain(documents.reverseCharge);
      // The supplier under its legal name, its trade name beside it, its state with its code.
      const seller = between(text, documents.seller.toUpperCase(), documents.billTo.toUpperCase());
      expect(seller).toContain(LEGAL);
      expect(seller).toContain(documents.tradeName(store.name));
      expect(seller).toContain(documents.state("27-Maharashtra"));
      // Billed to the business at the order's address, its state with its code.
      const billTo = between(text, documents.billTo.toUpperCase(), documents.shipTo.toUpperCase());
      for (const expected of [
        BUSINESS,
        ADDRESS.building,
        ADDRESS.street,
        `${ADDRESS.city} 560001`,
        "29-Karnataka, India",
        documents.buyerGstin(gstinOf("29")),
      ])
        expect(billTo).toContain(expected);
      const shipTo = between(text, documents.shipTo.toUpperCase(), documents.columns.item);
      expect(shipTo).toContain(fullName(ADDRESS.name));
      expect(shipTo).toContain("29-Karnataka, India");
      // Each line's quantity with its unit, its HSN code with the code's description.
      expect(text).toContain(documents.quantityOf(2, "NOS"));
      expect(text).toContain(documents.quantityOf(3, "NOS"));
      expect(text).toContain(documents.hsnWith("6109", "Apparel knitted or crocheted"));
      // The signatory block closes it, and no claim that it needs no signature.
      const foot = text.slice(text.indexOf(documents.forSupplier(LEGAL)));
      expect(foot).toContain(documents.signatory(SIGNATORY.name, SIGNATORY.designation));
      expect(foot).toContain(documents.authorisedSignatory);
      expect(text).not.toContain("needs no signature");
      expect(text).not.toContain(documents.digitallySigned);
      // GSTR-1's B2B names the receiver by the same legal name.
      const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
      const report = await inject(t.app, {
        method: "GET",
        url: `/api/reports/gst?month=${month}`,
        cookie: shop.admin.cookie,
      });
      expect(report.statusCode, report.body).toBe(200);
      const b2b = (report.json().data.b2b as { invoiceNumber: string; receiverName: string }[]).filter(
        (row) => row.invoiceNumber === order.invoiceNumber,
      );
      expect(b2b.length).toBeGreaterThan(0);
      for (const row of b2b) expect(row.receiverName).toBe(BUSINESS);
    } finally {
      expect((await putSettings("store", store)).statusCode).toBe(200);
    }
  });

  it("names the original invoice's number and date on a credit note, counts its units and ends with the signatory block", async () => {
    const { store } = await settingsNow();
    expect(
      (await putSettings("store", { ...store, legalName: LEGAL, signatory: SIGNATORY })).statusCode,
    ).toBe(200);
    try {
      const { shopper, order, line } = await ownPaidOrder();
      const invoiceText = await pdfText((await invoice(order._id, shopper.cookie)).rawPayload);
      const invoiceDate = /Invoice date: (\d{2} \w{3} \d{4})/.exec(invoiceText)?.[1];
      expect(invoiceDate).toBeDefined();
      const refundId = await refundOne(order._id, line, "Wrong size sent");
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/orders/${order._id}/credit-notes/${refundId}.pdf`,
        cookie: shopper.cookie,
      });
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(documents.againstInvoice(order.invoiceNumber ?? ""));
      expect(text).toContain(documents.againstInvoiceDate(invoiceDate ?? ""));
      expect(text).toContain(documents.quantityOf(1, "NOS"));
      expect(text).toContain(documents.hsnWith("6109", "Apparel knitted or crocheted"));
      const foot = text.slice(text.indexOf(documents.forSupplier(LEGAL)));
      expect(foot).toContain(documents.signatory(SIGNATORY.name, SIGNATORY.designation));
      expect(foot).toContain(documents.authorisedSignatory);
    } finally {
      expect((await putSettings("store", store)).statusCode).toBe(200);
    }
  });

  it("never wraps an amount: a line of INR 1,41,600.00 and one of five digits print on one line each", async () => {
    const { currency } = await settingsNow();
    expect((await putSettings("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
    try {
      const refs = { category: shop.categoryId, thumbnail: (await makeMedia(t.database)).id };
      const dear = await makeProduct(t.database, refs, { price: 120_000, stock: 5, uqc: "SET" });
      const tens = await makeProduct(t.database, refs, { price: 1_200, stock: 50, uqc: "PRS" });
      const shopper = await quickUser(t);
      const address = await addAddress(
        t.database.db,
        shopper.user.id,
        AddressInput.parse({ ...ADDRESS, city: "Bengaluru", state: "Karnataka", pinCode: "560001" }),
      );
      const { order } = await placeOrder(
        t.database.db,
        shopper.user,
        {
          products: [
            { product: dear._id, quantity: 1 },
            { product: tens._id, quantity: 10 },
          ],
          shippingAddress: address._id,
        },
        { mail: mailContextOf(t.config), storeState: t.config.storeState, currency: "INR" },
      );
      expect((await pay(shopper.cookie, order._id)).statusCode).toBe(201);
      const laidOut = await poppler("pdftotext", (await invoice(order._id, shopper.cookie)).rawPayload);
      // 1,20,000 at 18% IGST; 10 × 1,200 = 12,000 at 18%.
      for (const amount of [
        "INR 1,20,000.00",
        "INR 21,600.00",
        "INR 1,41,600.00",
        "INR 12,000.00",
        "INR 14,160.00",
      ])
        expect(laidOut).toContain(amount);
      expect(laidOut).not.toMatch(/INR\s+INR/);
      expect(laidOut).not.toMatch(/INR\s*\n/);
      expect(laidOut).toContain(documents.quantityOf(1, "SET"));
      expect(laidOut).toContain(documents.quantityOf(10, "PRS"));
    } finally {
      expect((await putSettings("currency", currency)).statusCode).toBe(200);
    }
  });

  it("describes an HSN code as its owner keeps it on the category, the same on the invoice and in table 12, within the offline tool's alphabet and length", async () => {
    const category = await makeCategory(t.database);
    const tax = (payload: object) =>
      inject(t.app, {
        method: "PUT",
        url: `/api/categories/${category.id}/tax`,
        cookie: shop.admin.cookie,
        payload: { taxRate: 5, hsnCode: "6205", ...payload },
      });
    for (const refused of ["Shirts, cotton (men's)", "Cotton shirts for men and boys!", "x".repeat(31)]) {
      const answer = await tax({ hsnDescription: refused });
      expect(answer.statusCode, refused).toBe(400);
      expect(answer.json().errors.hsnDescription).toBe(validation.hsnDescription);
    }
    const uncoded = await tax({ hsnCode: null, hsnDescription: "Cotton shirts" });
    expect(uncoded.statusCode).toBe(400);
    expect(uncoded.json().errors.hsnDescription).toBe(validation.hsnDescriptionWithoutCode);
    // Without one, the chapter's name.
    expect((await tax({})).json().data.hsnDescription).toBe("Apparel not knitted");
    const kept = await tax({ hsnDescription: "Cotton shirts & kurtas" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ hsnCode: "6205", hsnDescription: "Cotton shirts & kurtas" });

    const product = await makeProduct(
      t.database,
      { category: category.id, thumbnail: (await makeMedia(t.database)).id },
      { price: 800, stock: 10 },
    );
    const shopper = await quickUser(t);
    const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const { order } = await placeOrder(
      t.database.db,
      shopper.user,
      { products: [{ product: product._id, quantity: 2 }], shippingAddress: address._id },
      { mail: mailContextOf(t.config), storeState: t.config.storeState },
    );
    expect((await pay(shopper.cookie, order._id)).statusCode).toBe(201);
    const text = await pdfText((await invoice(order._id, shopper.cookie)).rawPayload);
    expect(text).toContain(documents.hsnWith("6205", "Cotton shirts & kurtas"));
    // A later change of the description changes no document issued before.
    expect((await tax({ hsnDescription: "Shirts" })).statusCode).toBe(200);
    expect(await pdfText((await invoice(order._id, shopper.cookie)).rawPayload)).toContain(
      documents.hsnWith("6205", "Cotton shirts & kurtas"),
    );

    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    const report = await inject(t.app, {
      method: "GET",
      url: `/api/reports/gst?month=${month}`,
      cookie: shop.admin.cookie,
    });
    expect(report.statusCode, report.body).toBe(200);
    const hsn = report.json().data.hsn as { hsn: string; rate: number; description: string; uqc?: string }[];
    expect(hsn.find((row) => row.hsn === "6205" && row.rate === 5)?.description).toBe(
      "Cotton shirts & kurtas",
    );
    for (const row of hsn) {
      expect(row.description.length, row.description).toBeLessThanOrEqual(30);
      expect(row.description, row.description).toMatch(/^[A-Za-z0-9 _@./&-]+$/);
    }
  });
});

describe("digitally signed documents", () => {
  let dir: string;
  let p12: string;
  beforeAll(async () => {
    // A throwaway self-signed certificate, as the owner's PKCS#12 file would hold one.
    dir = await mkdtemp(path.join(tmpdir(), "shop-signing-"));
    p12 = path.join(dir, "owner.p12");
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    await run("openssl", [
      ..."req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=Bazaar-Test-Signer".split(" "),
      ...["-keyout", key, "-out", cert],
    ]);
    await run("openssl", [
      "pkcs12",
      "-export",
      "-inkey",
      key,
      "-in",
      cert,
      "-out",
      p12,
      "-passout",
      "pass:right",
    ]);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("refuses at start a certificate that cannot be read or opened, naming INVOICE_SIGNING_P12", () => {
    expect(parseConfig({}).invoiceSigning).toBeUndefined();
    const config = parseConfig({ INVOICE_SIGNING_P12: p12, INVOICE_SIGNING_PASSPHRASE: "right" });
    expect(config.invoiceSigning?.p12.length).toBeGreaterThan(0);
    expect(() => parseConfig({ INVOICE_SIGNING_P12: p12, INVOICE_SIGNING_PASSPHRASE: "wrong" })).toThrow(
      /INVOICE_SIGNING_P12: .* cannot be opened with INVOICE_SIGNING_PASSPHRASE/,
    );
    expect(() => parseConfig({ INVOICE_SIGNING_P12: path.join(dir, "missing.p12") })).toThrow(
      /INVOICE_SIGNING_P12: cannot be read/,
    );
  });

  it("signs an invoice and a credit note with the owner's certificate: pdfsig finds the signature valid and the whole document signed", async () => {
    const config = parseConfig({ INVOICE_SIGNING_P12: p12, INVOICE_SIGNING_PASSPHRASE: "right" });
    const seller = sellerOf(await t.app.settings.current(), config.invoiceSigning);
    const { order, line } = await ownPaidOrder();
    const refundId = await refundOne(order._id, line, "Damaged in transit");
    const viewer = { id: shop.admin.user.id, role: "admin" as const };
    const documentsMade = [
      (await orderInvoice(t.database.db, viewer, order._id, seller)).pdf,
      (await orderCreditNote(t.database.db, viewer, order._id, refundId, seller)).pdf,
    ];
    for (const pdf of documentsMade) {
      const report = await poppler("pdfsig", pdf);
      expect(report).toContain("Signature Validation: Signature is Valid.");
      expect(report).toContain("Total document signed");
      expect(report).toContain("Bazaar-Test-Signer");
      expect(await pdfText(pdf)).toContain(documents.digitallySigned);
      // A byte changed in what the signature covers: no longer valid.
      const changed = Buffer.from(pdf);
      const at = changed.indexOf("Helvetica");
      changed[at] = "h".charCodeAt(0);
      expect(await poppler("pdfsig", changed)).not.toContain("Signature is Valid.");
    }
    // Without a certificate the same documents carry the signatory block alone.
    const unsigned = (
      await orderInvoice(
        t.database.db,
        viewer,
        order._id,
        sellerOf(await t.app.settings.current(), undefined),
      )
    ).pdf;
    expect(await poppler("pdfsig", unsigned)).not.toContain("Signature #1");
  });
});

describe("a new GSTIN, a new registration", () => {
  let buyer: Caller;
  let addressId: string;
  let productId: string;
  beforeAll(async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(
      t.database,
      { category: category.id, thumbnail: media.id },
      { price: 10, stock: 500 },
    );
    productId = product._id;
    buyer = await quickUser(t);
    addressId = (
      await addAddress(
        t.database.db,
        buyer.user.id,
        AddressInput.parse({ ...ADDRESS, state: "Karnataka", pinCode: "560001" }),
      )
    )._id;
  });

  /** An order of one piece to Karnataka, paid: its invoice issued now. */
  async function paidOrder() {
    const { order } = await placeOrder(
      t.database.db,
      buyer.user,
      { products: [{ product: productId, quantity: 1 }], shippingAddress: addressId },
      { mail: mailContextOf(t.config), limits: t.config.orderLimits },
    );
    expect((await pay(buyer.cookie, order._id)).statusCode).toBe(201);
    const row = await orderRow(order._id);
    return { _id: row.id, invoiceNumber: row.invoiceNumber };
  }

  it("keeps each document's supplier as issued, starts a new series, and files each GSTIN's month apart", async () => {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
    const store = settings.json().data.store;
    const putStore = (value: object) =>
      inject(t.app, { method: "PUT", url: "/api/settings/store", cookie: shop.admin.cookie, payload: value });
    const before = await paidOrder();
    const old = await orderRow(before._id);
    expect(old.invoiceGstin).toBe(GSTIN);
    expect(old.invoiceSupplier).toMatchObject({ gstin: GSTIN, address: store.address, stateCode: "27" });

    const registered = gstinOf("27");
    const moved = await putStore({ ...store, gstin: registered, address: "1 Juhu Tara Road, Mumbai 400049" });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      const after = await paidOrder();
      const year = financialYearOf(new Date());
      // The new registration's first invoice: its series starts again at 1.
      expect(after.invoiceNumber).toBe(formatDocumentNumber("invoice", year, 1));
      const now = await orderRow(after._id);
      expect(now.invoiceGstin).toBe(registered);
      expect(now.invoiceSupplier).toMatchObject({
        gstin: registered,
        address: "1 Juhu Tara Road, Mumbai 400049",
        legalName: store.legalName,
      });
      // The earlier invoice keeps the supplier it was issued under.
      expect((await orderRow(before._id)).invoiceSupplier).toEqual(old.invoiceSupplier);
      // A copy of it printed now states the store as it was then: the old address and GSTIN.
      const copy = (await poppler("pdftotext", (await invoice(before._id, buyer.cookie)).rawPayload)).replace(
        /\s+/g,
        " ",
      );
      expect(copy).toContain(documents.gstin(GSTIN));
      expect(copy).not.toContain(registered);
      expect(copy).toContain(store.address);
      expect(copy, copy).not.toContain("Juhu Tara Road");
      // And the new one the new details.
      const newCopy = await poppler("pdftotext", (await invoice(after._id, buyer.cookie)).rawPayload);
      expect(newCopy).toContain(documents.gstin(registered));
      expect(newCopy).toContain("Juhu Tara Road");

      const month = `${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()).slice(0, 7)}`;
      const report = async (query: string) => {
        const response = await inject(t.app, {
          method: "GET",
          url: `/api/reports/gst?month=${month}${query}`,
          cookie: shop.admin.cookie,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data as {
          gstin: string;
          otherGstins: string[];
          docs: { nature: string; from: string; to: string; total: number }[];
        };
      };
      // The store's GSTIN now: the new registration's documents alone.
      const fresh = await report("");
      expect(fresh.gstin).toBe(registered);
      // (and any other this file's tests issued under, as the Chandigarh one)
      expect(fresh.otherGstins).toContain(GSTIN);
      expect(fresh.otherGstins).not.toContain(registered);
      expect(fresh.docs).toEqual([
        {
          nature: "Invoices for outward supply",
          from: after.invoiceNumber,
          to: after.invoiceNumber,
          total: 1,
          cancelled: 0,
        },
      ]);
      // The old GSTIN's return, named: its own series, without the new invoice.
      const earlier = await report(`&gstin=${GSTIN.toLowerCase()}`);
      expect(earlier.gstin).toBe(GSTIN);
      expect(earlier.otherGstins).toContain(registered);
      expect(earlier.otherGstins).not.toContain(GSTIN);
      const invoices = earlier.docs.filter((row) => row.nature === "Invoices for outward supply");
      expect(invoices.map((row) => row.to)).toContain(before.invoiceNumber);
      expect(
        invoices.every(
          (row) => row.from.startsWith(seriesPrefix("invoice", year)) || row.from.startsWith("INV/"),
        ),
      ).toBe(true);
      expect(invoices.reduce((sum, row) => sum + row.total, 0)).toBeGreaterThan(1);
      // A GSTIN of the wrong shape is refused at its field.
      const wrong = await inject(t.app, {
        method: "GET",
        url: `/api/reports/gst?month=${month}&gstin=27AAPFU0939F1Z`,
        cookie: shop.admin.cookie,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toHaveProperty("gstin");
    } finally {
      expect((await putStore(store)).statusCode).toBe(200);
    }
  });

  it("leaves numbers issued before the 16-character series as they were, each series listed with its first and last number", async () => {
    const legacy = await paidOrder();
    const year = financialYearOf(new Date());
    const old = `INV/${year}/000059`;
    await t.database.db.update(orders).set({ invoiceNumber: old }).where(eq(orders.id, legacy._id));
    const month = `${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()).slice(0, 7)}`;
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/reports/gst?month=${month}`,
      cookie: shop.admin.cookie,
    });
    const docs = response.json().data.docs as { nature: string; from: string; to: string; total: number }[];
    const invoices = docs.filter((row) => row.nature === "Invoices for outward supply");
    expect(invoices.find((row) => row.from === old)).toMatchObject({ to: old, total: 1 });
    const current = invoices.find((row) => row.from.startsWith(seriesPrefix("invoice", year)));
    expect(current?.from).toBe(formatDocumentNumber("invoice", year, 1));
    for (const row of invoices) {
      expect(row.from).toMatch(/^[A-Za-z0-9/-]{1,18}$/);
    }
    expect(current?.to).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
  });
});
