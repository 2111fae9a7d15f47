/**
 * SQL for the products CSV: the export's batches, and the import's reads (the products it rewrites,
 * locked; the SKUs, categories and images its rows name) and bulk writes, a few statements per
 * 2,000 rows, with the search documents rewritten after.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type SizeColumns, sizeOf } from "#api/db/parcel-size";
import { categories } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
import { media } from "#api/db/schema/media";
import {
  type ProductOption,
  type ProductVariant,
  productGallery,
  products,
  productVariants,
  searchWords,
} from "#api/db/schema/products";
import type { VariantValues } from "./repo-writes";
import { searchDocumentOf, searchWordsOf } from "./search";

/** At most this many rows per bulk statement (PostgreSQL takes at most 65,535 parameters). */
const BULK_ROWS = 2_000;

function chunks<T>(items: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The size columns of a product, selected. */
const productSize = {
  weightKg: products.weightKg,
  lengthCm: products.lengthCm,
  breadthCm: products.breadthCm,
  heightCm: products.heightCm,
};

/**
 * A product as the CSV writes it: its own fields and size, its category's slug and its thumbnail's URL.
 */
export interface ProductCsvRow extends SizeColumns {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  options: ProductOption[];
  categorySlug: string;
  imageUrl: string | null;
}

/** The next `limit` products after `afterId`, in id order (the export's keyset pages). */
export async function productCsvBatch(
  db: Database,
  afterId: string | null,
  limit: number,
): Promise<ProductCsvRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      isActive: products.isActive,
      options: products.options,
      ...productSize,
      categorySlug: categories.slug,
      imageUrl: media.url,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(afterId ? gt(products.id, afterId) : undefined)
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The current variants of these products, each product's in its order. */
export async function findVariantsOfProducts(
  db: Database,
  productIds: readonly string[],
): Promise<ProductVariant[]> {
  if (productIds.length === 0) return [];
  const rows: ProductVariant[] = [];
  for (const ids of chunks(productIds)) {
    rows.push(
      ...(await db
        .select()
        .from(productVariants)
        .where(and(inArray(productVariants.productId, ids), isNull(productVariants.removedAt)))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))),
    );
  }
  return rows;
}

/** A product as the import compares it with its rows, with its own size. */
export interface ProductImportTarget extends SizeColumns {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  categoryId: string;
  thumbnailId: string | null;
  options: ProductOption[];
}

/** These products, locked for the rest of the transaction (the import rewrites them). */
export async function lockProductsForImport(
  db: Database,
  ids: readonly string[],
): Promise<ProductImportTarget[]> {
  const rows: ProductImportTarget[] = [];
  for (const part of chunks(ids)) {
    rows.push(
      ...(await db
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          isActive: products.isActive,
          categoryId: products.categoryId,
          thumbnailId: products.thumbnailId,
          options: products.options,
          ...productSize,
        })
        .from(products)
        .where(inArray(products.id, part))
        .orderBy(asc(products.id))
        .for("update")),
    );
  }
  return rows;
}

/** The variants (removed ones included) that hold these SKUs, with their product. */
export async function findVariantsBySkus(
  db: Database,
  skus: readonly string[],
): Promise<{ id: string; sku: string; productId: string; removed: boolean }[]> {
  const rows: { id: string; sku: string; productId: string; removed: boolean }[] = [];
  for (const part of chunks(skus)) {
    rows.push(
      ...(await db
        .select({
          id: productVariants.id,
          sku: productVariants.sku,
          productId: productVariants.productId,
          removed: sql<boolean>`${productVariants.removedAt} is not null`,
        })
        .from(productVariants)
        .where(inArray(productVariants.sku, part))),
    );
  }
  return rows;
}

/** Categories by slug: slug → id. */
export async function categoryIdsBySlug(
  db: Database,
  slugs: readonly string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...slugs]));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Media by their (default rendition's) URL: url → id. */
export async function mediaIdsByUrl(db: Database, urls: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(urls)) {
    const rows = await db
      .select({ id: media.id, url: media.url })
      .from(media)
      .where(inArray(media.url, part));
    for (const row of rows) if (!found.has(row.url)) found.set(row.url, row.id);
  }
  return found;
}

