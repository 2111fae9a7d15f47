import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idRef } from "./columns";
import { orders } from "./orders";

/**
 * A ledger row's kind: an invoice issued, a payment taken, a refund given (money back with its credit
 * note), or a credit note that gave no money back (`credit`: goods returned before they were paid for,
 * a cash on delivery parcel returned to origin).
 */
export type LedgerKind = "invoice" | "payment" | "refund" | "credit";

/**
 * What a slot sums (salesSlots): a kind of the ledger's rows, or the orders placed in it (`placed`,
 * `rows` their count and every sum zero), which a trigger on orders adds (migration 0056).
 */
export type SlotKind = LedgerKind | "placed";

/**
 * The sales and the money, in cents: one row per invoice issued (`invoice`, keyed by its order: what
 * it sold, on its date), per payment taken (`payment`: the money only, on the day it moved) and per
 * refund given (`refund`: the money and its credit note's figures, on the day it was given; `credit`
 * for a credit note that gave no money back: its figures, and its value in `amount`, but no money). Written
 * by the database itself (triggers on orders, payments and refunds; migrations 0017 and 0034), never
 * by the API: every way an invoice is issued, a payment taken and a refund given lands here in the
 * same transaction. The sales report reads a period from here by `at`, instead of joining every
 * order and line of it; its tax figures are the documents' own, summed, never decided again.
 */
export const salesLedger = pgTable(
  "sales_ledger",
  {
    // The payment's or the refund's id: a row per movement, written once.
    sourceId: idRef().primaryKey(),
    kind: text().$type<LedgerKind>().notNull(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // The invoice's date, the payment's moment, the refund's completion.
    at: timestamp({ withTimezone: true }).notNull(),
    // The invoice's total, the payment's amount, the refund's amount (its credit note's total); a
    // `credit`'s note total (no money moved).
    amount: bigint({ mode: "number" }).notNull(),
    // An invoice's goods before GST: at list price, less the sale's and the code's discounts.
    grossSales: bigint({ mode: "number" }).notNull().default(0),
    saleDiscounts: bigint({ mode: "number" }).notNull().default(0),
    codeDiscounts: bigint({ mode: "number" }).notNull().default(0),
    // A credit note's goods before GST (what the report calls returns).
    returns: bigint({ mode: "number" }).notNull().default(0),
    // Shipping before GST, charged (an invoice) or given back (a credit note).
    shipping: bigint({ mode: "number" }).notNull().default(0),
    // The cash on delivery fee before GST (the fee, or what it held beyond its GST), charged or given back.
    codFees: bigint({ mode: "number" }).notNull().default(0),
    // Units sold (an invoice) or credited (a credit note).
    units: integer().notNull().default(0),
    // The document's GST, and its parts as the document prints them (cgst + sgst + igst = tax).
    tax: bigint({ mode: "number" }).notNull().default(0),
    cgst: bigint({ mode: "number" }).notNull().default(0),
    sgst: bigint({ mode: "number" }).notNull().default(0),
    igst: bigint({ mode: "number" }).notNull().default(0),
    shippingState: text().notNull(),
    discountCode: text(),
    // The currency of its order (ISO 4217): a figure sums the rows of one currency only, the shop's
    // (a shop that switched currency keeps its old orders in theirs). Set by a trigger from the order.
    currency: text().notNull().default("USD"),
  },
  (t) => [
    check("sales_ledger_kind_check", sql`${t.kind} in ('invoice', 'payment', 'refund', 'credit')`),
    index("sales_ledger_at_idx").on(t.at),
    // A customer's net spend (modules/users: the customer page) sums the rows of their orders.
    index("sales_ledger_order_id_idx").on(t.orderId),
  ],
);

export type SalesLedgerRow = typeof salesLedger.$inferSelect;

/**
 * The order lines of each document: what an invoice sold (each line's taxable value, after its
 * discounts, before GST) and what a credit note gave back (its goods lines, negative), in cents. Kept
 * by the same triggers; the report's products and categories and the inventory's sold counts read a
 * period from here, so that goods given back leave them on the day of their refund.
 */
export const salesLedgerLines = pgTable(
  "sales_ledger_lines",
  {
    sourceId: idRef()
      .notNull()
      .references(() => salesLedger.sourceId, { onDelete: "cascade" }),
    itemId: idRef().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    productId: idRef().notNull(),
    variantId: idRef().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    units: integer().notNull(),
    // The product's category when the invoice line was written; a credit note's line keeps its invoice
    // line's. The report's categories sum a period's lines by it instead of reading every product.
    categoryId: idRef(),
    // Its order's currency, as the ledger row's (set by a trigger from the order).
    currency: text().notNull().default("USD"),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.itemId] }),
    // NOTE: the columns the report sums ride along as keys (drizzle has no INCLUDE), so that a period
    // is read from the index alone, and only those: a year's categories read a million entries (0.3 s
    // warm at a million orders), which the product's and the line's ids made half as long again.
    index("sales_ledger_lines_at_idx").on(t.at, t.variantId, t.categoryId, t.amount, t.units, t.currency),
    // The inventory page's units sold in 30 days (modules/inventory/repo.ts): its 20 variants' lines
    // read as 20 ranges, where the period's index read every line sold in those days (89,000 at a
    // million orders, 25 ms for one page). The sales report's long periods read it whole, in variant
    // order, for what each variant sold: amount and item ride along so that the table is never read
    // (a year at a million orders: 1,050,000 lines, each a page of the table otherwise).
    index("sales_ledger_lines_variant_at_idx").on(t.variantId, t.at, t.units, t.amount, t.itemId, t.currency),
  ],
);

