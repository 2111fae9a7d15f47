/**
 * The order in which every writer of variant stock locks variants (a placement, a cancellation, an
 * expired hold, a refund's or a return's restock). Kept beside the schema so that the orders and
 * refunds repos share it without importing each other's module.
 */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "./client";
import { productVariants } from "./schema/products";

/**
 * Locks the variants an order takes stock from, in product then variant id order, and answers
 * their stock. NOTE: every writer of variant stock locks in this order (the variants' trigger then
 * locks their products in id order), so that two placements, or a placement and a cancellation,
 * never wait on each other in a circle.
 */
export async function lockVariants(db: Database, ids: readonly string[]) {
  return db
    .select({ id: productVariants.id, stock: productVariants.stock, isActive: productVariants.isActive })
    .from(productVariants)
    .where(inArray(productVariants.id, [...ids]))
    .orderBy(asc(productVariants.productId), asc(productVariants.id))
    .for("update");
}
