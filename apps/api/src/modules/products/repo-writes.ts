/**
 * SQL for the catalogue's writes: a product with its variants and search document, its fields and
 * flags, its variants (added, rewritten, taken out, put on or off sale), its gallery, its deletion;
 * and a category's products moved to another or given its new name in their search documents.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type SizeColumns, sizeOf } from "#api/db/parcel-size";
import type { Category } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
import { orderItems } from "#api/db/schema/orders";
import { type NewProduct, productGallery, products, productVariants } from "#api/db/schema/products";
import { addSearchWords, type SearchText, searchDocument, searchDocumentOf } from "./search";

/** The fields a product update writes; price, sale price, on-sale and stock come from the variants. */
export type ProductValues = Pick<
  NewProduct,
  "name" | "description" | "isActive" | "categoryId" | "thumbnailId" | "options"
> &
  Partial<Pick<NewProduct, "taxRate" | "taxSlabs" | "hsnCode" | "uqc">> &
  Partial<SizeColumns>;

/** A product's own price and stock: what its default variant is made of when no variants are given. */
export type ProductPricing = Pick<NewProduct, "price" | "onSale" | "salePrice" | "stock">;

/** A variant to write; without `sku` (the default variant of a new product) the SKU is the product's id. */
export interface VariantValues {
  id?: string | undefined;
  sku?: string | undefined;
  options: Record<string, string>;
  price: number;
  onSale: boolean;
  salePrice: number;
  stock: number;
  isActive: boolean;
  /** The variant's place among the product's; by default its place in the list written. */
  position?: number | undefined;
  /** Its weight and box; a part absent is none on an insert (the service keeps it on an update). */
  size?: Partial<SizeColumns> | undefined;
}

/**
 * Inserts a product with its variants (by default one default variant of its own price and stock),
 * its search document and vocabulary; returns the new id. The variants' trigger derives the
 * product's price and stock in the same statement's transaction.
 */
export async function insertProduct(
  db: Database,
  values: Omit<ProductValues, "options"> &
    Partial<Pick<ProductValues, "options">> &
    ProductPricing &
    Pick<NewProduct, "soldCount" | "createdAt">,
  search: SearchText,
  variants?: readonly VariantValues[],
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ ...values, searchVector: searchDocument(search) })
    .returning({ id: products.id });
  if (!row) throw new Error("insert returned no row");
  const defaultVariant: VariantValues = {
    options: {},
    price: values.price,
    onSale: values.onSale ?? false,
    salePrice: values.salePrice ?? 0,
    stock: values.stock ?? 0,
    isActive: true,
  };
  await insertVariants(db, row.id, variants ?? [defaultVariant]);
  await addSearchWords(db, search);
  return row.id;
}

/** Replaces a product's fields and search document; false when the product does not exist. */
export async function updateProduct(
  db: Database,
  id: string,
  values: ProductValues | Omit<ProductValues, "options">,
  search: SearchText,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...values, searchVector: searchDocument(search), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (rows.length === 0) return false;
  await addSearchWords(db, search);
  return true;
}

