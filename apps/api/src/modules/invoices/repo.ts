/** SQL for invoice numbers: the per-year counter and the number an order keeps. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { creditNoteCounters, invoiceCounters } from "#api/db/schema/invoices";
import { orders } from "#api/db/schema/orders";

/**
 * Takes the next number of a financial year: the year's row is created at 1 or raised by one, and
 * stays locked until the caller's transaction ends, so that concurrent payments queue on it and a
 * rolled-back one gives its number back.
 */
export async function takeNextInvoiceNumber(db: Database, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ financialYear, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error("invoice counter returned no row");
  return row.last;
}

/** Takes the next credit note number of a financial year, the same way as an invoice number. */
export async function takeNextCreditNoteNumber(db: Database, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(creditNoteCounters)
    .values({ financialYear, last: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { last: sql`${creditNoteCounters.last} + 1` },
    })
    .returning({ last: creditNoteCounters.last });
  if (!row) throw new Error("credit note counter returned no row");
  return row.last;
}

/** Writes an order's invoice number and date; answers false when the order already has one. */
export async function setInvoiceNumber(
  db: Database,
  orderId: string,
  invoiceNumber: string,
  invoicedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ invoiceNumber, invoicedAt })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning({ id: orders.id });
  return rows.length === 1;
}
