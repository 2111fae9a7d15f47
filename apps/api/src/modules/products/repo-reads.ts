/**
 * SQL for reading the catalogue: one product with its gallery and variants, the columns a product
 * card shows (shared with the lists), and the checks writes need (the row locked for an update,
 * SKUs taken, media that exist, order lines that name a product, the category a product names).
 */
import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { summaryColumns } from "#api/db/product-summary";
import { type Category, categories } from "#api/db/schema/categories";
import { type Media, media } from "#api/db/schema/media";
import { orderItems } from "#api/db/schema/orders";
import { type ProductVariant, productGallery, products, productVariants } from "#api/db/schema/products";

// The card's columns are shared with the wishlist's read (db/product-summary.ts).
export { type ProductSummaryRow, summaryColumns } from "#api/db/product-summary";

/** One product with its category and thumbnail, plus what only its page shows; undefined if unknown. */
export async function findProductById(db: Database, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      updatedAt: products.updatedAt,
      taxRate: products.taxRate,
      taxSlabs: products.taxSlabs,
      hsnCode: products.hsnCode,
      uqc: products.uqc,
      weightKg: products.weightKg,
      lengthCm: products.lengthCm,
      breadthCm: products.breadthCm,
      heightCm: products.heightCm,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/** The gallery of a product, in its order. */
export async function findGallery(db: Database, productId: string): Promise<Media[]> {
  const rows = await db
    .select({ media })
    .from(productGallery)
    .innerJoin(media, eq(media.id, productGallery.mediaId))
    .where(eq(productGallery.productId, productId))
    .orderBy(asc(productGallery.position), asc(media.id));
  return rows.map((row) => row.media);
}

/** The fields the update rules look at, locking the row for the rest of the transaction. */
export async function lockProductForUpdate(db: Database, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      isActive: products.isActive,
      options: products.options,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row;
}

/** A product's current variants (removed ones left out), in their order: one query for the product page. */
export async function findVariants(db: Database, productId: string): Promise<ProductVariant[]> {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.removedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The SKUs among these that a variant other than `exceptIds` holds (removed variants included). */
export async function takenSkus(
  db: Database,
  skus: readonly string[],
  exceptIds: readonly string[],
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.sku, [...skus]),
        exceptIds.length > 0 ? notInArray(productVariants.id, [...exceptIds]) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.sku));
}

/** Whether any order line names the product (order_items restrict its deletion). */
export async function productHasOrderItems(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, id))
    .limit(1);
  return rows.length > 0;
}

/** The ids among these that name existing media. */
export async function existingMediaIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(inArray(media.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Whether any product exists at all (the demo seed fills only an empty catalogue). */
export async function hasAnyProduct(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

/** The category a product is listed under or names, by id or slug. */
export async function findProductCategory(
  db: Database,
  by: { id: string } | { slug: string },
): Promise<Category | undefined> {
  const where = "id" in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug);
  const [row] = await db.select().from(categories).where(where).limit(1);
  return row;
}
