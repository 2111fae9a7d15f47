/**
 * SQL for products: lists (with keyword search), one product, writes with their search document,
 * the gallery, and the checks writes need. What a search document is, and how a keyword becomes a
 * tsquery, is in search.ts.
 *
 * Keyword search runs on two indexes:
 * - `products.search_vector`, a weighted tsvector (name A, category name B, description C) with a
 *   GIN index, matched with a prefix tsquery and ranked with ts_rank;
 * - `search_words`, the vocabulary of the catalogue with a trigram GIN index: a keyword word that
 *   is no known word nor the start of one ("snekers", "wach") is widened to the three most similar
 *   known words ("sneakers", "watch", "watches") inside the same tsquery.
 * A keyword of 3+ characters with a word that is no known word nor the start of one also matches
 * as a substring of the name (the trigram index on name), which finds part-word searches such as
 * "graph" in "Chronograph". Results are the newest SEARCH_WINDOW matches (decision 007); list
 * totals without a keyword come from `product_counts`, kept by triggers.
 */
import type { ProductSort } from "@shop/shared/schemas/product";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notInArray,
  type SQL,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import { type AnyPgColumn, union } from "drizzle-orm/pg-core";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { type Media, media } from "#api/db/schema/media";
import { orderItems } from "#api/db/schema/orders";
import {
  type NewProduct,
  type ProductOption,
  type ProductVariant,
  productCounts,
  productGallery,
  products,
  productVariants,
  searchWords,
} from "#api/db/schema/products";
import {
  addSearchWords,
  keywordTsquery,
  nameContains,
  type SearchText,
  searchDocument,
  searchDocumentOf,
  searchWordsOf,
} from "./search";

export interface ProductFilter {
  isActive: boolean;
  onSale?: boolean;
  categoryId?: string;
  keyword?: string;
}

/**
 * A keyword's results are its newest this many matches, in the order asked for (relevance unless
 * told otherwise), and the total counts at most this many. NOTE: it bounds the cost of a common
 * word: "cotton" matches a fifth of a large catalogue, and ranking all of those on every search
 * cost more than the rest of the request (docs/decisions/007-kept-counts-and-bounded-search.md).
 */
export const SEARCH_WINDOW = 500;

/** The effective unit price: the sale price while on sale. */
const effectivePrice = sql`case when ${products.onSale} then ${products.salePrice} else ${products.price} end`;

