/** SQL for the sitemap: only what it lists. */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
import { productCounts, products } from "#api/db/schema/products";

/** The most URLs a sitemap file may hold (sitemaps.org); each products file holds this many but the last. */
export const SITEMAP_FILE_URLS = 50_000;

/** The categories, at most `limit` of them (the pages file holds them beside the static pages). */
export function listSitemapCategories(db: Database, limit: number) {
  return db
    .select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .orderBy(categories.slug)
    .limit(limit);
}

/** The newest change among the categories, the pages file's lastmod (null without categories). */
export async function categoriesLastModified(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ lastmod: sql<string | null>`max(${categories.updatedAt})` })
    .from(categories);
  return row?.lastmod ? new Date(row.lastmod) : null;
}

/*
 * NOTE: the products files split the active products in id order, `fileUrls` to a file, and a file
 * is read by key (the active ids after the last id of the file before it, up to its own last id),
 * never by OFFSET. Where each file ends is found by keyset steps, each the largest id among the next
 * `fileUrls` active ids, all in one statement (a recursive query, so one snapshot), read from
 * `products_active_id_updated_at_idx` alone with each step's newest updated_at. No PostgreSQL index
 * finds its k-th entry without counting up to it, so the steps read the whole index once (at 1M
 * active products 0.75 s over the primary key, which reads is_active from the table for each id;
 * 0.16 s from that index). The service keeps the steps while `catalogueMark` stays the same.
 * Numbering the active ids with row_number() over (order by id) and grouping by file took 1.5-1.8 s
 * (0.6-0.8 s from the index).
 */

/** Where each products file ends (its last id), in order, with its newest product change (its lastmod). */
export async function listSitemapProductFiles(
  db: Database,
  fileUrls: number,
): Promise<{ lastId: string; lastmod: Date }[]> {
  const { rows } = await db.execute<{ last_id: string; lastmod: string | Date }>(sql`
    with recursive files(n, last_id, lastmod, urls) as (
      select 0, ''::char(24), null::timestamptz, ${fileUrls}::int
      union all
      select f.n + 1, step.last_id, step.lastmod, step.urls
      from files f
      cross join lateral (
        select max(p.id)::char(24) as last_id, max(p.updated_at) as lastmod, count(*)::int as urls
        from (
          select id, updated_at from ${products}
          where is_active and id > f.last_id order by id limit ${fileUrls}
        ) p
      ) step
      where f.urls = ${fileUrls}
    )
    select last_id, lastmod from files where n > 0 and urls > 0 order by n`);
  return rows.map((row) => ({ lastId: row.last_id, lastmod: new Date(row.lastmod) }));
}

/**
 * What the products files' boundaries depend on: how many products are active (the kept counts) and
 * the newest change among them (an index's last entry). A product that becomes active, is added or
 * is edited takes a newer updated_at; one that leaves the active ones changes the count.
 */
export async function catalogueMark(db: Database): Promise<string> {
  const { rows } = await db.execute<{ active: string | number; newest: string | null }>(sql`
    select (select coalesce(sum(${productCounts.active}), 0) from ${productCounts}) as active,
      (select max(${products.updatedAt})::text from ${products} where ${products.isActive}) as newest`);
  const row = rows[0];
  return `${row?.active ?? 0} ${row?.newest ?? ""}`;
}

/**
 * The active products after id `after` up to id `through` (to the end without it), in id order, at
 * most `limit` of them.
 */
export async function listSitemapProductRange(
  db: Database,
  after: string,
  through: string | null,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  const { rows } = await db.execute<{ id: string; updated_at: string | Date }>(sql`
    select id, updated_at from ${products}
    where is_active and id > ${idValue(after)}${through === null ? sql`` : sql` and id <= ${idValue(through)}`}
    order by id
    limit ${limit}`);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at) }));
}
