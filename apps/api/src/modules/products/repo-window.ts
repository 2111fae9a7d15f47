/**
 * SQL for the search window: a keyword or a filter gives the newest SEARCH_WINDOW products of the
 * list that match the keyword and every filter, ranked and counted; the facets count the newest
 * SEARCH_WINDOW products that match the keyword (decision 007: a common word is ranked among its
 * newest 500 matches; a filter looks through the whole list). How a keyword is read and ranked is in
 * search.ts, the filters and facets as SQL in repo-filters.ts.
 */
import type { ProductSort } from "@shop/shared/constants";
import type { ProductFacets, ProductListFilters, SearchFallback } from "@shop/shared/schemas/product";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { media } from "#api/db/schema/media";
import { products, productWords } from "#api/db/schema/products";
import {
  allBut,
  baseConditions,
  type FilterDimension,
  facetsOf,
  filterPredicates,
  type ProductFilter,
} from "./repo-filters";
import { type ProductSummaryRow, summaryColumns } from "./repo-reads";
import { anyKeyQuery, isMistyped, nameContainsPattern, type QueryWord, queryOf, wordKeys } from "./search";

/**
 * A keyword's or a filter's window: the newest this many products of the list that match the keyword
 * and the filters; the facets count the newest this many that match the keyword. NOTE: it bounds the
 * cost of a common word and of facets: "cotton" matches a fifth of a large catalogue, and ranking or
 * counting all of those on every search cost more than the rest of the request
 * (docs/decisions/007-kept-counts-and-bounded-search.md).
 */
export const SEARCH_WINDOW = 500;

/**
 * How many of a word's newest matches the results under filters may read by key before walking the
 * list instead: all of a word with no more matches than this, else as many as a filter that passes
 * a tenth of them or more needs to fill the window of 500. NOTE: a read by key costs a few
 * microseconds; at a million products a walk down the list for a word of 4 000 matches ("sneakers")
 * under a filter that passed a sixth of them read 32 000 products, 143 ms.
 */
const CANDIDATES = 5_000;

/**
 * How many of those are read first to tell whether the filters pass enough of them (a tenth):
 * a filter that passes fewer goes to the walk at once, unless the word has no more than
 * CANDIDATES matches, without reading the others by key.
 */
const SAMPLE = 250;

/** The filters whose columns the list's indexes hold (db/schema/products.ts), so a merge reads no row. */
const INDEXED_FILTERS: readonly FilterDimension[] = ["price", "onSale", "rating"];

/** Which rows of the list a page holds: how many, after how many. */
export type Page = { limit: number; offset: number };

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
  /** A list newest first without keyword nor filter: the sort key of the page's last product, when one more follows. */
  nextKey?: readonly [at: string, id: string];
}

/** Counted beside the page: the facets (storefront lists), or the top categories (suggestions). */
export type ListCounts = "facets" | "categories" | false;

