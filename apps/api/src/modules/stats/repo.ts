/** SQL for the dashboard's figures: each read is one statement. */
import { LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { PAID_ORDER_STATUSES } from "@shop/shared/orders";
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { sqlList } from "#api/db/schema/sql-lists";

// NOTE: an order counts as revenue once paid and for as long as the money stays with the shop.
const PAID = sql`o.payment_id is not null and o.status in (${sqlList(PAID_ORDER_STATUSES)})`;

export interface StatsRow {
  revenue: number;
  orders: number;
  ordersToShip: number;
  pendingOrders: number;
  customers: number;
  products: number;
  inactiveProducts: number;
  /** Active variants of active products with LOW_STOCK_THRESHOLD or fewer units (the name predates variants). */
  lowStockProducts: number;
}

export async function readStats(db: Database): Promise<StatsRow> {
  const result = await db.execute<Record<keyof StatsRow, number | string>>(sql`
    select
      (select coalesce(sum(o.total_amount), 0)::float8 from orders o where ${PAID}) as "revenue",
      (select count(*)::int from orders) as "orders",
      (select count(*)::int from orders where status = 'processing') as "ordersToShip",
      (select count(*)::int from orders where status = 'pending') as "pendingOrders",
      (select count(*)::int from users where role = 'customer') as "customers",
      (select count(*)::int from products) as "products",
      (select count(*)::int from products where not is_active) as "inactiveProducts",
      (select count(*)::int from product_variants v join products p on p.id = v.product_id
        where p.is_active and v.is_active and v.removed_at is null
          and v.stock <= ${LOW_STOCK_THRESHOLD}) as "lowStockProducts"
  `);
  const row = result.rows[0];
  if (!row) throw new Error("stats query returned no row");
  return {
    revenue: Number(row.revenue),
    orders: Number(row.orders),
    ordersToShip: Number(row.ordersToShip),
    pendingOrders: Number(row.pendingOrders),
    customers: Number(row.customers),
    products: Number(row.products),
    inactiveProducts: Number(row.inactiveProducts),
    lowStockProducts: Number(row.lowStockProducts),
  };
}

export interface SalesDayRow {
  date: string;
  orders: number;
  revenue: number;
}

/**
 * Orders placed and revenue of paid orders per UTC day for the last `days` days, today included,
 * in one grouped query; days without orders are there with zeros.
 */
export async function readSalesByDay(db: Database, days: number): Promise<SalesDayRow[]> {
  const result = await db.execute<{ date: string; orders: number | string; revenue: number | string }>(sql`
    with day as (
      select d::timestamp as start
      from generate_series(
        date_trunc('day', now() at time zone 'UTC') - make_interval(days => ${days - 1}),
        date_trunc('day', now() at time zone 'UTC'),
        interval '1 day'
      ) as d
    )
    select
      to_char(day.start, 'YYYY-MM-DD') as "date",
      count(o.id)::int as "orders",
      coalesce(sum(o.total_amount) filter (where ${PAID}), 0)::float8 as "revenue"
    from day
    left join orders o
      on o.created_at >= (day.start at time zone 'UTC')
     and o.created_at < ((day.start + interval '1 day') at time zone 'UTC')
    group by day.start
    order by day.start
  `);
  return result.rows.map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    revenue: Math.round(Number(row.revenue) * 100) / 100,
  }));
}
