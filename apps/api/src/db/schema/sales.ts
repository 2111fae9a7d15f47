import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idRef } from "./columns";
import { orders } from "./orders";

/**
 * The money that moved, one row per payment taken and per refund given, with what the reports sum
 * of its order, in cents. Written by the database itself (triggers on payments and refunds, migration
 * 0017), never by the API: every way a payment is taken (a card, a PayPal capture, its webhook) and
 * a refund is given (the dashboard, the provider's own) lands here in the same transaction. The
 * sales report reads a period from here by `at`, instead of joining every order and line of it.
 */
export const salesLedger = pgTable(
  "sales_ledger",
  {
    // The payment's or the refund's id: a row per movement, written once.
    sourceId: idRef().primaryKey(),
    kind: text().$type<"payment" | "refund">().notNull(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // When the money moved: the payment's creation, the refund's completion.
    at: timestamp({ withTimezone: true }).notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    // A payment's order: its items at list price, the sale's and the code's discounts, its shipping
    // (0 on a refund's row).
    grossSales: bigint({ mode: "number" }).notNull().default(0),
    saleDiscounts: bigint({ mode: "number" }).notNull().default(0),
    codeDiscounts: bigint({ mode: "number" }).notNull().default(0),
    shipping: bigint({ mode: "number" }).notNull().default(0),
    // A payment's order's cash on delivery fee (outside GST; 0 on a refund's row and for other orders).
    codFees: bigint({ mode: "number" }).notNull().default(0),
    // Units sold (a payment) or restocked (a refund).
    units: integer().notNull().default(0),
    // GST of the invoice (a payment) or of the credit note (a refund), and the CGST part of it as the
    // document prints it when the order ships within the seller's state (the rest is SGST); the
    // report compares `shippingState` with the seller's state when it reads.
    tax: bigint({ mode: "number" }).notNull().default(0),
    cgst: bigint({ mode: "number" }).notNull().default(0),
    shippingState: text().notNull(),
    discountCode: text(),
  },
  (t) => [
    check("sales_ledger_kind_check", sql`${t.kind} in ('payment', 'refund')`),
    index("sales_ledger_at_idx").on(t.at),
    // A customer's net spend (modules/users: the customer page) sums the rows of their orders.
    index("sales_ledger_order_id_idx").on(t.orderId),
  ],
);

export type SalesLedgerRow = typeof salesLedger.$inferSelect;

/**
 * The order lines of each ledger row: what a payment sold (each line, net of its share of the code's
 * discount) and what a refund restocked (the units back, at the price they were sold at, negative),
 * in cents. Kept by the same triggers; the report's products and categories read a period from here.
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
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.itemId] }),
    // NOTE: the columns the report sums ride along as keys (drizzle has no INCLUDE), so that a period
    // is read from the index alone.
    index("sales_ledger_lines_at_idx").on(t.at, t.productId, t.variantId, t.itemId, t.amount, t.units),
  ],
);
