/**
 * SQL for the dashboard's figures: each read is one statement. Money is what moved: payments taken
 * minus refunds given, summed as `numeric` and read as integer cents.
 */
import { LOW_STOCK_THRESHOLD, SHOP_UTC_OFFSET, TAKEN_PAYMENT_STATUSES } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { sqlList } from "#api/db/schema/sql-lists";

const TAKEN = sql`p.status in (${sqlList(TAKEN_PAYMENT_STATUSES)})`;

export interface StatsRow {
  /** Net sales of all time in cents: payments taken minus refunds given. */
  netSales: number;
  /** Refunds given, of all time, in cents. */
  refunds: number;
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
      (select coalesce(sum(p.amount * 100), 0)::bigint from payments p where ${TAKEN}) -
        (select coalesce(sum(r.amount * 100), 0)::bigint from refunds r where r.status = 'completed') as "netSales",
      (select coalesce(sum(r.amount * 100), 0)::bigint from refunds r where r.status = 'completed') as "refunds",
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
    netSales: Number(row.netSales),
    refunds: Number(row.refunds),
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
  /** Net sales of the day in cents. */
  netSales: number;
}

/**
 * For each of the last `days` days of the shop's clock, today included: the orders placed, and the
 * payments taken minus the refunds given (cents), in one grouped query; quiet days are there with zeros.
 */
export async function readSalesByDay(
  db: Database,
  days: number,
  now = new Date(),
  utcOffset = SHOP_UTC_OFFSET,
): Promise<SalesDayRow[]> {
  const offset = sql`${utcOffset}::interval`;
  const dayOf = (column: string) => sql`((${sql.raw(column)} at time zone 'UTC') + ${offset})::date`;
  const result = await db.execute<{ date: string; orders: string; netSales: string }>(sql`
    with bounds as (
      select ((${now}::timestamptz at time zone 'UTC') + ${offset})::date as today
    ),
    day as (
      select d::date as date
      from bounds, generate_series(bounds.today - ${days - 1}::int, bounds.today, interval '1 day') as d
    ),
    window_ as (
      select (min(date)::timestamp - ${offset}) at time zone 'UTC' as since from day
    ),
    moved as (
      select ${dayOf("o.created_at")} as date, 1 as orders, 0::numeric as amount
      from orders o, window_ where o.created_at >= window_.since
      union all
      select ${dayOf("p.created_at")}, 0, p.amount
      from payments p, window_ where ${TAKEN} and p.created_at >= window_.since
      union all
      select ${dayOf("r.refunded_at")}, 0, -r.amount
      from refunds r, window_ where r.status = 'completed' and r.refunded_at >= window_.since
    )
    select to_char(day.date, 'YYYY-MM-DD') as "date",
      coalesce(sum(m.orders), 0)::int as "orders",
      coalesce(sum(m.amount * 100), 0)::bigint as "netSales"
    from day left join moved m on m.date = day.date
    group by day.date
    order by day.date
  `);
  return result.rows.map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    netSales: Number(row.netSales),
  }));
}