/** A product the import creates, with its id chosen by the caller; price and stock follow from its variants. */
export type ImportedProduct = Omit<ProductImportTarget, "thumbnailId"> & { thumbnailId: string };

/**
 * Inserts products, their variants and their galleries (the thumbnail) in a few statements per
 * 2,000 rows. Search documents are written after, by `refreshSearchDocuments`.
 */
export async function insertProductsBulk(
  db: Database,
  rows: readonly ImportedProduct[],
  variants: readonly (VariantValues & { productId: string; sku: string })[],
): Promise<void> {
  const variantsOf = new Map<string, VariantValues>();
  for (const variant of variants)
    if (!variantsOf.has(variant.productId)) variantsOf.set(variant.productId, variant);
  for (const part of chunks(rows)) {
    await db.insert(products).values(
      part.map((row) => {
        // NOTE: the variants' trigger derives price and stock right after; these only fill the columns.
        const first = variantsOf.get(row.id);
        return { ...row, price: first?.price ?? 0, stock: 0 };
      }),
    );
    await db
      .insert(productGallery)
      .values(part.map((row) => ({ productId: row.id, mediaId: row.thumbnailId, position: 0 })));
  }
  await insertVariantsBulk(db, variants);
}

/** Inserts variants of several products. */
export async function insertVariantsBulk(
  db: Database,
  variants: readonly (VariantValues & { productId: string; sku: string })[],
): Promise<void> {
  for (const part of chunks(variants)) {
    await db.insert(productVariants).values(
      part.map((variant, index) => ({
        productId: variant.productId,
        sku: variant.sku,
        options: variant.options,
        price: variant.price,
        onSale: variant.onSale,
        salePrice: variant.salePrice,
        stock: variant.stock,
        isActive: variant.isActive,
        position: variant.position ?? index,
        ...sizeOf(variant.size),
      })),
    );
  }
}

/** Rewrites the fields (its size included) of several products in one statement per 2,000. */
export async function updateProductsBulk(db: Database, rows: readonly ProductImportTarget[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = part.map(
      (row) =>
        sql`(${idValue(row.id)}, ${row.name}::text, ${row.description}::text, ${row.isActive}::boolean, ${row.categoryId}, ${row.thumbnailId}, ${JSON.stringify(row.options)}::jsonb, ${row.weightKg}::numeric, ${row.lengthCm}::numeric, ${row.breadthCm}::numeric, ${row.heightCm}::numeric)`,
    );
    await db.execute(sql`
      update ${products} as p
      set name = x.name, description = x.description, is_active = x.is_active, category_id = x.category_id,
          thumbnail_id = x.thumbnail_id, options = x.options, weight_kg = x.weight_kg, length_cm = x.length_cm,
          breadth_cm = x.breadth_cm, height_cm = x.height_cm, updated_at = now()
      from (values ${sql.join(values, sql`, `)})
        as x(id, name, description, is_active, category_id, thumbnail_id, options, weight_kg, length_cm, breadth_cm, height_cm)
      where p.id = x.id`);
  }
}

/** Rewrites the search documents of these products from their stored fields, and adds their words. */
export async function refreshSearchDocuments(db: Database, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) {
    const list = sql.join(
      part.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(sql`
      update ${products} as p
      set search_vector = ${searchDocumentOf({ name: sql`p.name`, categoryName: sql`c.name`, description: sql`p.description` })}
      from ${categories} as c
      where c.id = p.category_id and p.id in (${list})`);
    await db.execute(sql`
      insert into ${searchWords} (word)
      select distinct s.w from ${products} as p join ${categories} as c on c.id = p.category_id,
        lateral (${searchWordsOf(sql`p.name || ' ' || c.name || ' ' || p.description`)}) as s
      where p.id in (${list})
      order by s.w
      on conflict do nothing`);
  }
}
