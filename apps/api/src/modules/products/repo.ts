/**
 * SQL for products: lists (with keyword search, filters and facets), one product, writes with their
 * search document, the gallery, and the checks writes need. What a search document is, and how a
 * keyword is read (typos, prefixes, stop words) and ranked, is in search.ts.
 *
 * A list without keyword nor filter reads its page from the list indexes, its total from
 * `product_counts`. A keyword or a filter gives the newest SEARCH_WINDOW products of the list that
 * match the keyword and every filter, ranked and counted; facets count the newest SEARCH_WINDOW
 * products that match the keyword (decision 007: a common word is ranked among its newest 500
 * matches; a filter looks through the whole list).
 */
import { type ProductSort, RATING_STEPS } from "@shop/shared/constants";
import type { ProductFacets, ProductListFilters, SearchFallback } from "@shop/shared/schemas/product";
import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
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
  productWords,
  searchWords,
} from "#api/db/schema/products";
import {
  addSearchWords,
  anyKeyQuery,
  correctionOf,
  isMistyped,
  keywordWords,
  nameContainsPattern,
  type QueryWord,
  queryOf,
  readKeyword,
  type SearchText,
  searchDocument,
  searchDocumentOf,
  searchWordsOf,
  wordKeys,
} from "./search";

export interface ProductFilter {
  isActive: boolean;
  onSale?: boolean;
  categoryId?: string;
  keyword?: string;
}

/**
 * A keyword's or a filter's window: the newest this many products of the list that match the keyword
 * and the filters; the facets count the newest this many that match the keyword. NOTE: it bounds the
 * cost of a common word and of facets: "cotton" matches a fifth of a large catalogue, and ranking or
 * counting all of those on every search cost more than the rest of the request
 * (docs/decisions/007-kept-counts-and-bounded-search.md).
 */
export const SEARCH_WINDOW = 500;

/**
 * How many of a word's newest matches the results under filters read by key before walking the
 * list instead: a filter that passes a quarter of them or more fills the window of 500 first.
 */
const CANDIDATES = 2_000;

/**
 * How many of those are read first to tell whether the filters pass enough of them (a quarter):
 * a filter that passes fewer goes to the walk at once, without reading the other 1 750 by key.
 */
const SAMPLE = 250;

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

/** A page of a list, its total, and what the storefront's filter panel and search page show. */
export interface ProductListPage {
  rows: ProductSummaryRow[];
  total: number;
  facets?: ProductFacets;
  /** The categories with most products in the window, most first (up to 3): for suggestions. */
  topCategories?: { id: string; name: string; slug: string }[];
  fallback?: SearchFallback;
  /** With a keyword: the query with its mistyped words corrected, or null. */
  correction?: string | null;
}

/** Counted beside the page: the facets (storefront lists), or the top categories (suggestions). */
export type ListCounts = "facets" | "categories" | false;

