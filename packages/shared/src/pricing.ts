/**
 * Pricing rules of SPEC section 9. Amounts come in and go out as dollars with at most
 * two decimals; every sum inside is done in integer cents so that no float error leaks.
 */
import { FREE_SHIPPING_ABOVE, SHIPPING_FEE, TAX_PERCENT } from "./constants";

export interface PricedInput {
  price: number;
  onSale: boolean;
  salePrice: number;
  quantity: number;
}

export interface PricedLine {
  /** What one unit costs: the sale price when on sale, otherwise the price. */
  unitPrice: number;
  /** (price - salePrice) x quantity for an on-sale line, otherwise 0. */
  savedAmount: number;
  lineTotal: number;
  quantity: number;
}

export interface PriceSummary {
  lines: PricedLine[];
  itemsPrice: number;
  discountPrice: number;
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

export function shippingCents(itemsCents: number, itemCount: number): number {
  if (itemCount === 0) return 0;
  return itemsCents > toCents(FREE_SHIPPING_ABOVE) ? 0 : toCents(SHIPPING_FEE);
}

export function taxCents(itemsCents: number): number {
  return Math.round((itemsCents * TAX_PERCENT) / 100);
}

/** Prices a cart or an order: the same function runs in the browser and on the server. */
export function priceItems(items: readonly PricedInput[]): PriceSummary {
  let itemsCents = 0;
  let savedCents = 0;
  let quantity = 0;
  const lines = items.map((item) => {
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
    };
  });
  const shipping = shippingCents(itemsCents, quantity);
  const tax = taxCents(itemsCents);
  return {
    lines,
    itemsPrice: fromCents(itemsCents),
    discountPrice: fromCents(savedCents),
    shippingPrice: fromCents(shipping),
    taxPrice: fromCents(tax),
    totalPrice: fromCents(itemsCents + shipping + tax),
  };
}

/** "$1,234.50": prices display with a dollar sign (SPEC section 9). */
export function formatPrice(amount: number): string {
  // NOTE: written out rather than with toLocaleString, which builds an ICU number format on every
  // call (the first one on a page costs tens of milliseconds on a phone, and a page shows dozens).
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `$${amount < 0 ? "-" : ""}${whole}.${String(cents % 100).padStart(2, "0")}`;
}
