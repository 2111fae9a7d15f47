/**
 * The GST of an order, decided once at placement (IGST Act, section 10(1)(a); GST.md): CGST = SGST
 * on every line when the address is in the store's state, IGST across states, kept on the order and
 * its lines; and rates by the value of a piece (GST 2.0's apparel and footwear: 5% up to 2,500, 18%
 * above), chosen after the sale price and a code's share, the same in the cart and the order.
 */
import { formErrors, validation } from "@shop/shared/messages";
import { TAX_SLABS_MAX } from "@shop/shared/schemas/category";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "#api/db/schema/orders";
import { addAddress } from "#api/modules/addresses/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeMedia, makeProduct, productBody } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser, STORE_DETAILS } from "#test/fixtures";

let t: TestApp;
let admin: Caller;
let media: string;

/** GST 2.0's apparel and footwear: 5% on a piece up to 2,500, 18% above. */
const APPAREL = [
  { upTo: 2500, rate: 5 },
  { upTo: null, rate: 18 },
];

function put(section: string, payload: object) {
  return inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: admin.cookie, payload });
}

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: "50" });
  admin = await quickUser(t, "admin");
  media = (await makeMedia(t.database)).id;
  expect((await put("store", STORE_DETAILS)).statusCode).toBe(200);
  expect((await put("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
  expect((await put("shipping", { methods: [STANDARD_SHIPPING] })).statusCode).toBe(200);
});
afterAll(async () => t.close());

async function category(tax: object = {}) {
  const slug = `gst-${Math.random().toString(36).slice(2, 10)}`;
  const created = await inject(t.app, {
    method: "POST",
    url: "/api/categories",
    cookie: admin.cookie,
    payload: { name: `GST ${slug}`, slug, ...tax },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data._id as string;
}

function setCategoryTax(id: string, payload: object) {
  return inject(t.app, { method: "PUT", url: `/api/categories/${id}/tax`, cookie: admin.cookie, payload });
}

/** A shopper with an address in Mumbai (the store's state) and one in Bengaluru. */
async function shopper() {
  const caller = await quickUser(t);
  const mumbai = await addAddress(t.database.db, caller.user.id, ADDRESS);
  const bengaluru = await addAddress(t.database.db, caller.user.id, {
    ...ADDRESS,
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560025",
  });
  return { ...caller, mumbai: mumbai._id, bengaluru: bengaluru._id };
}

type Line = { product: string; quantity: number };

function priceCart(payload: object) {
  return inject(t.app, { method: "POST", url: "/api/cart/price", payload });
}

async function place(buyer: { cookie: string }, products: Line[], address: string, extra: object = {}) {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: { products, shippingAddress: address, ...extra },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data;
}

/** The order and its lines as stored. */
async function stored(orderId: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!order) throw new Error("no order");
  return { order, lines };
}

const cents = (amount: number) => Math.round(amount * 100);

/** Pays an order and reads its invoice's text, its spacing flattened. */
async function paidInvoiceText(buyer: { cookie: string }, orderId: string) {
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: buyer.cookie,
    payload: { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const invoice = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}/invoice.pdf`,
    cookie: buyer.cookie,
  });
  expect(invoice.statusCode, invoice.body).toBe(200);
  const { text } = await extractText(new Uint8Array(invoice.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("the GST split, decided at placement", () => {
  it("splits each line within the store's state into CGST = SGST, shipping's too; IGST alone across states", async () => {
    expect(
      (
        await put("taxes", {
          pricesIncludeTax: true,
          defaultRate: 18,
          defaultHsn: "6109",
          chargesTaxed: true,
        })
      ).statusCode,
    ).toBe(200);
    const refs = { category: await category(), thumbnail: media };
    const kurta = await makeProduct(t.database, refs, { price: 69.99, taxRate: 5 });
    const shirt = await makeProduct(t.database, refs, { price: 1180 });
    const products = [
      { product: kurta._id, quantity: 1 },
      { product: shirt._id, quantity: 1 },
    ];
    const buyer = await shopper();

    // The checkout's figures are the order's: priced for the address's state, in any case and spacing.
    const cart = (await priceCart({ products, state: "  maharashtra " })).json().data;
    // 69.99 at 5% holds 2 x 1.67; 1180 at 18% holds 2 x 90; shipping's 80 at 18% holds 2 x 6.10.
    expect(cart).toMatchObject({ supply: "intra-state", taxPrice: 195.54, totalPrice: 1329.99 });
    const intra = await place(buyer, products, buyer.mumbai);
    expect(intra).toMatchObject({ taxAmount: 195.54, totalAmount: 1329.99 });
    const within = await stored(intra._id);
    expect(within.order).toMatchObject({
      supplyType: "intra-state",
      placeOfSupply: "27",
      shippingTax: 12.2,
      shippingCgst: 6.1,
      shippingSgst: 6.1,
      shippingIgst: 0,
    });
    for (const line of within.lines) {
      expect(line.cgst).toBe(line.sgst);
      expect(line.igst).toBe(0);
      expect(cents(line.cgst) + cents(line.sgst)).toBe(cents(line.taxAmount));
      // Prices include the GST: the taxable value, the tax and the round off make what the shopper pays.
      expect(cents(line.taxableValue) + cents(line.taxAmount) + cents(line.roundOff)).toBe(
        cents(line.price) * line.quantity - cents(line.discountShare),
      );
    }
    expect(within.lines.map((line) => [line.taxRate, line.taxableValue, line.cgst]).sort()).toEqual([
      [18, 1000, 90],
      [5, 66.66, 1.67],
    ]);
    // 69.99 is 66.66 + 2 × 1.67 = 70.00: the paisa over is the order's round off, outside GST.
    expect(within.order.roundOff).toBe(-0.01);
    const linesTax = within.lines.reduce((sum, line) => sum + cents(line.taxAmount), 0);
    expect(linesTax + cents(within.order.shippingTax)).toBe(cents(within.order.taxAmount));

    // Another state: IGST only, each rate's GST rounded once, as before.
    const across = (await priceCart({ products, state: "Karnataka" })).json().data;
    expect(across).toMatchObject({ supply: "inter-state", taxPrice: 195.53, totalPrice: 1329.99 });
    const inter = await place(buyer, products, buyer.bengaluru);
    expect(inter).toMatchObject({ taxAmount: 195.53, totalAmount: 1329.99 });
    const beyond = await stored(inter._id);
    expect(beyond.order).toMatchObject({
      supplyType: "inter-state",
      placeOfSupply: "29",
      shippingIgst: 12.2,
      shippingCgst: 0,
      shippingSgst: 0,
    });
    for (const line of beyond.lines) {
      expect([line.cgst, line.sgst]).toEqual([0, 0]);
      expect(line.igst).toBe(line.taxAmount);
    }
    // Without an address the cart is priced inter-state.
    expect((await priceCart({ products })).json().data).toMatchObject({
      supply: "inter-state",
      taxPrice: 195.53,
    });

    // A later change of the store's state changes no placed order.
    expect(
      (await put("store", { ...STORE_DETAILS, state: "Karnataka", gstin: "29AAPFU0939F1ZR" })).statusCode,
    ).toBe(200);
    expect((await stored(intra._id)).order).toMatchObject({ supplyType: "intra-state", taxAmount: 195.54 });
    expect((await priceCart({ products, state: "Karnataka" })).json().data.supply).toBe("intra-state");
    expect((await put("store", STORE_DETAILS)).statusCode).toBe(200);
  });
});

describe("shipping and the COD fee, taxed when the owner says so", () => {
  it("leaves shipping outside GST in both price modes unless the charges are taxed, then taxes it at the highest rate; an order keeps what it was priced with", async () => {
    const refs = { category: await category(), thumbnail: media };
    const kurta = await makeProduct(t.database, refs, { price: 1000, taxRate: 5 });
    const shirt = await makeProduct(t.database, refs, { price: 200, taxRate: 18 });
    const products = [
      { product: kurta._id, quantity: 1 },
      { product: shirt._id, quantity: 1 },
    ];
    const taxes = (pricesIncludeTax: boolean, chargesTaxed: boolean) =>
      put("taxes", { pricesIncludeTax, defaultRate: 18, defaultHsn: "6109", chargesTaxed });
    // Off, prices on top: shipping (80) outside GST; 50 + 36 on the goods.
    expect((await taxes(false, false)).statusCode).toBe(200);
    expect((await priceCart({ products, state: "Maharashtra" })).json().data).toMatchObject({
      shippingPrice: 80,
      taxPrice: 86,
      totalPrice: 1366,
    });
    // Off, prices including GST: shipping still outside GST (no longer taxed at the highest rate).
    expect((await taxes(true, false)).statusCode).toBe(200);
    // 1,000 at 5%: 952.38 + 2 × 23.81; 200 at 18%: 169.49 + 2 × 15.25 (a paisa of round off).
    expect((await priceCart({ products, state: "Maharashtra" })).json().data).toMatchObject({
      taxPrice: 78.12,
      totalPrice: 1280,
    });
    // On, prices on top: shipping taxed at 18% (the highest rate), 14.40 on top of it.
    expect((await taxes(false, true)).statusCode).toBe(200);
    expect((await priceCart({ products, state: "Karnataka" })).json().data).toMatchObject({
      taxPrice: 100.4,
      totalPrice: 1380.4,
    });
    const buyer = await shopper();
    const onTop = await place(buyer, products, buyer.mumbai);
    expect(onTop).toMatchObject({ taxAmount: 100.4, totalAmount: 1380.4 });
    expect((await stored(onTop._id)).order).toMatchObject({
      chargesTaxed: true,
      shippingTaxable: 80,
      shippingTaxRate: 18,
      shippingCgst: 7.2,
      shippingSgst: 7.2,
      roundOff: 0,
    });
    // On, prices including GST: 80 holds 67.80 + 2 × 6.10.
    expect((await taxes(true, true)).statusCode).toBe(200);
    const within = await place(buyer, products, buyer.mumbai);
    expect(within).toMatchObject({ taxAmount: 90.32, totalAmount: 1280 });
    expect((await stored(within._id)).order).toMatchObject({ shippingTaxable: 67.8, shippingTax: 12.2 });

    // The owner turns it off again: the orders keep what they were priced with, and so do their invoices.
    expect((await taxes(false, false)).statusCode).toBe(200);
    expect((await stored(onTop._id)).order).toMatchObject({ chargesTaxed: true, taxAmount: 100.4 });
    const invoice = await paidInvoiceText(buyer, onTop._id);
    expect(invoice).toContain("Shipping (Standard) INR 80.00 18% INR 7.20 INR 7.20 INR 94.40");
    const rounded = await paidInvoiceText(buyer, within._id);
    // 200 at 18% is 169.49 + 2 × 15.25 = 199.99: a paisa of round off, outside GST.
    expect(rounded).toContain("Total tax INR 90.32 Round off INR 0.01 Total INR 1,280.00");
  });
});

describe("rates by the price of a piece", () => {
  it("taxes a 2,600 shirt at 18%, and the same shirt with a 10% code at 5%, in the cart, the order and its invoice", async () => {
    expect(
      (await put("taxes", { pricesIncludeTax: false, defaultRate: 12, defaultHsn: "6109" })).statusCode,
    ).toBe(200);
    const apparel = await category();
    const set = await setCategoryTax(apparel, { taxRate: null, taxSlabs: APPAREL, hsnCode: "6205" });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ taxSlabs: APPAREL, hsnCode: "6205" });
    expect(set.json().data).not.toHaveProperty("taxRate");
    const shirt = await makeProduct(t.database, { category: apparel, thumbnail: media }, { price: 2600 });
    const products = [{ product: shirt._id, quantity: 1 }];
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/discounts",
      cookie: admin.cookie,
      payload: { code: `TEN-${Date.now().toString(36)}`.toUpperCase(), type: "percentage", value: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data.code as string;

    // 2,600 a piece is above 2,500: 18% on top, 468; shipping 80.
    const full = (await priceCart({ products, state: "Maharashtra" })).json().data;
    expect(full.lines[0]).toMatchObject({ taxRate: 18 });
    expect(full).toMatchObject({ taxRate: 18, taxPrice: 468, totalPrice: 3148 });
    // The code takes the piece to 2,340: 5%, 117.
    const coded = (await priceCart({ products, state: "Maharashtra", discountCode: code })).json().data;
    expect(coded.lines[0]).toMatchObject({ taxRate: 5, discountShare: 260 });
    expect(coded).toMatchObject({ taxRate: 5, discountAmount: 260, taxPrice: 117, totalPrice: 2537 });

    const buyer = await shopper();
    const plain = await place(buyer, products, buyer.mumbai);
    expect(plain.products[0]).toMatchObject({ taxRate: 18, hsnCode: "6205" });
    expect(plain).toMatchObject({ taxAmount: 468, totalAmount: 3148 });
    const discounted = await place(buyer, products, buyer.mumbai, { discountCode: code });
    expect(discounted.products[0]).toMatchObject({ taxRate: 5 });
    expect(discounted).toMatchObject({ taxAmount: 117, totalAmount: 2537 });
    const { lines } = await stored(discounted._id);
    expect(lines[0]).toMatchObject({ taxRate: 5, taxableValue: 2340, cgst: 58.5, sgst: 58.5, igst: 0 });

    // The invoices print the slab each order was priced with.
    const plainInvoice = await paidInvoiceText(buyer, plain._id);
    for (const text of ["CGST 9%", "SGST 9%"]) expect(plainInvoice).toContain(text);
    expect(plainInvoice).not.toContain("2.5%");
    const codedInvoice = await paidInvoiceText(buyer, discounted._id);
    for (const text of ["CGST 2.5%", "SGST 2.5%"]) expect(codedInvoice).toContain(text);
    expect(codedInvoice).not.toContain("9%");
  });

  it("puts a piece of 2,500.00 at 5% and one of 2,500.01 at 18%, per piece whatever the quantity", async () => {
    const apparel = await category({ taxSlabs: APPAREL });
    const refs = { category: apparel, thumbnail: media };
    const at = await makeProduct(t.database, refs, { price: 2500 });
    const above = await makeProduct(t.database, refs, { price: 2500.01 });
    const priced = (
      await priceCart({
        products: [
          { product: at._id, quantity: 3 },
          { product: above._id, quantity: 1 },
        ],
      })
    ).json().data;
    const rateOf = (id: string) =>
      priced.lines.find((line: { product: string }) => line.product === id)?.taxRate;
    expect([rateOf(at._id), rateOf(above._id)]).toEqual([5, 18]);
    // 7,500 at 5% and 2,500.01 at 18% on top: 375 + 450.00.
    expect(priced).toMatchObject({ taxRate: null, taxPrice: 825, supply: "inter-state" });
  });

  it("lets a product's own rate or slabs win over its category's, and the category's slabs over its rate", async () => {
    const apparel = await category({ taxRate: 40, taxSlabs: APPAREL });
    const refs = { category: apparel, thumbnail: media };
    const bySlabs = await makeProduct(t.database, refs, { price: 1000 });
    const ownRate = await makeProduct(t.database, refs, { price: 1000, taxRate: 18 });
    const ownSlabs = await makeProduct(t.database, refs, {
      price: 1200,
      taxSlabs: [
        { upTo: 1000, rate: 5 },
        { upTo: null, rate: 40 },
      ],
    });
    expect(ownSlabs).toMatchObject({ taxSlabs: [{ upTo: 1000 }, { upTo: null }] });
    const rate = async (product: string) =>
      (await priceCart({ products: [{ product, quantity: 1 }] })).json().data.lines[0].taxRate;
    expect(await rate(bySlabs._id)).toBe(5);
    expect(await rate(ownRate._id)).toBe(18);
    expect(await rate(ownSlabs._id)).toBe(40);
    // Back to the flat rate when the slabs are taken away (left out of the PUT: none).
    expect((await setCategoryTax(apparel, { taxRate: 40, hsnCode: null })).statusCode).toBe(200);
    expect(await rate(bySlabs._id)).toBe(40);
  });

  it("refuses slabs that are too few, out of order or open before the last, at taxSlabs", async () => {
    const id = await category();
    const refused = async (taxSlabs: unknown) => {
      const response = await setCategoryTax(id, { taxRate: null, taxSlabs, hsnCode: null });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(formErrors.category);
      return response.json().errors;
    };
    const count = validation.taxSlabsCount(TAX_SLABS_MAX);
    expect(await refused([{ upTo: null, rate: 5 }])).toEqual({ taxSlabs: count });
    expect(
      await refused(Array.from({ length: 6 }, (_, i) => ({ upTo: i < 5 ? (i + 1) * 100 : null, rate: 5 }))),
    ).toEqual({ taxSlabs: count });
    const order = { taxSlabs: validation.taxSlabsOrder };
    expect(
      await refused([
        { upTo: 2500, rate: 5 },
        { upTo: 1000, rate: 12 },
        { upTo: null, rate: 18 },
      ]),
    ).toEqual(order);
    expect(
      await refused([
        { upTo: 1000, rate: 5 },
        { upTo: 2500, rate: 18 },
      ]),
    ).toEqual(order);
    expect(
      await refused([
        { upTo: null, rate: 5 },
        { upTo: null, rate: 18 },
      ]),
    ).toEqual(order);
    expect(
      await refused([
        { upTo: 2500, rate: 5 },
        { upTo: null, rate: 51 },
      ]),
    ).toEqual({ "taxSlabs.1.rate": validation.max(50) });

    const product = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin.cookie,
      payload: { ...productBody({ category: id, thumbnail: media }), taxSlabs: [{ upTo: 10, rate: 5 }] },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toMatchObject({ taxSlabs: count });
  });
});
