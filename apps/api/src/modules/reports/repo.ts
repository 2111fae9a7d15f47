/**
 * SQL for the sales reports (GET /reports/sales). A period is read as the money moved in it: a
 * payment counts on the moment it was taken, a refund on the moment it was given. Every amount is
 * summed as `numeric` and answered as integer cents (`bigint`), never as a float.
 */
import { TAKEN_PAYMENT_STATUSES } from "@shop/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { sqlList } from "#api/db/schema/sql-lists";

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

/** The payments taken in the period, one row per order. */
function takenIn(period: Period): SQL {
  return sql`
    select p.order_id, p.amount, p.created_at as at
    from payments p
    where p.status in (${sqlList(TAKEN_PAYMENT_STATUSES)})
      and p.created_at >= ${period.since} and p.created_at < ${period.before}`;
}

/** The refunds given in the period. */
function givenIn(period: Period): SQL {
  return sql`
    select r.order_id, r.amount, r.restock, r.refunded_at as at
    from refunds r
    where r.status = 'completed' and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}`;
}

/** Whether an order's shipping address is in the seller's state (GST as CGST + SGST), as the invoice decides. */
function intraState(storeState: string): SQL {
  return sql`lower(trim(o.shipping_address ->> 'state')) = lower(trim(${storeState}))`;
}

export interface SummaryRow {
  grossSales: number;
  saleDiscounts: number;
  codeDiscounts: number;
  shipping: number;
  paymentsTaken: number;
  refunds: number;
  orders: number;
  unitsSold: number;
  unitsRestocked: number;
  /** GST on the period's invoices (intra-state: CGST apart, its SGST is the rest; inter-state: IGST). */
  invoiceIntraTax: number;
  invoiceCgst: number;
  invoiceIgst: number;
  /** GST on the period's credit notes, split the same way. */
  creditIntraTax: number;
  creditCgst: number;
  creditIgst: number;
}

/**
 * The period's totals in cents, in one statement. The GST of each invoice is shared among its lines
 * by taxable value with the largest remainders taking the cents left, and each line's CGST is half of
 * its share rounded down, exactly as the invoice prints it (modules/documents/figures.ts); a credit
 * note's GST is its share of the order's total, rounded half up.
 */
