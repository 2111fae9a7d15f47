/**
 * GST document numbers (decision 048): a gap-free series per kind of document, per GSTIN (a new
 * registration starts its own) and per Indian financial year (April to March, by the time of issue
 * in India), of at most 16 characters as the offline tool takes them (`^[a-zA-Z0-9-/]{1,16}$`):
 * `INV2627/000001` for invoices, `CN2627/000001` for credit notes. A prepaid order takes its number at
 * payment; a cash on delivery order when its first parcel ships, since the invoice goes with the goods
 * (CGST rule 46, docs/decisions/025-invoice-when-goods-leave.md). Every document keeps the supplier as
 * it stated it when issued (supplier.ts). Numbers given before this series ("INV/2026-27/000059") stay
 * as they were issued.
 */
import type { Database } from "#api/db/client";
import type { DocumentKind } from "#api/db/schema/invoices";
import type { Order } from "#api/db/schema/orders";
import { type IssuedDocument, setInvoiceNumber, takeNextNumber } from "./repo";
import { currentSupplier } from "./supplier";

export { giveSupplierToOlderDocuments, recordSupplier, supplierOf } from "./supplier";

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

const PREFIX: Record<DocumentKind, string> = { invoice: "INV", credit_note: "CN" };

/** "INV2627/": what a series' numbers start with, for a kind of document and a financial year ("2026-27"). */
export function seriesPrefix(kind: DocumentKind, financialYear: string): string {
  return `${PREFIX[kind]}${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/`;
}

/** "INV2627/000042": six digits at least (16 characters up to 99,999,999 invoices a year). */
export function formatDocumentNumber(kind: DocumentKind, financialYear: string, sequence: number): string {
  return `${seriesPrefix(kind, financialYear)}${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of `kind` dated `issuedAt`, under the GSTIN in effect: the series' counter row is
 * raised and held until commit, so numbers are unique and have no gaps.
 */
async function issue(db: Database, kind: DocumentKind, issuedAt: Date): Promise<IssuedDocument> {
  const supplier = await currentSupplier(db);
  const gstin = supplier?.gstin ?? "";
  const year = financialYearOf(issuedAt);
  const sequence = await takeNextNumber(db, { kind, gstin, financialYear: year });
  return { number: formatDocumentNumber(kind, year, sequence), supplier, gstin: supplier ? gstin : null };
}

/**
 * Gives an order its invoice number dated `issuedAt`, inside the transaction that issues it (the
 * first shipment's of a cash on delivery order, or the demo's).
 */
export async function giveInvoiceNumber(db: Database, orderId: string, issuedAt: Date = new Date()) {
  const invoice = await issue(db, "invoice", issuedAt);
  // NOTE: an order is invoiced once; a second number would leave a gap, so the transaction fails instead.
  if (!(await setInvoiceNumber(db, orderId, invoice, issuedAt)))
    throw new Error(`order ${orderId} already has an invoice number`);
  return invoice.number;
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

/**
 * A credit note's number, supplier and GSTIN, inside the refund's transaction, to be written with
 * the refund: its series' counter row is held until commit, as an invoice's is.
 */
export async function takeCreditNote(db: Database, refundedAt: Date) {
  const note = await issue(db, "credit_note", refundedAt);
  return { creditNoteNumber: note.number, creditNoteSupplier: note.supplier, creditNoteGstin: note.gstin };
}
