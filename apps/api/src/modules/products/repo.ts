/**
 * SQL for products: lists (with keyword search), one product, writes with their search document,
 * the gallery, and the checks writes need.
 *
 * Keyword search (issue 3, item 5) runs on two indexes:
 * - `products.search_vector`, a weighted tsvector (name A, category name B, description C) with a
 *   GIN index, matched with a prefix tsquery and ranked with ts_rank;
 * - `search_words`, the vocabulary of the catalogue with a trigram GIN index: a keyword word that
 *   is no known word nor the start of one ("snekers", "wach") is widened to the three most similar
 *   known words ("sneakers", "watch", "watches") inside the same tsquery.
 * A keyword of 3+ characters also matches as a substring of the name (the trigram index on name),
 * which finds part-word searches such as "graph" in "Chronograph".
 */
import type { ProductSort } from "@shop/shared/schemas/product";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories } from "../../db/schema/categories";
import { type Media, media } from "../../db/schema/media";
import { orderItems } from "../../db/schema/orders";
import { type NewProduct, productGallery, products, searchWords } from "../../db/schema/products";

/** The text search configuration of the search document and of every query against it. */
const TS_CONFIG = sql.raw("'english'::regconfig");
/** A keyword is cut into at most this many words; the rest is ignored. */
const MAX_KEYWORD_WORDS = 8;
/** Known words offered for one unknown keyword word. */
const CORRECTIONS_PER_WORD = 3;

export interface SearchText {
  name: string;
  categoryName: string;
  description: string;
}

/** The weighted search document of a product, computed from the values being written. */
function searchDocument({ name, categoryName, description }: SearchText): SQL {
  return sql`(setweight(to_tsvector(${TS_CONFIG}, ${name}::text), 'A') || setweight(to_tsvector(${TS_CONFIG}, ${categoryName}::text), 'B') || setweight(to_tsvector(${TS_CONFIG}, ${description}::text), 'C'))`;
}

/** Adds the words of a product to the search vocabulary (sorted, so concurrent writers lock in one order). */
async function addSearchWords(db: Database, { name, categoryName, description }: SearchText) {
  const text = `${name} ${categoryName} ${description}`;
  await db.execute(sql`
    insert into ${searchWords} (word)
    select distinct w from regexp_split_to_table(lower(${text}::text), '[^[:alnum:]]+') as w
    where length(w) between 2 and 40
    order by w
    on conflict do nothing`);
}

/**
 * The tsquery for a keyword: its words ANDed, each as a prefix (`sneak:*`), and each word that is
 * no known word nor the start of one ORed with its closest known words by trigram similarity.
 * Words are split on anything but letters and digits, so nothing the user typed reaches the
 * tsquery syntax as an operator; the keyword itself is a bound parameter. "Start of a known word"
 * is a byte-wise range on the text_pattern_ops index, the same whatever the database collation.
 */
function keywordQuery(keyword: string): SQL {
  return sql`(
    select to_tsquery(${TS_CONFIG}, coalesce(string_agg(alternatives, ' & '), ''))
    from (
      select '(' || term || ':*' || coalesce((
        select string_agg(' | ' || near.word, '')
        from (
          select s.word from ${searchWords} s
          where s.word % term
          order by similarity(s.word, term) desc, s.word
          limit ${CORRECTIONS_PER_WORD}
        ) near
        where not exists (
          select 1 from ${searchWords} k where k.word ~>=~ term and k.word ~<~ (term || chr(1114111))
        )
      ), '') || ')' as alternatives
      from (
        select distinct term
        from regexp_split_to_table(lower(${keyword}::text), '[^[:alnum:]]+') as term
        where length(term) between 2 and 40
        limit ${MAX_KEYWORD_WORDS}
      ) terms
    ) parts
  )`;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ProductFilter {
  isActive: boolean;
  onSale?: boolean;
  categoryId?: string;
  keyword?: string;
}

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

/**
 * One page of products and the total: one query for the rows (category and thumbnail joined),
 * one for the count. With a keyword the default order is relevance, otherwise newest first.
 */
export async function listProductSummaries(
  db: Database,
  filter: ProductFilter,
  sort: ProductSort | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductSummaryRow[]; total: number }> {
  const keyword = filter.keyword?.trim() || undefined;
  const conditions: SQL[] = [eq(products.isActive, filter.isActive)];
  if (filter.onSale !== undefined) conditions.push(eq(products.onSale, filter.onSale));
  if (filter.categoryId) conditions.push(eq(products.categoryId, filter.categoryId));
  const query = sql`kw.query`;
  if (keyword) {
    const matches = [sql`${products.searchVector} @@ ${query}`];
    if (keyword.length >= 3) matches.push(sql`${products.name} ilike ${`%${escapeLike(keyword)}%`}`);
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  const where = and(...conditions);
  // NOTE: `offset 0` keeps the planner from inlining the subquery, which would compute the
  // tsquery once per reference (filter, rank, count) instead of once.
  const keywordJoin = keyword
    ? sql`(select ${keywordQuery(keyword)} as query offset 0) as kw`
    : sql`(select null::tsquery as query) as kw`;

  const chosen = sort ?? (keyword ? "relevance" : "newest");
  // Without a keyword every rank is equal, so "relevance" means newest first.
  const order = orderOf(chosen === "relevance" && !keyword ? "newest" : chosen, query);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(media, eq(media.id, products.thumbnailId))
      .crossJoin(keywordJoin)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(products).crossJoin(keywordJoin).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

function orderOf(sort: ProductSort | undefined, query: SQL): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  switch (sort) {
    case "relevance":
      return [sql`ts_rank(${products.searchVector}, ${query}) desc`, ...newest];
    case "best-selling":
      return [desc(products.soldCount), ...newest];
    case "price-asc":
      return [asc(effectivePrice), ...newest];
    case "price-desc":
      return [desc(effectivePrice), ...newest];
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
