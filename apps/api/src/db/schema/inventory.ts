import { STOCK_CAUSES, type StockCause } from "@shop/shared/schemas/inventory";
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef } from "./columns";
import { productVariants } from "./products";
import { sqlList } from "./sql-lists";

/**
 * The stock-movement log: a row per change of a variant's stock, written by the database itself
 * (the trigger on product_variants of the inventory migration), whoever writes the stock: the
 * placement, a cancellation, an expired hold, a refund's restock, the CSV import, an adjustment, a
 * product edit. The cause, reason, note, actor, order and return come from settings local to the
 * writing transaction (`shop.stock_cause`..., set by db/stock-cause.ts); none set: 'other'. A new variant
 * writes an 'initial' row of its first stock, so a variant's rows sum to its stock. Append-only:
 * its trigger refuses an update, and a delete but the cascade of a deleted variant.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    variantId: idRef()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    productId: idRef().notNull(),
    change: integer().notNull(),
    stockAfter: integer().notNull(),
    cause: text().$type<StockCause>().notNull(),
    reason: text(),
    note: text(),
    actorId: idRef(),
    actorName: text(),
    // The order whose placement, cancellation, expiry or refund moved the stock, and the return whose
    // receipt put units back (its order beside it). No foreign keys: the log keeps what happened.
    orderId: idRef(),
    returnId: idRef(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check("stock_movements_cause_check", sql`${t.cause} in (${sqlList(STOCK_CAUSES)})`),
    index("stock_movements_variant_at_idx").on(t.variantId, t.at.desc(), t.id.desc()),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;

/**
 * The current variants without stock (stock 0, not removed), one row each: what the inventory's "out
 * of stock" filter counts. Kept by the database itself, by triggers on product_variants that fire only
 * when a variant enters or leaves that state (migration 0063), so a paid order that leaves stock pays
 * nothing for it. Counting them in product_variants read the table until 10,001 were found (31 ms at six
 * million variants); an index there on the stock would end the paid order's HOT updates of its variants.
 */
export const variantsOutOfStock = pgTable("variants_out_of_stock", {
  variantId: idRef()
    .primaryKey()
    .references(() => productVariants.id, { onDelete: "cascade" }),
});
