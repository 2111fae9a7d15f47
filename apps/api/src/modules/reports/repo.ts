/**
 * SQL for the sales reports (GET /reports/sales). Everything comes from the sales ledger
 * (db/schema/sales.ts: a row per invoice, payment and refund, and one per document line, kept by the
 * database), read by its moment, instead of every order and line of the period: an invoice counts on
 * its date, a credit note and its refund on the moment the refund was given, a payment on the moment
 * it was taken. The tax is the documents' own, summed. Every amount is in integer cents, summed as
 * `numeric` and answered as `bigint`, never as a float.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";

/** The moments a period covers: from `since` (included) to `before` (excluded), and its days. */
export interface Period {
  since: Date;
  before: Date;
  /** The first and last day as the shop's clock reads them ("2026-11-01"). */
  from: string;
  to: string;
  /** The shop's offset from UTC ("+05:30"), to tell on which of its days a moment fell. */
  utcOffset: string;
}

/**
 * Settings for the report's transaction: memory enough to group a month of lines by variant in a hash
 * (the default 4 MB sorts them on disk: 125 ms instead of 80 at 100k orders, bench/README.md), and
 * no JIT, whose compiling costs more than these statements' run.
 */
export async function tuneForReport(tx: Database): Promise<void> {
  await tx.execute(sql`select set_config('work_mem', '16MB', true), set_config('jit', 'off', true)`);
}

/** The ledger's rows of the period. */
function movedIn(period: Period): SQL {
  return sql`select * from sales_ledger where at >= ${period.since} and at < ${period.before}`;
}

export interface SummaryRow {
  grossSales: number;
  saleDiscounts: number;
  codeDiscounts: number;
  returns: number;
  shipping: number;
  codFees: number;
  cgst: number;
  sgst: number;
  igst: number;
  taxInvoiced: number;
  taxCredited: number;
  paymentsTaken: number;
  refunds: number;
  ordersPaid: number;
  ordersPlaced: number;
  unitsSold: number;
  unitsReturned: number;
}

/**
 * The period's totals in cents, in one pass over its ledger rows (documents and money), and the orders
 * placed in it (from the orders' own index on their moment).
 */
