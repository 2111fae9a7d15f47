/**
 * The figures of a GST tax invoice and of a credit note, in integer cents inside, as the documents
 * recorded them: the invoice reads each order line's taxable value, rate and CGST/SGST or IGST as the
 * placement priced them with the order's supply type (decided once, then), and shipping's the same
 * way; a credit note reads its own lines (refund_lines). Nothing is decided again from today's
 * settings, so a later change of the store's state or rates changes no document (GST.md; decision 026).
 * Shipping is a taxed row when its price included GST, otherwise a charge beside the tax; a cash on
 * delivery fee is a charge beside the tax (outside GST). The totals are the order's own amounts exactly.
 */
import type { CreditKind } from "@shop/shared/credit-note";
import { fromCents, spreadCents, toCents } from "@shop/shared/pricing";

export { spreadCents };

export type GstSplit = "intra-state" | "inter-state";

export interface InvoiceLineInput {
  originalPrice: number;
  price: number;
  savedAmount: number;
  discountShare: number;
  quantity: number;
  taxRate: number;
  hsnCode: string | null;
  /** The line as priced: its value before GST and its GST's parts. */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface InvoiceOrderInput {
  supplyType: GstSplit;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  /** The prices included GST; shipping's GST (part of `taxAmount`) at its rate, split as recorded. */
  pricesIncludeTax: boolean;
  shippingTax: number;
  shippingTaxRate: number;
  shippingCgst: number;
  shippingSgst: number;
  shippingIgst: number;
  /** The cash on delivery fee within the total, charged outside GST. */
  codFee: number;
  /** What paying online took off the goods: within the lines' discounts (their GST after it). */
  onlineDiscount?: number;
}

/** A taxed amount's GST: its value before tax, its rate, and the tax split as the document prints it. */
export interface TaxedFigures {
  taxableValue: number;
  rate: number;
  /** CGST and SGST (or UTGST) within the state, IGST across states; their sum is the tax. */
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
  /** Of the lines' discounts, what paying online took off (0: none), said under the totals. */
  onlineDiscount: number;
  total: number;
}

function taxedCents(taxableValue: number, rate: number, parts: { cgst: number; sgst: number; igst: number }) {
  const cgst = toCents(parts.cgst);
  const sgst = toCents(parts.sgst);
  const igst = toCents(parts.igst);
  return { taxableValue: toCents(taxableValue), rate, cgst, sgst, igst, tax: cgst + sgst + igst };
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

/** The GST of each rate over some taxed rows, lowest rate first. */
function byRate(rows: readonly TaxedFigures[]): TaxedFigures[] {
  const rates = new Map<number, TaxedFigures>();
  for (const row of rows) {
    const sum = rates.get(row.rate) ?? { taxableValue: 0, rate: row.rate, cgst: 0, sgst: 0, igst: 0, tax: 0 };
    rates.set(row.rate, {
      taxableValue: sum.taxableValue + row.taxableValue,
      rate: row.rate,
      cgst: sum.cgst + row.cgst,
      sgst: sum.sgst + row.sgst,
      igst: sum.igst + row.igst,
      tax: sum.tax + row.tax,
    });
  }
  return [...rates.values()].sort((a, b) => a.rate - b.rate);
}

const sumOf = (rows: readonly TaxedFigures[], pick: (row: TaxedFigures) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/** An invoice's figures, from the order and its lines as they were priced. */
export function invoiceFigures(order: InvoiceOrderInput, lines: readonly InvoiceLineInput[]): InvoiceFigures {
  const figures = lines.map((line) => {
    const taxed = taxedCents(line.taxableValue, line.taxRate, line);
    const gross = toCents(line.originalPrice) * line.quantity;
    const net = toCents(line.price) * line.quantity - toCents(line.discountShare);
    return {
      ...taxed,
      quantity: line.quantity,
      unitPrice: toCents(line.originalPrice),
      discount: gross - net,
      hsnCode: line.hsnCode,
      total: taxed.taxableValue + taxed.tax,
    };
  });
  const shipping = toCents(order.shippingAmount);
  const shippingTax = toCents(order.shippingTax);
  const shippingRow =
    shippingTax > 0
      ? {
          ...taxedCents(fromCents(shipping - shippingTax), order.shippingTaxRate, {
            cgst: order.shippingCgst,
            sgst: order.shippingSgst,
            igst: order.shippingIgst,
          }),
          total: shipping,
        }
      : null;
  const taxedRows: TaxedFigures[] = shippingRow ? [...figures, shippingRow] : figures;
  const untaxedShipping = shippingRow ? 0 : shipping;
  const codFee = toCents(order.codFee);
  const total = sumOf(taxedRows, (row) => row.taxableValue + row.tax) + untaxedShipping + codFee;
  // NOTE: the lines come from the order's own pricing, so this holds; a mismatch is a bug, never printed.
  if (total !== toCents(order.totalAmount) || sumOf(taxedRows, (row) => row.tax) !== toCents(order.taxAmount))
    throw new Error("invoice figures do not add up to the order's amounts");
  return {
    split: order.supplyType,
    pricesIncludeTax: order.pricesIncludeTax,
    lines: figures.map((line) => inMoney(line, NOT_MONEY)),
    shippingRow: shippingRow ? inMoney(shippingRow, NOT_MONEY) : null,
    rates: byRate(taxedRows).map((rate) => inMoney(rate, NOT_MONEY)),
    taxableValue: fromCents(sumOf(taxedRows, (row) => row.taxableValue)),
    cgst: fromCents(sumOf(taxedRows, (row) => row.cgst)),
    sgst: fromCents(sumOf(taxedRows, (row) => row.sgst)),
    igst: fromCents(sumOf(taxedRows, (row) => row.igst)),
    tax: fromCents(sumOf(taxedRows, (row) => row.tax)),
    shipping: fromCents(shipping),
    codFee: fromCents(codFee),
    onlineDiscount: order.onlineDiscount ?? 0,
    total: fromCents(total),
  };
}

/** A credit note's line as recorded (refund_lines), in money. */
export interface CreditLineInput {
  kind: CreditKind;
  itemId: string | null;
  quantity: number;
  taxableValue: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface CreditNoteLineFigures extends TaxedFigures {
  kind: CreditKind;
  itemId: string | null;
  quantity: number;
  total: number;
}

export interface CreditNoteFigures {
  split: GstSplit;
  lines: CreditNoteLineFigures[];
  /** The GST of each rate given back, lowest rate first (the COD fee's value, outside GST, at none). */
  rates: TaxedFigures[];
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  total: number;
}

/** A credit note's figures, from its lines as the refund recorded them; their total is the refund's amount. */
export function creditNoteFigures(
  split: GstSplit,
  lines: readonly CreditLineInput[],
  amount: number,
): CreditNoteFigures {
  const rows = lines.map((line) => ({
    ...taxedCents(line.taxableValue, line.rate, line),
    kind: line.kind,
    itemId: line.itemId,
    quantity: line.quantity,
    total: toCents(line.total),
  }));
  const taxed = rows.filter((row) => row.kind !== "cod_fee");
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  if (total !== toCents(amount)) throw new Error("credit note lines do not add up to the refund");
  return {
    split,
    lines: rows.map((row) => inMoney(row, NOT_MONEY)),
    rates: byRate(taxed).map((rate) => inMoney(rate, NOT_MONEY)),
    taxableValue: fromCents(sumOf(rows, (row) => row.taxableValue)),
    cgst: fromCents(sumOf(rows, (row) => row.cgst)),
    sgst: fromCents(sumOf(rows, (row) => row.sgst)),
    igst: fromCents(sumOf(rows, (row) => row.igst)),
    tax: fromCents(sumOf(rows, (row) => row.tax)),
    total: fromCents(total),
  };
}
