/**
 * The figures of a GST tax invoice, in integer cents, from an order as it was priced (SPEC section 9,
 * decision 016): each line's gross value at list price, its discount (the sale saving and its share
 * of a discount code), its taxable value, its rate and HSN code, and its GST as the order kept it; the
 * GST split per rate as CGST + SGST (half each) within the seller's state and as IGST across states.
 * Shipping is a taxed row when its price included GST, otherwise a charge beside the tax; a cash on
 * delivery fee is a charge beside the tax (outside GST). The totals are the order's own amounts exactly.
 */
import { fromCents, spreadCents, toCents } from "@shop/shared/pricing";

export { spreadCents };

export interface InvoiceLineInput {
  originalPrice: number;
  price: number;
  savedAmount: number;
  discountShare: number;
  quantity: number;
  /** The line's GST rate and its GST as the order kept them (SPEC's 18% and a share of the order's GST when absent). */
  taxRate?: number;
  taxAmount?: number;
  hsnCode?: string | null;
}

export interface InvoiceOrderInput {
  subTotal: number;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  shippingState: string;
  /** The prices included GST; shipping's GST (part of `taxAmount`) at its rate. */
  pricesIncludeTax?: boolean;
  shippingTax?: number;
  shippingTaxRate?: number;
  /** The cash on delivery fee within the total, charged outside GST. */
  codFee?: number;
}

export type GstSplit = "intra-state" | "inter-state";

/** A taxed amount's GST: its value before tax, its rate, and the tax split as the invoice prints it. */
export interface TaxedFigures {
  taxableValue: number;
  rate: number;
  /** CGST and SGST within the state (their sum is the tax), IGST across states. */
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
}

export interface InvoiceLineFigures extends TaxedFigures {
  quantity: number;
  unitPrice: number;
  discount: number;
  hsnCode: string | null;
  total: number;
}

export interface InvoiceFigures {
  split: GstSplit;
  /** The prices included GST (the unit prices and discounts then include it too). */
  pricesIncludeTax: boolean;
  lines: InvoiceLineFigures[];
  /** Shipping as a taxed row, when its price included GST; otherwise null and `shipping` is a charge of its own. */
  shippingRow: (TaxedFigures & { total: number }) | null;
  /** The GST of each rate (the lines' and shipping's), lowest rate first. */
  rates: TaxedFigures[];
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  shipping: number;
  /** The cash on delivery fee (0: none), a charge of its own outside GST. */
  codFee: number;
  total: number;
}

/** Whether an address in `state` is supplied within the seller's state (compared without case or outer spaces). */
export function gstSplitOf(shippingState: string, storeState: string): GstSplit {
  const same = shippingState.trim().toLowerCase() === storeState.trim().toLowerCase();
  return same ? "intra-state" : "inter-state";
}

/** Cents of GST at `rate` on `taxableValue` cents, split as `split` says (CGST the half rounded down). */
function taxed(taxableValue: number, rate: number, tax: number, split: GstSplit): TaxedFigures {
  const cgst = split === "intra-state" ? Math.floor(tax / 2) : 0;
  return {
    taxableValue,
    rate,
    cgst,
    sgst: split === "intra-state" ? tax - cgst : 0,
    igst: split === "inter-state" ? tax : 0,
    tax,
  };
}

function inMoney<T extends object>(figures: T, keep: ReadonlySet<string>): T {
  return Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [
      key,
      typeof value === "number" && !keep.has(key) ? fromCents(value) : value,
    ]),
  ) as T;
}

/** Fields that are not amounts. */
const NOT_MONEY = new Set(["rate", "quantity"]);