export async function readSummary(db: Database, period: Period): Promise<SummaryRow> {
  const doc = (column: string) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where kind = 'invoice'), 0) - coalesce(sum(${sql.raw(column)}) filter (where kind = 'refund'), 0)`;
  const result = await db.execute<Record<keyof SummaryRow, string>>(sql`
    select
      coalesce(sum(gross_sales) filter (where kind = 'invoice'), 0)::bigint as "grossSales",
      coalesce(sum(sale_discounts) filter (where kind = 'invoice'), 0)::bigint as "saleDiscounts",
      coalesce(sum(code_discounts) filter (where kind = 'invoice'), 0)::bigint as "codeDiscounts",
      coalesce(sum(returns) filter (where kind = 'refund'), 0)::bigint as "returns",
      (${doc("shipping")})::bigint as "shipping",
      (${doc("cod_fees")})::bigint as "codFees",
      (${doc("cgst")})::bigint as "cgst",
      (${doc("sgst")})::bigint as "sgst",
      (${doc("igst")})::bigint as "igst",
      coalesce(sum(tax) filter (where kind = 'invoice'), 0)::bigint as "taxInvoiced",
      coalesce(sum(tax) filter (where kind = 'refund'), 0)::bigint as "taxCredited",
      coalesce(sum(amount) filter (where kind = 'payment'), 0)::bigint as "paymentsTaken",
      coalesce(sum(amount) filter (where kind = 'refund'), 0)::bigint as "refunds",
      count(*) filter (where kind = 'payment') as "ordersPaid",
      (select count(*) from orders o where o.created_at >= ${period.since} and o.created_at < ${period.before}) as "ordersPlaced",
      coalesce(sum(units) filter (where kind = 'invoice'), 0) as "unitsSold",
      coalesce(sum(units) filter (where kind = 'refund'), 0) as "unitsReturned"
    from (${movedIn(period)}) as moved
  `);
  const row = result.rows[0];
  if (!row) throw new Error("report summary returned no row");
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<
    keyof SummaryRow,
    number
  >;
}

export interface DayRow {
  date: string;
  netSales: number;
  totalSales: number;
  orders: number;
}

/**
 * Each day of the period as the shop's clock reads it: net sales and total sales of the documents dated
 * that day (cents: invoices less credit notes), and the orders placed on it (as Home's chart counts them).
 */
export async function readByDay(db: Database, period: Period): Promise<DayRow[]> {
  const result = await db.execute<{ date: string; netSales: string; totalSales: string; orders: string }>(sql`
    with day as (
      select d::date as date from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
    ),
    moved as (
      select ((m.at at time zone 'UTC') + ${period.utcOffset}::interval)::date as date,
        case m.kind when 'invoice' then m.gross_sales - m.sale_discounts - m.code_discounts
          when 'refund' then -m.returns else 0 end as net,
        case m.kind when 'invoice' then m.amount when 'refund' then -m.amount else 0 end as total,
        0 as orders
      from (${movedIn(period)}) m
      union all
      select ((o.created_at at time zone 'UTC') + ${period.utcOffset}::interval)::date, 0, 0, 1
      from orders o where o.created_at >= ${period.since} and o.created_at < ${period.before}
    )
    select to_char(day.date, 'YYYY-MM-DD') as "date",
      coalesce(sum(m.net), 0)::bigint as "netSales",
      coalesce(sum(m.total), 0)::bigint as "totalSales",
      coalesce(sum(m.orders), 0)::int as "orders"
    from day left join moved m on m.date = day.date
    group by day.date
    order by day.date
  `);
  return result.rows.map((row) => ({
    date: row.date,
    netSales: Number(row.netSales),
    totalSales: Number(row.totalSales),
    orders: Number(row.orders),
  }));
}

export interface ProductRow {
  kind: "sales" | "units" | "category";
  /** The product's id, or the category's for a category row. */
  id: string;
  variant: string | null;
  name: string;
  sku: string | null;
  options: Record<string, string> | null;
  netSales: number;
  units: number;
}

/**
 * What each variant sold in the period (its invoice lines' taxable value: after the sale price and its
 * share of the code's discount, before GST, shipping apart), less what its credit notes gave back in
 * the period (value and units): the ten first by
 * net sales, the ten first by units, and every category's sum, in one statement. A variant is named
 * by its latest line of the period; only the twenty rows shown look their line up.
 */
export async function readProductSales(db: Database, period: Period, top: number): Promise<ProductRow[]> {
  const result = await db.execute<
    Omit<ProductRow, "netSales" | "units"> & { netSales: string; units: string }
  >(
    sql`
    with per_variant as materialized (
      -- NOTE: grouped by the variant alone (its product is one), which hashes instead of sorting.
      select max(product_id) as product_id, variant_id, max(item_id) as line, sum(amount) as cents,
        sum(units) as units
      from sales_ledger_lines
      where at >= ${period.since} and at < ${period.before}
      group by variant_id
    ),
    ranked as (
      -- NOTE: numbered after the limit, so that the first ten are picked by a top-N sort, not a whole one.
      select 'sales' as kind, row_number() over (order by cents desc, units desc, variant_id) as place, *
      from (select * from per_variant order by cents desc, units desc, variant_id limit ${top}) as by_sales
      union all
      select 'units', row_number() over (order by units desc, cents desc, variant_id), *
      from (select * from per_variant order by units desc, cents desc, variant_id limit ${top}) as by_units
    )
    (select r.kind, r.product_id as id, r.variant_id as variant, i.name, i.variant_sku as sku,
       i.variant_options as options, r.cents::bigint as "netSales", r.units::bigint as units
     from ranked r join order_items i on i.id = r.line
     order by r.kind, r.place)
    union all
    (select 'category', c.id, null, c.name, null, null, sum(v.cents)::bigint, sum(v.units)::bigint
     from per_variant v join products p on p.id = v.product_id join categories c on c.id = p.category_id
     group by c.id, c.name)
  `,
  );
  return result.rows.map((row) => ({ ...row, netSales: Number(row.netSales), units: Number(row.units) }));
}

export interface DiscountCodeRow {
  code: string;
  uses: number;
  discount: number;
  netSales: number;
}

/**
 * Each discount code's invoices of the period, what it took off them (before GST), and their net
 * sales less what the period's credit notes of those orders gave back.
 */
export async function readDiscountCodes(db: Database, period: Period): Promise<DiscountCodeRow[]> {
  const net = sql`sum(case kind when 'invoice' then gross_sales - sale_discounts - code_discounts when 'refund' then -returns else 0 end)`;
  const result = await db.execute<Record<keyof DiscountCodeRow, string>>(sql`
    select discount_code as "code",
      count(*) filter (where kind = 'invoice')::int as "uses",
      coalesce(sum(code_discounts) filter (where kind = 'invoice'), 0)::bigint as "discount",
      ${net}::bigint as "netSales"
    from (${movedIn(period)}) as moved
    where discount_code is not null
    group by discount_code
    order by ${net} desc, discount_code
  `);
  return result.rows.map((row) => ({
    code: row.code,
    uses: Number(row.uses),
    discount: Number(row.discount),
    netSales: Number(row.netSales),
  }));
}