/** Changes the active flag only (no search-relevant field); false when the product does not exist. */
export async function updateProductFlags(
  db: Database,
  id: string,
  values: Pick<NewProduct, "isActive">,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Inserts variants of a product (at their own positions, or in the order given). */
export async function insertVariants(
  db: Database,
  productId: string,
  variants: readonly VariantValues[],
): Promise<void> {
  if (variants.length === 0) return;
  await db.insert(productVariants).values(
    variants.map((variant, index) => ({
      ...(variant.id ? { id: variant.id } : {}),
      productId,
      sku: variant.sku ?? productId,
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

/**
 * Rewrites existing variants of a product (every field, and their positions) in one statement.
 * NOTE: PostgreSQL checks the unique SKU and combination row by row, so variants that swap SKUs or
 * combinations would collide half-way: when more than one is rewritten they first take placeholder
 * values of their own (a SKU no real one can be: it starts with `~`).
 */
export async function updateVariants(
  db: Database,
  variants: readonly (VariantValues & { id: string; sku: string; position: number; size: SizeColumns })[],
): Promise<void> {
  if (variants.length === 0) return;
  const ids = variants.map((variant) => variant.id);
  if (variants.length > 1) {
    await db
      .update(productVariants)
      .set({
        sku: sql`'~' || ${productVariants.id}`,
        options: sql`jsonb_build_object('~', ${productVariants.id})`,
      })
      .where(inArray(productVariants.id, ids));
  }
  const rows = variants.map(
    (v) =>
      sql`(${idValue(v.id)}, ${v.sku}, ${JSON.stringify(v.options)}::jsonb, ${v.price}::numeric, ${v.onSale}::boolean, ${v.salePrice}::numeric, ${v.stock}::integer, ${v.isActive}::boolean, ${v.position}::integer, ${v.size.weightKg}::numeric, ${v.size.lengthCm}::numeric, ${v.size.breadthCm}::numeric, ${v.size.heightCm}::numeric)`,
  );
  await db.execute(sql`
    update ${productVariants} as v
    set sku = x.sku, options = x.options, price = x.price, on_sale = x.on_sale, sale_price = x.sale_price,
        stock = x.stock, is_active = x.is_active, position = x.position, weight_kg = x.weight_kg,
        length_cm = x.length_cm, breadth_cm = x.breadth_cm, height_cm = x.height_cm
    from (values ${sql.join(rows, sql`, `)})
      as x(id, sku, options, price, on_sale, sale_price, stock, is_active, position, weight_kg, length_cm, breadth_cm, height_cm)
    where v.id = x.id`);
}

/**
 * Takes variants out of a product: those never ordered are deleted, the others are kept for their
 * order lines, inactive and marked removed.
 */
export async function removeVariants(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const ordered = sql`exists (select 1 from ${orderItems} where ${orderItems.variantId} = ${productVariants.id})`;
  await db.delete(productVariants).where(and(inArray(productVariants.id, [...ids]), sql`not ${ordered}`));
  await db
    .update(productVariants)
    .set({ isActive: false, removedAt: new Date() })
    .where(inArray(productVariants.id, [...ids]));
}

/**
 * Puts a product's current variants on sale (those whose sale price is above 0 and below their
 * price), or takes them all off sale with the sale price reset to 0; answers how many changed.
 */
export async function setVariantsOnSale(db: Database, productId: string, onSale: boolean): Promise<number> {
  const current = and(eq(productVariants.productId, productId), isNull(productVariants.removedAt));
  const rows = onSale
    ? await db
        .update(productVariants)
        .set({ onSale: true })
        .where(
          and(
            current,
            gt(productVariants.salePrice, 0),
            sql`${productVariants.salePrice} < ${productVariants.price}`,
          ),
        )
        .returning({ id: productVariants.id })
    : await db
        .update(productVariants)
        .set({ onSale: false, salePrice: 0 })
        .where(current)
        .returning({ id: productVariants.id });
  return rows.length;
}

/** Replaces the gallery with these media, in this order. */
export async function replaceGallery(db: Database, productId: string, mediaIds: readonly string[]) {
  await db.delete(productGallery).where(eq(productGallery.productId, productId));
  if (mediaIds.length === 0) return;
  await db
    .insert(productGallery)
    .values(mediaIds.map((mediaId, position) => ({ productId, mediaId, position })));
}

/** Deletes a product (its gallery and reviews go with it); false when it did not exist. */
export async function deleteProductById(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/**
 * Moves every product of a category to another, their search documents written with its name
 * (the counts' triggers follow), for the category's deletion; answers the products' ids.
 */
export async function moveProducts(db: Database, from: string, to: Category): Promise<string[]> {
  const document = searchDocumentOf({
    name: sql`p.name`,
    categoryName: sql`${to.name}::text`,
    description: sql`p.description`,
  });
  const result = await db.execute<{ id: string }>(sql`
    update ${products} p set category_id = ${idValue(to.id)}, search_vector = ${document}, updated_at = now()
    where p.category_id = ${idValue(from)}
    returning p.id`);
  return result.rows.map((row) => row.id).sort();
}

/**
 * Writes the search document of each product of a category again with the category's name (its
 * weight B part, products/search.ts); the words' triggers follow. Answers the products' ids.
 */
export async function rewriteProductSearch(
  db: Database,
  categoryId: string,
  categoryName: string,
): Promise<string[]> {
  const document = searchDocumentOf({
    name: sql`p.name`,
    categoryName: sql`${categoryName}::text`,
    description: sql`p.description`,
  });
  const result = await db.execute<{ id: string }>(sql`
    update ${products} p set search_vector = ${document}
    where p.category_id = ${idValue(categoryId)}
    returning p.id`);
  return result.rows.map((row) => row.id).sort();
}
