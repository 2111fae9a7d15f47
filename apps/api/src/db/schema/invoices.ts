import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/** What a GST document states of its supplier (rule 46(a)), kept on the document as it was when issued. */
export interface SupplierDetails {
  /** The registered business's legal name: "For <legal name>" over the signature. */
  legalName: string;
  /** The store's (trade) name. */
  name: string;
  address: string;
  gstin: string;
  /** The GST state code ("27") and the state's name. */
  stateCode: string;
  stateName: string;
  signatory: { name: string; designation: string } | null;
}

/** The kinds of document numbered in series of their own: tax invoices and credit notes. */
export type DocumentKind = "invoice" | "credit_note";

/**
 * The last number given in each series: a kind of document, the GSTIN it is issued under (a new
 * registration starts its own series) and the Indian financial year ("2026-27"). The issuing
 * transaction raises its series' row (INSERT ... ON CONFLICT DO UPDATE ... RETURNING) and holds it
 * until commit, so that numbers are unique and gap-free: a rolled-back payment gives its number back,
 * which a PostgreSQL sequence would not.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text().$type<DocumentKind>().notNull(),
    gstin: text().notNull(),
    financialYear: text().notNull(),
    last: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.gstin, t.financialYear] }),
    check("document_counters_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("document_counters_year_check", sql`${t.financialYear} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check("document_counters_last_check", sql`${t.last} > 0`),
  ],
);

/**
 * The supplier as documents issued now state it: one row, written from the store settings in effect
 * when the app starts and whenever the owner saves them, so that the statement that issues a
 * document copies it onto the document in the same breath (modules/invoices/supplier.ts).
 */
export const supplierDetails = pgTable(
  "supplier_details",
  {
    id: smallint().primaryKey().default(1),
    details: jsonb().$type<SupplierDetails>().notNull(),
  },
  (t) => [check("supplier_details_one_row_check", sql`${t.id} = 1`)],
);
