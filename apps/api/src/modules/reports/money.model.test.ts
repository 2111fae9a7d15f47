/**
 * The money figures tie, whatever shoppers and staff do: fast-check draws sequences of commands over
 * the API (two shoppers, one within the seller's state and one across, placing orders of goods at 5%
 * and 18% with and without a discount code while the owner switches between prices with GST on top and
 * prices including it; paying online or cash on delivery, staff collecting the cash; staff giving back
 * units of a line (with shipping and the COD fee or not, restocked or not), goodwill amounts, the rest
 * by the status; shipping parcels, delivering them, cancelling; shoppers returning delivered units and
 * staff approving, rejecting, receiving and refunding the returns).
 *
 * The shop takes rupees online through Razorpay (its local fake, test/razorpay-fake.ts), authorised
 * or captured in Checkout, and cash on delivery. Staff give shoppers store credit (an adjustment) that
 * pays an order all at once, or in part (all of the balance, leaving at least ₹1) with the rest by
 * Razorpay; a refund of such an order goes to the payment within what Razorpay took and has left, the
 * rest to credit (`to: "store_credit"`, or `"split"` with `toStoreCredit`; the status "refunded" splits
 * by itself), each refund counting whole in the model's refunds either way. Checkout takes a second
 * payment of a paid order (decision 046: refused, unmatched, refunded at Razorpay, never the order's),
 * and buyers' banks dispute part or all of a Razorpay payment through the webhooks, lost (a chargeback)
 * or won (nothing moves).
 *
 * The test keeps its own model of every document, worked out from the lines with GST.md's rules and
 * nothing of the shop's pricing or documents code, one rule for every taxed row (decision 047): the
 * taxable value is the row's value, or round(value × 100 / (100 + rate)) within a price that includes
 * GST; across states IGST = round(taxable × rate / 100), within the state CGST = SGST =
 * round(taxable × rate / 200); what a price including GST holds beyond them is its round off, outside
 * GST. The owner also switches the charges' taxing: taxed, shipping and the COD fee are each a row at
 * the order's highest rate; otherwise they are outside GST. Goods at awkward prices including GST
 * (₹1,200 at 18%, ₹25,000 at 5%, which across states passes B2CL's limit) are drawn too.
 * A credit note gives back, per line, its units' share of what the line still holds (half up; all of
 * it with its last units), its taxable value that share and its GST by the same rule, the rest its
 * round off; shipping and the COD fee whole; and a goodwill amount spread over the goods by what each
 * line holds, each part split the same way. After every step:
 * - the report's figures are the model's: gross sales, discounts, returns, net sales, shipping, CGST,
 *   SGST, IGST, GST invoiced and credited, COD fees, total sales (= net + shipping + GST + fees),
 *   payments taken (store credit spent included), refunds (to credit included), chargebacks (the lost
 *   disputes' amounts), net payments (= taken − refunds − chargebacks), orders placed and paid, and
 *   units net of the credit notes;
 * - every invoice line and credit note line in the database is the model's, CGST = SGST on each, and no
 *   credit note gave back more value, units or tax of a line than its invoice charged;
 * - every invoice row (goods, taxed charges) holds tax = round(rate × taxable), and every credit note
 *   row too but a line's last part (which takes exactly what is left: a paisa off at most);
 * - the GSTR-1 tables (B2CS by place of supply and rate, B2CL and CDNUR by rate, the HSN summary) and
 *   GSTR-3B 3.1(a) are the model's documents summed;
 * - the invoices issued are the model's (at payment; a COD order's with its first parcel or, with none,
 *   at collection), and payments taken − refunds = total sales less the invoices whose cash is still to
 *   collect: the two differ only by the COD orders shipped and not yet paid;
 * - no payment gave back more than it took, its state matches its refunded amount, no line had more
 *   units restocked than it sold, nor more shipped than sold, nor more asked back (rejected returns
 *   aside) than delivered, and a refunded return has a completed refund of its amount;
 * - each payment's tenders add up to its amount, the store credit's the order's credit used; each
 *   order's credit used and refunds to credit, and each shopper's balance, are the model's;
 * - every unmatched payment is one the model made, refunded, with exactly one refund at Razorpay of
 *   all of it (paise).
 */
import { RETURN_TRANSITIONS } from "@shop/shared/constants";
import { canTransition, cashCanBeCollected } from "@shop/shared/orders";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeMedia, makeProduct, makeProductWithVariants } from "#test/catalog";
import { addressIn, type Caller, quickUser } from "#test/fixtures";
import { RazorpayFake } from "#test/razorpay-fake";
import { shopDay } from "./service";

const STORE_STATE = "Maharashtra";
/** Cash on delivery as the run offers it: some orders pass the limit, so both answers are drawn. */
const COD = { enabled: true, maxOrderValue: 900, fee: 30 };
/** SPEC's shipping in cents: 80, free when the items after discounts come to more than 5,000. */
const SHIPPING = 8000;
const FREE_ABOVE = 500_000;
/** The code the shoppers may use: 10% off each line not on sale. */
const CODE = { code: "SAVE10", percent: 10 };

/** Dollars (at most two decimals) to cents, and back. */
const cents = (amount: number) => Math.round(amount * 100);
const dollars = (amount: number) => amount / 100;
/** round(numerator / denominator), half up, for whole numbers ≥ 0. */
const roundDiv = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

interface Shopper {
  caller: Caller;
  address: string;
  intra: boolean;
}

interface Good {
  product: string;
  variant: string;
  /** The GST rate of its category, in percent. */
  rate: number;
  /** List price and sale price, in cents. */
  price: number;
  salePrice: number;
  onSale: boolean;
}

interface Real {
  shoppers: Shopper[];
  admin: Caller;
  goods: Good[];
  /** Whether the shop's prices include GST now, and whether it taxes shipping and the COD fee (the owner's settings). */
  pricing: { included: boolean; charges: boolean };
}

/** A document's row: its value before GST, its GST, and what it holds outside GST, in cents. */
interface Charge {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** A charge left outside GST (all of it), or a price's round off. */
  outside: number;
}

const none = (): Charge => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, outside: 0 });
const totalOf = (charge: Charge) => charge.taxable + charge.cgst + charge.sgst + charge.igst + charge.outside;
const add = (a: Charge, b: Charge): Charge => ({
  taxable: a.taxable + b.taxable,
  cgst: a.cgst + b.cgst,
  sgst: a.sgst + b.sgst,
  igst: a.igst + b.igst,
  outside: a.outside + b.outside,
});
const less = (a: Charge, b: Charge): Charge => ({
  taxable: a.taxable - b.taxable,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  igst: a.igst - b.igst,
  outside: a.outside - b.outside,
});
const taxOf = (charge: Charge) => charge.cgst + charge.sgst + charge.igst;
/** A row in the GST tables: a goods row, or a charge taxed with the goods. */
const isTaxed = (charge: Charge) => charge.taxable !== 0 || taxOf(charge) !== 0;

/** An invoice line as the model works it out, and what its credit notes have left of it. */
interface Line extends Charge {
  id: string;
  good: Good;
  quantity: number;
  /** The sale's saving and the code's share before GST (a price including GST: taken out at the rate). */
  saleBefore: number;
  codeBefore: number;
  left: Charge & { quantity: number };
}

/** What a credit note gave back, in cents (goods, shipping, the COD fee), and its taxed rows by rate. */
interface Credit {
  goods: Charge;
  units: number;
  shipping: Charge;
  codFee: Charge;
  total: number;
  rows: { rate: number; charge: Charge; units: number }[];
}

/** An order as the model knows it. */
interface Order {
  id: string;
  shopper: number;
  last: OrderDto;
  included: boolean;
  lines: Line[];
  /** Whether it went within the state, whether its charges were taxed, and their rate (the highest line's). */
  intra: boolean;
  charges: boolean;
  topRate: number;
  shipping: Charge;
  shippingLeft: Charge;
  codFee: Charge;
  codFeeLeft: Charge;
  /** The invoice's total, the COD fee with it once chosen. */
  total: number;
  cod: boolean;
  invoiced: boolean;
  /** Money taken (the payment, the COD cash once collected), and given back. */
  taken: number;
  refunded: number;
  credits: Credit[];
  /** The store credit the order's payment took, and what went back to credit and to the payment. */
  creditUsed: number;
  toCredit: number;
  toPayment: number;
  /** The Razorpay order and the payment that paid the rest, in paise (none for COD or credit alone). */
  razorpay?: { order: string; payment: string; amount: number };
  /** Whether a dispute of its payment was opened (one per order). */
  disputed: boolean;
}

interface Model {
  orders: Order[];
}

/** Every order of every run (the report reads them all: the database is the same across runs). */
const book: Order[] = [];
/**
 * Money of every run outside the orders: the chargebacks of lost disputes, the second payments
 * refunded as unmatched (never the order's), and each shopper's store credit balance, in cents.
 */
const outside = { chargebacks: 0, unmatched: 0, balances: [0, 0] };

let t: TestApp;
let real: Real;
let fake: RazorpayFake;

