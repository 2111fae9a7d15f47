/**
 * GST invoice numbers, from a gap-free sequence per Indian financial year (April to March, by the
 * time of issue in India): `INV/2026-27/000001`. A prepaid order takes its number at payment; a cash
 * on delivery order when its first parcel ships, since the invoice goes with the goods (CGST rule 46,
 * docs/decisions/025-invoice-when-goods-leave.md). Credit notes for refunds number from their own
 * counter year by year (`CN/2026-27/000001`), the same way.
 */
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { setInvoiceNumber, takeNextCreditNoteNumber, takeNextInvoiceNumber } from "./repo";

const INDIA = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "numeric",
});

/** "2026-27": the financial year (April to March) a moment falls in, as the clock reads in India. */
export function financialYearOf(at: Date): string {
  const parts = INDIA.formatToParts(at);
  const year = Number(parts.find((part) => part.type === "year")?.value);
  const month = Number(parts.find((part) => part.type === "month")?.value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "INV/2026-27/000042". */
export function formatInvoiceNumber(financialYear: string, sequence: number): string {
  return `INV/${financialYear}/${String(sequence).padStart(6, "0")}`;
}

/**
 * Gives an order its invoice number dated `issuedAt`, inside the transaction that issues it (the
 * payment's, or the first shipment's of a cash on delivery order): the year's counter row is raised
 * and held until commit, so numbers are unique and have no gaps.
 */
export async function giveInvoiceNumber(db: Database, orderId: string, issuedAt: Date = new Date()) {
  const year = financialYearOf(issuedAt);
  const invoiceNumber = formatInvoiceNumber(year, await takeNextInvoiceNumber(db, year));
  // NOTE: an order is invoiced once; a second number would leave a gap, so the transaction fails instead.
  if (!(await setInvoiceNumber(db, orderId, invoiceNumber, issuedAt)))
    throw new Error(`order ${orderId} already has an invoice number`);
  return invoiceNumber;
}

/**
 * The goods of an order leave (a parcel ships): an order not yet invoiced (cash on delivery) takes
 * its number now, dated `removedAt`; one invoiced at payment keeps its own. Called under the
 * order's row lock, last in the shipment's transaction, as the payment takes the counter last.
 */
export async function invoiceAtRemoval(
  db: Database,
  order: Pick<Order, "id" | "invoiceNumber">,
  removedAt: Date,
): Promise<string> {
  if (order.invoiceNumber) return order.invoiceNumber;
  return giveInvoiceNumber(db, order.id, removedAt);
}

/** "CN/2026-27/000042". */
export function formatCreditNoteNumber(financialYear: string, sequence: number): string {
  return `CN/${financialYear}/${String(sequence).padStart(6, "0")}`;
}

/**
 * The next credit note number, inside the refund's transaction: the year's counter row is raised and
 * held until commit, so that credit notes, like invoices, are unique and have no gaps.
 */
export async function takeCreditNoteNumber(db: Database, refundedAt: Date): Promise<string> {
  const year = financialYearOf(refundedAt);
  return formatCreditNoteNumber(year, await takeNextCreditNoteNumber(db, year));
}
