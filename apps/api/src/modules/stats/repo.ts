/**
 * SQL for the dashboard's figures: each read is one statement. Sales are the documents' (the sales
 * ledger: invoices less credit notes, as the sales report sums them), read as integer cents.
 */
import { LOW_STOCK_THRESHOLD, SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";

export interface StatsRow {
  /** Total sales of all time in cents: what the invoices charged less what the credit notes gave back. */
  totalSales: number;
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

/** The money figures `currency` leaves out: each other currency's orders paid and total sales, in its cents. */
export interface OtherCurrencySales {
  currency: string;
  orders: number;
  totalSales: number;
}

/**
 * The Home tiles. Money in `currency` (the shop's) only: an order placed in another (before a switch)
 * is never added in as if its amounts were the shop's currency.
 */
export async function readStats(db: Database, currency: string): Promise<StatsRow> {
  const result = await db.execute<Record<keyof StatsRow, number | string>>(sql`
    select
      (select coalesce(sum(case kind when 'invoice' then amount when 'payment' then 0 else -amount end), 0)::bigint
        from sales_ledger where currency = ${currency}) as "totalSales",
      (select coalesce(sum(r.amount * 100), 0)::bigint from refunds r join orders o on o.id = r.order_id
        where r.status = 'completed' and r.money_back and o.currency = ${currency}) as "refunds",
      (select count(*)::int from orders) as "orders",
      (select count(*)::int from orders where status = 'processing' and cod_confirmation is distinct from 'pending') as "ordersToShip",
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
    totalSales: Number(row.totalSales),
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

/** The orders paid and total sales of all time in each currency other than `currency`. */
export async function readOtherCurrencies(db: Database, currency: string): Promise<OtherCurrencySales[]> {
  const result = await db.execute<{ currency: string; orders: string; totalSales: string }>(sql`
    select currency, count(*) filter (where kind = 'payment') as "orders",
      coalesce(sum(case kind when 'invoice' then amount when 'payment' then 0 else -amount end), 0)::bigint as "totalSales"
    from sales_ledger where currency <> ${currency}
    group by currency order by currency`);
  return result.rows.map((row) => ({
    currency: row.currency,
    orders: Number(row.orders),
    totalSales: Number(row.totalSales),
  }));
}

export interface SalesDayRow {
  date: string;
  orders: number;
  /** Total sales of the documents dated that day, in cents. */
  totalSales: number;
}

/**
 * For each of the last `days` days of the shop's clock, today included: the orders placed, and the
 * total sales of the documents dated that day (cents: invoices less credit notes, from the sales
 * ledger, in `currency` only), in one grouped query; quiet days are there with zeros.
 */
export async function readSalesByDay(
  db: Database,
  days: number,
  {
    currency,
    now = new Date(),
    utcOffset = SHOP_UTC_OFFSET,
  }: { currency: string; now?: Date; utcOffset?: string },
): Promise<SalesDayRow[]> {
  const offset = sql`${utcOffset}::interval`;
  const dayOf = (column: string) => sql`((${sql.raw(column)} at time zone 'UTC') + ${offset})::date`;
  const result = await db.execute<{ date: string; orders: string; totalSales: string }>(sql`
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
      select ${dayOf("o.created_at")} as date, 1 as orders, 0::bigint as amount
      from orders o, window_ where o.created_at >= window_.since
      union all
      select ${dayOf("l.at")}, 0, case l.kind when 'invoice' then l.amount else -l.amount end
      from sales_ledger l, window_ where l.kind in ('invoice', 'refund', 'credit') and l.at >= window_.since
        and l.currency = ${currency}
    )
    select to_char(day.date, 'YYYY-MM-DD') as "date",
      coalesce(sum(m.orders), 0)::int as "orders",
      coalesce(sum(m.amount), 0)::bigint as "totalSales"
    from day left join moved m on m.date = day.date
    group by day.date
    order by day.date
  `);
  return result.rows.map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    totalSales: Number(row.totalSales),
  }));
}
