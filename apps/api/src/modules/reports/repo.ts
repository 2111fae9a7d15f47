/**
 * SQL for the sales reports (GET /reports/sales). Everything comes from the sales ledger
 * (db/schema/sales.ts: a row per invoice, payment and refund, and one per document line, kept by the
 * database), read by its moment, instead of every order and line of the period: an invoice counts on
 * its date, a credit note and its refund on the moment the refund was given, a payment on the moment
 * it was taken. The tax is the documents' own, summed. Every amount is in integer cents, summed as
 * `numeric` and answered as `bigint`, never as a float.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { LedgerKind, SlotKind } from "#api/db/schema/sales";

/** The moments a period covers: from `since` (included) to `before` (excluded), and its days. */
export interface Period {
  since: Date;
  before: Date;
  /** The first and last day as the shop's clock reads them ("2026-11-01"). */
  from: string;
  to: string;
  /** The shop's offset from UTC ("+05:30"), to tell on which of its days a moment fell. */
  utcOffset: string;
  /** The shop's currency (ISO 4217): the figures sum its orders only, others are counted apart. */
  currency: string;
}

/**
 * Settings for the report's transaction: memory enough to group a month of lines by variant in a hash
 * (the default 4 MB sorts them on disk: 125 ms instead of 80 at 100k orders, bench/README.md), and
 * no JIT, whose compiling costs more than these statements' run. NOTE: a year at a million orders
 * groups 920 000 variants, whose hash would take 240 MB to stay in memory; they are read in variant
 * order from an index instead (readTopVariants), so the memory stays a month's. `beside`: the
 * transaction is one of those read side by side (db/client.ts readSideBySide), which keep two cores
 * busy already; parallel workers would only share them (on the 2-core host the bench measures, the
 * year's ranking took 0.8 s beside categories summed in one process, 1.0–1.2 s beside two workers).
 */
export async function tuneForReport(
  tx: Database,
  { beside = false }: { beside?: boolean } = {},
): Promise<void> {
  const workers = beside ? sql`, set_config('max_parallel_workers_per_gather', '0', true)` : sql``;
  await tx.execute(
    sql`select set_config('work_mem', '16MB', true), set_config('jit', 'off', true)${workers}`,
  );
}

/**
 * What the ledger's rows of a day (or of a discount code) add up to, in cents: the invoices' figures,
 * the credit notes', and the money that moved.
 */
export interface LedgerSums {
  grossSales: number;
  saleDiscounts: number;
  codeDiscounts: number;
  returns: number;
  /** Charged less given back. */
  shipping: number;
  codFees: number;
  cgst: number;
  sgst: number;
  igst: number;
  taxInvoiced: number;
  taxCredited: number;
  /** The invoices' totals less the credit notes' (total sales). */
  documents: number;
  paymentsTaken: number;
  refunds: number;
  invoices: number;
  ordersPaid: number;
  unitsSold: number;
  unitsReturned: number;
}

/** A day of the period as the shop's clock reads it, with its sums and the orders placed on it. */
export interface DayRow extends LedgerSums {
  date: string;
  ordersPlaced: number;
}

export interface DiscountCodeRow extends LedgerSums {
  code: string;
}

const KEYS: (keyof LedgerSums)[] = [
  "grossSales",
  "saleDiscounts",
  "codeDiscounts",
  "returns",
  "shipping",
  "codFees",
  "cgst",
  "sgst",
  "igst",
  "taxInvoiced",
  "taxCredited",
  "documents",
  "paymentsTaken",
  "refunds",
  "invoices",
  "ordersPaid",
  "unitsSold",
  "unitsReturned",
];

const zeroSums = (): LedgerSums => Object.fromEntries(KEYS.map((key) => [key, 0])) as unknown as LedgerSums;

