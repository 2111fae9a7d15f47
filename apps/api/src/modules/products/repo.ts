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
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql, type WithSubquery } from "drizzle-orm";
import { type AnyPgColumn, union } from "drizzle-orm/pg-core";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { type Media, media } from "#api/db/schema/media";
import { orderItems } from "#api/db/schema/orders";
import { type NewProduct, productCounts, productGallery, products } from "#api/db/schema/products";
import { addSearchWords, keywordTsquery, nameContains, type SearchText, searchDocument } from "./search";

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

export type ProductValues = Pick<
  NewProduct,
  | "name"
  | "description"
  | "price"
  | "onSale"
  | "salePrice"
  | "stock"
  | "isActive"
  | "categoryId"
  | "thumbnailId"
>;

/** Inserts a product with its search document and vocabulary; returns the new id. */
export async function insertProduct(
  db: Database,
  values: ProductValues & Pick<NewProduct, "soldCount" | "createdAt">,
  search: SearchText,
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({ ...values, searchVector: searchDocument(search) })
    .returning({ id: products.id });
  if (!row) throw new Error("insert returned no row");
  await addSearchWords(db, search);
  return row.id;
}

/** Replaces a product's fields and search document; false when the product does not exist. */
export async function updateProduct(
  db: Database,
  id: string,
  values: ProductValues,
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

/** Changes flags and sale price only (no search-relevant field); false when the product does not exist. */
export async function updateProductFlags(
  db: Database,
  id: string,
  values: Partial<Pick<NewProduct, "isActive" | "onSale" | "salePrice">>,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The fields the flag rules look at, locking the row for the rest of the transaction. */
export async function lockProductForUpdate(db: Database, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      price: products.price,
      onSale: products.onSale,
      salePrice: products.salePrice,
      isActive: products.isActive,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row;
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
