/** SQL for document numbers: the counter of each series and the number an order keeps. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type DocumentKind, documentCounters, type SupplierDetails } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";

/** A document's number and the supplier it states, given inside the transaction that issues it. */
export interface IssuedDocument {
  number: string;
  supplier: SupplierDetails | null;
  gstin: string | null;
}

/**
 * Takes the next number of a series: its row is created at 1 or raised by one, and stays locked
 * until the caller's transaction ends, so that concurrent documents queue on it and a rolled-back one
 * gives its number back.
 */
export async function takeNextNumber(
  db: Database,
  series: { kind: DocumentKind; gstin: string; financialYear: string },
): Promise<number> {
  const [row] = await db
    .insert(documentCounters)
    .values({ ...series, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.gstin, documentCounters.financialYear],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error("document counter returned no row");
  return row.last;
}

/** Writes an order's invoice number, date and supplier; answers false when the order already has one. */
export async function setInvoiceNumber(
  db: Database,
  orderId: string,
  invoice: IssuedDocument,
  invoicedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      invoiceNumber: invoice.number,
      invoicedAt,
      invoiceSupplier: invoice.supplier,
      invoiceGstin: invoice.gstin,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
