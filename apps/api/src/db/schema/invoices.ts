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