async function category(name: string, taxRate: number, hsnCode: string, admin: Caller) {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/categories",
    cookie: admin.cookie,
    payload: { name, slug: name.toLowerCase().replaceAll(" ", "-"), taxRate, hsnCode },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

beforeAll(async () => {
  // The shop takes rupees online through Razorpay (its local fake), and cash on delivery.
  fake = await RazorpayFake.start();
  t = await createTestApp({
    ...fake.env,
    STORE_STATE,
    MAX_UNPAID_ORDERS: "1000",
    MAX_QUANTITY_PER_LINE: "10",
  });
  const admin = await quickUser(t, "admin");
  const currency = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/currency",
    cookie: admin.cookie,
    payload: { code: "INR", locale: "en-IN" },
  });
  expect(currency.statusCode, currency.body).toBe(200);
  const media = await makeMedia(t.database);
  const shirts = await category("Model shirts", 18, "6205", admin);
  const kurtas = await category("Model kurtas", 5, "6211", admin);
  const plain = await makeProduct(
    t.database,
    { category: shirts, thumbnail: media.id },
    { price: 123.45, stock: 100_000 },
  );
  const onSale = await makeProduct(
    t.database,
    { category: kurtas, thumbnail: media.id },
    { price: 80, onSale: true, salePrice: 59.99, stock: 100_000 },
  );
  const sized = await makeProductWithVariants(t.database, { category: kurtas, thumbnail: media.id });
  // Awkward within prices that include GST: ₹1,200 at 18% (1,016.95 + 183.05 across states, a paisa of
  // round off within), ₹25,000 at 5% (23,809.52 + 1,190.48; ten of them across states pass B2CL's limit).
  const belt = await makeProduct(
    t.database,
    { category: shirts, thumbnail: media.id },
    { price: 1200, stock: 100_000 },
  );
  const saree = await makeProduct(
    t.database,
    { category: kurtas, thumbnail: media.id },
    { price: 25_000, stock: 100_000 },
  );
  await t.database.db.execute(sql`update product_variants set stock = 100000`);
  const good = (
    product: { _id: string; variants: { _id: string; price: number; onSale: boolean; salePrice: number }[] },
    index: number,
    rate: number,
  ): Good => {
    const variant = product.variants[index];
    if (!variant) throw new Error("no such variant");
    return {
      product: product._id,
      variant: variant._id,
      rate,
      price: cents(variant.price),
      salePrice: cents(variant.onSale ? variant.salePrice : variant.price),
      onSale: variant.onSale,
    };
  };
  const goods = [
    good(plain, 0, 18),
    good(onSale, 0, 5),
    good(sized, 1, 5),
    good(sized, 4, 5),
    good(belt, 0, 18),
    good(saree, 0, 5),
  ];
  expect(goods.map((g) => [g.price, g.salePrice, g.onSale])).toEqual([
    [12345, 12345, false],
    [8000, 5999, true],
    [2000, 2000, false],
    [3000, 3000, false],
    [120_000, 120_000, false],
    [2_500_000, 2_500_000, false],
  ]);
  const shoppers: Shopper[] = [];
  for (const state of [STORE_STATE, "Karnataka"]) {
    const caller = await quickUser(t);
    const address = await inject(t.app, {
      method: "POST",
      url: "/api/users/current-user/addresses",
      cookie: caller.cookie,
      payload: addressIn(state),
    });
    shoppers.push({ caller, address: address.json().data._id, intra: state === STORE_STATE });
  }
  real = { shoppers, admin, goods, pricing: { included: false, charges: false } };
  const checkout = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: admin.cookie,
    payload: { holdMinutes: 30, maxUnpaidOrders: 50, maxQuantityPerLine: 10, minimumOrder: 0, cod: COD },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const code = await inject(t.app, {
    method: "POST",
    url: "/api/discounts",
    cookie: admin.cookie,
    payload: { code: CODE.code, type: "percentage", value: CODE.percent },
  });
  expect(code.statusCode, code.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * Largest remainders: `total` spread over parts by their weights, each rounded down, the cents left
 * going to the parts with the largest remainders (the earlier part first on a tie).
 */
function spread(total: number, weights: readonly number[]): number[] {
  const base = weights.reduce((sum, weight) => sum + weight, 0);
  if (base <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((weight) => BigInt(total) * BigInt(weight));
  const parts = exact.map((product) => Number(product / BigInt(base)));
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  const byRest = exact
    .map((product, i) => ({ i, rest: product % BigInt(base) }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRest) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * A taxed row of `value` cents at `rate` by the one rule: the taxable value (the value, or taken out of
 * a price that includes GST), then IGST or each half rounded from it; the rest of the value its round off.
 */
function row(value: number, rate: number, included: boolean, intra: boolean): Charge {
  const taxable = included ? roundDiv(value * 100, 100 + rate) : value;
  const half = intra ? roundDiv(taxable * rate, 200) : 0;
  const igst = intra ? 0 : roundDiv(taxable * rate, 100);
  const tax = 2 * half + igst;
  return { taxable, cgst: half, sgst: half, igst, outside: included ? value - taxable - tax : 0 };
}

/** A charge (shipping, the COD fee) of `amount` cents: a taxed row at the order's highest rate, or outside GST. */
function chargeRow(
  amount: number,
  order: { charges: boolean; topRate: number; included: boolean; intra: boolean },
) {
  if (amount === 0) return none();
  return order.charges
    ? row(amount, order.topRate, order.included, order.intra)
    : { ...none(), outside: amount };
}

/** What a charge adds to the total: its amount, and its GST on top when prices exclude it. */
const chargeTotal = (amount: number, charge: Charge, included: boolean) =>
  amount + (included ? 0 : taxOf(charge));

/** Before GST: what a price that includes it is worth without it, at `rate`. */
const beforeGst = (value: number, rate: number, included: boolean) =>
  included ? roundDiv(value * 100, 100 + rate) : value;

/**
 * The invoice of an order placed now, from its lines (in the order's own order: product, then variant):
 * the code's 10% per line not on sale, each line's GST, shipping (a row at the order's highest rate
 * when the charges are taxed, otherwise outside GST) and the total.
 */
function priceModel(
  wanted: { good: Good; quantity: number }[],
  { code, included, intra, charges }: { code: boolean; included: boolean; intra: boolean; charges: boolean },
) {
  const lines = [...wanted].sort((a, b) =>
    a.good.product === b.good.product
      ? a.good.variant.localeCompare(b.good.variant)
      : a.good.product.localeCompare(b.good.product),
  );
  const values = lines.map(({ good, quantity }) => {
    const gross = (good.onSale ? good.salePrice : good.price) * quantity;
    const share = code && !good.onSale ? roundDiv(gross * CODE.percent, 100) : 0;
    return { gross, share, value: gross - share };
  });
  const rows = lines.map(({ good }, i) => row(values[i]?.value ?? 0, good.rate, included, intra));
  const items = values.reduce((sum, line) => sum + line.value, 0);
  const shippingPrice = items > FREE_ABOVE ? 0 : SHIPPING;
  const topRate = Math.max(...lines.map((line) => line.good.rate));
  const shipping = chargeRow(shippingPrice, { charges, topRate, included, intra });
  const tax = rows.reduce((sum, charge) => sum + taxOf(charge), 0);
  return {
    lines: lines.map(({ good, quantity }, i) => {
      const charge = rows[i] ?? none();
      const saved = good.onSale ? (good.price - good.salePrice) * quantity : 0;
      return {
        good,
        quantity,
        ...charge,
        saleBefore: beforeGst(saved, good.rate, included),
        codeBefore: beforeGst(values[i]?.share ?? 0, good.rate, included),
      };
    }),
    shipping,
    topRate,
    total: items + (included ? 0 : tax) + chargeTotal(shippingPrice, shipping, included),
  };
}

/**
 * `share` of `of` of what a row holds (units of a line, or cents of a goodwill amount): all of it when
 * it is the whole; otherwise its total that share (half up), its taxable value that share, its GST by
 * the rule on that taxable value (never more than is left), the rest its round off.
 */
function shareOf(left: Charge, share: number, of: number, rate: number): Charge {
  if (share >= of) return { ...left };
  const total = roundDiv(totalOf(left) * share, of);
  const taxable = Math.min(left.taxable, roundDiv(left.taxable * share, of));
  const within = left.cgst > 0 || left.sgst > 0;
  const half = within ? roundDiv(taxable * rate, 200) : 0;
  const cgst = Math.min(half, left.cgst);
  const sgst = Math.min(half, left.sgst);
  const igst = within ? 0 : Math.min(roundDiv(taxable * rate, 100), left.igst);
  return { taxable, cgst, sgst, igst, outside: total - taxable - cgst - sgst - igst };
}

/** `part` cents of what a row holds. */
const partOf = (left: Charge, part: number, rate: number) => shareOf(left, part, totalOf(left), rate);

const byId = (order: Order) => [...order.lines].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** A credit note by the goods: units of lines, shipping and the COD fee whole. */
function creditByUnits(
  order: Order,
  units: { line: string; quantity: number }[],
  { shipping, codFee }: { shipping: boolean; codFee: boolean },
): Credit {
  const credit: Credit = { goods: none(), units: 0, shipping: none(), codFee: none(), total: 0, rows: [] };
  for (const { line: id, quantity } of units) {
    const line = order.lines.find((candidate) => candidate.id === id);
    if (!line) throw new Error("no such line");
    const back = shareOf(line.left, quantity, line.left.quantity, line.good.rate);
    credit.goods = add(credit.goods, back);
    credit.rows.push({ rate: line.good.rate, charge: back, units: quantity });
    credit.units += quantity;
  }
  if (shipping) credit.shipping = { ...order.shippingLeft };
  if (codFee) credit.codFee = { ...order.codFeeLeft };
  for (const charge of [credit.shipping, credit.codFee])
    if (isTaxed(charge)) credit.rows.push({ rate: order.topRate, charge, units: 0 });
  credit.total = totalOf(credit.goods) + totalOf(credit.shipping) + totalOf(credit.codFee);
  return credit;
}

/** Applies a credit by units to the order's lines (the parts worked out again, in the same way). */
function applyUnits(order: Order, units: { line: string; quantity: number }[], credit: Credit) {
  for (const { line: id, quantity } of units) {
    const line = order.lines.find((candidate) => candidate.id === id);
    if (!line) continue;
    const back = shareOf(line.left, quantity, line.left.quantity, line.good.rate);
    line.left = { ...less(line.left, back), quantity: line.left.quantity - quantity };
  }
  order.shippingLeft = less(order.shippingLeft, credit.shipping);
  order.codFeeLeft = less(order.codFeeLeft, credit.codFee);
  order.credits.push(credit);
  order.refunded += credit.total;
}

/**
 * A goodwill credit note of `amount` cents: spread over the goods lines by what each holds (by line
 * id); past what they hold, the rest from shipping, then the COD fee. Applied to the order.
 */
function creditByAmount(order: Order, amount: number): Credit {
  const goods = byId(order).filter((line) => totalOf(line.left) > 0);
  const held = goods.reduce((sum, line) => sum + totalOf(line.left), 0);
  const parts =
    amount <= held
      ? spread(
          amount,
          goods.map((line) => totalOf(line.left)),
        )
      : goods.map((line) => totalOf(line.left));
  let over = amount - parts.reduce((sum, part) => sum + part, 0);
  const credit: Credit = {
    goods: none(),
    units: 0,
    shipping: none(),
    codFee: none(),
    total: amount,
    rows: [],
  };
  goods.forEach((line, i) => {
    if ((parts[i] ?? 0) <= 0) return;
    const back = partOf(line.left, parts[i] ?? 0, line.good.rate);
    credit.goods = add(credit.goods, back);
    credit.rows.push({ rate: line.good.rate, charge: back, units: 0 });
    line.left = { ...less(line.left, back), quantity: line.left.quantity };
  });
  if (over > 0 && totalOf(order.shippingLeft) > 0) {
    const take = Math.min(over, totalOf(order.shippingLeft));
    credit.shipping = partOf(order.shippingLeft, take, order.topRate);
    order.shippingLeft = less(order.shippingLeft, credit.shipping);
    over -= take;
  }
  if (over > 0 && totalOf(order.codFeeLeft) > 0) {
    credit.codFee = partOf(order.codFeeLeft, Math.min(over, totalOf(order.codFeeLeft)), order.topRate);
    order.codFeeLeft = less(order.codFeeLeft, credit.codFee);
  }
  for (const charge of [credit.shipping, credit.codFee])
    if (isTaxed(charge)) credit.rows.push({ rate: order.topRate, charge, units: 0 });
  order.credits.push(credit);
  order.refunded += amount;
  return credit;
}

/** The i-th order (modulo their count; −1 the latest) among those `pick` admits, or undefined. */
function nth(model: Model, i: number, pick: (order: Order) => boolean) {
  const admitted = model.orders.filter(pick);
  return admitted.length > 0 ? admitted.at(i % admitted.length) : undefined;
}

/** What may still be given back: what was taken less what was refunded (nothing before the cash comes). */
const paidLeft = (order: Order) => order.taken - order.refunded;
// Cash can be collected once the order is confirmed and a parcel is out (shared orders.ts).
const toCollect = (order: Order) =>
  order.cod && order.taken === 0 && order.last.status !== "cancelled" && cashCanBeCollected(order.last);
const pending = (order: Order) => order.last.status === "pending";
/** What may still go back to the payment: what its provider took (or the cash) less what went back to it. */
const providerLeft = (order: Order) => order.taken - order.creditUsed - order.toPayment;

/**
 * Where a refund of `amount` cents goes by the shop's rules (decision 042): to the payment while what
 * its provider took holds it; past that, the rest to store credit (all of it when the provider has
 * nothing left), in one step. The request's `to` and `toStoreCredit`, and the credit's part.
 */
function destination(order: Order, amount: number) {
  const toCredit = Math.min(amount, Math.max(0, amount - providerLeft(order)));
  const to =
    toCredit === 0
      ? {}
      : toCredit === amount
        ? { to: "store_credit" as const }
        : { to: "split" as const, toStoreCredit: dollars(toCredit) };
  return { to, toCredit };
}

/** A refund of `amount` cents went back, `toCredit` of it to the shopper's store credit. */
function gaveBack(order: Order, amount: number, toCredit: number) {
  order.toCredit += toCredit;
  order.toPayment += amount - toCredit;
  outside.balances[order.shopper] = (outside.balances[order.shopper] ?? 0) + toCredit;
}

/**
 * The shopper pays `due` cents of the order in Razorpay's Checkout: the shop makes the Razorpay order
 * for that (in paise), the fake takes the payment (authorised, for the shop to capture, or captured by
 * Checkout) and the browser's signed result is sent to the shop.
 */
async function payByRazorpay(order: Order, shopper: Shopper, due: number, captured: boolean) {
  const opened = await inject(t.app, {
    method: "POST",
    url: "/api/payments/razorpay/orders",
    cookie: shopper.caller.cookie,
    payload: { order: order.id },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const razorpayOrder = opened.json().data.razorpayOrderId as string;
  expect(fake.orders.get(razorpayOrder)?.amount, "the Razorpay order's paise").toBe(due);
  const { payment, result } = fake.pay(razorpayOrder, { status: captured ? "captured" : "authorized" });
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.caller.cookie,
    payload: { order: order.id, paymentGateway: "razorpay", ...result },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(fake.payments.get(payment.id)?.status).toBe("captured");
  order.razorpay = { order: razorpayOrder, payment: payment.id, amount: due };
}

class Place implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly shopper: number,
    readonly lines: { product: number; quantity: number }[],
    readonly code: boolean,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const shopper = r.shoppers[this.shopper] as Shopper;
    const merged = new Map<number, number>();
    for (const line of this.lines) merged.set(line.product, (merged.get(line.product) ?? 0) + line.quantity);
    const wanted = [...merged].map(([index, quantity]) => ({
      good: r.goods[index] as Good,
      quantity: Math.min(quantity, 10),
    }));
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.caller.cookie,
      payload: {
        products: wanted.map(({ good, quantity }) => ({
          product: good.product,
          variant: good.variant,
          quantity,
        })),
        shippingAddress: shopper.address,
        ...(this.code ? { discountCode: CODE.code } : {}),
      },
    });
    // The code takes nothing off items on sale: on an order of sale items alone it is refused, nothing placed.
    const refused = this.code && wanted.every(({ good }) => good.onSale);
    expect(placed.statusCode, placed.body).toBe(refused ? 409 : 201);
    if (refused) return;
    const dto = placed.json().data as OrderDto;
    const priced = priceModel(wanted, {
      code: this.code,
      included: r.pricing.included,
      intra: shopper.intra,
      charges: r.pricing.charges,
    });
    const lines: Line[] = priced.lines.map((line) => {
      const id = dto.products.find((candidate) => candidate.variant._id === line.good.variant)?._id;
      if (!id) throw new Error("a line missing from the order");
      const { good, quantity, saleBefore, codeBefore, ...charge } = line;
      return { id, good, quantity, saleBefore, codeBefore, ...charge, left: { ...charge, quantity } };
    });
    const order: Order = {
      id: dto._id,
      shopper: this.shopper,
      last: dto,
      included: r.pricing.included,
      lines,
      intra: shopper.intra,
      charges: r.pricing.charges,
      topRate: priced.topRate,
      shipping: priced.shipping,
      shippingLeft: { ...priced.shipping },
      codFee: none(),
      codFeeLeft: none(),
      total: priced.total,
      cod: false,
      invoiced: false,
      taken: 0,
      refunded: 0,
      credits: [],
      creditUsed: 0,
      toCredit: 0,
      toPayment: 0,
      disputed: false,
    };
    model.orders.push(order);
    book.push(order);
    expect(cents(dto.totalAmount), "the order's total").toBe(priced.total);
  }
  toString = () =>
    `place(shopper ${this.shopper}, ${JSON.stringify(this.lines)}${this.code ? `, ${CODE.code}` : ""})`;
}

class SetPricing implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly included: boolean,
    readonly charges = false,
  ) {}
  check = () => true;
  async run(_model: Model, r: Real) {
    const answer = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/taxes",
      cookie: r.admin.cookie,
      payload: {
        pricesIncludeTax: this.included,
        defaultRate: 18,
        defaultHsn: "6109",
        chargesTaxed: this.charges,
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    r.pricing = { included: this.included, charges: this.charges };
  }
  toString = () =>
    `prices(${this.included ? "include GST" : "GST on top"}${this.charges ? ", charges taxed" : ""})`;
}

class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, pending);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, pending);
    if (!order) throw new Error("no pending order");
    const shopper = r.shoppers[order.shopper] as Shopper;
    await payByRazorpay(order, shopper, order.total, this.pick % 2 === 1);
    // A prepaid order's invoice is issued with its payment.
    order.invoiced = true;
    order.taken = order.total;
    order.last = await read(order.id, r);
    expect(order.last.status).toBe("processing");
  }
  toString = () => `pay(${this.pick})`;
}