/** The ledger's columns summed for each kind of row (plain sums: cheaper than filtered ones). */
interface KindRow {
  kind: LedgerKind;
  rows: number;
  amount: number;
  grossSales: number;
  saleDiscounts: number;
  codeDiscounts: number;
  returns: number;
  shipping: number;
  codFees: number;
  units: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

const KIND_SUMS = [
  "rows",
  "amount",
  "grossSales",
  "saleDiscounts",
  "codeDiscounts",
  "returns",
  "shipping",
  "codFees",
  "units",
  "tax",
  "cgst",
  "sgst",
  "igst",
] as const satisfies readonly (keyof KindRow)[];

/**
 * Adds one kind's sums to the figures: an invoice's charge, a refund's credit note and money, a credit
 * note's without money (goods back unpaid), a payment's money.
 */
function addKind(sums: LedgerSums, row: KindRow): void {
  if (row.kind === "invoice") {
    sums.grossSales += row.grossSales;
    sums.saleDiscounts += row.saleDiscounts;
    sums.codeDiscounts += row.codeDiscounts;
    sums.taxInvoiced += row.tax;
    sums.documents += row.amount;
    sums.invoices += row.rows;
    sums.unitsSold += row.units;
  } else if (row.kind === "refund" || row.kind === "credit") {
    sums.returns += row.returns;
    sums.taxCredited += row.tax;
    sums.documents -= row.amount;
    if (row.kind === "refund") sums.refunds += row.amount;
    sums.unitsReturned += row.units;
  } else {
    sums.paymentsTaken += row.amount;
    sums.ordersPaid += row.rows;
    return;
  }
  const sign = row.kind === "invoice" ? 1 : -1;
  sums.shipping += sign * row.shipping;
  sums.codFees += sign * row.codFees;
  sums.cgst += sign * row.cgst;
  sums.sgst += sign * row.sgst;
  sums.igst += sign * row.igst;
}

/** The sums of several days (or codes), added up in integers. */
export function addSums(rows: readonly LedgerSums[]): LedgerSums {
  const total = zeroSums();
  for (const row of rows) for (const key of KEYS) total[key] += row[key];
  return total;
}

/** A quarter of an hour, the ledger's slots (db/schema/sales.ts salesSlots). */
const SLOT_MS = 15 * 60 * 1000;

/**
 * The period's ledger rows as `(day, kind, code, rows, amount, ...)`, and its orders placed as rows of
 * kind `placed` (`rows` their count): from the ledger's sums by slot and the changes not yet folded
 * into them when the period starts and ends on slots (every period of the shop's days does), else
 * from the ledger and the orders themselves.
 */
function movedIn(period: Period) {
  const day = (column: string) =>
    sql`((${sql.raw(column)} at time zone 'UTC') + ${period.utcOffset}::interval)::date`;
  const columns = sql`kind, amount, gross_sales, sale_discounts, code_discounts, returns, shipping, cod_fees,
    units::bigint, tax, cgst, sgst, igst, currency`;
  if (period.since.getTime() % SLOT_MS !== 0 || period.before.getTime() % SLOT_MS !== 0)
    return sql`
      select ${day("at")} as day, discount_code as code, 1::bigint as rows, ${columns}
      from sales_ledger where at >= ${period.since} and at < ${period.before}
      union all
      select ${day("created_at")}, null, count(*), 'placed', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, currency
      from orders where created_at >= ${period.since} and created_at < ${period.before}
      group by 1, currency`;
  return sql`
    select ${day("slot")} as day, nullif(discount_code, '') as code, rows, ${columns}
    from sales_slots where slot >= ${period.since} and slot < ${period.before}
    union all
    select ${day("slot")}, nullif(discount_code, ''), rows::bigint, ${columns}
    from sales_slot_changes where slot >= ${period.since} and slot < ${period.before}`;
}

/** What the period holds of a currency other than the shop's: its orders paid and its total sales, in its cents. */
export interface OtherCurrencyRow {
  currency: string;
  ordersPaid: number;
  /** The invoices' totals less the credit notes', in that currency's cents. */
  documents: number;
}

/**
 * The period's ledger summed by day of the shop's clock, kind and discount code in one hash (a few
 * hundred groups), which the days and the codes are added up from, with the orders placed on each
 * day. Every day of the period is there, quiet ones with zeros. NOTE: read from the ledger's sums by
 * quarter of an hour (a year at a million orders: 170 000 rows instead of a million ledger rows, 1.8 s
 * read from the ledger, and its orders placed from their slots rather than 500 000 keys of the
 * orders' index, 0.5 s, bench/README.md), with the changes not yet folded into them, in the report's
 * snapshot: exact to the cent whenever the fold last ran. A group whose rows all moved elsewhere (an
 * invoice dated again) sums to no rows and is left out, as the ledger would have none.
 */
export async function readPeriod(
  db: Database,
  period: Period,
): Promise<{ days: DayRow[]; codes: DiscountCodeRow[]; others: OtherCurrencyRow[] }> {
  const sums = await db.execute<
    Record<Exclude<keyof KindRow, "kind">, string> & {
      date: string;
      code: string | null;
      kind: SlotKind;
      currency: string;
    }
  >(sql`
    select to_char(day, 'YYYY-MM-DD') as "date", code, kind, currency,
      bigint_sum(rows) as "rows", bigint_sum(amount) as "amount", bigint_sum(gross_sales) as "grossSales",
      bigint_sum(sale_discounts) as "saleDiscounts", bigint_sum(code_discounts) as "codeDiscounts",
      bigint_sum(returns) as "returns", bigint_sum(shipping) as "shipping", bigint_sum(cod_fees) as "codFees",
      bigint_sum(units) as "units", bigint_sum(tax) as "tax", bigint_sum(cgst) as "cgst",
      bigint_sum(sgst) as "sgst", bigint_sum(igst) as "igst"
    from (${movedIn(period)}) as moved
    group by day, kind, code, currency
    having bigint_sum(rows) <> 0
  `);
  const byDay = new Map<string, LedgerSums>();
  const byCode = new Map<string, LedgerSums>();
  const ordersOn = new Map<string, number>();
  const others = new Map<string, LedgerSums>();
  for (const row of sums.rows) {
    // NOTE: an order of another currency (placed before the shop switched) is counted apart, never
    // added to the shop's figures as if its amounts were the shop's currency.
    if (row.currency !== period.currency) {
      if (row.kind === "placed") continue;
      const kind = { kind: row.kind } as KindRow;
      for (const key of KIND_SUMS) kind[key] = Number(row[key] ?? 0);
      const other = others.get(row.currency) ?? zeroSums();
      addKind(other, kind);
      others.set(row.currency, other);
      continue;
    }
    if (row.kind === "placed") {
      ordersOn.set(row.date, Number(row.rows));
      continue;
    }
    const kind = { kind: row.kind } as KindRow;
    for (const key of KIND_SUMS) kind[key] = Number(row[key] ?? 0);
    const day = byDay.get(row.date) ?? zeroSums();
    addKind(day, kind);
    byDay.set(row.date, day);
    if (row.code === null) continue;
    const code = byCode.get(row.code) ?? zeroSums();
    addKind(code, kind);
    byCode.set(row.code, code);
  }
  const codes = [...byCode.entries()].map(([code, figures]) => ({ code, ...figures }));
  const days: DayRow[] = [];
  for (
    let day = new Date(`${period.from}T00:00:00Z`);
    day <= new Date(`${period.to}T00:00:00Z`);
    day = new Date(day.getTime() + 86_400_000)
  ) {
    const date = day.toISOString().slice(0, 10);
    days.push({ date, ...(byDay.get(date) ?? zeroSums()), ordersPlaced: ordersOn.get(date) ?? 0 });
  }
  return {
    days,
    codes,
    others: [...others.entries()]
      .map(([code, sums]) => ({ currency: code, ordersPaid: sums.ordersPaid, documents: sums.documents }))
      .filter((row) => row.ordersPaid !== 0 || row.documents !== 0)
      .sort((a, b) => inCodeOrder(a.currency, b.currency)),
  };
}

export interface ProductRow {
  kind: "sales" | "units" | "category";
  /** The product's id, or the category's for a category row. */
  id: string;
  variant: string | null;
  name: string;
  /** Null for a category row, and for a product without options (its one variant holds the product's id). */
  sku: string | null;
  options: Record<string, string> | null;
  netSales: number;
  units: number;
}

/** Variants by id: from `from` (included) and below `below`, either end open when left out. */
export interface VariantRange {
  from?: string;
  below?: string;
}

/**
 * What each variant sold in the period (its invoice lines' taxable value: after the sale price and its
 * share of the code's discount, before GST, shipping apart), less what its credit notes gave back in
 * the period (value and units): the ten first by net sales and the ten first by units, in one
 * statement. A variant is named by its latest line of the period; only the twenty rows shown look
 * their line up. NOTE: the longest statement of a long period's report (a year at a million orders:
 * 0.8 s of its 1.3 s on one connection), read beside the others (service.ts, readSideBySide); `range`
 * ranks only the variants it holds, a part of a long period's ranking (mergeRankings).
 */
export async function readTopVariants(
  db: Database,
  period: Period,
  top: number,
  range: VariantRange = {},
): Promise<ProductRow[]> {
  const within = sql.join(
    [
      sql`at >= ${period.since} and at < ${period.before} and currency = ${period.currency}`,
      ...(range.from === undefined ? [] : [sql`variant_id >= ${range.from}`]),
      ...(range.below === undefined ? [] : [sql`variant_id < ${range.below}`]),
    ],
    sql` and `,
  );
  const result = await db.execute<
    Omit<ProductRow, "netSales" | "units"> & { netSales: string; units: string }
  >(
    sql`
    with per_variant as materialized (
      -- NOTE: grouped by the variant alone (its product is its line's). A long period reads the lines
      -- in variant order from sales_ledger_lines_variant_at_idx alone, a group at a time (a year at a
      -- million orders: 920,000 variants, which a hash spilled to disk); a short one hashes its days
      -- of the period's index. bigint_sum adds the cents exactly in a bigint, where sum() would in
      -- numeric, at three times the time and more memory a group. The line that names a variant is
      -- looked up for the twenty shown only.
      select variant_id, bigint_sum(amount) as cents, sum(units) as units
      from sales_ledger_lines
      where ${within}
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
    select r.kind, i.product_id as id, r.variant_id as variant, i.name,
      nullif(i.variant_sku, i.product_id::text) as sku,
      i.variant_options as options, r.cents as "netSales", r.units as units
    from ranked r
    cross join lateral (
      select l.item_id from sales_ledger_lines l
      where l.variant_id = r.variant_id and l.at >= ${period.since} and l.at < ${period.before}
        and l.currency = ${period.currency}
      order by l.at desc, l.item_id desc limit 1
    ) as latest
    join order_items i on i.id = latest.item_id
    order by r.kind, r.place
  `,
  );
  return result.rows.map((row) => ({ ...row, netSales: Number(row.netSales), units: Number(row.units) }));
}

/**
 * The middle of the variants the ledger's lines name, from the planner's statistics (the middle bound
 * of the column's histogram, kept by ANALYZE and autovacuum), or null before there are any.
 */
export async function readVariantMiddle(db: Database): Promise<string | null> {
  const { rows } = await db.execute<{ middle: string | null }>(sql`
    select b[(cardinality(b) + 1) / 2] as middle
    from (
      select histogram_bounds::text::text[] as b from pg_stats
      where schemaname = current_schema() and tablename = 'sales_ledger_lines' and attname = 'variant_id'
    ) as stats`);
  return rows[0]?.middle ?? null;
}

/** Code unit order: as `collate "C"` orders the ASCII of ids and document numbers. */
export const inCodeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A variant's place among others by net sales: the larger first, then more units, then by id. */
const bySales = (a: ProductRow, b: ProductRow) =>
  b.netSales - a.netSales || b.units - a.units || inCodeOrder(a.variant ?? "", b.variant ?? "");
/** By units: the more first, then the larger net sales, then by id. */
const byUnits = (a: ProductRow, b: ProductRow) =>
  b.units - a.units || b.netSales - a.netSales || inCodeOrder(a.variant ?? "", b.variant ?? "");

/**
 * The two rankings (readTopVariants' first `top` by net sales, then by units) of variants read in parts
 * of their ids, each part's own first `top`: the variants' first `top` of each, in readTopVariants'
 * order. Exact: each ranking is a total order, so the first `top` of all are among the parts' firsts.
 */
export function mergeRankings(parts: readonly ProductRow[][], top: number): ProductRow[] {
  const rows = parts.flat();
  return [
    ...rows
      .filter((row) => row.kind === "sales")
      .sort(bySales)
      .slice(0, top),
    ...rows
      .filter((row) => row.kind === "units")
      .sort(byUnits)
      .slice(0, top),
  ];
}

/**
 * Every category's net sales and units in the period, by the category each line was counted in
 * (db/schema/sales.ts). NOTE: a read of the period's index into a hash of a few groups, where joining
 * each variant to its product hashed the whole catalogue (441 of a 30-day report's 605 ms at a
 * million products). In the variants' statement as grouping sets, a long period sorted the variants
 * on disk instead.
 */
export async function readCategorySales(db: Database, period: Period): Promise<ProductRow[]> {
  const result = await db.execute<
    Omit<ProductRow, "netSales" | "units"> & { netSales: string; units: string }
  >(sql`
    select 'category' as kind, c.id, null as variant, c.name, null as sku, null as options,
      g.cents as "netSales", g.units as units
    from (
      select category_id, bigint_sum(amount) as cents, sum(units) as units
      from sales_ledger_lines
      where at >= ${period.since} and at < ${period.before} and currency = ${period.currency}
      group by category_id
    ) as g join categories c on c.id = g.category_id
  `);
  return result.rows.map((row) => ({ ...row, netSales: Number(row.netSales), units: Number(row.units) }));
}