export async function readSummary(db: Database, period: Period, storeState: string): Promise<SummaryRow> {
  const result = await db.execute<Record<keyof SummaryRow, string>>(sql`
    with taken as (${takenIn(period)}),
    given as (${givenIn(period)}),
    paid as (
      select o.id, o.sub_total, o.saved_amount, o.discount_amount, o.shipping_amount, o.tax_amount,
        ${intraState(storeState)} as intra
      from taken t join orders o on o.id = t.order_id
    ),
    line as (
      select o.id as order_id, (o.tax_amount * 100)::bigint as tax,
        ((i.price * i.quantity - i.discount_share) * 100)::bigint as taxable,
        row_number() over (partition by o.id order by i.id) as idx
      from paid o join order_items i on i.order_id = o.id
      where o.intra
    ),
    spread as (
      -- NOTE: a sum of bigint is numeric; cast back, so that the divisions below are whole-number ones.
      select order_id, tax, taxable, idx, (sum(taxable) over (partition by order_id))::bigint as base from line
    ),
    floored as (
      select order_id, tax, idx,
        case when base > 0 then (tax * taxable) / base when idx = 1 then tax else 0 end as share,
        case when base > 0 then (tax * taxable) % base else 0 end as rest
      from spread
    ),
    ranked as (
      select share, tax - sum(share) over (partition by order_id) as left_over,
        row_number() over (partition by order_id order by rest desc, idx) as place
      from floored
    ),
    credit as (
      select ${intraState(storeState)} as intra,
        case when o.total_amount > 0
          then round(g.amount * 100 * (o.tax_amount * 100) / (o.total_amount * 100))::bigint else 0 end as tax
      from given g join orders o on o.id = g.order_id
    )
    select
      (select coalesce(sum((sub_total + saved_amount) * 100), 0)::bigint from paid) as "grossSales",
      (select coalesce(sum(saved_amount * 100), 0)::bigint from paid) as "saleDiscounts",
      (select coalesce(sum(discount_amount * 100), 0)::bigint from paid) as "codeDiscounts",
      (select coalesce(sum(shipping_amount * 100), 0)::bigint from paid) as "shipping",
      (select coalesce(sum(amount * 100), 0)::bigint from taken) as "paymentsTaken",
      (select coalesce(sum(amount * 100), 0)::bigint from given) as "refunds",
      (select count(*) from taken) as "orders",
      (select coalesce(sum(i.quantity), 0) from taken t join order_items i on i.order_id = t.order_id) as "unitsSold",
      (select coalesce(sum((x ->> 'quantity')::int), 0) from given g cross join lateral jsonb_array_elements(g.restock) x)
        as "unitsRestocked",
      (select coalesce(sum(tax_amount * 100), 0)::bigint from paid where intra) as "invoiceIntraTax",
      (select coalesce(sum((share + case when place <= left_over then 1 else 0 end) / 2), 0)::bigint from ranked)
        as "invoiceCgst",
      (select coalesce(sum(tax_amount * 100), 0)::bigint from paid where not intra) as "invoiceIgst",
      (select coalesce(sum(tax), 0)::bigint from credit where intra) as "creditIntraTax",
      (select coalesce(sum(tax / 2), 0)::bigint from credit where intra) as "creditCgst",
      (select coalesce(sum(tax), 0)::bigint from credit where not intra) as "creditIgst"
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
  orders: number;
}

/** Each day of the period as the shop's clock reads it: payments taken minus refunds given (cents), orders paid. */
export async function readByDay(db: Database, period: Period): Promise<DayRow[]> {
  const dayOf = (column: SQL) => sql`((${column} at time zone 'UTC') + ${period.utcOffset}::interval)::date`;
  const result = await db.execute<{ date: string; netSales: string; orders: string }>(sql`
    with day as (
      select d::date as date from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
    ),
    moved as (
      select ${dayOf(sql`t.at`)} as date, t.amount, 1 as orders from (${takenIn(period)}) t
      union all
      select ${dayOf(sql`g.at`)} as date, -g.amount, 0 as orders from (${givenIn(period)}) g
    )
    select to_char(day.date, 'YYYY-MM-DD') as "date",
      coalesce(sum(m.amount * 100), 0)::bigint as "netSales",
      coalesce(sum(m.orders), 0)::int as "orders"
    from day left join moved m on m.date = day.date
    group by day.date
    order by day.date
  `);
  return result.rows.map((row) => ({
    date: row.date,
    netSales: Number(row.netSales),
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
 * What each variant sold in the period, net of its share of the code's discount (tax and shipping
 * apart) and less the units its refunds restocked, at the price they were sold at: the ten first by
 * net sales, the ten first by units, and every category's sum, in one statement.
 */
export async function readProductSales(db: Database, period: Period, top: number): Promise<ProductRow[]> {
  const result = await db.execute<
    Omit<ProductRow, "netSales" | "units"> & { netSales: string; units: string }
  >(
    sql`
    with sold as (
      select i.id, i.product_id, i.variant_id, i.name, i.variant_sku, i.variant_options,
        ((i.price * i.quantity - i.discount_share) * 100)::bigint as cents, i.quantity as units
      from (${takenIn(period)}) t join order_items i on i.order_id = t.order_id
      union all
      select i.id, i.product_id, i.variant_id, i.name, i.variant_sku, i.variant_options,
        -round((i.price * i.quantity - i.discount_share) * 100 * (x ->> 'quantity')::int / i.quantity)::bigint,
        -(x ->> 'quantity')::int
      from (${givenIn(period)}) g
      cross join lateral jsonb_array_elements(g.restock) x
      join order_items i on i.id = (x ->> 'itemId')::char(24)
    ),
    per_variant as (
      select product_id, variant_id,
        (array_agg(name order by id desc))[1] as name,
        (array_agg(variant_sku order by id desc))[1] as sku,
        (array_agg(variant_options order by id desc))[1] as options,
        sum(cents) as cents, sum(units) as units
      from sold
      group by product_id, variant_id
    )
    (select 'sales' as kind, product_id as id, variant_id as variant, name, sku, options,
       cents::bigint as "netSales", units::bigint as units
     from per_variant order by cents desc, units desc, variant_id limit ${top})
    union all
    (select 'units', product_id, variant_id, name, sku, options, cents::bigint, units::bigint
     from per_variant order by units desc, cents desc, variant_id limit ${top})
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

/** Each discount code's orders paid in the period, what it took off them, and their payments less the period's refunds. */
export async function readDiscountCodes(db: Database, period: Period): Promise<DiscountCodeRow[]> {
  const result = await db.execute<Record<keyof DiscountCodeRow, string>>(sql`
    select code, sum(uses)::int as "uses", sum(discount)::bigint as "discount", sum(net)::bigint as "netSales"
    from (
      select o.discount_code as code, 1 as uses, o.discount_amount * 100 as discount, t.amount * 100 as net
      from (${takenIn(period)}) t join orders o on o.id = t.order_id
      where o.discount_code is not null
      union all
      select o.discount_code, 0, 0, -g.amount * 100
      from (${givenIn(period)}) g join orders o on o.id = g.order_id
      where o.discount_code is not null
    ) as x
    group by code
    order by sum(net) desc, code
  `);
  return result.rows.map((row) => ({
    code: row.code,
    uses: Number(row.uses),
    discount: Number(row.discount),
    netSales: Number(row.netSales),
  }));
}