/**
 * Staff give the shopper store credit (an adjustment) and the shopper pays with it: all of the order
 * from credit in one step, or part (the credit applied, leaving at least ₹1) and the rest by Razorpay.
 */
class PayWithCredit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly share: number,
    readonly whole: boolean,
  ) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, pending);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, pending);
    if (!order) throw new Error("no pending order");
    const shopper = r.shoppers[order.shopper] as Shopper;
    const balance = outside.balances[order.shopper] ?? 0;
    // Enough for the whole order, or `share` of it (what refunds gave to credit before counts too).
    const wanted = this.whole ? order.total : Math.max(1, Math.floor(order.total * this.share));
    const give = Math.max(0, wanted - balance);
    if (give > 0) {
      const given = await inject(t.app, {
        method: "POST",
        url: `/api/users/${shopper.caller.user.id}/store-credit`,
        cookie: r.admin.cookie,
        payload: { amount: dollars(give), reason: "Model test" },
      });
      expect(given.statusCode, given.body).toBe(201);
      expect(cents(given.json().data.balance), "the balance after the adjustment").toBe(balance + give);
    }
    const credit = balance + give;
    if (this.whole) {
      const paid = await inject(t.app, {
        method: "POST",
        url: "/api/payments",
        cookie: shopper.caller.cookie,
        payload: { order: order.id, paymentGateway: "store_credit" },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      order.creditUsed = order.total;
    } else {
      const applied = await inject(t.app, {
        method: "PUT",
        url: `/api/orders/current-user/${order.id}/store-credit`,
        cookie: shopper.caller.cookie,
      });
      // Credit that covers the order (refunds gave it) pays all of it or nothing: applying it is refused.
      expect(applied.statusCode, applied.body).toBe(credit >= order.total ? 409 : 200);
      if (credit >= order.total) {
        order.last = await read(order.id, r);
        expect(order.last.status).toBe("pending");
        return;
      }
      // All of the balance, but never so much that less than ₹1 is left to pay.
      order.creditUsed = Math.min(credit, order.total - 100);
      await payByRazorpay(order, shopper, order.total - order.creditUsed, this.pick % 2 === 1);
    }
    outside.balances[order.shopper] = credit - order.creditUsed;
    // Credit spent is part of the payment: the invoice with it, all of the total taken.
    order.invoiced = true;
    order.taken = order.total;
    order.last = await read(order.id, r);
    expect(order.last.status).toBe("processing");
    expect(cents(order.last.storeCreditUsed), "the order's credit used").toBe(order.creditUsed);
  }
  toString = () =>
    `payWithCredit(${this.pick}, ${this.whole ? "whole" : `${this.share.toFixed(2)} from credit`})`;
}

/**
 * Checkout takes a second payment of an order Razorpay paid (two tabs): the shop refuses it (409),
 * records it as unmatched and refunds it in full at Razorpay; it is never a payment of the order.
 */
class SecondPayment implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, (o) => !!o.razorpay);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, (o) => !!o.razorpay);
    if (!order?.razorpay) throw new Error("no order paid by Razorpay");
    const { result } = fake.pay(order.razorpay.order, { status: "captured" });
    const refused = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: (r.shoppers[order.shopper] as Shopper).caller.cookie,
      payload: { order: order.id, paymentGateway: "razorpay", ...result },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    outside.unmatched += 1;
    order.last = await read(order.id, r);
  }
  toString = () => `secondPayment(${this.pick})`;
}

