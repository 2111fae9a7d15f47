/** SQL for the sitemap: only what it lists. */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { products } from "#api/db/schema/products";

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
 * is read by key (`id > the last id of the file before it limit fileUrls`), never by OFFSET. Where
 * each file starts is found by keyset steps, each the largest id among the next `fileUrls` active
 * ids, all in one statement (a recursive query, so one snapshot): the index takes every step and
 * each one's newest updated_at; file n takes n - 1 steps, then its own rows. Measured at 1M active
 * products (20 files, PostgreSQL 15, jit off): the index in 0.75 s and the last file in 0.75 s over
 * the primary key (each step reads is_active from the table), 0.16 s and 0.25 s with a partial
 * index of the active ids (`(id) include (updated_at) where is_active`, read index-only; the first
 * file 0.1 s either way). Numbering the active ids with row_number() over (order by id) and grouping
 * by file took 1.5-1.8 s (0.6-0.8 s with that index), and a count tells how many files there are
 * but not where each starts. No PostgreSQL index finds its k-th entry without counting up to it, so
 * the last file still reads the index once through.
 */

/** The products files, in order, each with its newest product change (its lastmod). */
export async function listSitemapProductFiles(db: Database, fileUrls: number): Promise<{ lastmod: Date }[]> {
  const { rows } = await db.execute<{ lastmod: string | Date }>(sql`
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
    select lastmod from files where n > 0 and urls > 0 order by n`);
  return rows.map((row) => ({ lastmod: new Date(row.lastmod) }));
}

/** The active products of products file `file` (from 1), in id order; none past the last file. */
export async function listSitemapProductFile(
  db: Database,
  file: number,
  fileUrls: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  const { rows } = await db.execute<{ id: string; updated_at: string | Date }>(sql`
    with recursive steps(n, last_id) as (
      select 0, ''::char(24)
      union all
      select s.n + 1, (
        select max(p.id)::char(24) from (
          select id from ${products} where is_active and id > s.last_id order by id limit ${fileUrls}
        ) p
      )
      from steps s
      where s.n < ${file - 1}::bigint and s.last_id is not null
    )
    select id, updated_at from ${products}
    where is_active and id > (select last_id from steps where n = ${file - 1}::bigint)
    order by id
    limit ${fileUrls}`);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at) }));
}