/** The ledger's sums of one kind of row and one discount code ('' for none) over a slot. */
const slotSums = {
  kind: text().$type<SlotKind>().notNull(),
  discountCode: text().notNull().default(""),
  // The rows' currency: a slot sums one currency (an order placed counts in its order's).
  currency: text().notNull().default("USD"),
  amount: bigint({ mode: "number" }).notNull().default(0),
  grossSales: bigint({ mode: "number" }).notNull().default(0),
  saleDiscounts: bigint({ mode: "number" }).notNull().default(0),
  codeDiscounts: bigint({ mode: "number" }).notNull().default(0),
  returns: bigint({ mode: "number" }).notNull().default(0),
  shipping: bigint({ mode: "number" }).notNull().default(0),
  codFees: bigint({ mode: "number" }).notNull().default(0),
  units: bigint({ mode: "number" }).notNull().default(0),
  tax: bigint({ mode: "number" }).notNull().default(0),
  cgst: bigint({ mode: "number" }).notNull().default(0),
  sgst: bigint({ mode: "number" }).notNull().default(0),
  igst: bigint({ mode: "number" }).notNull().default(0),
};

/**
 * The ledger summed by quarter of an hour (`slot`, its start), kind and discount code: what the sales
 * report's days and codes add up, a few rows a slot instead of every invoice, payment and refund (a
 * year at a million orders: about 170 000 rows instead of a million); and the orders placed in each
 * slot (kind `placed`), the report's orders a day, where counting a year's orders read 500 000 keys. NOTE: a quarter of an hour because
 * every offset a shop can set starts its days on one, so a slot lies within one day of the shop's
 * clock. Kept in batches by modules/reports/slots.ts from `sales_slot_changes`; a report reads both.
 */
export const salesSlots = pgTable(
  "sales_slots",
  {
    slot: timestamp({ withTimezone: true }).notNull(),
    ...slotSums,
    // The ledger rows summed (0 once every row of the group has moved elsewhere).
    rows: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slot, t.kind, t.discountCode, t.currency] })],
);

/**
 * The ledger's changes not yet folded into `sales_slots`: each ledger row written adds itself, each
 * rewritten or deleted takes its old figures away (a trigger on `sales_ledger`), and each order placed
 * adds a `placed` row (a trigger on `orders`). Insert only, without a key or an index, so that the payment writing the ledger never waits on it;
 * the fold deletes the rows it adds up, every few seconds.
 */
export const salesSlotChanges = pgTable("sales_slot_changes", {
  slot: timestamp({ withTimezone: true }).notNull(),
  ...slotSums,
  rows: integer().notNull(),
});
