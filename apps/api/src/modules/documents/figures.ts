/**
 * The figures of a GST tax invoice and of a credit note, in integer cents inside, as the documents
 * recorded them: the invoice reads each order line's taxable value, rate and CGST/SGST or IGST as the
 * placement priced them with the order's supply type (decided once, then), and each charge's the same
 * way; a credit note reads its own lines (refund_lines). Nothing is decided again from today's
 * settings, so a later change of the store's state, rates or charges' taxing changes no document
 * (GST.md; decisions 026 and 047). Shipping and the COD fee are taxed rows when the order taxed its
 * charges, otherwise charges beside the tax (outside GST); with prices including GST the paisa the rows
 * cannot hold is a "Round off" outside GST. The totals are the order's own amounts exactly.
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
  /** The line as priced: its value before GST and its GST's parts, and its round off. */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff?: number;
}

export interface InvoiceOrderInput {
  supplyType: GstSplit;
  discountAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  /** The prices included GST (the charges' too). */
  pricesIncludeTax: boolean;
  /** Shipping's GST (part of `taxAmount`), its rate and taxable value: all 0 when it was outside GST. */
  shippingTax: number;
  shippingTaxRate: number;
  shippingTaxable: number;
  shippingCgst: number;
  shippingSgst: number;
  shippingIgst: number;
  /** The cash on delivery fee within the total, and its GST as shipping's (0: outside GST). */
  codFee: number;
  codFeeTaxable: number;
  codFeeTaxRate: number;
  codFeeCgst: number;
  codFeeSgst: number;
  codFeeIgst: number;
  /** What the rows' prices hold beyond their taxable values and GST (prices including GST), outside GST. */
  roundOff: number;
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
  /** Shipping as a taxed row, when the order taxed its charges; otherwise null and `shipping` is a charge of its own. */
  shippingRow: (TaxedFigures & { total: number }) | null;
  /** The COD fee as a taxed row likewise; otherwise null and `codFee` is a charge of its own. */
  codFeeRow: (TaxedFigures & { total: number }) | null;
  /** The GST of each rate (the lines' and the taxed charges'), lowest rate first. */
  rates: TaxedFigures[];
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  shipping: number;
  /** The cash on delivery fee (0: none). */
  codFee: number;
  /** The "Round off" line: outside GST, in no GST table (0: none). */
  roundOff: number;
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

/** A charge as a taxed row, when its order taxed it (a taxable value or GST recorded); null otherwise. */
function chargeRow(taxable: number, rate: number, parts: { cgst: number; sgst: number; igst: number }) {
  const row = taxedCents(taxable, rate, parts);
  return row.taxableValue !== 0 || row.tax !== 0 ? { ...row, total: row.taxableValue + row.tax } : null;
}

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
  const shippingRow = chargeRow(order.shippingTaxable, order.shippingTaxRate, {
    cgst: order.shippingCgst,
    sgst: order.shippingSgst,
    igst: order.shippingIgst,
  });
  const codFee = toCents(order.codFee);
  const codFeeRow = chargeRow(order.codFeeTaxable, order.codFeeTaxRate, {
    cgst: order.codFeeCgst,
    sgst: order.codFeeSgst,
    igst: order.codFeeIgst,
  });
  const taxedRows: TaxedFigures[] = [
    ...figures,
    ...(shippingRow ? [shippingRow] : []),
    ...(codFeeRow ? [codFeeRow] : []),
  ];
  const untaxed = (shippingRow ? 0 : shipping) + (codFeeRow ? 0 : codFee);
  const roundOff = toCents(order.roundOff);
  const total = sumOf(taxedRows, (row) => row.taxableValue + row.tax) + untaxed + roundOff;
  // NOTE: the lines come from the order's own pricing, so this holds; a mismatch is a bug, never printed.
  if (total !== toCents(order.totalAmount) || sumOf(taxedRows, (row) => row.tax) !== toCents(order.taxAmount))
    throw new Error("invoice figures do not add up to the order's amounts");
  return {
    split: order.supplyType,
    pricesIncludeTax: order.pricesIncludeTax,
    lines: figures.map((line) => inMoney(line, NOT_MONEY)),
    shippingRow: shippingRow ? inMoney(shippingRow, NOT_MONEY) : null,
    codFeeRow: codFeeRow ? inMoney(codFeeRow, NOT_MONEY) : null,
    rates: byRate(taxedRows).map((rate) => inMoney(rate, NOT_MONEY)),
    taxableValue: fromCents(sumOf(taxedRows, (row) => row.taxableValue)),
    cgst: fromCents(sumOf(taxedRows, (row) => row.cgst)),
    sgst: fromCents(sumOf(taxedRows, (row) => row.sgst)),
    igst: fromCents(sumOf(taxedRows, (row) => row.igst)),
    tax: fromCents(sumOf(taxedRows, (row) => row.tax)),
    shipping: fromCents(shipping),
    codFee: fromCents(codFee),
    roundOff: fromCents(roundOff),
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
  /** Given back outside GST: an untaxed charge whole, or a taxed row's round off. */
  outsideGst: number;
  total: number;
}

export interface CreditNoteLineFigures extends TaxedFigures {
  kind: CreditKind;
  itemId: string | null;
  quantity: number;
  /** A charge its order left outside GST: no taxable value, rate or tax to print. */
  outsideGst: boolean;
  /** Taxable value + tax (a taxed row), or the charge outside GST. */
  total: number;
}

export interface CreditNoteFigures {
  split: GstSplit;
  lines: CreditNoteLineFigures[];
  /** The GST of each rate given back, lowest rate first (the taxed rows only). */
  rates: TaxedFigures[];
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  tax: number;
  /** The taxed rows' round off (prices including GST), outside GST (0: none). */
  roundOff: number;
  total: number;
}

/** A credit note's figures, from its lines as the refund recorded them; their total is the refund's amount. */
export function creditNoteFigures(
  split: GstSplit,
  lines: readonly CreditLineInput[],
  amount: number,
): CreditNoteFigures {
  const rows = lines.map((line) => {
    const taxed = taxedCents(line.taxableValue, line.rate, line);
    const outside = toCents(line.outsideGst);
    const untaxed = line.kind !== "goods" && taxed.taxableValue === 0 && taxed.tax === 0;
    return {
      ...taxed,
      kind: line.kind,
      itemId: line.itemId,
      quantity: line.quantity,
      outsideGst: untaxed,
      roundOff: untaxed ? 0 : outside,
      total: untaxed ? outside : taxed.taxableValue + taxed.tax,
    };
  });
  const taxedRows = rows.filter((row) => !row.outsideGst);
  const roundOff = taxedRows.reduce((sum, row) => sum + row.roundOff, 0);
  const total = rows.reduce((sum, row) => sum + row.total, 0) + roundOff;
  if (total !== toCents(amount)) throw new Error("credit note lines do not add up to the refund");
  return {
    split,
    lines: rows.map(({ roundOff: _, ...row }) => inMoney(row, NOT_MONEY)),
    rates: byRate(taxedRows).map((rate) => inMoney(rate, NOT_MONEY)),
    taxableValue: fromCents(sumOf(rows, (row) => row.taxableValue)),
    cgst: fromCents(sumOf(rows, (row) => row.cgst)),
    sgst: fromCents(sumOf(rows, (row) => row.sgst)),
    igst: fromCents(sumOf(rows, (row) => row.igst)),
    tax: fromCents(sumOf(rows, (row) => row.tax)),
    roundOff: fromCents(roundOff),
    total: fromCents(total),
  };
}
