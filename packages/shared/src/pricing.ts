/**
 * Pricing rules of SPEC section 9. Amounts come in and go out as dollars with at most
 * two decimals; every sum inside is done in integer cents so that no float error leaks.
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

export function taxCents(itemsCents: number): number {
  return Math.round((itemsCents * TAX_PERCENT) / 100);
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
 * Prices a cart or an order: the same function runs in the browser and on the server. With a
 * discount code's terms, the discount comes off the eligible items after sale prices, and tax and
 * the free-shipping threshold look at the items after the discount.
 */
export function priceItems(
  items: readonly PricedInput[],
  discount?: DiscountTerms,
  shipping: ShippingRate = SPEC_SHIPPING,
): PriceSummary {
  let itemsCents = 0;
  let savedCents = 0;
  let quantity = 0;
  const totals = items.map((item) => unitPriceCents(item) * item.quantity);
  const shares = discount ? discountShares(items, totals, discount) : totals.map(() => 0);
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
  const tax = taxCents(afterDiscount);
  return {
    lines,
    itemsPrice: fromCents(itemsCents),
    discountPrice: fromCents(savedCents),
    discountAmount: fromCents(discountCents),
    shippingPrice: fromCents(shippingPrice),
    taxPrice: fromCents(tax),
    totalPrice: fromCents(afterDiscount + shippingPrice + tax),
  };
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
