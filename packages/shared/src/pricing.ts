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
  /**
   * Shipping and the cash on delivery fee are part of the supply, taxed with the goods at the highest
   * rate among them (CGST Act, sections 8 and 15(2)(c); decision 047); outside GST when left out.
   */
  chargesTaxed?: boolean;
}

export const SPEC_TAXES: TaxTerms = { pricesIncludeTax: false };

/** A rate in hundredths of a percent (basis points), so that a rate such as 0.25% stays whole. */
function basisPoints(rate: number): number {
  return Math.round(rate * 100);
}

/** round(numerator / denominator) for whole numbers ≥ 0, half up, worked in BigInt so that no float rounds. */
function roundDiv(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * The one rounding rule of every taxed row (a goods line, shipping, the COD fee; decision 047), in
 * cents: with prices excluding GST the taxable value is the row's value; with prices including it,
 * round(value × 100 / (100 + rate)). Then across states IGST = round(taxable × rate / 100); within the
 * state CGST = SGST = round(taxable × rate / 200) each. With prices including GST, what the value
 * holds beyond taxable + tax (a paisa or two either way) is the row's round off, outside GST.
 */
export function taxRow(cents: number, rate: number, included: boolean, supply: SupplyType): CentsTax {
  const bp = BigInt(basisPoints(rate));
  const value = BigInt(cents);
  const taxable = included ? roundDiv(value * 10_000n, 10_000n + bp) : cents;
  if (supply === "intra-state") {
    const half = roundDiv(BigInt(taxable) * bp, 20_000n);
    const tax = 2 * half;
    return { taxable, tax, cgst: half, sgst: half, igst: 0, roundOff: included ? cents - taxable - tax : 0 };
  }
  const igst = roundDiv(BigInt(taxable) * bp, 10_000n);
  return { taxable, tax: igst, cgst: 0, sgst: 0, igst, roundOff: included ? cents - taxable - igst : 0 };
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

/** The GST of one rate over the order: the lines at that rate, and the charges when they are taxed at it. */
export interface RateTax extends LineTax {}

/**
 * Shipping or the cash on delivery fee: what it costs (GST on top of it when prices exclude GST and the
 * charges are taxed), and its GST as one taxed row at the highest rate among the goods; outside GST
 * (`taxed` false, every figure 0) unless the owner taxes the charges.
 */
export interface ChargeTax extends LineTax {
  amount: number;
  taxed: boolean;
  /** With prices including GST, what the charge holds beyond its taxable value and tax (outside GST). */
  roundOff: number;
}

/** SPEC's summary with what the order and its invoice keep of the GST. */
export interface TaxedSummary extends PriceSummary {
  /** The prices (items and the charges) include the GST: it is part of `totalPrice`, not added to it. */
  taxIncluded: boolean;
  /** Each line's GST, as `lines`. */
  lineTaxes: LineTax[];
  /** Each line's round off, as `lines`: with prices including GST, its value less taxable value and tax. */
  roundOffs: number[];
  /** Whether shipping and the COD fee were taxed with the goods. */
  chargesTaxed: boolean;
  shippingCharge: ChargeTax;
  /** The cash on delivery fee (amount 0: none), within `totalPrice`. */
  codFeeCharge: ChargeTax;
  /** Shipping's GST (part of `taxPrice`), and the charges' rate: `shippingCharge`'s, kept as the order keeps them. */
  shippingTax: number;
  shippingTaxRate: number;
  shippingCgst: number;
  shippingSgst: number;
  shippingIgst: number;
  /** The order's round off: the lines' and the charges' (0 with prices excluding GST), outside GST. */
  roundOff: number;
  /** The GST by rate, lowest rate first, the taxed charges counted in theirs. */
  taxes: RateTax[];
  /** The split the GST was worked out for. */
  supply: SupplyType;
}

/** A GST figure in cents: the value before tax, the tax and its split, and the round off beside them. */
export interface CentsTax {
  taxable: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
}

const NO_TAX: CentsTax = { taxable: 0, tax: 0, cgst: 0, sgst: 0, igst: 0, roundOff: 0 };

/**
 * The highest rate among the goods bought (their slabs as taken): the rate of the charges when they
 * are taxed (decision 047); 0 without goods.
 */
export function chargesRate(lines: readonly { rate: number; quantity: number }[]): number {
  return Math.max(0, ...lines.filter((line) => line.quantity > 0).map((line) => line.rate));
}

/**
 * A charge (shipping, the COD fee) of `amount` as the order's terms price it: one taxed row at `rate`
 * when the charges are taxed, otherwise outside GST.
 */
export function priceCharge(
  amount: number,
  rate: number,
  { pricesIncludeTax, supply = "inter-state", chargesTaxed = false }: TaxTerms,
): ChargeTax {
  const cents = toCents(amount);
  const taxed = chargesTaxed && cents > 0;
  const row = taxed ? taxRow(cents, rate, pricesIncludeTax, supply) : NO_TAX;
  return {
    amount: fromCents(cents),
    taxed,
    rate: chargesTaxed ? rate : 0,
    taxableValue: fromCents(row.taxable),
    tax: fromCents(row.tax),
    cgst: fromCents(row.cgst),
    sgst: fromCents(row.sgst),
    igst: fromCents(row.igst),
    roundOff: fromCents(row.roundOff),
  };
}

/** What a charge adds to the total: its amount, and its GST when that comes on top. */
export function chargeTotalCents(charge: ChargeTax, included: boolean): number {
  return toCents(charge.amount) + (included ? 0 : toCents(charge.tax));
}

/**
 * Prices a cart or an order with the shop's taxes: the same function runs in the browser and on the
 * server. Sale prices first, then a discount code's share of each eligible line, then each line's GST
 * on the discounted items (`taxRow`: one rounding rule per row), then the shipping method's rate on the
 * discounted items, then the charges (shipping, the COD fee) taxed at the highest rate among the goods
 * when the owner taxes them, otherwise outside GST. With tax added on top (SPEC, and the default), the
 * total adds the GST; with prices that include it, the GST is the part of the prices that is tax, the
 * paisa the rows cannot hold is their round off, and the total is what the prices add up to.
 */
export function priceOrder(
  items: readonly PricedInput[],
  {
    discount,
    shares: given,
    shipping = SPEC_SHIPPING,
    taxes = SPEC_TAXES,
    codFee = 0,
  }: {
    discount?: DiscountTerms | undefined;
    /**
     * Each line's discount in cents, when it is known already (an order priced again with what its
     * lines kept, as the online payment discount does): used instead of the code's shares.
     */
    shares?: readonly number[] | undefined;
    shipping?: ShippingRate;
    taxes?: TaxTerms;
    /** The cash on delivery fee (0: none). */
    codFee?: number;
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
  const chargesTaxed = taxes.chargesTaxed ?? false;
  const values = totals.map((total, i) => total - (shares[i] ?? 0));
  // A rate by price is chosen per piece on its value after the sale price and the code's share.
  const rates = items.map((item, i) =>
    item.taxSlabs && item.taxSlabs.length > 0
      ? slabRate(values[i] ?? 0, item.quantity, item.taxSlabs, included)
      : (item.taxRate ?? TAX_PERCENT),
  );
  const lineTaxes = values.map((value, i) => taxRow(value, rates[i] ?? TAX_PERCENT, included, supply));
  const rate = chargesRate(
    items.map((item, i) => ({ rate: rates[i] ?? TAX_PERCENT, quantity: item.quantity })),
  );
  const terms: TaxTerms = { pricesIncludeTax: included, supply, chargesTaxed };
  const shippingCharge = priceCharge(fromCents(shippingPrice), rate, terms);
  const codFeeCharge = priceCharge(codFee, rate, terms);
  const byRate = new Map<number, CentsTax>();
  const add = (rate: number, part: CentsTax) => {
    const group = byRate.get(rate) ?? NO_TAX;
    byRate.set(rate, {
      taxable: group.taxable + part.taxable,
      tax: group.tax + part.tax,
      cgst: group.cgst + part.cgst,
      sgst: group.sgst + part.sgst,
      igst: group.igst + part.igst,
      roundOff: group.roundOff + part.roundOff,
    });
  };
  lineTaxes.forEach((line, i) => {
    add(rates[i] ?? TAX_PERCENT, line);
  });
  for (const charge of [shippingCharge, codFeeCharge]) if (charge.taxed) add(charge.rate, centsOf(charge));
  const chargesTax = toCents(shippingCharge.tax) + toCents(codFeeCharge.tax);
  const tax = lineTaxes.reduce((sum, line) => sum + line.tax, 0) + chargesTax;
  const roundOff =
    lineTaxes.reduce((sum, line) => sum + line.roundOff, 0) +
    toCents(shippingCharge.roundOff) +
    toCents(codFeeCharge.roundOff);
  const money = (rate: number, part: CentsTax): LineTax => ({
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
    totalPrice: fromCents(afterDiscount + shippingPrice + toCents(codFee) + (included ? 0 : tax)),
    taxIncluded: included,
    lineTaxes: lineTaxes.map((line, i) => money(rates[i] ?? TAX_PERCENT, line)),
    roundOffs: lineTaxes.map((line) => fromCents(line.roundOff)),
    chargesTaxed,
    shippingCharge,
    codFeeCharge,
    shippingTax: shippingCharge.tax,
    shippingTaxRate: shippingCharge.rate,
    shippingCgst: shippingCharge.cgst,
    shippingSgst: shippingCharge.sgst,
    shippingIgst: shippingCharge.igst,
    roundOff: fromCents(roundOff),
    taxes: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, group]) => money(rate, group)),
    supply,
  };
}

/** A charge's figures in cents. */
function centsOf(charge: ChargeTax): CentsTax {
  return {
    taxable: toCents(charge.taxableValue),
    tax: toCents(charge.tax),
    cgst: toCents(charge.cgst),
    sgst: toCents(charge.sgst),
    igst: toCents(charge.igst),
    roundOff: toCents(charge.roundOff),
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
