/**
 * The best-seller counts' SQL (sold-counts.ts says why they are kept in batches): the units sold,
 * written to `product_sales` by their writers (db/product-sales.ts), added into the products'
 * `sold_count`.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { productSales, products } from "#api/db/schema/products";

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
