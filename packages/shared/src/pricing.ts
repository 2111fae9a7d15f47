/**
 * Pricing rules of SPEC section 9, with the owner's tax rates and shipping methods (docs/design.md
 * section 8). Amounts come in and go out in the shop's currency with at most two decimals; every sum
 * inside is done in integer cents (paise) so that no float error leaks.
 */
import { type DiscountType, FREE_SHIPPING_ABOVE, SHIPPING_FEE, TAX_PERCENT } from "./constants";

export type { DiscountType };

export interface PricedInput {
  price: number;
  onSale: boolean;
  salePrice: number;
  quantity: number;
  /** Whether a discount code's `appliesTo` admits the line (all lines when left out). */
  eligible?: boolean;
  /** The line's GST rate in percent (the product's, else its category's, else the shop's): SPEC's 18% when left out. */
  taxRate?: number;
  /**
   * Rates by the value of a piece (GST 2.0's apparel and footwear: 5% up to 2,500, 18% above), ascending
   * `upTo`, the last null: when given, they choose the line's rate instead of `taxRate`.
   */
  taxSlabs?: readonly TaxSlab[] | null;
}

/** One slab of a rate by price: `rate` percent on a piece whose value is at most `upTo` (null: any value). */
export interface TaxSlab {
  upTo: number | null;
  rate: number;
}

/** What a discount code takes off, once its rules have let it apply (see `discountRefusal`). */
export interface DiscountTerms {
  type: DiscountType;
  /** Percent (1 to 100) for a percentage code, dollars off the eligible items for a fixed one. */
  value: number;
  /** Whether items already on sale get the discount too. */
  combinesWithSale: boolean;
}

export interface PricedLine {
  /** What one unit costs: the sale price when on sale, otherwise the price. */
  unitPrice: number;
  /** (price - salePrice) x quantity for an on-sale line, otherwise 0. */
  savedAmount: number;
  lineTotal: number;
  quantity: number;
  /** The line's share of a discount code's amount; the shares add up to `discountAmount`. */
  discountShare: number;
}