/** The columns a product card or table row needs: the product, its category and its thumbnail. */
const summaryColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  onSale: products.onSale,
  salePrice: products.salePrice,
  stock: products.stock,
  isActive: products.isActive,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
  options: products.options,
  // NOTE: per row of the page only (the lists join after their limit), one probe of the variants' index.
  variantCount:
    sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.removedAt} is null)`.mapWith(
      Number,
    ),
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  thumbnail: media,
};

export interface ProductSummaryRow {
  id: string;
  name: string;
  price: number;
  onSale: boolean;
  salePrice: number;
  stock: number;
  isActive: boolean;
  ratingAverage: number;
  ratingCount: number;
  createdAt: Date;
  options: ProductOption[];
  variantCount: number;
  category: { id: string; name: string; slug: string };
  thumbnail: Media | null;
}

type Page = { limit: number; offset: number };

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.isActive, filter.isActive)];
  if (filter.onSale !== undefined) conditions.push(eq(products.onSale, filter.onSale));
  if (filter.categoryId) conditions.push(eq(products.categoryId, filter.categoryId));
  return conditions;
}

/**
 * One page of products and the total. Without a keyword: the page's ids from the list index, then
 * their category and thumbnail, and the total from `product_counts`; with one, see `searchPage`.
 * With a keyword the default order is relevance, otherwise newest first.
 */
export async function listProductSummaries(
  db: Database,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: Page,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const keyword = filter.keyword?.trim() || undefined;
  if (keyword) return searchPage(db, filter, keyword, sort ?? "relevance", page);
  // Without a keyword every rank is equal, so "relevance" means newest first.
  const order = orderOf(sort === "relevance" ? "newest" : (sort ?? "newest"), {
    createdAt: products.createdAt,
    id: products.id,
    soldCount: products.soldCount,
    price: effectivePrice,
  });
  // NOTE: the ids first, then the joins: page 50 joins 8 rows, not the 400 that the offset skips.
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(and(...filterConditions(filter)))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(ids)
      .innerJoin(products, eq(products.id, ids.id))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(media, eq(media.id, products.thumbnailId))
      .orderBy(...order),
    countProducts(db, filter),
  ]);
  return { rows, total };
}

/** How many products match a filter without keyword: from the kept counts when they cover it. */
async function countProducts(db: Database, filter: ProductFilter): Promise<number> {
  let counted: SQL | undefined;
  if (filter.isActive && filter.onSale === undefined) counted = sql`${productCounts.active}`;
  else if (filter.isActive && filter.onSale) counted = sql`${productCounts.activeOnSale}`;
  else if (filter.isActive) counted = sql`${productCounts.active} - ${productCounts.activeOnSale}`;
  else if (filter.onSale === undefined) counted = sql`${productCounts.inactive}`;
  if (!counted) {
    const [row] = await db
      .select({ total: count() })
      .from(products)
      .where(and(...filterConditions(filter)));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`cast(coalesce(sum(${counted}), 0) as integer)` })
    .from(productCounts)
    .where(filter.categoryId ? eq(productCounts.categoryId, filter.categoryId) : undefined);
  return row?.total ?? 0;
}

/**
 * A page of keyword results, in two short queries. First the keyword's tsquery, so that the second
 * is planned knowing it (a common word walks the list index newest first and stops at the window;
 * a rare one reads its few matches from the GIN index). Then, in one statement: the newest
 * SEARCH_WINDOW matches of `products` alone, their order (ts_rank for relevance) and count, and
 * only for the rows of the page the category and thumbnail.
 */
async function searchPage(
  db: Database,
  filter: ProductFilter,
  keyword: string,
  sort: ProductSort,
  page: Page,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const tsquery = await keywordTsquery(db, keyword);
  const query = sql`cast(${tsquery.query} as tsquery)`;
  const newestMatches = (match: SQL) =>
    db
      .select({
        id: products.id,
        searchVector: products.searchVector,
        createdAt: products.createdAt,
        soldCount: products.soldCount,
        price: sql<number>`${effectivePrice}`.as("effective_price"),
      })
      .from(products)
      .where(and(...filterConditions(filter), match))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(SEARCH_WINDOW);
  const documentMatches = newestMatches(sql`${products.searchVector} @@ ${query}`);
  // A part of a word ("graph" in "Chronograph") matches as a substring of the name. NOTE: a branch
  // of its own (the trigram index), not an OR: each branch is planned for its own selectivity, and
  // a walk down the list index does not evaluate ILIKE on every row it passes.
  const partOfName = keyword.length >= 3 && !tsquery.known;
  const window = db.$with("search_window").as(
    partOfName
      ? union(documentMatches, newestMatches(nameContains(keyword)))
          .orderBy(sql`created_at desc`, sql`id desc`)
          .limit(SEARCH_WINDOW)
      : documentMatches,
  );
  const order = orderOf(sort, {
    createdAt: window.createdAt,
    id: window.id,
    soldCount: window.soldCount,
    price: window.price,
    rank: sql`ts_rank(${window.searchVector}, ${query})`,
  });
  const ranked = db.$with("search_ranked").as(
    db
      .select({
        id: window.id,
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("position"),
        total: sql<number>`cast(count(*) over () as integer)`.as("total"),
      })
      .from(window),
  );
  const rows = await db
    .with(window, ranked)
    .select({ ...summaryColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(products, eq(products.id, ranked.id))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(and(gt(ranked.position, page.offset), lte(ranked.position, page.offset + page.limit)))
    .orderBy(asc(ranked.position));
  const total = rows[0]?.total ?? (page.offset > 0 ? await countWindow(db, window) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The matches in the window, for a page past the last one (which carries no total). */
async function countWindow(db: Database, window: WithSubquery): Promise<number> {
  const [row] = await db.with(window).select({ total: count() }).from(window);
  return row?.total ?? 0;
}

interface OrderColumns {
  createdAt: SQL | AnyPgColumn | SQL.Aliased;
  id: SQL | AnyPgColumn | SQL.Aliased;
  soldCount: SQL | AnyPgColumn | SQL.Aliased;
  price: SQL | AnyPgColumn | SQL.Aliased;
  /** Relevance; without it "relevance" means newest first. */
  rank?: SQL;
}

/** The ORDER BY of a sort, over the table's columns or a subquery's; every order ends newest first. */
function orderOf(sort: ProductSort, columns: OrderColumns): SQL[] {
  const newest = [desc(columns.createdAt), desc(columns.id)];
  switch (sort) {
    case "relevance":
      return columns.rank ? [sql`${columns.rank} desc`, ...newest] : newest;
    case "best-selling":
      return [desc(columns.soldCount), ...newest];
    case "price-asc":
      return [asc(columns.price), ...newest];
    case "price-desc":
      return [desc(columns.price), ...newest];
    default:
      return newest;
  }
}

/** One product with its category and thumbnail, plus what only its page shows; undefined if unknown. */
export async function findProductById(db: Database, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, description: products.description, updatedAt: products.updatedAt })
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

/** The fields a product update writes; price, sale price, on-sale and stock come from the variants. */
export type ProductValues = Pick<
  NewProduct,
  "name" | "description" | "isActive" | "categoryId" | "thumbnailId" | "options"
>;

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
  variants: readonly (VariantValues & { id: string; sku: string; position: number })[],
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
      sql`(${v.id}, ${v.sku}, ${JSON.stringify(v.options)}::jsonb, ${v.price}::numeric, ${v.onSale}::boolean, ${v.salePrice}::numeric, ${v.stock}::integer, ${v.isActive}::boolean, ${v.position}::integer)`,
  );
  await db.execute(sql`
    update ${productVariants} as v
    set sku = x.sku, options = x.options, price = x.price, on_sale = x.on_sale, sale_price = x.sale_price,
        stock = x.stock, is_active = x.is_active, position = x.position
    from (values ${sql.join(rows, sql`, `)}) as x(id, sku, options, price, on_sale, sale_price, stock, is_active, position)
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

/* ---- The products CSV: export in batches, and the import's reads and bulk writes. ---- */

/** At most this many rows per bulk statement (PostgreSQL takes at most 65,535 parameters). */
const BULK_ROWS = 2_000;

function chunks<T>(items: readonly T[], size = BULK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A product as the CSV writes it: its own fields, its category's slug and its thumbnail's URL. */
export interface ProductCsvRow {
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

/** A product as the import compares it with its rows. */
export interface ProductImportTarget {
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
      })),
    );
  }
}

/** Rewrites the fields of several products in one statement per 2,000. */
export async function updateProductsBulk(db: Database, rows: readonly ProductImportTarget[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = part.map(
      (row) =>
        sql`(${row.id}, ${row.name}::text, ${row.description}::text, ${row.isActive}::boolean, ${row.categoryId}, ${row.thumbnailId}, ${JSON.stringify(row.options)}::jsonb)`,
    );
    await db.execute(sql`
      update ${products} as p
      set name = x.name, description = x.description, is_active = x.is_active, category_id = x.category_id,
          thumbnail_id = x.thumbnail_id, options = x.options, updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as x(id, name, description, is_active, category_id, thumbnail_id, options)
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
