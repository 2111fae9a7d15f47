/**
 * SQL for the product lists: a page of products and its total, with the facets when asked. A list
 * without keyword nor filter reads its page from the list indexes, its total from `product_counts`.
 * A keyword or a filter reads the search window (repo-window.ts); a keyword that no product matches
 * in full drops its words from the end until some match.
 */
import type { ProductSort } from "@shop/shared/constants";
import type { ProductListFilters } from "@shop/shared/schemas/product";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#api/db/client";
import { cursorTime, type NewestKey, newestAfter } from "#api/db/paging";
import { categories } from "#api/db/schema/categories";
import { media } from "#api/db/schema/media";
import { productCounts, products } from "#api/db/schema/products";
import { baseConditions, type ProductFilter } from "./repo-filters";
import { type ProductSummaryRow, summaryColumns } from "./repo-reads";
import { type ListCounts, type Page, type ProductListPage, SEARCH_WINDOW, windowPage } from "./repo-window";
import { correctionOf, keywordWords, type QueryWord, queryOf, readKeyword } from "./search";

/** The effective unit price: the sale price while on sale. */
const effectivePrice = sql`case when ${products.onSale} then ${products.salePrice} else ${products.price} end`;

/** The list's own conditions (active, on sale, category) as conditions on `products`. */
function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.isActive, filter.isActive)];
  if (filter.onSale !== undefined) conditions.push(eq(products.onSale, filter.onSale));
  if (filter.categoryId) conditions.push(eq(products.categoryId, filter.categoryId));
  return conditions;
}

export interface ListExtras {
  /** The shopper's filters (none by default). */
  filters?: ProductListFilters;
  counts?: ListCounts;
  /** How many of the newest matches are ranked and counted (SEARCH_WINDOW by default). */
  window?: number;
  /** A list newest first without keyword nor filter: the page starts after this product (keyset). */
  after?: NewestKey | undefined;
}

/** Whether a list is read by keyset after a cursor: newest first, without keyword nor filter. */
export function pagesByKeyset(
  keyword: string | undefined,
  sort: ProductSort | undefined,
  filters: ProductListFilters,
) {
  return (
    !keyword?.trim() &&
    (sort === undefined || sort === "newest" || sort === "relevance") &&
    !hasFilters(filters)
  );
}

function hasFilters(filters: ProductListFilters): boolean {
  return (
    (filters.categories?.length ?? 0) > 0 ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined ||
    filters.inStock !== undefined ||
    filters.onSale !== undefined ||
    filters.rating !== undefined ||
    Object.keys(filters.options ?? {}).length > 0
  );
}

/**
 * One page of products and the total, with the facets when asked. Without keyword nor filter: the
 * page's ids from the list index, then their category and thumbnail, and the total from
 * `product_counts` (the facets from the window beside it). Otherwise the window (`windowPage`);
 * with a keyword that no product matches in full, words are dropped from the end until some match
 * (`fallback` says so). With a keyword the default order is relevance, otherwise newest first.
 */
export async function listProductSummaries(
  db: Database,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: Page,
  extras: ListExtras = {},
): Promise<ProductListPage> {
  const keyword = filter.keyword?.trim() || undefined;
  const filters = extras.filters ?? {};
  const facets = extras.counts ?? false;
  const size = extras.window ?? SEARCH_WINDOW;
  if (!keyword) {
    const order = sort === "relevance" || sort === undefined ? "newest" : sort;
    if (hasFilters(filters)) return windowPage(db, filter, null, filters, order, page, facets, size);
    const [plain, counted] = await Promise.all([
      plainPage(db, filter, order, page, order === "newest" ? extras.after : undefined),
      facets
        ? windowPage(db, filter, null, filters, order, { limit: 0, offset: 0 }, facets, size)
        : undefined,
    ]);
    return { ...counted, ...plain };
  }
  const words = await readKeyword(db, keyword);
  const order = sort ?? "relevance";
  const first = await windowPage(
    db,
    filter,
    { keyword, words, count: words.length },
    filters,
    order,
    page,
    facets,
    size,
  );
  const correction = correctionOf(words);
  if (first.matched || words.length < 2) return { ...first, correction };
  for (let count = words.length - 1; count >= 1; count--) {
    if (!(await anyMatch(db, filter, words, count))) continue;
    const found = await windowPage(db, filter, { keyword, words, count }, filters, order, page, facets, size);
    const to = keywordWords(keyword).slice(0, count).join(" ");
    return { ...found, fallback: { from: keyword, to }, correction: correctionOf(words.slice(0, count)) };
  }
  return { ...first, correction };
}

/**
 * A list without keyword nor filter: the page from the list index (after `after` by keyset, newest
 * first), the kept total, and the sort key of the page's last product when one more follows.
 */
async function plainPage(
  db: Database,
  filter: ProductFilter,
  sort: ProductSort,
  page: Page,
  after: NewestKey | undefined,
): Promise<{ rows: ProductSummaryRow[]; total: number; nextKey?: NewestKey }> {
  const order = orderOf(sort, {
    createdAt: products.createdAt,
    id: products.id,
    soldCount: products.soldCount,
    price: effectivePrice,
    ratingAverage: products.ratingAverage,
    ratingCount: products.ratingCount,
  });
  // NOTE: the ids first, then the joins: page 50 joins 8 rows, not the 400 that the offset skips.
  // One product more than the page, to know whether a next page starts after it.
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(and(...filterConditions(filter), newestAfter(products.createdAt, products.id, after)))
    .orderBy(...order)
    .limit(page.limit + 1)
    .offset(after ? 0 : page.offset)
    .as("page");
  const [read, total] = await Promise.all([
    db
      .select({ ...summaryColumns, at: cursorTime(products.createdAt) })
      .from(ids)
      .innerJoin(products, eq(products.id, ids.id))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(media, eq(media.id, products.thumbnailId))
      .orderBy(...order),
    countProducts(db, filter),
  ]);
  const rows = read.slice(0, page.limit);
  const last = rows.at(-1);
  const more = read.length > page.limit && last !== undefined && sort === "newest";
  return { rows, total, ...(more ? { nextKey: [last.at, last.id] as const } : {}) };
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

/** Whether any product of the list matches the first `count` words. */
async function anyMatch(
  db: Database,
  filter: ProductFilter,
  words: QueryWord[],
  count: number,
): Promise<boolean> {
  const query = queryOf(words, count, sql`p.search_vector`);
  if (!query) return false;
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${products} p where ${baseConditions(filter)} and ${query.match}) as found`,
  );
  return rows[0]?.found === true;
}

interface OrderColumns {
  createdAt: SQL | AnyPgColumn | SQL.Aliased;
  id: SQL | AnyPgColumn | SQL.Aliased;
  soldCount: SQL | AnyPgColumn | SQL.Aliased;
  price: SQL | AnyPgColumn | SQL.Aliased;
  ratingAverage: SQL | AnyPgColumn | SQL.Aliased;
  ratingCount: SQL | AnyPgColumn | SQL.Aliased;
}

/** The ORDER BY of a list without keyword nor filter; every order ends newest first. */
function orderOf(sort: ProductSort, columns: OrderColumns): SQL[] {
  const newest = [desc(columns.createdAt), desc(columns.id)];
  switch (sort) {
    case "best-selling":
      return [desc(columns.soldCount), ...newest];
    case "price-asc":
      return [asc(columns.price), ...newest];
    case "price-desc":
      return [desc(columns.price), ...newest];
    case "rating":
      return [desc(columns.ratingAverage), desc(columns.ratingCount), ...newest];
    default:
      return newest;
  }
}