export interface PriceSummary {
  lines: PricedLine[];
  itemsPrice: number;
  discountPrice: number;
  /** What a discount code took off the items (0 without a code, and for a free-shipping code). */
  discountAmount: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/** Dollars to integer cents, rounding half away from zero. */
export function toCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** The price a shopper pays for one unit. */
export function unitPriceCents(item: Pick<PricedInput, "price" | "onSale" | "salePrice">): number {
  return item.onSale ? toCents(item.salePrice) : toCents(item.price);
}

/** What a shipping method charges: its price, nothing when the items come to more than `freeAbove`. */
export interface ShippingRate {
  price: number;
  /** Null: never free. */
  freeAbove: number | null;
}

/** SPEC's one rate: 80, free above 5000 (a fresh shop's "Standard" method). */
export const SPEC_SHIPPING: ShippingRate = { price: SHIPPING_FEE, freeAbove: FREE_SHIPPING_ABOVE };

export function shippingCents(
  itemsCents: number,
  itemCount: number,
  rate: ShippingRate = SPEC_SHIPPING,
): number {
  if (itemCount === 0) return 0;
  return rate.freeAbove !== null && itemsCents > toCents(rate.freeAbove) ? 0 : toCents(rate.price);
}

/** Within the seller's state (CGST + SGST, half each) or across states (IGST): IGST Act, section 10(1)(a). */
export type SupplyType = "intra-state" | "inter-state";

/** How the shop's prices carry GST: added on top of them (SPEC) or included in them; and the supply's split. */
export interface TaxTerms {
  pricesIncludeTax: boolean;
  /** Inter-state (all IGST) when left out. */
  supply?: SupplyType;
}

export const SPEC_TAXES: TaxTerms = { pricesIncludeTax: false };

/** A rate in hundredths of a percent (basis points), so that a rate such as 0.25% stays whole. */
function basisPoints(rate: number): number {
  return Math.round(rate * 100);
}

/**
 * The GST on `cents` at `rate` percent: added on top (rounded once), or the part of `cents` that is
 * tax when the amount includes it (`cents` less its value before tax, rounded once).
 */
export function gstCents(cents: number, rate: number, included: boolean): number {
  const bp = basisPoints(rate);
  if (!included) return Math.round((cents * bp) / 10_000);
  return cents - Math.round((cents * 10_000) / (10_000 + bp));
}

/** round(numerator / denominator) for whole numbers ≥ 0, half up, worked in BigInt so that no float rounds. */
function roundDiv(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * Half of a line's GST within the state (its CGST, and its SGST the same): rate/2 of the taxable value,
 * rounded to the cent. On top: round(value × rate / 200); within a price that includes the GST:
 * round(value × rate / (2 × (100 + rate))), the taxable value being what is left of the price.
 */
export function halfGstCents(cents: number, rate: number, included: boolean): number {
  const bp = BigInt(basisPoints(rate));
  const value = BigInt(cents);
  return included ? roundDiv(value * bp, 2n * (10_000n + bp)) : roundDiv(value * bp, 20_000n);
}

/**
 * The rate of a line whose rate goes by the value of a piece: the first slab that takes the piece's
 * value after its sale price and the code's share (`valueCents` is the line's, for `quantity` pieces).
 * With prices that include GST, the piece's value is taken out at the slab's own rate: the first slab
 * whose `upTo` ≥ value ÷ (1 + rate/100). Compared in whole numbers, so that 2,500.00 is in the slab
 * up to 2,500 and 2,500.01 is not.
 */
export function slabRate(
  valueCents: number,
  quantity: number,
  slabs: readonly TaxSlab[],
  included: boolean,
): number {
  const value = BigInt(valueCents) * 10_000n;
  const pieces = BigInt(Math.max(quantity, 1));
  for (const slab of slabs) {
    if (slab.upTo === null) return slab.rate;
    const scale = included ? 10_000n + BigInt(basisPoints(slab.rate)) : 10_000n;
    if (value <= BigInt(toCents(slab.upTo)) * pieces * scale) return slab.rate;
  }
  return slabs[slabs.length - 1]?.rate ?? TAX_PERCENT;
}

/**
 * Spreads `total` cents over parts in proportion to their (integer) weights, the cents left by rounding
 * down going to the largest remainders (then the earlier part), so that the parts add up to `total`.
 * NOTE: worked in integers (BigInt, as total × weight may pass 2^53): two remainders that are equal are
 * equal, where floats could tell them apart by their last bit.
 */
export function spreadCents(total: number, weights: readonly number[]): number[] {
  const base = weights.reduce((sum, weight) => sum + weight, 0);
  if (base <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const divisor = BigInt(base);
  const products = weights.map((weight) => BigInt(total) * BigInt(weight));
  const parts = products.map((product) => Number(product / divisor));
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  const order = products.map((product, i) => ({ i, rest: product % divisor }));
  order.sort((a, b) => (a.rest > b.rest ? -1 : a.rest < b.rest ? 1 : a.i - b.i));
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Whether a discount code may take something off this line. */
export function discountsLine(item: PricedInput, terms: DiscountTerms): boolean {
  return (item.eligible ?? true) && (terms.combinesWithSale || !item.onSale);
}

/**
 * Each line's share of a discount code, in cents: a percentage of each eligible line rounded per
 * line, or a fixed amount (at most the eligible items' total) spread over the eligible lines in
 * proportion to their totals, the cents left by rounding down going to the largest remainders.
 */
function discountShares(items: readonly PricedInput[], totals: readonly number[], terms: DiscountTerms) {
  const eligible = items.map((item) => discountsLine(item, terms));
  if (terms.type === "percentage")
    return totals.map((total, i) => (eligible[i] ? Math.round((total * terms.value) / 100) : 0));
  if (terms.type !== "fixed") return totals.map(() => 0);
  const base = totals.reduce((sum, total, i) => sum + (eligible[i] ? total : 0), 0);
  const off = Math.min(toCents(terms.value), base);
  if (off <= 0) return totals.map(() => 0);
  const exact = totals.map((total, i) => (eligible[i] ? (off * total) / base : 0));
  const shares = exact.map(Math.floor);
  let left = off - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, i) => ({ i, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    if (!eligible[i] || (shares[i] ?? 0) >= (totals[i] ?? 0)) continue;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * A line's GST: its rate (the slab chosen, for rates by price), its value before tax (after its
 * discounts), its tax, and the tax's split: CGST = SGST within the state (tax = their sum), IGST across.
 */
export interface LineTax {
  rate: number;
  taxableValue: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The GST of one rate over the order: the lines at that rate, and shipping when it is taxed at it. */
export interface RateTax extends LineTax {}

/** SPEC's summary with what the order and its invoice keep of the GST. */
export interface TaxedSummary extends PriceSummary {
  /** The prices (items and shipping) include the GST: it is part of `totalPrice`, not added to it. */
  taxIncluded: boolean;
  /** Each line's GST, as `lines` (the tax of one rate shared among its lines by value). */
  lineTaxes: LineTax[];
  /**
   * The GST within the shipping price, at the highest rate among the lines: only when prices include
   * tax (added on top, SPEC taxes the items alone). Part of `taxPrice`.
   */
  shippingTax: number;
  shippingTaxRate: number;
  /** `shippingTax` split as the lines' (CGST = SGST within the state, else IGST). */
  shippingCgst: number;
  shippingSgst: number;
  shippingIgst: number;
  /** The GST by rate, lowest rate first, shipping's counted in its rate. */
  taxes: RateTax[];
  /** The split the GST was worked out for. */
  supply: SupplyType;
}

/**
 * Prices a cart or an order with the shop's taxes: the same function runs in the browser and on the
 * server. Sale prices first, then a discount code's share of each eligible line, then each line's GST
 * on the discounted items (rounded once per rate, then shared among that rate's lines), then the
 * shipping method's rate on the discounted items. With tax added on top (SPEC, and the default), the
 * total adds the GST; with prices that include it, the GST is the part of the items and of shipping
 * that is tax, and the total is what the prices add up to.
 */
export function priceOrder(
  items: readonly PricedInput[],
  {
    discount,
    shares: given,
    shipping = SPEC_SHIPPING,
    taxes = SPEC_TAXES,
  }: {
    discount?: DiscountTerms | undefined;
    /**
     * Each line's discount in cents, when it is known already (an order priced again with what its
     * lines kept, as the online payment discount does): used instead of the code's shares.
     */
    shares?: readonly number[] | undefined;
    shipping?: ShippingRate;
    taxes?: TaxTerms;
  } = {},
): TaxedSummary {
  let itemsCents = 0;
  let savedCents = 0;
  let quantity = 0;
  const totals = items.map((item) => unitPriceCents(item) * item.quantity);
  const shares = given
    ? totals.map((_, i) => given[i] ?? 0)
    : discount
      ? discountShares(items, totals, discount)
      : totals.map(() => 0);
  const lines = items.map((item, i) => {
    const unit = unitPriceCents(item);
    const saved = item.onSale ? (toCents(item.price) - toCents(item.salePrice)) * item.quantity : 0;
    const total = unit * item.quantity;
    itemsCents += total;
    savedCents += saved;
    quantity += item.quantity;
    return {
      unitPrice: fromCents(unit),
      savedAmount: fromCents(saved),
      lineTotal: fromCents(total),
      quantity: item.quantity,
      discountShare: fromCents(shares[i] ?? 0),
    };
  });
  const discountCents = shares.reduce((sum, share) => sum + share, 0);
  const afterDiscount = itemsCents - discountCents;
  const shippingPrice =
    discount?.type === "free_shipping" ? 0 : shippingCents(afterDiscount, quantity, shipping);

  const included = taxes.pricesIncludeTax;
  const supply = taxes.supply ?? "inter-state";
  const values = totals.map((total, i) => total - (shares[i] ?? 0));
  // A rate by price is chosen per piece on its value after the sale price and the code's share.
  const rates = items.map((item, i) =>
    item.taxSlabs && item.taxSlabs.length > 0
      ? slabRate(values[i] ?? 0, item.quantity, item.taxSlabs, included)
      : (item.taxRate ?? TAX_PERCENT),
  );
  // Shipping carries the GST of the order's highest rate, within its price when prices include tax.
  const shippingTaxRate = Math.max(0, ...rates.filter((_, i) => (items[i]?.quantity ?? 0) > 0));
  const split =
    supply === "intra-state"
      ? splitWithinState(values, rates, shippingPrice, shippingTaxRate, included)
      : splitAcrossStates(values, rates, shippingPrice, shippingTaxRate, included);
  const { lineTaxes, shipping: shippingSplit } = split;
  const byRate = new Map<number, CentsTax>();
  const add = (rate: number, part: CentsTax) => {
    const group = byRate.get(rate) ?? { taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
    byRate.set(rate, {
      taxable: group.taxable + part.taxable,
      tax: group.tax + part.tax,
      cgst: group.cgst + part.cgst,
      sgst: group.sgst + part.sgst,
      igst: group.igst + part.igst,
    });
  };
  lineTaxes.forEach((line, i) => {
    add(rates[i] ?? TAX_PERCENT, line);
  });
  if (included && shippingPrice > 0) add(shippingTaxRate, shippingSplit);
  const itemsTax = lineTaxes.reduce((sum, line) => sum + line.tax, 0);
  const tax = itemsTax + shippingSplit.tax;
  const money = (rate: number, part: CentsTax) => ({
    rate,
    taxableValue: fromCents(part.taxable),
    tax: fromCents(part.tax),
    cgst: fromCents(part.cgst),
    sgst: fromCents(part.sgst),
    igst: fromCents(part.igst),
  });
  return {
    lines,
    itemsPrice: fromCents(itemsCents),
    discountPrice: fromCents(savedCents),
    discountAmount: fromCents(discountCents),
    shippingPrice: fromCents(shippingPrice),
    taxPrice: fromCents(tax),
    totalPrice: fromCents(afterDiscount + shippingPrice + (included ? 0 : tax)),
    taxIncluded: included,
    lineTaxes: lineTaxes.map((line, i) => money(rates[i] ?? TAX_PERCENT, line)),
    shippingTax: fromCents(shippingSplit.tax),
    shippingTaxRate,
    shippingCgst: fromCents(shippingSplit.cgst),
    shippingSgst: fromCents(shippingSplit.sgst),
    shippingIgst: fromCents(shippingSplit.igst),
    taxes: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, group]) => money(rate, group)),
    supply,
  };
}

/** A GST figure in cents: the value before tax, the tax and its split. */
interface CentsTax {
  taxable: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Within the state, each line on its own: CGST = SGST = rate/2 of its taxable value rounded to the
 * cent, its GST their sum (so the halves never differ by a paisa); shipping's the same way at
 * `shippingRate`, only within prices that include GST.
 */
function splitWithinState(
  values: readonly number[],
  rates: readonly number[],
  shippingPrice: number,
  shippingRate: number,
  included: boolean,
): { lineTaxes: CentsTax[]; shipping: CentsTax } {
  const taxed = (value: number, rate: number): CentsTax => {
    const half = halfGstCents(value, rate, included);
    return { taxable: included ? value - 2 * half : value, tax: 2 * half, cgst: half, sgst: half, igst: 0 };
  };
  const none: CentsTax = { taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
  return {
    lineTaxes: values.map((value, i) => taxed(value, rates[i] ?? TAX_PERCENT)),
    shipping: included && shippingPrice > 0 ? taxed(shippingPrice, shippingRate) : none,
  };
}

/**
 * Across states, all IGST: each rate's GST rounded once on that rate's lines and shared among them by
 * value (with every line at 18% on top, SPEC's figure exactly); shipping's within its price at
 * `shippingRate`, only when prices include GST.
 */
function splitAcrossStates(
  values: readonly number[],
  rates: readonly number[],
  shippingPrice: number,
  shippingRate: number,
  included: boolean,
): { lineTaxes: CentsTax[]; shipping: CentsTax } {
  const lineTax = values.map(() => 0);
  for (const rate of new Set(rates)) {
    const members = rates.flatMap((r, i) => (r === rate ? [i] : []));
    const value = members.reduce((sum, i) => sum + (values[i] ?? 0), 0);
    const parts = spreadCents(
      gstCents(value, rate, included),
      members.map((i) => values[i] ?? 0),
    );
    members.forEach((i, k) => {
      lineTax[i] = parts[k] ?? 0;
    });
  }
  const shippingTax = included ? gstCents(shippingPrice, shippingRate, true) : 0;
  return {
    lineTaxes: values.map((value, i) => {
      const tax = lineTax[i] ?? 0;
      return { taxable: included ? value - tax : value, tax, cgst: 0, sgst: 0, igst: tax };
    }),
    shipping: {
      taxable: included ? shippingPrice - shippingTax : 0,
      tax: shippingTax,
      cgst: 0,
      sgst: 0,
      igst: shippingTax,
    },
  };
}

/**
 * The one GST rate of the lines that are bought (SPEC's 18% for none), or null when they have
 * different rates: what a summary names its tax line with ("Tax (GST 5%)", else "Tax (GST)").
 */
export function oneTaxRate(lines: readonly { rate: number; quantity: number }[]): number | null {
  const rates = new Set(lines.filter((line) => line.quantity > 0).map((line) => line.rate));
  if (rates.size === 0) return TAX_PERCENT;
  return rates.size === 1 ? ([...rates][0] ?? null) : null;
}

/**
 * SPEC's figures of a cart or an order (section 9), with tax added on top unless `taxes` says prices
 * include it: `priceOrder`'s summary without what the invoice keeps of the GST.
 */
export function priceItems(
  items: readonly PricedInput[],
  discount?: DiscountTerms,
  shipping: ShippingRate = SPEC_SHIPPING,
  taxes: TaxTerms = SPEC_TAXES,
): PriceSummary {
  const { lines, itemsPrice, discountPrice, discountAmount, shippingPrice, taxPrice, totalPrice } =
    priceOrder(items, { discount, shipping, taxes });
  return { lines, itemsPrice, discountPrice, discountAmount, shippingPrice, taxPrice, totalPrice };
}

/**
 * What "You Saved" says: the sale savings and a discount code's amount together (a free-shipping
 * code's saving shows as "Free" shipping instead).
 */
export function savedTotal(amounts: { discountPrice: number; discountAmount: number }): number {
  return fromCents(toCents(amounts.discountPrice) + toCents(amounts.discountAmount));
}

/** "$1,234.50": prices display with a dollar sign (SPEC section 9). */
export function formatPrice(amount: number): string {
  // NOTE: written out rather than with toLocaleString, which builds an ICU number format on every
  // call (the first one on a page costs tens of milliseconds on a phone, and a page shows dozens).
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `$${amount < 0 ? "-" : ""}${whole}.${String(cents % 100).padStart(2, "0")}`;
}
