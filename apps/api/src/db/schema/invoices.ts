import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The last invoice number given in each Indian financial year ("2026-27"). A payment raises its
 * year's row in its own transaction (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so that
 * numbers are unique and gap-free: a rolled-back payment gives its number back, which a
 * PostgreSQL sequence would not.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    financialYear: text().primaryKey(),
    last: integer().notNull(),
  },
  (t) => [
    check("invoice_counters_year_check", sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("invoice_counters_last_check", sql`${t.last} > 0`),
  ],
);

/** The last credit note number given in each financial year ("CN/2026-27/000001"), kept like the invoices'. */
export const creditNoteCounters = pgTable(
  "credit_note_counters",
  {
    financialYear: text().primaryKey(),
    last: integer().notNull(),
  },
  (t) => [
    check("credit_note_counters_year_check", sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("credit_note_counters_last_check", sql`${t.last} > 0`),
  ],
);
