/** SQL for the sitemap: only what it lists. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { products } from "#api/db/schema/products";

/** A sitemap file holds at most 50,000 URLs. */
export const SITEMAP_MAX_PRODUCTS = 49_000;

export function listSitemapCategories(db: Database) {
  return db
    .select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .orderBy(categories.slug);
}

export function listSitemapProducts(db: Database) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.updatedAt))
    .limit(SITEMAP_MAX_PRODUCTS);
}