export function invoiceFigures(
  order: InvoiceOrderInput,
  lines: readonly InvoiceLineInput[],
  storeState: string,
): InvoiceFigures {
  const split = gstSplitOf(order.shippingState, storeState);
  const included = order.pricesIncludeTax ?? false;
  const gross = lines.map((line) => toCents(line.originalPrice) * line.quantity);
  const net = lines.map((line) => toCents(line.price) * line.quantity - toCents(line.discountShare));
  const shippingTax = toCents(order.shippingTax ?? 0);
  // Lines from before each kept its GST share the order's by value, as their invoices printed it.
  const shared = spreadCents(toCents(order.taxAmount) - shippingTax, net);
  const figures = lines.map((line, i) => {
    const tax = line.taxAmount !== undefined ? toCents(line.taxAmount) : (shared[i] ?? 0);
    const value = (net[i] ?? 0) - (included ? tax : 0);
    return {
      ...taxed(value, line.taxRate ?? 18, tax, split),
      quantity: line.quantity,
      unitPrice: toCents(line.originalPrice),
      discount: (gross[i] ?? 0) - (net[i] ?? 0),
      hsnCode: line.hsnCode ?? null,
      total: value + tax,
    };
  });
  const shipping = toCents(order.shippingAmount);
  const shippingRow =
    shippingTax > 0
      ? { ...taxed(shipping - shippingTax, order.shippingTaxRate ?? 0, shippingTax, split), total: shipping }
      : null;
  const taxedRows: TaxedFigures[] = shippingRow ? [...figures, shippingRow] : figures;
  const byRate = new Map<number, TaxedFigures>();
  for (const row of taxedRows) {
    const sum = byRate.get(row.rate) ?? taxed(0, row.rate, 0, split);
    byRate.set(row.rate, {
      taxableValue: sum.taxableValue + row.taxableValue,
      rate: row.rate,
      cgst: sum.cgst + row.cgst,
      sgst: sum.sgst + row.sgst,
      igst: sum.igst + row.igst,
      tax: sum.tax + row.tax,
    });
  }
  const sum = (pick: (row: TaxedFigures) => number) => taxedRows.reduce((total, row) => total + pick(row), 0);
  const untaxedShipping = shippingRow ? 0 : shipping;
  const codFee = toCents(order.codFee ?? 0);
  const total = sum((row) => row.taxableValue + row.tax) + untaxedShipping + codFee;
  // NOTE: the lines come from the order's own pricing, so this holds; a mismatch is a bug, never printed.
  if (total !== toCents(order.totalAmount) || sum((row) => row.tax) !== toCents(order.taxAmount))
    throw new Error("invoice figures do not add up to the order's amounts");
  return {
    split,
    pricesIncludeTax: included,
    lines: figures.map((line) => inMoney(line, NOT_MONEY)),
    shippingRow: shippingRow ? inMoney(shippingRow, NOT_MONEY) : null,
    rates: [...byRate.values()].sort((a, b) => a.rate - b.rate).map((rate) => inMoney(rate, NOT_MONEY)),
    taxableValue: fromCents(sum((row) => row.taxableValue)),
    cgst: fromCents(sum((row) => row.cgst)),
    sgst: fromCents(sum((row) => row.sgst)),
    igst: fromCents(sum((row) => row.igst)),
    tax: fromCents(sum((row) => row.tax)),
    shipping: fromCents(shipping),
    codFee: fromCents(codFee),
    total: fromCents(total),
  };
}

/**
 * A refund's figures for its credit note: the order's GST in proportion to the share of the order's
 * total refunded (all of it for a full refund), the rest its taxable value, split as the invoice is,
 * at the order's one rate (null when its lines had different rates).
 */
export function creditNoteFigures(
  refunded: number,
  order: Pick<InvoiceOrderInput, "taxAmount" | "totalAmount" | "shippingState">,
  storeState: string,
  rates: readonly number[] = [18],
) {
  const split = gstSplitOf(order.shippingState, storeState);
  const total = toCents(refunded);
  const orderTotal = toCents(order.totalAmount);
  const tax = orderTotal > 0 ? Math.round((total * toCents(order.taxAmount)) / orderTotal) : 0;
  const cgst = split === "intra-state" ? Math.floor(tax / 2) : 0;
  const sgst = split === "intra-state" ? tax - cgst : 0;
  const distinct = [...new Set(rates)];
  return {
    split,
    rate: distinct.length === 1 ? (distinct[0] ?? null) : null,
    taxableValue: fromCents(total - tax),
    cgst: fromCents(cgst),
    sgst: fromCents(sgst),
    igst: fromCents(split === "inter-state" ? tax : 0),
    tax: fromCents(tax),
    total: fromCents(total),
  };
}
