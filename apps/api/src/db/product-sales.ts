/**
 * The units sold that the best-seller counts fold in (modules/products/sold-counts.ts says why they
 * are kept in batches): written by whatever sells units or takes them back (a paid order, a
 * cancelled one, a refund's restock). Kept beside the schema so that the orders and refunds repos
 * share it without importing each other's module; the products module folds the rows.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";
import { productSales } from "./schema/products";

/**
 * Adds units sold (positive) or given back (negative) by product, from a select of
 * `(product_id, quantity)` rows: `select product_id, sum(quantity) from order_items where …`.
 */
export async function addSoldUnits(db: Database, rows: SQL) {
  await db.execute(sql`
    insert into ${productSales} (product_id, quantity)
    select s.product_id, s.quantity from (${rows}) as s(product_id, quantity) where s.quantity <> 0`);
}