/** The buyer's bank disputes `share` of a Razorpay payment; the dispute is lost (a chargeback) or won. */
class Dispute implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly share: number,
    readonly outcome: "lost" | "won",
  ) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, disputable);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, disputable);
    if (!order?.razorpay) throw new Error("no payment to dispute");
    const amount = Math.max(100, Math.floor(order.razorpay.amount * this.share));
    const dispute = fake.openDispute(order.razorpay.payment, { amount });
    await webhook(fake.disputeWebhook(dispute));
    await webhook(fake.disputeWebhook(fake.moveDispute(dispute.id, "under_review")));
    await webhook(fake.disputeWebhook(fake.moveDispute(dispute.id, this.outcome)));
    order.disputed = true;
    // A lost dispute is money gone: a chargeback, not a refund; the sale and its invoice stand.
    if (this.outcome === "lost") outside.chargebacks += amount;
    order.last = await read(order.id, r);
  }
  toString = () => `dispute(${this.pick}, ${this.share.toFixed(2)} of the payment, ${this.outcome})`;
}

const disputable = (order: Order) => !!order.razorpay && !order.disputed;

/** Razorpay delivers a webhook, signed; the shop acknowledges it. */
async function webhook(delivery: ReturnType<RazorpayFake["webhook"]>) {
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/payments/razorpay/webhook",
    headers: delivery.headers,
    payload: delivery.body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

class PayOnDelivery implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, pending);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, pending);
    if (!order) throw new Error("no pending order");
    const shopper = r.shoppers[order.shopper] as Shopper;
    const chosen = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.caller.cookie,
      payload: { order: order.id, paymentGateway: "cod" },
    });
    const fee = cents(COD.fee);
    const within = order.total + fee <= cents(COD.maxOrderValue);
    expect(chosen.statusCode, chosen.body).toBe(within ? 201 : 409);
    if (within) {
      // The fee joins the invoice (taxed as shipping when the order taxed its charges, else outside
      // GST); no invoice until the goods leave.
      const charge = chargeRow(fee, order);
      Object.assign(order, {
        cod: true,
        codFee: charge,
        codFeeLeft: { ...charge },
        total: order.total + chargeTotal(fee, charge, order.included),
      });
      // The shopper confirms it, so that it may ship.
      const confirmed = await inject(t.app, {
        method: "POST",
        url: `/api/orders/${order.id}/confirm-cod`,
        cookie: shopper.caller.cookie,
        payload: {},
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    order.last = await read(order.id, r);
    expect(order.last.status).toBe(within ? "processing" : "pending");
  }
  toString = () => `cod(${this.pick})`;
}

class Collect implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, toCollect);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, toCollect);
    const payment = order?.last.cashOnDelivery?.payment;
    if (!order || !payment) throw new Error("no cash to collect");
    const collected = await inject(t.app, {
      method: "POST",
      url: `/api/payments/${payment}/collect`,
      cookie: r.admin.cookie,
    });
    expect(collected.statusCode, collected.body).toBe(200);
    // The money moves now; an order handed over with no parcel recorded takes its invoice now too.
    order.taken = order.total;
    order.invoiced = true;
    order.last = await read(order.id, r);
    expect(order.last.payment?.status).toBe("completed");
  }
  toString = () => `collect(${this.pick})`;
}

/** Units a line has had restocked, by refunds and by its received returns. */
async function restockedOf(orderId: string, itemId: string): Promise<number> {
  const result = await t.database.db.execute<{ units: number }>(sql`
    select coalesce(sum((x ->> 'quantity')::int), 0)::int as units
    from refunds r cross join lateral jsonb_array_elements(r.restock) x
    where r.order_id = ${orderId} and x ->> 'itemId' = ${itemId}`);
  const received = await t.database.db.execute<{ units: number }>(sql`
    select coalesce(sum(restocked), 0)::int as units from order_return_lines where item_id = ${itemId}`);
  return Number(result.rows[0]?.units ?? 0) + Number(received.rows[0]?.units ?? 0);
}

/**
 * Staff give back units of one line (their share of what it holds), with shipping and the COD fee or
 * not, restocked or not.
 */
class RefundUnits implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly line: number,
    readonly units: number,
    readonly shipping: boolean,
    readonly restock: boolean,
  ) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, (o) => paidLeft(o) > 0);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, (o) => paidLeft(o) > 0);
    if (!order) throw new Error("no refundable order");
    const line = byId(order)[this.line % order.lines.length] as Line;
    // The charges go back with the goods when asked and something of them is left.
    const shipping = this.shipping && totalOf(order.shippingLeft) > 0;
    const codFee = this.shipping && totalOf(order.codFeeLeft) > 0;
    const restocked = this.restock ? await restockedOf(order.id, line.id) : 0;
    // More units than the line has left to credit, or to restock: refused, nothing recorded.
    const refused = this.units > line.left.quantity || restocked + this.units > line.quantity;
    const units = [{ line: line.id, quantity: this.units }];
    const credit = creditByUnits(order, units, { shipping, codFee });
    // Where the money goes (the request refused names none: its lines are what it is refused for).
    const { to, toCredit } = refused ? { to: {}, toCredit: 0 } : destination(order, credit.total);
    const answer = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/refunds`,
      cookie: r.admin.cookie,
      payload: {
        lines: [{ line: line.id, quantity: this.units }],
        shipping,
        codFee,
        reason: "Model test",
        restock: this.restock,
        // Cash on delivery goes back by hand: its refund names how.
        ...(order.cod ? { reference: "UPI model@okbank" } : {}),
        ...to,
      },
    });
    expect(answer.statusCode, answer.body).toBe(refused ? 400 : 201);
    if (!refused) {
      applyUnits(order, units, credit);
      gaveBack(order, credit.total, toCredit);
      const before = order.last.payment?.refundedAmount ?? 0;
      order.last = await read(order.id, r);
      expect(cents(order.last.payment?.refundedAmount ?? 0) - cents(before), "the refund's amount").toBe(
        credit.total,
      );
    }
  }
  toString = () =>
    `refundUnits(${this.pick}, line ${this.line}, ${this.units} units${this.shipping ? ", shipping and fee" : ""}${this.restock ? ", restocked" : ""})`;
}

/** Staff give back an amount without goods (goodwill): `share` of what is left. */
class Goodwill implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly share: number,
  ) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, (o) => paidLeft(o) > 0);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, (o) => paidLeft(o) > 0);
    if (!order) throw new Error("no refundable order");
    const amount = Math.max(1, Math.floor(paidLeft(order) * this.share));
    const { to, toCredit } = destination(order, amount);
    const answer = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/refunds`,
      cookie: r.admin.cookie,
      payload: {
        amount: dollars(amount),
        reason: "Model test",
        restock: [],
        ...(order.cod ? { reference: "UPI model@okbank" } : {}),
        ...to,
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    creditByAmount(order, amount);
    gaveBack(order, amount, toCredit);
    order.last = await read(order.id, r);
  }
  toString = () => `goodwill(${this.pick}, ${this.share.toFixed(2)} of what is left)`;
}

/** Units of each line of the order in its parcels (delivered ones only when said). */
function inParcels(order: OrderDto, deliveredOnly = false): Map<string, number> {
  const units = new Map<string, number>();
  for (const shipment of order.shipments) {
    if (deliveredOnly && !shipment.deliveredAt) continue;
    for (const line of shipment.lines) units.set(line.line, (units.get(line.line) ?? 0) + line.quantity);
  }
  return units;
}

/** Delivered units of each line not asked back yet (a rejected return frees its units). */
function returnable(order: OrderDto): { line: string; left: number }[] {
  const delivered = inParcels(order, true);
  const asked = new Map<string, number>();
  for (const ret of order.returns)
    if (ret.status !== "rejected")
      for (const line of ret.lines) asked.set(line.line, (asked.get(line.line) ?? 0) + line.quantity);
  return [...delivered].map(([line, units]) => ({ line, left: units - (asked.get(line) ?? 0) }));
}

const undelivered = (order: Order) => order.last.shipments.filter((shipment) => !shipment.deliveredAt);
const hasDelivered = (order: Order) => order.last.shipments.some((shipment) => shipment.deliveredAt);

class Ship implements fc.AsyncCommand<Model, Real> {
  /** `share` of the first unshipped line's units, or (1) every unit left, without naming lines. */
  constructor(
    readonly pick: number,
    readonly share: number,
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, () => true);
    if (!order) throw new Error("no order");
    const shipped = inParcels(order.last);
    const left = order.last.products
      .map((line) => ({ line: line._id, left: line.quantity - (shipped.get(line._id) ?? 0) }))
      .filter((line) => line.left > 0);
    const [first] = left;
    const units = first && this.share < 1 ? Math.max(1, Math.floor(first.left * this.share)) : 0;
    const answer = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/shipments`,
      cookie: r.admin.cookie,
      payload: {
        carrier: "Delhivery",
        trackingNumber: `MODEL-${order.last.shipments.length + 1}`,
        ...(units > 0 && first ? { lines: [{ line: first.line, quantity: units }] } : {}),
      },
    });
    // Only a paid order being prepared ships (cash on delivery too, before the cash), while units are left.
    const from = order.last.status;
    const ships = from === "processing" && !!first;
    expect(answer.statusCode, `${from}: ${answer.body}`).toBe(ships ? 201 : 409);
    // A COD order's invoice goes with its first parcel.
    if (ships) order.invoiced = true;
    order.last = await read(order.id, r);
    const whole = units === 0 || (left.length === 1 && units === first?.left);
    if (ships) expect(order.last.status).toBe(whole ? "shipped" : "processing");
  }
  toString = () => `ship(${this.pick}, ${this.share < 1 ? this.share.toFixed(2) : "all"})`;
}

class Deliver implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, (o) => undelivered(o).length > 0);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, (o) => undelivered(o).length > 0);
    const [parcel, ...others] = order ? undelivered(order) : [];
    if (!order || !parcel) throw new Error("no parcel on its way");
    const answer = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order.id}/shipments/${parcel._id}`,
      cookie: r.admin.cookie,
      payload: { delivered: true },
    });
    const from = order.last.status;
    const open = from === "processing" || from === "shipped";
    expect(answer.statusCode, `${from}: ${answer.body}`).toBe(open ? 200 : 409);
    order.last = await read(order.id, r);
    // The order is delivered with its last parcel, once every unit shipped.
    if (open) expect(order.last.status).toBe(from === "shipped" && others.length === 0 ? "delivered" : from);
  }
  toString = () => `deliver(${this.pick})`;
}

