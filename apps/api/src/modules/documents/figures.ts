/**
 * The figures of a GST tax invoice, in integer cents, from an order as it was priced (SPEC section 9,
 * decision 016): each line's gross value at list price, its discount (the sale saving and its share
 * of a discount code), its taxable value, and its share of the order's GST; the GST split as CGST 9%
 * + SGST 9% within the seller's state and as IGST 18% across states. The totals are the order's
 * own amounts exactly.
 */
import { fromCents, toCents } from "@shop/shared/pricing";

export interface InvoiceLineInput {
  originalPrice: number;
  price: number;
  savedAmount: number;
  discountShare: number;
  quantity: number;
}

export interface InvoiceOrderInput {
  subTotal: number;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  shippingState: string;
}

export type GstSplit = "intra-state" | "inter-state";

export interface InvoiceLineFigures {
  quantity: number;
  unitPrice: number;
  discount: number;
  taxableValue: number;
  /** CGST and SGST within the state (their sum is the line's tax), IGST across states. */
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
}

export interface InvoiceFigures {
  split: GstSplit;
  lines: InvoiceLineFigures[];
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  shipping: number;
  total: number;
}

/** Whether an address in `state` is supplied within the seller's state (compared without case or outer spaces). */
export function gstSplitOf(shippingState: string, storeState: string): GstSplit {
  const same = shippingState.trim().toLowerCase() === storeState.trim().toLowerCase();
  return same ? "intra-state" : "inter-state";
}

/**
 * Spreads `total` cents over parts in proportion to their (integer) weights, the cents left by rounding
 * down going to the largest remainders (then the earlier part), so that the parts add up to `total`.
 * NOTE: worked in integers (BigInt, as total × weight may pass 2^53): two remainders that are equal are
 * equal, where floats could tell them apart by their last bit, so the cents land where the sales
 * report's SQL, which spreads an invoice's GST the same way, puts them.
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

export function invoiceFigures(
  order: InvoiceOrderInput,
  lines: readonly InvoiceLineInput[],
  storeState: string,
): InvoiceFigures {
  const split = gstSplitOf(order.shippingState, storeState);
  const gross = lines.map((line) => toCents(line.originalPrice) * line.quantity);
  const taxable = lines.map((line) => toCents(line.price) * line.quantity - toCents(line.discountShare));
  // The order's GST was rounded once on its items (SPEC section 9); the lines share it by taxable value.
  const taxes = spreadCents(toCents(order.taxAmount), taxable);
  const figures = lines.map((line, i) => {
    const tax = taxes[i] ?? 0;
    const cgst = split === "intra-state" ? Math.floor(tax / 2) : 0;
    const sgst = split === "intra-state" ? tax - cgst : 0;
    const value = taxable[i] ?? 0;
    return {
      quantity: line.quantity,
      unitPrice: toCents(line.originalPrice),
      discount: (gross[i] ?? 0) - value,
      taxableValue: value,
      cgst,
      sgst,
      igst: split === "inter-state" ? tax : 0,
      tax,
      total: value + tax,
    };
  });
  const sum = (pick: (line: InvoiceLineFigures) => number) =>
    figures.reduce((total, line) => total + pick(line), 0);
  const shipping = toCents(order.shippingAmount);
  const total = sum((line) => line.total) + shipping;
  // NOTE: the lines come from the order's own pricing, so this holds; a mismatch is a bug, never printed.
  if (
    total !== toCents(order.totalAmount) ||
    sum((l) => l.taxableValue) !== toCents(order.subTotal) - toCents(order.discountAmount)
  )
    throw new Error("invoice figures do not add up to the order's amounts");
  const money = (line: InvoiceLineFigures): InvoiceLineFigures => ({
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPrice),
    discount: fromCents(line.discount),
    taxableValue: fromCents(line.taxableValue),
    cgst: fromCents(line.cgst),
    sgst: fromCents(line.sgst),
    igst: fromCents(line.igst),
    tax: fromCents(line.tax),
    total: fromCents(line.total),
  });
  return {
    split,
    lines: figures.map(money),
    taxableValue: fromCents(sum((line) => line.taxableValue)),
    cgst: fromCents(sum((line) => line.cgst)),
    sgst: fromCents(sum((line) => line.sgst)),
    igst: fromCents(sum((line) => line.igst)),
    tax: fromCents(sum((line) => line.tax)),
    shipping: fromCents(shipping),
    total: fromCents(total),
  };
}

/**
 * A refund's figures for its credit note, in dollars: the order's GST in proportion to the share of
 * the order's total refunded (all of it for a full refund), the rest its taxable value, split as the
 * invoice is.
 */
export function creditNoteFigures(
  refunded: number,
  order: Pick<InvoiceOrderInput, "taxAmount" | "totalAmount" | "shippingState">,
  storeState: string,
) {
  const split = gstSplitOf(order.shippingState, storeState);
  const total = toCents(refunded);
  const orderTotal = toCents(order.totalAmount);
  const tax = orderTotal > 0 ? Math.round((total * toCents(order.taxAmount)) / orderTotal) : 0;
  const cgst = split === "intra-state" ? Math.floor(tax / 2) : 0;
  const sgst = split === "intra-state" ? tax - cgst : 0;
  return {
    split,
    taxableValue: fromCents(total - tax),
    cgst: fromCents(cgst),
    sgst: fromCents(sgst),
    igst: fromCents(split === "inter-state" ? tax : 0),
    tax: fromCents(tax),
    total: fromCents(total),
  };
}
