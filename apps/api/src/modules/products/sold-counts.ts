/**
 * The best-seller counts (`products.sold_count`, the storefront's "best selling" order), brought up
 * to date in batches. A product's row is wide and carries the catalogue's indexes (three of them
 * GIN), and `sold_count` is in the best-seller index, so an update of it can never be HOT: raised
 * by every payment, it cost each paid order a new version of its products' rows in every index and
 * a dead row for the vacuum, and during a sale it rewrote the same few products thousands of times
 * a minute. Writers add the units to `product_sales` instead (addSoldUnits, or in their own
 * statement), and foldSoldCounts adds them up into the products every few seconds: one update per
 * product per fold, however many orders it sold in.
 */
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { productSales, products } from "#api/db/schema/products";

/** How often the counts are brought up to date: the best-seller order lags the sales by at most this. */
export const SOLD_COUNTS_EVERY_MS = 10_000;

/**
 * Adds units sold (positive) or given back (negative) by product, from a select of
 * `(product_id, quantity)` rows: `select product_id, sum(quantity) from order_items where …`.
 */
export async function addSoldUnits(db: Database, rows: SQL) {
  await db.execute(sql`
    insert into ${productSales} (product_id, quantity)
    select s.product_id, s.quantity from (${rows}) as s(product_id, quantity) where s.quantity <> 0`);
}

/**
 * Adds the units written since the last fold into the products' counts (never below zero) and
 * removes them, in one statement; answers the products changed. Safe beside another fold (each row
 * is deleted, so counted, once) and beside placements and payments: the products are locked in id
 * order, as every writer of them keeps (orders/repo.ts countSold's note).
 */
export async function foldSoldCounts(db: Database): Promise<number> {
  const rows = await db.execute<{ changed: number }>(sql`
    with taken as (delete from ${productSales} returning product_id, quantity),
    sold as materialized (
      select product_id, sum(quantity)::integer as quantity from taken group by product_id
    ),
    locked as materialized (
      select p.id from ${products} p where p.id in (select product_id from sold) order by p.id for no key update
    ),
    changed as (
      update ${products} p set sold_count = greatest(0, p.sold_count + s.quantity)
      from sold s where p.id = s.product_id and p.id in (select id from locked) and s.quantity <> 0
      returning p.id
    )
    select count(*)::integer as changed from changed`);
  return rows.rows[0]?.changed ?? 0;
}

/** Folds the counts on a timer from the server's start; answers how to stop it. */
export function startSoldCountsFold(
  db: Database,
  { log, everyMs = SOLD_COUNTS_EVERY_MS }: { log: FastifyBaseLogger; everyMs?: number },
): () => Promise<void> {
  const polling = startPolling(
    () =>
      foldSoldCounts(db).then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, "best-seller counts not brought up to date"),
      ),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