class AskReturn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly units: number,
  ) {}
  check = (model: Readonly<Model>) => !!nth(model as Model, this.pick, hasDelivered);
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, hasDelivered);
    // The delivered line with the most units left to ask back.
    const line = order && returnable(order.last).sort((a, b) => b.left - a.left)[0];
    if (!order || !line) throw new Error("nothing delivered");
    const asked = await inject(t.app, {
      method: "POST",
      url: "/api/returns",
      cookie: (r.shoppers[order.shopper] as Shopper).caller.cookie,
      payload: { order: order.id, lines: [{ line: line.line, quantity: this.units }], reason: "damaged" },
    });
    expect(asked.statusCode, asked.body).toBe(this.units <= line.left ? 201 : 409);
    order.last = await read(order.id, r);
  }
  toString = () => `return(${this.pick}, ${this.units} units)`;
}

const RETURN_STEPS = {
  approve: "approved",
  reject: "rejected",
  receive: "received",
  refund: "refunded",
} as const;
type ReturnAction = keyof typeof RETURN_STEPS;

/** The returns not closed yet (rejected or refunded), with their orders. */
const openReturns = (model: Readonly<Model>) =>
  model.orders.flatMap((order) =>
    order.last.returns
      .filter((ret) => RETURN_TRANSITIONS[ret.status].length > 0)
      .map((ret) => ({ order, ret })),
  );

class MoveReturn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly action: ReturnAction,
  ) {}
  check = (model: Readonly<Model>) => openReturns(model).length > 0;
  async run(model: Model, r: Real) {
    const open = openReturns(model);
    const found = open[this.pick % open.length];
    if (!found) throw new Error("no open return");
    const { order, ret } = found;
    const refund = this.action === "refund";
    const answer = await inject(t.app, {
      method: "POST",
      url: `/api/returns/${ret._id}/${this.action}`,
      cookie: r.admin.cookie,
      // Cash on delivery goes back by hand: its refund names how.
      payload: refund && order.cod ? { reference: "UPI model@okbank" } : {},
    });
    const allowed = RETURN_TRANSITIONS[ret.status].includes(RETURN_STEPS[this.action]);
    // The refund credits the returned units: nothing of a payment not taken yet (409), and no more units
    // than their lines have left to credit (400: a refund by units took them first).
    const units = ret.lines.map((line) => ({ line: line.line, quantity: line.quantity }));
    const unitsLeft = units.every(
      ({ line, quantity }) => quantity <= (order.lines.find((l) => l.id === line)?.left.quantity ?? 0),
    );
    // A return's refund gives each tender back to where it came from: through the payment what its
    // provider took and has left, the rest (what the order's credit paid) to store credit.
    const credit = creditByUnits(order, units, { shipping: false, codFee: false });
    const toCredit = Math.max(0, credit.total - Math.max(0, providerLeft(order)));
    const expected = !allowed || (refund && order.taken === 0) ? 409 : refund && !unitsLeft ? 400 : 200;
    expect(answer.statusCode, `${ret.status} → ${this.action}: ${answer.body}`).toBe(expected);
    const before = order.last.payment?.refundedAmount ?? 0;
    if (refund && expected === 200) {
      applyUnits(order, units, credit);
      gaveBack(order, credit.total, toCredit);
      order.last = await read(order.id, r);
      expect(cents(order.last.payment?.refundedAmount ?? 0) - cents(before)).toBe(credit.total);
    } else order.last = await read(order.id, r);
  }
  toString = () => `${this.action}Return(${this.pick})`;
}

