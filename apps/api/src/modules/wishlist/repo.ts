/** SQL for a shopper's saved products; every statement is scoped to its shopper. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type ProductSummaryRow, summaryColumns } from "#api/db/product-summary";
import { categories } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
import { media } from "#api/db/schema/media";
import { products } from "#api/db/schema/products";
import { wishlistItems } from "#api/db/schema/shoppers-lists";

export type SavedProductRow = ProductSummaryRow & { savedAt: Date };

/**
 * The shopper's saved products that the storefront shows (active ones), newest saved first, as
 * cards read them: one statement, its rows from the (user, created_at) index.
 */
export async function listSavedProducts(
  db: Database,
  userId: string,
  limit: number,
): Promise<SavedProductRow[]> {
  return db
    .select({ ...summaryColumns, savedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.isActive, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(limit);
}

export interface SaveOutcome {
  /** The product exists and the storefront shows it. */
  found: boolean;
  /** When it was saved: now, or when it first was; null when it was not saved (unknown, or the list full). */
  savedAt: Date | null;
  created: boolean;
}

/**
 * Saves a product for a shopper, in one statement: nothing for a product that is unknown or
 * inactive, nor for a list already holding `max` products; the product already saved keeps its time.
 * NOTE: the limit is read in the same statement, not locked: two saves of one shopper at the same
 * instant may take the list one past it, which is harmless (it only keeps the list small).
 */
export async function saveProduct(
  db: Database,
  userId: string,
  productId: string,
  max: number,
): Promise<SaveOutcome> {
  const user = idValue(userId);
  const product = idValue(productId);
  const result = await db.execute<{
    found: boolean;
    existing: Date | string | null;
    inserted: Date | string | null;
  }>(sql`
    with product as (
      select id from ${products} where id = ${product} and is_active
    ), existing as (
      select created_at from ${wishlistItems} where user_id = ${user} and product_id = ${product}
    ), inserted as (
      insert into ${wishlistItems} (user_id, product_id)
      select ${user}, id from product
      where not exists (select 1 from existing)
        and (select count(*) from ${wishlistItems} where user_id = ${user}) < ${max}
      on conflict do nothing
      returning created_at
    )
    select exists (select 1 from product) as found,
           (select created_at from existing) as existing,
           (select created_at from inserted) as inserted`);
  const row = result.rows[0];
  const at = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));
  const inserted = at(row?.inserted);
  return { found: row?.found === true, savedAt: inserted ?? at(row?.existing), created: inserted !== null };
}

/** Removes a saved product; nothing when it was not saved. */
export async function removeSavedProduct(db: Database, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** Removes every saved product of a shopper (their account closed). */
export async function deleteWishlistOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