/** A keyword as read, and how many of its words (from the start) are in use. */
export interface KeywordInUse {
  keyword: string;
  words: QueryWord[];
  count: number;
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
export async function windowPage(
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
  /** Whether every filter is one the list's indexes hold (the price paid, the sale, the rating). */
  const indexed = Object.keys(predicates).every((d) => INDEXED_FILTERS.includes(d as FilterDimension));
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
  /** A word's matches newest first (from its keys, merged, each product once): `created_at`, `product_id`. */
  const matchesOfWords = (keys: string[]) =>
    sql`select distinct on (w.created_at, w.product_id) w.created_at, w.product_id
      from (${wordScans(keys)}) w order by w.created_at desc, w.product_id desc`;
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
    return sql`select p.* from (${matchesOfWords(keys)}
        ${matches === undefined ? sql`` : sql`limit ${matches.take} offset ${matches.skip}`}) w
      cross join lateral (select ${select} from (select ${read} from ${products} p
        where p.id = w.product_id and ${baseConditions(filter)} offset 0) x where ${passing}) p
      order by w.created_at desc, w.product_id desc limit ${size}`;
  };
  /**
   * The results under filters of a one-word query when every filter is on the price paid, the sale
   * or the rating (`indexed`): its newest `size` matches that pass them, found by joining the word's
   * matches, newest first, with the list's index (the sale's under the sale filter) read from the
   * index alone; then the rows by key. NOTE: the planner merges the two in order for a common word
   * and looks each match up in the index for a rarer one; either stops at the window's end and
   * reads no row of the table. At a million products "watch, on sale, under 100" (1,929 of 50,332
   * pass) merged 9,665 entries of the sale's index with 12,494 of the word's in 7 ms (18 from disk),
   * where the two indexes intersected as bitmaps read all 150,000 products on sale, then the table
   * for each match (60 ms, 158 from disk); "sneakers, 4 stars and up, under 200" looked up 3,369
   * matches in 15 ms, where reading them by key read the table for each (180 ms from disk).
   */
  const mergedWithList = (keys: string[], passing: SQL) =>
    keys.length === 0
      ? sql`select ${columns} from ${products} p where false`
      : sql`select ${columns} from ${products} p where p.id = any(array(
      select x.id from (select p.created_at, p.id, p.on_sale, p.rating_average,
          (case when p.on_sale then p.sale_price else p.price end) as price
        from ${products} p where ${baseConditions(filter)}) x
      join (${matchesOfWords(keys)}) w on w.created_at = x.created_at and w.product_id = x.id
      where ${passing} order by x.created_at desc, x.id desc limit ${size}))`;
  /** Whether a word's keys hold fewer than `n` entries (then fewer than `n` products match it). */
  const fewerThan = (keys: string[], n: number) =>
    sql`(select count(*) from (select 1 from (${wordScans(keys)}) w limit ${n}) c) < ${n}`;
  /**
   * The results under filters of a one-word query: its newest matches passing every filter, read
   * from product_words while at most CANDIDATES products give the window: the first SAMPLE (`f1`),
   * then, when a tenth of those passed or the word has no more than CANDIDATES matches (`few`), the
   * next ones (`f2`) until the window is full. Past that (a filter few of a common word's products
   * pass) the list is walked or scanned as for any query. One statement: each later part is planned
   * but runs only when the earlier ones call for it; `few` (counting up to 5 001 keys, a millisecond
   * at a million products) only when the first SAMPLE passed too few, or `f2` filled too little.
   */
  const passingOfWords = (keys: string[], passing: SQL) => sql`
    f1 as materialized (${newestOfWords(keys, "rows", passing, { skip: 0, take: SAMPLE })}),
    s as materialized (select (select count(*) from f1) as passed, ${fewerThan(keys, SAMPLE)} as every),
    few as materialized (select ${fewerThan(keys, CANDIDATES + 1)} as v),
    more as materialized (select not s.every and (s.passed * ${CANDIDATES} >= ${size * SAMPLE} or (select v from few)) as v from s),
    f2 as materialized (select * from (${newestOfWords(keys, "rows", passing, { skip: SAMPLE, take: CANDIDATES - SAMPLE })}) w
      where (select v from more) limit greatest(0, ${size} - (select passed from s))),
    enough as materialized (select (select every from s)
      or (select passed from s) + (select count(*) from f2) >= ${size}
      or ((select v from more) and (select v from few)) as v),
    f as materialized (select * from f1 where (select v from enough)
      union all select * from f2 where (select v from enough)
      union all select * from (${rowsOf(windowOf(passing))}) w where not (select v from enough))`;
  let ranking: { rank: SQL[]; relevance: SQL } | null = null;
  let windowOf: (passing: SQL) => SQL = (passing) => newest(sql`true`, passing);
  /** The rows of the keyword's window (every filter left out): the facets', and the results' without filters. */
  let keywordRows = () => rowsOf(windowOf(sql`true`));
  /** The results' CTE `f` under filters, when a one-word query reads them from its words' keys. */
  let filteredByWords: ((passing: SQL) => SQL) | null = null;
  /** Whether the results under filters are read by `mergedWithList`. */
  let merged = false;
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
      if (!named) {
        merged = indexed;
        filteredByWords = indexed
          ? (passing) => sql`f as materialized (${mergedWithList(keys, passing)})`
          : (passing) => passingOfWords(keys, passing);
      }
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
  const resultsQuery = filtered
    ? sql`with ${
        filteredByWords
          ? filteredByWords(allBut(predicates))
          : sql`f as materialized (${rowsOf(windowOf(allBut(predicates)))})`
      } select ${ranked(sql`f`)}`
    : sql`with u as materialized (${keywordRows()})
          select ${ranked(sql`u`)}, (select count(*)::integer from u) as matched, ${countedOver()} as counted`;
  type ResultsRow = { total: number; ids: string[]; matched?: number; counted?: unknown };
  // NOTE: the join of a word's matches with the list, without parallel workers: at a million
  // products the planner gave "cotton, 50 to 150" two, which took 27 ms to start for 2 ms of work
  // each (docs/operations.md, max_parallel_workers_per_gather).
  const results =
    merged && filtered
      ? db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
          return tx.execute<ResultsRow>(resultsQuery);
        })
      : db.execute<ResultsRow>(resultsQuery);
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