class SetStatus implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly to: "shipped" | "delivered" | "cancelled" | "refunded",
  ) {}
  check = (model: Readonly<Model>) => model.orders.length > 0;
  async run(model: Model, r: Real) {
    const order = nth(model, this.pick, () => true);
    if (!order) throw new Error("no order");
    const answer = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order.id}/update`,
      cookie: r.admin.cookie,
      payload: { status: this.to },
    });
    const from = order.last.status;
    // "refunded" moves money: there must be some left to give back.
    // A processing order with a parcel out cannot be cancelled any more (refunded instead).
    const allowed =
      canTransition(from, this.to) &&
      (this.to !== "refunded" || paidLeft(order) > 0) &&
      (this.to !== "cancelled" || from !== "processing" || order.last.shipments.length === 0);
    // A collected COD order refunded by its status has no reference for the money's way back: 400.
    const expected = !allowed ? 409 : this.to === "refunded" && order.cod ? 400 : 200;
    expect(answer.statusCode, `${from} → ${this.to}: ${answer.body}`).toBe(expected);
    if (expected === 200 && this.to === "shipped") order.invoiced = true;
    if (expected === 200 && this.to === "refunded") {
      // Each tender back to where it came from: the provider's part left to the payment, the rest to credit.
      const left = paidLeft(order);
      gaveBack(order, left, left - Math.min(left, Math.max(0, providerLeft(order))));
      // Everything the invoice still holds, by the goods: every unit left, shipping and the fee.
      const units = byId(order)
        .filter((line) => line.left.quantity > 0)
        .map((line) => ({ line: line.id, quantity: line.left.quantity }));
      const whole = creditByUnits(order, units, {
        shipping: totalOf(order.shippingLeft) > 0,
        codFee: totalOf(order.codFeeLeft) > 0,
      });
      if (whole.total === paidLeft(order)) applyUnits(order, units, whole);
      else creditByAmount(order, paidLeft(order));
    }
    order.last = await read(order.id, r);
  }
  toString = () => `status(${this.pick}, ${this.to})`;
}

async function read(id: string, r: Real): Promise<OrderDto> {
  const answer = await inject(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: r.admin.cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as OrderDto;
}

/** The report's figures as the model works them out from every order's invoice and credit notes. */
function expectedReport() {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const invoiced = book.filter((order) => order.invoiced);
  const credits = book.flatMap((order) => order.credits);
  const lines = invoiced.flatMap((order) => order.lines);
  const charged = [
    ...lines,
    ...invoiced.map((order) => order.shipping),
    ...invoiced.map((order) => order.codFee),
  ].reduce(add, none());
  const credited = credits
    .map((credit) => add(add(credit.goods, credit.shipping), credit.codFee))
    .reduce(add, none());
  // A value before GST in the sales figures holds its round off (what the price held beyond the GST).
  const value = (charge: Charge) => charge.taxable + charge.outside;
  const gross = sum(lines.map((line) => value(line) + line.saleBefore + line.codeBefore));
  const saleDiscounts = sum(lines.map((line) => line.saleBefore));
  const codeDiscounts = sum(lines.map((line) => line.codeBefore));
  const returns = sum(credits.map((credit) => value(credit.goods)));
  const taken = book.filter((order) => order.taken > 0);
  return {
    grossSales: gross,
    saleDiscounts,
    codeDiscounts,
    discounts: saleDiscounts + codeDiscounts,
    returns,
    netSales: gross - saleDiscounts - codeDiscounts - returns,
    shipping:
      sum(invoiced.map((order) => value(order.shipping))) - sum(credits.map((c) => value(c.shipping))),
    tax: {
      cgst: charged.cgst - credited.cgst,
      sgst: charged.sgst - credited.sgst,
      igst: charged.igst - credited.igst,
    },
    taxInvoiced: taxOf(charged),
    taxCredited: taxOf(credited),
    codFees:
      sum(invoiced.map((order) => value(order.codFee))) - sum(credits.map((credit) => value(credit.codFee))),
    totalSales: sum(invoiced.map((order) => order.total)) - sum(credits.map((credit) => credit.total)),
    paymentsTaken: sum(taken.map((order) => order.taken)),
    refunds: sum(book.map((order) => order.refunded)),
    chargebacks: outside.chargebacks,
    netPayments:
      sum(taken.map((order) => order.taken)) - sum(book.map((order) => order.refunded)) - outside.chargebacks,
    ordersPlaced: book.length,
    ordersPaid: taken.length,
    units: sum(lines.map((line) => line.quantity)) - sum(credits.map((credit) => credit.units)),
  };
}

/** The figures every owner's page must agree on, checked against the model and the rows of the database. */
async function checkMoney(r: Real) {
  const db = t.database.db;
  const today = shopDay(new Date());
  const answer = await inject(t.app, {
    method: "GET",
    // Every document and payment of the run is dated today; the day before is there for a run across midnight.
    url: `/api/reports/sales?from=${shiftDay(today, -1)}&to=${today}`,
    cookie: r.admin.cookie,
  });
  expect(answer.statusCode).toBe(200);
  const report = answer.json().data as SalesReportDto;
  const expected = expectedReport();
  expect({
    grossSales: cents(report.grossSales),
    saleDiscounts: cents(report.saleDiscounts),
    codeDiscounts: cents(report.codeDiscounts),
    discounts: cents(report.discounts),
    returns: cents(report.returns),
    netSales: cents(report.netSales),
    shipping: cents(report.shipping),
    tax: { cgst: cents(report.tax.cgst), sgst: cents(report.tax.sgst), igst: cents(report.tax.igst) },
    taxInvoiced: cents(report.taxInvoiced),
    taxCredited: cents(report.taxCredited),
    codFees: cents(report.codFees),
    totalSales: cents(report.totalSales),
    paymentsTaken: cents(report.paymentsTaken),
    refunds: cents(report.refunds),
    chargebacks: cents(report.chargebacks),
    netPayments: cents(report.netPayments),
    ordersPlaced: report.ordersPlaced,
    ordersPaid: report.ordersPaid,
    units: report.units,
  }).toEqual(expected);
  // Total sales are what the documents charged: net sales + shipping + GST + COD fees.
  expect(expected.totalSales).toBe(
    expected.netSales +
      expected.shipping +
      expected.tax.cgst +
      expected.tax.sgst +
      expected.tax.igst +
      expected.codFees,
  );
  // The money and the documents differ only by the COD orders whose goods left before their cash came.
  const toCollectCents = book
    .filter((order) => order.invoiced && order.taken === 0)
    .reduce((sum, order) => sum + order.total, 0);
  expect(expected.paymentsTaken - expected.refunds).toBe(expected.totalSales - toCollectCents);
  const byDay = report.byDay.reduce(
    (sum, day) => ({ net: sum.net + cents(day.netSales), total: sum.total + cents(day.totalSales) }),
    { net: 0, total: 0 },
  );
  expect(byDay).toEqual({ net: expected.netSales, total: expected.totalSales });
  // Each category (one per rate) nets what its invoiced lines still hold after their credit notes.
  const kept = (rate: number) => {
    const lines = book.filter((order) => order.invoiced).flatMap((order) => order.lines);
    const ofRate = lines.filter((line) => line.good.rate === rate);
    return {
      netSales: ofRate.reduce((sum, line) => sum + line.left.taxable + line.left.outside, 0),
      units: ofRate.reduce((sum, line) => sum + line.left.quantity, 0),
    };
  };
  const category = (name: string) => {
    const row = report.byCategory.find((candidate) => candidate.name === name);
    return { netSales: cents(row?.netSales ?? 0), units: row?.units ?? 0 };
  };
  expect({ shirts: category("Model shirts"), kurtas: category("Model kurtas") }).toEqual({
    shirts: kept(18),
    kurtas: kept(5),
  });

  // The invoices issued are the model's.
  const numbered = await db.execute<{ id: string }>(
    sql`select id from orders where invoice_number is not null order by id`,
  );
  expect(numbered.rows.map((row) => row.id)).toEqual(
    book
      .filter((order) => order.invoiced)
      .map((order) => order.id)
      .sort(),
  );
  // Every invoice line is the model's, CGST = SGST on each; what its credit notes gave back is the
  // model's, never more units, value or tax than the line charged, CGST = SGST on each credit note line.
  const items = await db.execute<{
    id: string;
    rate: string;
    quantity: number;
    taxable: string;
    cgst: string;
    sgst: string;
    igst: string;
    outside: string;
    backUnits: number;
    backTaxable: string;
    backCgst: string;
    backSgst: string;
    backIgst: string;
    backOutside: string;
  }>(sql`
    select i.id, i.tax_rate::text as rate, i.quantity, i.taxable_value::text as taxable, i.cgst::text,
      i.sgst::text, i.igst::text, i.round_off::text as outside,
      coalesce(sum(l.quantity), 0)::int as "backUnits", coalesce(sum(l.taxable_value), 0)::text as "backTaxable",
      coalesce(sum(l.cgst), 0)::text as "backCgst", coalesce(sum(l.sgst), 0)::text as "backSgst",
      coalesce(sum(l.igst), 0)::text as "backIgst", coalesce(sum(l.outside_gst), 0)::text as "backOutside"
    from order_items i
    left join refund_lines l on l.item_id = i.id and l.kind = 'goods'
      and exists (select 1 from refunds f where f.id = l.refund_id and f.status = 'completed')
    group by i.id order by i.id`);
  const modelLines = new Map(book.flatMap((order) => order.lines.map((line) => [line.id, line] as const)));
  for (const row of items.rows) {
    const line = modelLines.get(row.id);
    if (!line) throw new Error(`an order line the model does not know: ${row.id}`);
    const charged = {
      taxable: cents(Number(row.taxable)),
      cgst: cents(Number(row.cgst)),
      sgst: cents(Number(row.sgst)),
      igst: cents(Number(row.igst)),
      outside: cents(Number(row.outside)),
    };
    expect({ rate: Number(row.rate), quantity: row.quantity, ...charged }, `line ${row.id}`).toEqual({
      rate: line.good.rate,
      quantity: line.quantity,
      taxable: line.taxable,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
      outside: line.outside,
    });
    expect(charged.cgst, `line ${row.id}`).toBe(charged.sgst);
    const back = {
      quantity: row.backUnits,
      taxable: cents(Number(row.backTaxable)),
      cgst: cents(Number(row.backCgst)),
      sgst: cents(Number(row.backSgst)),
      igst: cents(Number(row.backIgst)),
      outside: cents(Number(row.backOutside)),
    };
    expect(back, `credited of line ${row.id}`).toEqual({
      quantity: line.quantity - line.left.quantity,
      ...less(line, line.left),
    });
    for (const key of ["quantity", "taxable", "cgst", "sgst", "igst"] as const)
      expect(back[key], `${key} credited of line ${row.id}`).toBeLessThanOrEqual(
        key === "quantity" ? line.quantity : charged[key],
      );
  }
  const unequal = await db.execute<{ id: string }>(
    sql`select refund_id as id from refund_lines where cgst <> sgst
      union all select id from orders where shipping_cgst <> shipping_sgst or cod_fee_cgst <> cod_fee_sgst`,
  );
  expect(unequal.rows).toEqual([]);
  await checkRule();
  // The tables again whenever a document was issued since they were last found the model's.
  const issued = JSON.stringify([
    book.filter((order) => order.invoiced).length,
    book.reduce((sum, order) => sum + order.credits.length, 0),
  ]);
  if (issued !== tablesChecked) {
    await checkTables(r);
    tablesChecked = issued;
  }

  // The payments: each one's refunds add up to its refunded amount, never past what it took.
  const payments = await db.execute<{
    id: string;
    status: string;
    amount: string;
    refunded: string;
    given: string;
  }>(
    sql`select p.id, p.status, p.amount::text, p.refunded_amount::text as refunded,
          coalesce((select sum(f.amount) from refunds f where f.payment_id = p.id and f.status = 'completed'), 0)::text as given
        from payments p`,
  );
  for (const payment of payments.rows) {
    const amount = cents(Number(payment.amount));
    const refunded = cents(Number(payment.refunded));
    expect(refunded, `payment ${payment.id}`).toBe(cents(Number(payment.given)));
    expect(refunded).toBeLessThanOrEqual(amount);
    const state =
      payment.status === "pending" || payment.status === "failed"
        ? payment.status
        : refunded === 0
          ? "completed"
          : refunded < amount
            ? "partially_refunded"
            : "refunded";
    expect(payment.status, `payment ${payment.id}`).toBe(state);
  }

  // No line had more units restocked than it sold, by its refunds and its returns' parcels together.
  const over = await db.execute<{ id: string }>(sql`
    select i.id from order_items i
    where i.quantity < coalesce((select sum((x ->> 'quantity')::int) from refunds f
      cross join lateral jsonb_array_elements(f.restock) x
      where f.order_id = i.order_id and f.status = 'completed' and x ->> 'itemId' = i.id), 0)
      + coalesce((select sum(l.restocked) from order_return_lines l where l.item_id = i.id), 0)`);
  expect(over.rows).toEqual([]);
  // No line shipped more units than it sold, nor had more asked back than was delivered.
  const beyond = await db.execute<{ id: string }>(sql`
    select i.id from order_items i
    where i.quantity < coalesce((select sum(l.quantity) from order_shipment_lines l where l.item_id = i.id), 0)
      or coalesce((select sum(l.quantity) from order_shipment_lines l join order_shipments s on s.id = l.shipment_id
          where l.item_id = i.id and s.delivered_at is not null), 0)
        < coalesce((select sum(l.quantity) from order_return_lines l join order_returns x on x.id = l.return_id
          where l.item_id = i.id and x.status <> 'rejected'), 0)`);
  expect(beyond.rows).toEqual([]);
  // A refunded return names a completed refund of its amount.
  const unpaid = await db.execute<{ id: string }>(sql`
    select x.id from order_returns x left join refunds f on f.id = x.refund_id
    where x.status = 'refunded' and (f.status is distinct from 'completed' or f.amount <> x.amount)`);
  expect(unpaid.rows).toEqual([]);

  // Each payment's tenders add up to its amount, the store credit's part the order's credit used; the
  // database holds the model's credit used, what went to credit and each shopper's balance.
  for (const order of book) {
    const payment = order.last.payment;
    if (!payment || payment.status === "pending" || payment.status === "failed") continue;
    const parts = payment.tenders.map((tender) => ({ kind: tender.kind, amount: cents(tender.amount) }));
    expect(
      parts.reduce((sum, part) => sum + part.amount, 0),
      `the tenders of ${order.id}`,
    ).toBe(cents(payment.amount));
    expect(
      parts.filter((part) => part.kind === "store_credit").reduce((sum, part) => sum + part.amount, 0),
      `the credit tender of ${order.id}`,
    ).toBe(order.creditUsed);
  }
  const credited = await db.execute<{ id: string; used: string; toCredit: string }>(sql`
    select o.id, o.store_credit_used::text as used,
      coalesce((select sum(f.store_credit_amount) from refunds f where f.order_id = o.id and f.status = 'completed'), 0)::text as "toCredit"
    from orders o order by o.id`);
  const byOrder = new Map(book.map((order) => [order.id, order] as const));
  expect(
    credited.rows.map((row) => ({
      id: row.id,
      used: cents(Number(row.used)),
      toCredit: cents(Number(row.toCredit)),
    })),
  ).toEqual(
    credited.rows.map((row) => ({
      id: row.id,
      used: byOrder.get(row.id)?.creditUsed,
      toCredit: byOrder.get(row.id)?.toCredit,
    })),
  );
  const balances = await db.execute<{ id: string; balance: string }>(
    sql`select id, store_credit::text as balance from users where id in (${sql.join(
      r.shoppers.map((shopper) => sql`${shopper.caller.user.id}`),
      sql`, `,
    )})`,
  );
  expect(
    r.shoppers.map((shopper) =>
      cents(Number(balances.rows.find((row) => row.id === shopper.caller.user.id)?.balance)),
    ),
  ).toEqual(outside.balances);

  // Every second payment is unmatched, refunded once at Razorpay in full (paise), and no payment of its order.
  const unmatched = await db.execute<{ providerPaymentId: string; amount: string; state: string }>(sql`
    select provider_payment_id as "providerPaymentId", amount::text, state from unmatched_payments`);
  expect(unmatched.rows).toHaveLength(outside.unmatched);
  for (const row of unmatched.rows) {
    expect(row.state, row.providerPaymentId).toBe("refunded");
    const back = [...fake.refunds.values()].filter((refund) => refund.payment_id === row.providerPaymentId);
    expect(
      back.map((refund) => ({ amount: refund.amount, status: refund.status })),
      row.providerPaymentId,
    ).toEqual([{ amount: cents(Number(row.amount)), status: "processed" }]);
    expect(fake.payments.get(row.providerPaymentId)?.amount).toBe(cents(Number(row.amount)));
  }
}

/**
 * Every invoice row in the database (goods lines, taxed charges) holds tax = round(rate × taxable),
 * CGST = SGST = round(taxable × rate / 200) each within the state; a credit note row too, within a
 * paisa a part (a line's last part takes exactly what is left of it). Each order's charges and round
 * off are the model's.
 */
async function checkRule() {
  const db = t.database.db;
  const rows = await db.execute<{
    kind: string;
    id: string;
    rate: string;
    taxable: string;
    cgst: string;
    sgst: string;
    igst: string;
  }>(sql`
    select 'invoice' as kind, i.id, i.tax_rate::text as rate, i.taxable_value::text as taxable, i.cgst::text, i.sgst::text, i.igst::text
    from order_items i
    union all select 'invoice', o.id, o.shipping_tax_rate::text, o.shipping_taxable::text, o.shipping_cgst::text,
      o.shipping_sgst::text, o.shipping_igst::text from orders o where o.shipping_taxable <> 0
    union all select 'invoice', o.id, o.cod_fee_tax_rate::text, o.cod_fee_taxable::text, o.cod_fee_cgst::text,
      o.cod_fee_sgst::text, o.cod_fee_igst::text from orders o where o.cod_fee_taxable <> 0
    union all select 'credit', l.refund_id, l.rate::text, l.taxable_value::text, l.cgst::text, l.sgst::text, l.igst::text
    from refund_lines l where l.taxable_value <> 0`);
  for (const found of rows.rows) {
    const rate = Number(found.rate);
    const taxable = cents(Number(found.taxable));
    const [cgst = 0, sgst = 0, igst = 0] = [found.cgst, found.sgst, found.igst].map((v) => cents(Number(v)));
    const within =
      cgst > 0 ||
      sgst > 0 ||
      (igst === 0 && roundDiv(taxable * rate, 100) > 0 && roundDiv(taxable * rate, 200) === 0);
    const wanted = within
      ? [roundDiv(taxable * rate, 200), roundDiv(taxable * rate, 200), 0]
      : [0, 0, roundDiv(taxable * rate, 100)];
    const off = Math.max(...[cgst, sgst, igst].map((part, i) => Math.abs(part - (wanted[i] ?? 0))));
    expect(off, `${found.kind} ${found.id}: ${JSON.stringify(found)}`).toBeLessThanOrEqual(
      found.kind === "invoice" ? 0 : 1,
    );
  }
  const orders = await db.execute<Record<string, string>>(sql`
    select id, shipping_taxable::text as "shippingTaxable", shipping_cgst::text as "shippingCgst",
      shipping_sgst::text as "shippingSgst", shipping_igst::text as "shippingIgst",
      cod_fee_taxable::text as "codTaxable", cod_fee_cgst::text as "codCgst", cod_fee_sgst::text as "codSgst",
      cod_fee_igst::text as "codIgst", round_off::text as "roundOff", charges_taxed::text as "chargesTaxed"
    from orders`);
  for (const order of book) {
    const found = orders.rows.find((candidate) => candidate.id === order.id);
    const c = (key: string) => cents(Number(found?.[key]));
    const gst = (charge: Charge) => ({
      taxable: charge.taxable,
      cgst: charge.cgst,
      sgst: charge.sgst,
      igst: charge.igst,
    });
    const roundOff =
      order.lines.reduce((sum, line) => sum + line.outside, 0) +
      [order.shipping, order.codFee].reduce((sum, charge) => sum + (isTaxed(charge) ? charge.outside : 0), 0);
    expect(
      {
        charges: found?.chargesTaxed === "true",
        shipping: {
          taxable: c("shippingTaxable"),
          cgst: c("shippingCgst"),
          sgst: c("shippingSgst"),
          igst: c("shippingIgst"),
        },
        codFee: { taxable: c("codTaxable"), cgst: c("codCgst"), sgst: c("codSgst"), igst: c("codIgst") },
        roundOff: c("roundOff"),
      },
      `the charges of ${order.id}`,
    ).toEqual({ charges: order.charges, shipping: gst(order.shipping), codFee: gst(order.codFee), roundOff });
  }
}

/** The documents (invoices, credit notes) the GST tables were last found to hold. */
let tablesChecked = "";

/** GSTR-1's limit for B2CL: inter-state invoices to unregistered buyers above ₹1 lakh (cents). */
const B2CL_ABOVE = 1_00_000_00;

/**
 * The GSTR-1 tables and GSTR-3B 3.1(a) are the model's documents summed: every taxed row of the
 * invoices (goods, and the charges taxed with them) less the credit notes', B2CS by place of supply
 * and rate, B2CL and CDNUR (the shoppers give no GSTIN) by rate, the HSN summary by rate with units.
 */
async function checkTables(r: Real) {
  const today = shopDay(new Date());
  const months = [...new Set([shiftDay(today, -1), today].map((day) => day.slice(0, 7)))];
  type Sums = { taxable: number; igst: number; cgst: number; sgst: number };
  const zero = (): Sums => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
  const into = (map: Map<string, Sums & { units?: number }>, key: string, charge: Charge, sign: number) => {
    const sums = map.get(key) ?? zero();
    map.set(key, {
      ...sums,
      taxable: sums.taxable + sign * charge.taxable,
      igst: sums.igst + sign * charge.igst,
      cgst: sums.cgst + sign * charge.cgst,
      sgst: sums.sgst + sign * charge.sgst,
    });
  };
  const expected = {
    b2cs: new Map<string, Sums>(),
    b2cl: new Map<string, Sums>(),
    cdnur: new Map<string, Sums>(),
    hsn: new Map<string, Sums>(),
  };
  const units = new Map<number, number>();
  for (const order of book.filter((candidate) => candidate.invoiced)) {
    const place = order.intra ? "27-Maharashtra" : "29-Karnataka";
    const b2cl = !order.intra && order.total > B2CL_ABOVE;
    const rows = [
      ...order.lines.map((line) => ({ rate: line.good.rate, charge: line as Charge, units: line.quantity })),
      ...[order.shipping, order.codFee]
        .filter(isTaxed)
        .map((charge) => ({ rate: order.topRate, charge, units: 0 })),
    ];
    for (const row of rows) {
      into(
        b2cl ? expected.b2cl : expected.b2cs,
        b2cl ? `${row.rate}` : `${place}|${row.rate}`,
        row.charge,
        1,
      );
      into(expected.hsn, `${row.rate}`, row.charge, 1);
      units.set(row.rate, (units.get(row.rate) ?? 0) + row.units);
    }
    for (const credit of order.credits)
      for (const row of credit.rows) {
        if (b2cl) into(expected.cdnur, `${row.rate}`, row.charge, 1);
        else into(expected.b2cs, `${place}|${row.rate}`, row.charge, -1);
        into(expected.hsn, `${row.rate}`, row.charge, -1);
        units.set(row.rate, (units.get(row.rate) ?? 0) - row.units);
      }
  }
  const found = {
    b2cs: new Map<string, Sums>(),
    b2cl: new Map<string, Sums>(),
    cdnur: new Map<string, Sums>(),
    hsn: new Map<string, Sums>(),
  };
  const foundUnits = new Map<number, number>();
  const gstr3b = zero();
  type Money = { rate: number; taxableValue: number; igst: number; cgst: number; sgst: number };
  const asCharge = (row: Money): Charge => ({
    taxable: cents(row.taxableValue),
    igst: cents(row.igst),
    cgst: cents(row.cgst),
    sgst: cents(row.sgst),
    outside: 0,
  });
  for (const month of months) {
    const answer = await inject(t.app, {
      method: "GET",
      url: `/api/reports/gst?month=${month}`,
      cookie: r.admin.cookie,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().data as {
      b2cs: (Money & { placeOfSupply: string })[];
      b2cl: Money[];
      cdnur: Money[];
      hsn: (Money & { quantity: number })[];
      gstr3b: Omit<Money, "rate">;
    };
    for (const row of report.b2cs) into(found.b2cs, `${row.placeOfSupply}|${row.rate}`, asCharge(row), 1);
    for (const row of report.b2cl) into(found.b2cl, `${row.rate}`, asCharge(row), 1);
    for (const row of report.cdnur) into(found.cdnur, `${row.rate}`, asCharge(row), 1);
    for (const row of report.hsn) {
      into(found.hsn, `${row.rate}`, asCharge(row), 1);
      foundUnits.set(row.rate, (foundUnits.get(row.rate) ?? 0) + row.quantity);
    }
    const sums = asCharge({ ...report.gstr3b, rate: 0 });
    gstr3b.taxable += sums.taxable;
    gstr3b.igst += sums.igst;
    gstr3b.cgst += sums.cgst;
    gstr3b.sgst += sums.sgst;
  }
  const nonZero = (map: Map<string, Sums>) =>
    Object.fromEntries(
      [...map]
        .filter(([, sums]) => Object.values(sums).some((v) => v !== 0))
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  for (const table of ["b2cs", "b2cl", "cdnur", "hsn"] as const)
    expect(nonZero(found[table]), `GSTR-1 ${table}`).toEqual(nonZero(expected[table]));
  const nonZeroUnits = (map: Map<number, number>) =>
    Object.fromEntries([...map].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b));
  expect(nonZeroUnits(foundUnits), "GSTR-1 hsn units").toEqual(nonZeroUnits(units));
  const taxedRates = [...expected.hsn].filter(([rate]) => Number(rate) > 0).map(([, sums]) => sums);
  expect(gstr3b, "GSTR-3B 3.1(a)").toEqual(
    taxedRates.reduce(
      (sum, sums) => ({
        taxable: sum.taxable + sums.taxable,
        igst: sum.igst + sums.igst,
        cgst: sum.cgst + sums.cgst,
        sgst: sum.sgst + sums.sgst,
      }),
      zero(),
    ),
  );
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Runs the command, then checks the money. */
function checked(command: fc.AsyncCommand<Model, Real>): fc.AsyncCommand<Model, Real> {
  return {
    check: (model) => command.check(model),
    run: async (model, r) => {
      await command.run(model, r);
      await checkMoney(r);
    },
    toString: () => command.toString(),
  };
}

const commands = [
  fc
    .tuple(
      fc.integer({ min: 0, max: 1 }),
      fc.array(
        fc.record({ product: fc.integer({ min: 0, max: 5 }), quantity: fc.integer({ min: 1, max: 4 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      fc.boolean(),
    )
    .map(([shopper, lines, code]) => checked(new Place(shopper, lines, code))),
  fc
    .tuple(fc.boolean(), fc.boolean())
    .map(([included, charges]) => checked(new SetPricing(included, charges))),
  fc.nat(20).map((pick) => checked(new Pay(pick))),
  fc.nat(20).map((pick) => checked(new PayOnDelivery(pick))),
  fc
    .tuple(fc.nat(20), fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.boolean())
    .map(([pick, share, whole]) => checked(new PayWithCredit(pick, share, whole))),
  fc.nat(20).map((pick) => checked(new SecondPayment(pick))),
  fc
    .tuple(
      fc.nat(20),
      fc.double({ min: 0.05, max: 1, noNaN: true }),
      fc.constantFrom("lost", "won") as fc.Arbitrary<Dispute["outcome"]>,
    )
    .map(([pick, share, outcome]) => checked(new Dispute(pick, share, outcome))),
  fc.nat(20).map((pick) => checked(new Collect(pick))),
  fc
    .tuple(fc.nat(20), fc.nat(3), fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.boolean())
    .map(([pick, line, units, shipping, restock]) =>
      checked(new RefundUnits(pick, line, units, shipping, restock)),
    ),
  fc
    .tuple(fc.nat(20), fc.double({ min: 0.05, max: 1, noNaN: true }))
    .map(([pick, share]) => checked(new Goodwill(pick, share))),
  fc
    .tuple(
      fc.nat(20),
      fc.constantFrom("shipped", "delivered", "cancelled", "refunded") as fc.Arbitrary<SetStatus["to"]>,
    )
    .map(([pick, to]) => checked(new SetStatus(pick, to))),
  fc
    .tuple(fc.nat(20), fc.oneof(fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.constant(1)))
    .map(([pick, share]) => checked(new Ship(pick, share))),
  fc.nat(20).map((pick) => checked(new Deliver(pick))),
  fc
    .tuple(fc.nat(20), fc.integer({ min: 1, max: 3 }))
    .map(([pick, units]) => checked(new AskReturn(pick, units))),
  fc
    .tuple(fc.nat(20), fc.constantFrom(...(Object.keys(RETURN_STEPS) as ReturnAction[])))
    .map(([pick, action]) => checked(new MoveReturn(pick, action))),
];

describe("the money figures", () => {
  it("are the model's with the charges taxed, at awkward prices including GST, after every step", async () => {
    // The same checks after each step of a fixed story (the property below draws the charges' taxing too).
    const steps = [
      // The charges taxed with the goods (decision 047), on top of the prices: shipping and the COD
      // fee at 18% on a cash on delivery order, shipped, collected, a unit given back with both.
      new SetPricing(false, true),
      new Place(
        0,
        [
          { product: 0, quantity: 1 },
          { product: 2, quantity: 1 },
        ],
        false,
      ),
      new PayOnDelivery(-1),
      new Ship(-1, 1),
      new Collect(-1),
      new RefundUnits(-1, 0, 1, true, false),
      // Within prices that include GST: two ₹1,200 belts across states, one given back with the taxed
      // shipping; a belt (a paisa of round off within the state) and a ₹25,000 saree, a line back;
      // five sarees across states, past B2CL's limit, two back (CDNUR).
      new SetPricing(true, true),
      new Place(1, [{ product: 4, quantity: 2 }], false),
      new Pay(-1),
      new RefundUnits(-1, 0, 1, true, true),
      new Place(
        0,
        [
          { product: 4, quantity: 1 },
          { product: 5, quantity: 1 },
        ],
        false,
      ),
      new Pay(-1),
      new RefundUnits(-1, 0, 1, false, false),
      new Place(1, [{ product: 5, quantity: 5 }], false),
      new Pay(-1),
      new RefundUnits(-1, 0, 2, false, false),
      new SetPricing(false, false),
    ].map(checked);
    await fc.asyncModelRun(() => ({ model: { orders: [] }, real }), steps);
    // Each kind of charge and document did occur: charges on top and within prices, the COD fee taxed,
    // taxed shipping given back, a round off, an invoice in B2CL.
    const done = await t.database.db.execute<Record<string, number>>(sql`
      select
        (select count(*)::int from orders where charges_taxed and not prices_include_tax and shipping_taxable > 0) as "chargesOnTop",
        (select count(*)::int from orders where charges_taxed and prices_include_tax and shipping_taxable > 0) as "chargesWithin",
        (select count(*)::int from orders where cod_fee_taxable > 0) as "codFeeTaxed",
        (select count(*)::int from refund_lines where kind = 'shipping' and taxable_value > 0) as "shippingCredited",
        (select count(*)::int from refund_lines where kind = 'cod_fee' and taxable_value > 0) as "codFeeCredited",
        (select count(*)::int from order_items where round_off <> 0) as "roundOff",
        (select count(*)::int from orders where supply_type = 'inter-state' and total_amount > 100000
          and invoice_number is not null) as "b2cl"`);
    for (const [kind, count] of Object.entries(done.rows[0] ?? {})) expect(count, kind).toBeGreaterThan(0);
  }, 120_000);

  it("are the model's, worked out from the lines, after every step of shoppers' and staff's work", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12, size: "medium" }), async (steps) => {
        // Each run starts from orders that move money every way whatever steps fast-check draws after:
        // within the state with the code and prices on top, a unit of its first line given back and
        // restocked; across states, everything back by the status; with prices including GST, one order
        // each way, the first given goodwill; a cash on delivery order shipped whole (its invoice), its
        // cash collected, delivered, and a unit returned and refunded by the reference.
        const start = [
          new SetPricing(false),
          new Place(
            0,
            [
              { product: 0, quantity: 2 },
              { product: 2, quantity: 1 },
            ],
            true,
          ),
          new Pay(0),
          new RefundUnits(0, 0, 1, false, true),
          new Place(
            1,
            [
              { product: 1, quantity: 3 },
              { product: 3, quantity: 2 },
              { product: 2, quantity: 3 },
            ],
            false,
          ),
          new Pay(0),
          new SetStatus(1, "refunded"),
          new SetPricing(true),
          new Place(
            0,
            [
              { product: 0, quantity: 1 },
              { product: 1, quantity: 2 },
            ],
            true,
          ),
          new Pay(0),
          new Goodwill(1, 0.3),
          new Place(
            1,
            [
              { product: 0, quantity: 3 },
              { product: 3, quantity: 1 },
            ],
            true,
          ),
          new Pay(0),
          // A cash on delivery order: invoiced when shipped, in the money only when collected.
          new Place(0, [{ product: 2, quantity: 2 }], false),
          new PayOnDelivery(0),
          new Ship(4, 1),
          new Collect(0),
          new Deliver(0),
          new AskReturn(0, 1),
          new MoveReturn(0, "approve"),
          new MoveReturn(0, "receive"),
          new MoveReturn(0, "refund"),
          // Half from store credit and the rest by Razorpay, shipped and delivered: a unit returned and
          // refunded to the payment (within what Razorpay took), goodwill too, then the status "refunded"
          // splits the rest (what Razorpay has left back to it, the credit's part to credit).
          new Place(1, [{ product: 0, quantity: 2 }], false),
          new PayWithCredit(-1, 0.5, false),
          new Ship(-1, 1),
          new Deliver(-1),
          new AskReturn(-1, 1),
          new MoveReturn(0, "approve"),
          new MoveReturn(0, "receive"),
          new MoveReturn(0, "refund"),
          new Goodwill(-1, 0.1),
          new SetStatus(-1, "refunded"),
          // All from credit: goodwill and a unit, restocked, back to credit.
          new Place(
            0,
            [
              { product: 1, quantity: 1 },
              { product: 2, quantity: 2 },
            ],
            false,
          ),
          new PayWithCredit(-1, 1, true),
          new Goodwill(-1, 0.5),
          new RefundUnits(-1, 1, 1, false, true),
          // 30% from credit: every unit, shipping too, back, past what Razorpay took: split in one refund.
          new Place(0, [{ product: 0, quantity: 3 }], false),
          new PayWithCredit(-1, 0.3, false),
          new RefundUnits(-1, 0, 3, true, true),
          // A second payment of a paid order refunded as unmatched, a dispute lost and one won.
          new SecondPayment(0),
          new Dispute(0, 0.4, "lost"),
          new Dispute(0, 1, "won"),
        ].map(checked);
        await fc.asyncModelRun(() => ({ model: { orders: [] }, real }), [...start, ...steps]);
      }),
      // A fixed seed by default, so that CI runs the same steps each time; MODEL_SEED and MODEL_RUNS explore.
      {
        seed: Number(process.env.MODEL_SEED ?? 20_261_126),
        numRuns: Number(process.env.MODEL_RUNS ?? 10),
      },
    );
    // The runs did move money every way: both rates both ways, partial and whole credit notes, goodwill,
    // units restocked, cash collected, parcels delivered, returns refunded, codes and both pricings used;
    // Razorpay payments, store credit in part and in whole, refunds split between the payment and credit,
    // second payments refunded as unmatched, disputes lost and won.
    const done = await t.database.db.execute<Record<string, number>>(sql`
      select (select count(*)::int from payments where status <> 'pending') as "payments",
        (select count(*)::int from payments where status = 'partially_refunded') as "partial",
        (select count(*)::int from payments where status = 'refunded') as "whole",
        (select count(*)::int from refunds where restock <> '[]'::jsonb) as "restocked",
        (select count(*)::int from refund_lines where kind = 'goods' and quantity = 0) as "goodwill",
        (select count(*)::int from refund_lines where kind = 'goods' and quantity > 0 and cgst > 0) as "intraCredited",
        (select count(*)::int from refund_lines where kind = 'goods' and quantity > 0 and igst > 0) as "interCredited",
        (select count(*)::int from order_items where tax_rate = 5 and cgst > 0) as "intra5",
        (select count(*)::int from order_items where tax_rate = 18 and igst > 0) as "inter18",
        (select count(*)::int from orders where prices_include_tax) as "included",
        (select count(*)::int from orders where discount_code is not null) as "coded",
        (select count(*)::int from payments where payment_gateway = 'cod' and status <> 'pending') as "collected",
        (select count(*)::int from order_shipments where delivered_at is not null) as "delivered",
        (select count(*)::int from order_returns where status = 'refunded') as "returned",
        (select count(*)::int from payments where payment_gateway = 'razorpay' and status <> 'pending') as "razorpay",
        (select count(*)::int from payments p join orders o on o.id = p.order_id
          where p.payment_gateway = 'razorpay' and o.store_credit_used > 0) as "partCredit",
        (select count(*)::int from payments where payment_gateway = 'store_credit') as "allCredit",
        (select count(*)::int from refunds where status = 'completed' and store_credit_amount > 0
          and store_credit_amount < amount) as "split",
        (select count(*)::int from unmatched_payments where state = 'refunded') as "unmatched",
        (select count(*)::int from disputes where state = 'lost') as "lost",
        (select count(*)::int from disputes where state = 'won') as "won"`);
    for (const [kind, count] of Object.entries(done.rows[0] ?? {})) expect(count, kind).toBeGreaterThan(0);
  }, 240_000);
});