export interface ListExtras {
  /** The shopper's filters (none by default). */
  filters?: ProductListFilters;
  counts?: ListCounts;
  /** How many of the newest matches are ranked and counted (SEARCH_WINDOW by default). */
  window?: number;
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
      plainPage(db, filter, order, page),
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

/** A list without keyword nor filter: the page from the list index, the kept total. */
async function plainPage(
  db: Database,
  filter: ProductFilter,
  sort: ProductSort,
  page: Page,
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const order = orderOf(sort, {
    createdAt: products.createdAt,
    id: products.id,
    soldCount: products.soldCount,
    price: effectivePrice,
    ratingAverage: products.ratingAverage,
    ratingCount: products.ratingCount,
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

/** The list's own conditions (active, on sale, category) over `products p`. */
function baseConditions(filter: ProductFilter): SQL {
  const conditions = [sql`p.is_active = ${filter.isActive}`];
  if (filter.onSale !== undefined) conditions.push(sql`p.on_sale = ${filter.onSale}`);
  if (filter.categoryId) conditions.push(sql`p.category_id = ${filter.categoryId}`);
  return sql.join(conditions, sql` and `);
}

/** A keyword as read, and how many of its words (from the start) are in use. */
interface KeywordInUse {
  keyword: string;
  words: QueryWord[];
  count: number;
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

type FilterDimension = "category" | "price" | "inStock" | "onSale" | "rating" | "options";

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * A jsonpath over a product's `variant_options` that selects its active variants holding one of the
 * chosen values of every chosen option but `except` (one variant, not one value here and another
 * there; every variant when nothing is chosen), and its variables: names are quoted as JSON
 * strings, values passed as variables, so no text is parsed as path syntax.
 */
function variantsWithOptions(
  options: Record<string, string[]>,
  except?: string,
): { path: string; vars: string } {
  const vars: Record<string, string> = {};
  const conditions = Object.entries(options)
    .filter(([name]) => name !== except)
    .map(([name, values], n) => {
      const alternatives = values.map((value, k) => {
        vars[`o${n}v${k}`] = value;
        return `@.${JSON.stringify(name)} == $o${n}v${k}`;
      });
      return `(${alternatives.join(" || ")})`;
    });
  const path = conditions.length > 0 ? `$[*] ? (${conditions.join(" && ")})` : "$[*]";
  return { path, vars: JSON.stringify(vars) };
}

/** The shopper's filters over a window row `x`, by dimension (absent: no such filter). */
function filterPredicates(filters: ProductListFilters): Partial<Record<FilterDimension, SQL>> {
  const predicates: Partial<Record<FilterDimension, SQL>> = {};
  if (filters.categories && filters.categories.length > 0) {
    predicates.category = sql`x.category_id in (select c.id from ${categories} c where c.slug in (${inList(filters.categories)}))`;
  }
  const bounds: SQL[] = [];
  if (filters.minPrice !== undefined) bounds.push(sql`x.price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) bounds.push(sql`x.price <= ${filters.maxPrice}`);
  if (bounds.length > 0) predicates.price = sql.join(bounds, sql` and `);
  if (filters.inStock !== undefined) predicates.inStock = sql`(x.stock > 0) = ${filters.inStock}`;
  if (filters.onSale !== undefined) predicates.onSale = sql`x.on_sale = ${filters.onSale}`;
  if (filters.rating !== undefined) predicates.rating = sql`x.rating_average >= ${filters.rating}`;
  const options = filters.options ?? {};
  if (Object.keys(options).length > 0) {
    predicates.options = optionsMatch(options, sql`x`);
  }
  return predicates;
}

/**
 * Whether a product row `row` has an active variant holding one of the chosen values of every chosen
 * option. NOTE: each option's values among the product's pairs first, a condition the GIN index of
 * `option_pairs` answers (a rare value is found without testing every product; `option_pair` is the
 * SQL function of migration 0014 that wrote them); then the exact test, on one variant.
 */
export function optionsMatch(options: Record<string, string[]>, row: SQL): SQL {
  const anyPair = Object.entries(options).map(
    ([name, values]) =>
      sql`${row}.option_pairs && array[${sql.join(
        values.map((value) => sql`option_pair(${name}::text, ${value}::text)`),
        sql`, `,
      )}]`,
  );
  const pairs = sql.join(anyPair, sql` and `);
  if (anyPair.length === 1) return pairs;
  const { path, vars } = variantsWithOptions(options);
  return sql`${pairs} and jsonb_path_exists(${row}.variant_options, ${path}::jsonpath, ${vars}::jsonb)`;
}

/** Every filter but those of `except`, and-ed. */
function allBut(predicates: Partial<Record<FilterDimension, SQL>>, ...except: FilterDimension[]): SQL {
  const kept = Object.entries(predicates)
    .filter(([dimension]) => !except.includes(dimension as FilterDimension))
    .map(([, predicate]) => predicate as SQL);
  return kept.length > 0 ? sql.join(kept, sql` and `) : sql`true`;
}

/**
 * The facets of the window `u`: each filter's values counted with every other filter applied.
 * Options count the products with an active variant that has the value and the other chosen options.
 */
function facetsOf(filters: ProductListFilters): SQL {
  const predicates = filterPredicates(filters);
  const within = (dimension: FilterDimension, condition: SQL) =>
    sql`(${allBut(predicates, dimension)}) and ${condition}`;
  const ratings = RATING_STEPS.map(
    (atLeast, n) =>
      sql`count(*) filter (where ${within("rating", sql`x.rating_average >= ${atLeast}`)})::integer as r${sql.raw(String(n))}`,
  );
  const ratingCounts = RATING_STEPS.map(
    (atLeast, n) => sql`json_build_object('atLeast', ${atLeast}::integer, 'count', s.r${sql.raw(String(n))})`,
  );
  // NOTE: the price, rating, stock and sale counts in one pass over the window, each with its own filters.
  return sql`(select json_build_object(
    'categories', (
      select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', g.n) order by g.n desc, c.name), '[]'::json)
      from (select x.category_id, count(*)::integer as n from u x where ${allBut(predicates, "category")} group by x.category_id) g
      join ${categories} c on c.id = g.category_id),
    'price', json_build_object('min', s.min_price, 'max', s.max_price),
    'rating', json_build_array(${sql.join(ratingCounts, sql`, `)}),
    'inStock', s.in_stock,
    'onSale', s.on_sale,
    'options', (
      select coalesce(json_object_agg(o.name, o.counts), '{}'::json)
      from (
        select k.name, json_agg(json_build_object('value', k.value, 'count', k.n) order by k.n desc, k.value) as counts
        from (${optionCounts(filters, predicates)}) k
        group by k.name
      ) o)
  ) from (
    select
      min(x.price) filter (where ${allBut(predicates, "price")}) as min_price,
      max(x.price) filter (where ${allBut(predicates, "price")}) as max_price,
      ${sql.join(ratings, sql`, `)},
      count(*) filter (where ${within("inStock", sql`x.stock > 0`)})::integer as in_stock,
      count(*) filter (where ${within("onSale", sql`x.on_sale`)})::integer as on_sale
    from u x
  ) s)`;
}

/**
 * How many products of the window `u` have an active variant with each option value (`name`,
 * `value`, `n`), with the other filters applied. Without an option filter, each product's distinct
 * pairs are counted as kept (`option_pairs`). With one, a value counts for a product only through a
 * variant that also holds a chosen value of every other chosen option: one jsonpath over the
 * product's `variant_options` gives the pairs of the variants holding every chosen option (for the
 * options not chosen), and one per chosen option the values of the variants holding the others.
 * NOTE: read from the row, not by joining the variants (a window of 500 products is 3 000 index
 * look-ups), and one call a product, not one a variant. The pairs are grouped before their names are
 * read (OFFSET 0): the chosen option's name, pushed below the grouping, parsed every product's pairs.
 */
function optionCounts(filters: ProductListFilters, predicates: Partial<Record<FilterDimension, SQL>>): SQL {
  const options = filters.options ?? {};
  const others = allBut(predicates, "options");
  const chosen = Object.keys(options);
  const pairCounts = sql`select g.pair::jsonb ->> 0 as name, g.pair::jsonb ->> 1 as value, g.n
    from (select y.pair, count(*)::integer as n from (select unnest(x.option_pairs) as pair from u x where ${others}) y
      group by y.pair offset 0) g`;
  if (chosen.length === 0) return pairCounts;
  // NOTE: the set-returning functions in the select list, not in a lateral join: half the time.
  const all = variantsWithOptions(options);
  const unchosen = sql`select distinct y.id, y.kv ->> 'key' as name, y.kv ->> 'value' as value
    from (select x.id, jsonb_path_query(x.variant_options, ${`${all.path}.keyvalue()`}::jsonpath, ${all.vars}::jsonb) as kv
      from u x where ${others}) y
    where y.kv ->> 'key' not in (${inList(chosen)})`;
  const counted = (rows: SQL[]) => sql`select d.name, d.value, count(*)::integer as n
    from (${sql.join(rows, sql` union all `)}) d
    group by d.name, d.value`;
  const [only] = chosen;
  if (chosen.length === 1 && only !== undefined) {
    // The one chosen option's own values need no other option: its pairs, counted as without a filter.
    return sql`${counted([unchosen])} union all select k.name, k.value, k.n from (${pairCounts}) k where k.name = ${only}`;
  }
  const perChosen = chosen.map((name) => {
    const { path, vars } = variantsWithOptions(options, name);
    return sql`select distinct y.id, ${name}::text as name, y.v #>> '{}' as value
      from (select x.id, jsonb_path_query(x.variant_options, ${`${path}.${JSON.stringify(name)}`}::jsonpath, ${vars}::jsonb) as v
        from u x where ${others}) y`;
  });
  return counted([unchosen, ...perChosen]);
}

/** The ORDER BY of a window's sort, over a window row `x`; every order ends newest first. */
function windowOrder(sort: ProductSort, ranking: { rank: SQL[]; relevance: SQL } | null): SQL {
  const newest = [sql`x.created_at desc`, sql`x.id desc`];
  const chosen: SQL[] = [];
  switch (sort) {
    case "relevance":
      if (ranking) chosen.push(ranking.relevance);
      break;
    case "best-selling":
      chosen.push(sql`x.sold_count desc`);
      break;
    case "price-asc":
      chosen.push(sql`x.price asc`);
      break;
    case "price-desc":
      chosen.push(sql`x.price desc`);
      break;
    case "rating":
      chosen.push(sql`x.rating_average desc`, sql`x.rating_count desc`);
      break;
    default:
      break;
  }
  return sql.join([...(ranking?.rank ?? []), ...chosen, ...newest], sql`, `);
}

/**
 * A page of a window. The results `f`: the newest `size` (SEARCH_WINDOW unless the caller says)
 * products of the list matching the keyword and every filter (with a part-word keyword, also those
 * whose name contains it, as a branch of its own on the trigram index), looked for in the whole
 * list so that a filter never misses an older product; ranked (search.ts's ranking, then the sort)
 * and counted. The window `u` that the facets (or the suggestions' categories) count: the newest
 * `size` products matching the keyword, whatever the filters. Without a filter `f` is `u`, and one statement
 * answers; with one, the results and the counts are two statements, sent side by side on two
 * pooled connections (each reads its own scan: at 100k products both take a few milliseconds, and
 * the page waits for the slower, not for both). `matched`: whether any product of the list matches
 * the keyword, filters aside (the words-dropped fallback asks).
 */
async function windowPage(
  db: Database,
  filter: ProductFilter,
  search: KeywordInUse | null,
  filters: ProductListFilters,
  sort: ProductSort,
  page: Page,
  counts: ListCounts,
  size: number,
): Promise<ProductListPage & { matched: boolean }> {
  // NOTE: the document only to rank a keyword's matches, the variants' options only under an option
  // filter (the pairs serve the rest): copying them into the window for nothing cost a fifth of it.
  const doc = search ? sql`p.search_vector` : sql`null::tsvector`;
  const variantOptions =
    Object.keys(filters.options ?? {}).length > 0 ? sql`p.variant_options` : sql`null::jsonb`;
  const columns = sql`p.id, ${doc} as doc, p.created_at, p.sold_count, p.rating_average, p.rating_count,
    p.stock, p.on_sale, p.category_id, ${variantOptions} as variant_options, p.option_pairs, (case when p.on_sale then p.sale_price else p.price end) as price`;
  const predicates = filterPredicates(filters);
  // NOTE: the filters stand over the subquery's columns; PostgreSQL pulls the subquery up, so they
  // are evaluated on the rows of the scan (or the index walk) and the limit counts those passing.
  // The scan keeps only where each row is (`t`, its ctid) and its order: sorting thousands of
  // whole rows to keep 500 cost twice the scan; `rowsOf` then reads the 500 by ctid.
  const newest = (where: SQL, passing: SQL) =>
    sql`select x.t, x.created_at, x.id from (select p.ctid as t, ${columns} from ${products} p where ${baseConditions(filter)} and ${where}) x
      where ${passing} order by x.created_at desc, x.id desc limit ${size}`;
  // NOTE: one snapshot for the statement: the row versions found by the scan are those read here.
  const rowsOf = (window: SQL) =>
    sql`select ${columns} from ${products} p where p.ctid = any(array(select w.t from (${window}) w))`;
  // The newest matches of a one-word query, read in order from its words' keys in product_words
  // (merged, each product once); each product is then read by its key and kept when it is in the
  // list and passes `passing`. Its words are the query's: the match needs no second test. `shape`
  // is what each row gives: the window's columns, or where it is and its order (to merge with
  // another branch). `matches` says which of the word's matches are read, by their place newest first
  // (the results under filters read them in two parts).
  // NOTE: LATERAL with OFFSET 0 keeps the product read per key in that order, stopping at the
  // window's end; left to itself the planner misjudged the join and hashed every match of "cotton"
  // (22 000 at 100k, 50 ms).
  const wordScans = (keys: string[]) =>
    sql.join(
      keys.map(
        (key) => sql`(select pw.created_at, pw.product_id from ${productWords} pw where pw.word = ${key}
          order by pw.created_at desc, pw.product_id desc)`,
      ),
      sql` union all `,
    );
  const newestOfWords = (
    keys: string[],
    shape: "rows" | "where",
    passing = sql`true`,
    matches?: { skip: number; take: number },
  ) => {
    const select = shape === "rows" ? sql`x.*` : sql`x.t, x.created_at, x.id`;
    const read = shape === "rows" ? columns : sql`p.ctid as t, ${columns}`;
    if (keys.length === 0)
      return sql`select ${select} from (select ${read} from ${products} p where false) x`;
    return sql`select p.* from (select distinct on (w.created_at, w.product_id) w.created_at, w.product_id
        from (${wordScans(keys)}) w order by w.created_at desc, w.product_id desc
        ${matches === undefined ? sql`` : sql`limit ${matches.take} offset ${matches.skip}`}) w
      cross join lateral (select ${select} from (select ${read} from ${products} p
        where p.id = w.product_id and ${baseConditions(filter)} offset 0) x where ${passing}) p
      order by w.created_at desc, w.product_id desc limit ${size}`;
  };
  /** Whether a word's keys hold fewer than `n` entries (then fewer than `n` products match it). */
  const fewerThan = (keys: string[], n: number) =>
    sql`(select count(*) from (select 1 from (${wordScans(keys)}) w limit ${n}) c) < ${n}`;
  /**
   * The results under filters of a one-word query: its newest matches passing every filter, read
   * from product_words while at most CANDIDATES products give the window: the first SAMPLE (`f1`),
   * then, when a quarter of those passed, the next ones (`f2`). Past that (a filter few of them pass)
   * the list is walked or scanned as for any query. One statement: each later part is planned but
   * runs only when the earlier ones call for it.
   */
  const passingOfWords = (keys: string[], passing: SQL) => sql`
    f1 as materialized (${newestOfWords(keys, "rows", passing, { skip: 0, take: SAMPLE })}),
    s as materialized (select (select count(*) from f1) as passed, ${fewerThan(keys, SAMPLE)} as every),
    more as materialized (select not s.every and s.passed * ${CANDIDATES} >= ${size * SAMPLE} as v from s),
    f2 as materialized (select * from (${newestOfWords(keys, "rows", passing, { skip: SAMPLE, take: CANDIDATES - SAMPLE })}) w
      where (select v from more) limit greatest(0, ${size} - (select passed from s))),
    enough as materialized (select (select every from s)
      or (select passed from s) + (select count(*) from f2) >= ${size}
      or ((select v from more) and ${fewerThan(keys, CANDIDATES)}) as v),
    f as materialized (select * from f1 where (select v from enough)
      union all select * from f2 where (select v from enough)
      union all select * from (${rowsOf(windowOf(passing))}) w where not (select v from enough))`;
  let ranking: { rank: SQL[]; relevance: SQL } | null = null;
  let windowOf: (passing: SQL) => SQL = (passing) => newest(sql`true`, passing);
  /** The rows of the keyword's window (every filter left out): the facets', and the results' without filters. */
  let keywordRows = () => rowsOf(windowOf(sql`true`));
  /** The results' CTE `f` under filters, when a one-word query reads them from its words' keys. */
  let filteredByWords: ((passing: SQL) => SQL) | null = null;
  if (search) {
    const query = queryOf(search.words, search.count, sql`p.search_vector`);
    ranking = queryOf(search.words, search.count, sql`x.doc`);
    const used = search.words.slice(0, search.count);
    // NOTE: only one word, on the storefront's whole list: the products of two words are found by
    // intersecting them (the GIN index), and a list of a category, of the sale or of the inactive
    // products (staff's) would read by key every match of a word that few of its products are in.
    const [only] = used;
    const wholeList = filter.isActive && filter.onSale === undefined && !filter.categoryId;
    const keys =
      query && only && used.length === 1 && !only.stop && wholeList ? await wordKeys(db, only) : null;
    // A part of a word ("graph" in "Chronograph") matches as a substring of the name, when a word
    // is no known word, nor the start of one, nor within its typos of one (a mistyped word finds
    // what it stands for). NOTE: a branch of its own, not an OR: each branch is planned for its
    // own selectivity, and a walk down the list index does not evaluate ILIKE.
    const partOfName =
      search.count === search.words.length &&
      search.keyword.length >= 3 &&
      used.some((w) => !w.known && !w.stop && !isMistyped(w));
    const names = partOfName ? sql`p.name ilike ${nameContainsPattern(search.keyword)}` : null;
    // NOTE: with its keys known, the documents holding one of them: the same products, found by key.
    const match = keys ? sql`p.search_vector @@ ${anyKeyQuery(keys)}` : query?.match;
    windowOf = (passing) => {
      const documents = match ? newest(match, passing) : null;
      const named = names ? newest(names, passing) : null;
      if (documents && named) {
        return sql`select * from ((${documents}) union (${named})) w order by w.created_at desc, w.id desc limit ${size}`;
      }
      return documents ?? named ?? sql`select p.ctid as t, p.created_at, p.id from ${products} p where false`;
    };
    if (keys && query) {
      const named = names ? newest(names, sql`true`) : null;
      keywordRows = () =>
        named
          ? rowsOf(sql`select * from ((${newestOfWords(keys, "where")}) union (${named})) w
              order by w.created_at desc, w.id desc limit ${size}`)
          : newestOfWords(keys, "rows");
      if (!named) filteredByWords = (passing) => passingOfWords(keys, passing);
    }
  }
  const filtered = Object.keys(predicates).length > 0;
  const countedOver = (): SQL =>
    counts === "facets"
      ? facetsOf(filters)
      : counts === "categories"
        ? sql`(select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by g.n desc, c.name), '[]'::json)
            from (select x.category_id, count(*) as n from u x group by x.category_id order by n desc limit 3) g
            join ${categories} c on c.id = g.category_id)`
        : sql`null::json`;
  const ranked = (f: SQL) => sql`(select count(*)::integer from ${f}) as total,
      array(select x.id from ${f} x order by ${windowOrder(sort, ranking)} limit ${page.limit} offset ${page.offset}) as ids`;
  const results = db.execute<{ total: number; ids: string[]; matched?: number; counted?: unknown }>(
    filtered
      ? sql`with ${
          filteredByWords
            ? filteredByWords(allBut(predicates))
            : sql`f as materialized (${rowsOf(windowOf(allBut(predicates)))})`
        } select ${ranked(sql`f`)}`
      : sql`with u as materialized (${keywordRows()})
          select ${ranked(sql`u`)}, (select count(*)::integer from u) as matched, ${countedOver()} as counted`,
  );
  const windowCounts = async () => {
    const { rows } = await db.execute<{ matched: number; counted: unknown }>(sql`
      with u as materialized (${keywordRows()})
      select (select count(*)::integer from u) as matched, ${countedOver()} as counted`);
    return rows[0];
  };
  const [{ rows: found }, window] = await Promise.all([
    results,
    filtered && counts ? windowCounts() : undefined,
  ]);
  const row = found[0];
  const total = Number(row?.total ?? 0);
  // With filters and nothing counted, whether the keyword alone matches is asked only when no result did.
  const counted = !filtered ? row : (window ?? (total === 0 && search ? await windowCounts() : undefined));
  const matched = total > 0 || Number(counted?.matched ?? 0) > 0;
  const ids = row?.ids ?? [];
  const summaries =
    ids.length === 0
      ? []
      : await db
          .select(summaryColumns)
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(media, eq(media.id, products.thumbnailId))
          .where(inArray(products.id, ids));
  const byId = new Map(summaries.map((r) => [r.id, r]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total,
    matched,
    ...(counts === "facets" && counted?.counted ? { facets: counted.counted as ProductFacets } : {}),
    ...(counts === "categories" && counted?.counted
      ? { topCategories: counted.counted as ProductListPage["topCategories"] & object }
      : {}),
  };
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
      sql`(${idValue(v.id)}, ${v.sku}, ${JSON.stringify(v.options)}::jsonb, ${v.price}::numeric, ${v.onSale}::boolean, ${v.salePrice}::numeric, ${v.stock}::integer, ${v.isActive}::boolean, ${v.position}::integer)`,
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
        sql`(${idValue(row.id)}, ${row.name}::text, ${row.description}::text, ${row.isActive}::boolean, ${row.categoryId}, ${row.thumbnailId}, ${JSON.stringify(row.options)}::jsonb)`,
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
