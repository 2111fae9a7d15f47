/**
 * A shop's history of paid orders, written set-based (`insert … select … from generate_series`) as the
 * checkout and the payment document them: one to three lines an order over the shop's customers, one
 * in ten using a code, one in three shipped out of the store's state, one in twenty partly refunded two
 * days later with a credit note, each line's GST split, an invoice numbered and dated at the payment,
 * and the sales ledger written from those documents. The reports part adds 100 000 over 90 days to the
 * 10k catalogue; the million part a million over two years.
 *
 * The orders carry transaction ids `bench-report-<n>`: a kept database (--keep, --reuse) that has them
 * already is not filled twice.
 */
import { performance } from "node:perf_hooks";
import type { Database, Transaction } from "../../apps/api/src/db/client";
import { dropSecondaryIndexes } from "../seed";
import { integer, literal } from "./sql-text";

/** The state the bench server's invoices are issued from (the API's STORE_STATE default), and another. */
const STORE_STATE = { name: "Maharashtra", code: "27" };
const OTHER_STATE = { name: "Karnataka", code: "29" };
/** The GST rate of every bench line: the bench products set none, so SPEC's 18%, added on top. */
const TAX_RATE = 18;

/**
 * The ledger's triggers on the tables the orders load into (migrations 0017 and 0034), and the one
 * that counts the orders placed by slot (0056).
 */
const LEDGER_TRIGGERS = [
  ["orders", "orders_sales_ledger"],
  ["orders", "orders_placed_slots"],
  ["payments", "payments_sales_ledger"],
  ["refunds", "refunds_sales_ledger"],
  ["refund_lines", "refund_lines_sales_ledger"],
] as const;

/** Every table the orders' transaction writes (`within`'s statements included), whose references are checked. */
const LOADED_TABLES = [
  "orders",
  "order_items",
  "payments",
  "refunds",
  "refund_lines",
  "order_shipments",
  "order_shipment_lines",
  "stock_movements",
];

/**
 * How many connections write the ledger at once: the bench machine's two cores. The caller's pool
 * holds at least as many.
 */
export const LEDGER_LANES = 2;

/** The ledger's trigger that adds each row written to the changes its sums by slot are folded from. */
const SLOTS_TRIGGER = "sales_ledger_slots";
/** The sums of `sales_slots` (db/schema/sales.ts), `rows` the count of ledger rows. */
const SLOT_SUMS = [
  "rows",
  "amount",
  "gross_sales",
  "sale_discounts",
  "code_discounts",
  "returns",
  "shipping",
  "cod_fees",
  "units",
  "tax",
  "cgst",
  "sgst",
  "igst",
];

/** The sales ledger's tables (migration 0017), written after the orders. */
const LEDGER_TABLES = ["sales_ledger", "sales_ledger_lines"];

/**
 * Every reference of these tables' foreign keys, checked at once (the keys' triggers were off while
 * loading). Read from the catalogue, so a key a migration adds is checked too.
 */
async function checkReferences(db: Database | Transaction, tables: readonly string[]) {
  const { rows: keys } = await db.execute<{ name: string; check: string | null }>(`
    select c.conname as name,
      case when cardinality(c.conkey) = 1 then format(
        'select count(*) from %s x where x.%I is not null and not exists (select 1 from %s y where y.%I = x.%I)',
        c.conrelid::regclass, a.attname, c.confrelid::regclass, f.attname, a.attname) end as check
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute f on f.attrelid = c.confrelid and f.attnum = c.confkey[1]
    where c.contype = 'f' and c.conrelid::regclass::text in (${tables.map(literal).join(", ")})
    order by c.conname`);
  const unchecked = keys.filter((key) => key.check === null).map((key) => key.name);
  if (unchecked.length > 0)
    throw new Error(`orders: keys of several columns, not checked: ${unchecked.join(", ")}`);
  const { rows } = await db.execute<{ broken: number }>(
    `select (${keys.map((key) => `(${key.check})`).join(" + ")})::int as broken`,
  );
  const broken = rows[0]?.broken ?? 0;
  if (broken > 0) throw new Error(`orders: ${broken} rows reference nothing`);
}

export interface PaidOrderHistory {
  /** Paid orders to add. */
  orders: number;
  /** They are placed at moments spread over this many days before now. */
  historyDays: number;
  /** Told how long each step took (seconds). */
  onStep: (step: string, seconds: number) => void;
  /** Each order's status, an SQL expression over `o`, its row of report_order (default 'processing'). */
  status?: string;
  /**
   * More statements in the same transaction, once the orders, lines, payments and refunds are in and
   * before the ledger's triggers are on again: the temporary tables report_order (i, id, at, ...),
   * report_line (i, order_id, k, id, product_id, variant_id, quantity, ...) and report_variant
   * (rn, id, product_id, sku, price) are there to draw from.
   */
  within?: (step: (name: string, statement: string) => Promise<void>) => Promise<void>;
}

/**
 * Adds the paid orders as the checkout and the payment document them (each line's taxable value and
 * GST split, the order's supply type and place of supply, an invoice numbered and dated at the
 * payment), a goodwill credit note for one in twenty, and their ledger rows, in a few set-based
 * statements; false when a kept database has them already. `db`'s pool holds LEDGER_LANES connections.
 */
export async function addPaidOrders(
  db: Database,
  { orders: count, historyDays, onStep, status = "'processing'", within }: PaidOrderHistory,
): Promise<boolean> {
  const { rows } = await db.execute<{ paid: number; invoiced: number }>(
    `select (select count(*)::int from payments where transaction_id like 'bench-report-%') as paid,
      (select count(*)::int from orders where invoice_number like 'INV/BENCH/%') as invoiced`,
  );
  const kept = rows[0] ?? { paid: 0, invoiced: 0 };
  if (kept.paid >= count && kept.invoiced >= count) return false;
  if (kept.paid > 0)
    throw new Error(
      `the kept database has ${kept.paid} report orders but ${kept.invoiced} invoices (seeded before the ledger held invoices): run without --reuse`,
    );
  const orders = integer(count);
  const historySeconds = integer(historyDays * 86_400);
  // Invoice and credit note numbers: six digits, or as many as the count needs.
  const digits = integer(Math.max(6, String(count).length));
  const rate = integer(TAX_RATE);
  // Ids in the API's layout: 8 hex digits of seconds, a marker, 6 of a counter.
  const id = (marker: string, n: string) =>
    `(lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || '${marker}' || lpad(to_hex(${n}), 6, '0'))::char(24)`;
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    onStep(name, (performance.now() - started) / 1000);
    return result;
  };
  await db.transaction(async (tx) => {
    const step = async (name: string, statement: string) => {
      await timed(name, () => tx.execute(statement));
    };
    // NOTE: bulk loading as the catalogue's seed does (seed.ts): the foreign keys' triggers are off
    // while loading (replica role; the webhooks' deferred order.created with them, which no bench
    // endpoint asks for), and every reference is checked set-based at the end instead of once per row.
    // So the orders can be inserted paid and invoiced, the payments they name coming after them.
    await tx.execute("set local session_replication_role = replica");
    // NOTE: the ledger's triggers (ALWAYS, so on whatever the role) are off too while the orders,
    // payments and credit notes load in one statement each (a row at a time they planned their reads
    // on tables still empty to the planner, and the credit notes' lines would write each refund's
    // ledger once more); the ledger is written after, by the functions the triggers call, as the
    // migration that made it did.
    for (const [table, trigger] of LEDGER_TRIGGERS)
      await step(`${table}' ledger trigger off`, `alter table ${table} disable trigger ${trigger}`);
    // Their indexes that back no constraint are built again after the load, in one sorted pass each.
    const indexes = await timed("drop indexes", () => dropSecondaryIndexes(tx, LOADED_TABLES));
    // NOTE: the customers numbered in a table rather than an array of their ids: picking from an array
    // of 200 000 ids walks it from its start for each order.
    await step(
      "customers numbered",
      `
      create temporary table report_user on commit drop as
      select row_number() over (order by id) as rn, id from users where role = 'customer'`,
    );
    await step("customers indexed", "create index on report_user (rn)");
    await step(
      "orders drawn",
      `
      create temporary table report_order on commit drop as
      select g.i,
        ${id("be0c0de0ad", "g.i")} as id,
        ${id("be0c0de0ae", "g.i")} as payment_id,
        u.id as user_id,
        now() - make_interval(secs => (hashint4(g.i) & 2147483647) % ${historySeconds}) as at,
        g.i % 10 = 0 as coded,
        g.i % 3 <> 0 as intra,
        case when g.i % 3 = 0 then '${OTHER_STATE.name}' else '${STORE_STATE.name}' end as state,
        case when g.i % 3 = 0 then '${OTHER_STATE.code}' else '${STORE_STATE.code}' end as place_of_supply
      from generate_series(1, ${orders}) as g(i)
      cross join (select count(*) as n from report_user) as c
      join report_user u on u.rn = 1 + g.i % c.n`,
    );
    await step(
      "variants numbered",
      `
      create temporary table report_variant on commit drop as
      select row_number() over (order by v.id) as rn, v.id, v.product_id, v.sku, v.price
      from product_variants v where v.removed_at is null`,
    );
    await step("variants indexed", "create index on report_variant (rn)");
    // Each line's GST as the checkout prices it, in cents (packages/shared/src/pricing.ts, tax on top):
    // within the state CGST = SGST = the line's taxable value × rate/200 rounded; across, the order's
    // IGST rounded once (every line at one rate) and shared by value, the cents left by rounding down
    // going to the largest remainders, then the earlier line.
    await step(
      "lines drawn",
      `
      create temporary table report_line on commit drop as
      with drawn as (
        select o.i, o.id as order_id, o.intra, k,
          ${id("be0c0de0af", "o.i * 4 + k")} as id,
          v.product_id, v.id as variant_id, v.sku, v.price, 1 + (o.i + k) % 3 as quantity,
          case when o.coded then round(v.price * (1 + (o.i + k) % 3) * 0.1, 2) else 0 end as discount_share
        from report_order o
        cross join lateral generate_series(1, 1 + o.i % 3) as k
        cross join (select count(*) as n from report_variant) as c
        join report_variant v on v.rn = 1 + (hashint4(o.i * 7 + k) & 2147483647) % c.n
      ),
      valued as (
        select d.*, ((d.price * d.quantity - d.discount_share) * 100)::bigint as taxable
        from drawn d
      ),
      across as (
        select v.*, (sum(v.taxable) over (partition by v.order_id))::bigint as order_taxable,
          case when v.intra then round(v.taxable * ${rate} / 200.0)::bigint else 0 end as half
        from valued v
      ),
      floored as (
        select a.*, round(a.order_taxable * ${rate} / 100.0)::bigint as order_igst,
          round(a.order_taxable * ${rate} / 100.0)::bigint * a.taxable / a.order_taxable as igst_floor,
          round(a.order_taxable * ${rate} / 100.0)::bigint * a.taxable % a.order_taxable as rest
        from across a
      ),
      placed as (
        select f.*, f.order_igst - sum(f.igst_floor) over (partition by f.order_id) as left_over,
          row_number() over (partition by f.order_id order by f.rest desc, f.k) as place
        from floored f
      )
      select p.i, p.order_id, p.k, p.id, p.product_id, p.variant_id, p.sku, p.price, p.quantity,
        p.discount_share, p.taxable, p.half as cgst, p.half as sgst,
        case when p.intra then 0
          else p.igst_floor + case when p.place <= p.left_over then 1 else 0 end end as igst
      from placed p`,
    );
    // A goodwill credit note for one order in twenty: 30% of each goods line's taxable value and GST
    // (each part rounded on its own, CGST = SGST), no units, as the API spreads an amount without goods
    // (packages/shared/src/credit-note.ts); the refund's amount is its lines' total.
    await step(
      "credit notes drawn",
      `
      create temporary table report_credit on commit drop as
      select l.i, l.k, l.id as item_id, round(l.taxable * 3 / 10.0)::bigint as taxable,
        round(l.cgst * 3 / 10.0)::bigint as cgst, round(l.sgst * 3 / 10.0)::bigint as sgst,
        round(l.igst * 3 / 10.0)::bigint as igst
      from report_line l where l.i % 20 = 0`,
    );
    await step(
      "refunds drawn",
      `
      create temporary table report_refund on commit drop as
      select c.i, ${id("be0c0de0b0", "c.i")} as id, sum(c.taxable + c.cgst + c.sgst + c.igst) / 100.0 as amount
      from report_credit c group by c.i`,
    );
    await step(
      "orders",
      `
      insert into orders (id, user_id, status, sub_total, shipping_amount, tax_amount, total_amount,
        discount_code, discount_amount, shipping_tax_rate, supply_type, place_of_supply, shipping_address,
        payment_id, payment_state, invoice_number, invoiced_at, created_at, updated_at)
      select o.id, o.user_id, ${status}, t.sub_total, t.shipping, t.tax,
        t.sub_total - t.discount + t.shipping + t.tax,
        case when o.coded then 'BENCH10' end, t.discount, ${rate},
        case when o.intra then 'intra-state' else 'inter-state' end, o.place_of_supply,
        jsonb_build_object('name', jsonb_build_object('firstName', 'Bench', 'lastName', 'Shopper'),
          'countryCode', '91', 'phoneNumber', '9876543210', 'building', '1', 'street', 'MG Road',
          'city', 'City', 'state', o.state, 'pinCode', '560001', 'country', 'India'),
        o.payment_id, case when f.amount is null then 'completed' else 'partially_refunded' end,
        'INV/BENCH/' || lpad(o.i::text, ${digits}, '0'), o.at, o.at, o.at
      from report_order o
      left join report_refund f on f.i = o.i
      join (
        select l.order_id, sum(l.price * l.quantity) as sub_total, sum(l.discount_share) as discount,
          case when sum(l.price * l.quantity) >= 100 then 0 else 10 end as shipping,
          sum(l.cgst + l.sgst + l.igst) / 100.0 as tax
        from report_line l group by l.order_id
      ) as t on t.order_id = o.id`,
    );
    await step(
      "lines",
      `
      insert into order_items (id, order_id, product_id, variant_id, variant_sku, name, price, original_price,
        discount_share, quantity, tax_rate, tax_amount, taxable_value, cgst, sgst, igst)
      select l.id, l.order_id, l.product_id, l.variant_id, l.sku, p.name, l.price, l.price, l.discount_share,
        l.quantity, ${rate}, (l.cgst + l.sgst + l.igst) / 100.0, l.taxable / 100.0, l.cgst / 100.0,
        l.sgst / 100.0, l.igst / 100.0
      from report_line l join products p on p.id = l.product_id`,
    );
    await step(
      "payments",
      `
      insert into payments (id, user_id, order_id, status, transaction_id, amount, refunded_amount,
        payment_gateway, created_at)
      select r.payment_id, r.user_id, r.id,
        case when f.amount is null then 'completed' else 'partially_refunded' end,
        'bench-report-' || r.i, x.total_amount, coalesce(f.amount, 0), 'test', r.at
      from report_order r join orders x on x.id = r.id left join report_refund f on f.i = r.i`,
    );
    await step(
      "refunds",
      `
      insert into refunds (id, payment_id, order_id, status, amount, reason, provider_refund_id,
        credit_note_number, created_at, refunded_at)
      select f.id, r.payment_id, r.id, 'completed', f.amount, 'Bench goodwill',
        'bench-refund-' || r.i, 'CN/BENCH/' || lpad(r.i::text, ${digits}, '0'), least(now(), r.at + interval '2 days'),
        least(now(), r.at + interval '2 days')
      from report_refund f join report_order r on r.i = f.i`,
    );
    await step(
      "credit note lines",
      `
      insert into refund_lines (refund_id, position, kind, item_id, quantity, taxable_value, rate, cgst, sgst,
        igst, total)
      select f.id, c.k, 'goods', c.item_id, 0, c.taxable / 100.0, ${rate}, c.cgst / 100.0, c.sgst / 100.0,
        c.igst / 100.0, (c.taxable + c.cgst + c.sgst + c.igst) / 100.0
      from report_credit c join report_refund f on f.i = c.i`,
    );
    await within?.(step);
    await timed("rebuild indexes", async () => {
      for (const definition of indexes) await tx.execute(definition);
    });
    await timed("references checked", () => checkReferences(tx, LOADED_TABLES));
    // The orders placed by slot (db/schema/sales.ts salesSlots), counted again from every order as
    // migration 0056 counted them, with their trigger off meanwhile and the orders locked by it.
    await step("orders placed by slot", "delete from sales_slots where kind = 'placed'");
    await step("orders placed, changes", "delete from sales_slot_changes where kind = 'placed'");
    await step(
      "orders placed, counted",
      `insert into sales_slots (slot, kind, discount_code, currency, rows)
      select sales_slot(created_at), 'placed', '', currency, count(*) from orders group by 1, 4 order by 1, 4`,
    );
    for (const [table, trigger] of LEDGER_TRIGGERS)
      await step(`${table}' ledger trigger on`, `alter table ${table} enable always trigger ${trigger}`);
  });
  await db.execute("analyze orders, order_items, payments, refunds, refund_lines");
  // The ledger of the invoices, payments and credit notes, by the functions its triggers call, one
  // document at a time; loaded as the orders are (its foreign keys checked at the end).
  // NOTE: in LEDGER_LANES transactions at once, each on its own connection: the functions are most of
  // the work and only insert, one document's rows each. Each lane takes every LEDGER_LANES-th document
  // in the order of their ids, so both write the same period at the same moment and a period's rows
  // still lie on few pages. At a million orders, one lane took 200 s for the invoices.
  // NOTE: the ledger's sums by slot (db/schema/sales.ts salesSlots) are added up once, set-based, from
  // the rows written, in the order of their slots (a period's rows on few pages), with the ledger's
  // trigger that would add each row to the changes off meanwhile (committed first, so that every lane
  // writes without it, and on again whatever happens).
  const invoiceIds = `select id from orders where invoice_number like 'INV/BENCH/%'`;
  const paymentIds = `select id from payments where transaction_id like 'bench-report-%'`;
  const refundIds = `select id from refunds where provider_refund_id like 'bench-refund-%'`;
  const record = (name: string, write: string, ids: string) =>
    timed(name, () =>
      Promise.all(
        Array.from({ length: LEDGER_LANES }, (_, lane) =>
          db.transaction(async (tx) => {
            await tx.execute("set local session_replication_role = replica");
            await tx.execute(`select ${write}(d.id) from (select id, row_number() over (order by id) as n from (${ids}) as i) as d
              where d.n % ${LEDGER_LANES} = ${lane} order by d.id`);
          }),
        ),
      ),
    );
  await db.execute(`alter table sales_ledger disable trigger ${SLOTS_TRIGGER}`);
  try {
    await record("ledger of invoices", "sales_ledger_record_invoice", invoiceIds);
    await record("ledger of payments", "sales_ledger_record_payment", paymentIds);
    await record("ledger of refunds", "sales_ledger_record_refund", refundIds);
    await timed("ledger's sums by slot", () =>
      db.execute(`
        insert into sales_slots (slot, kind, discount_code, currency, ${SLOT_SUMS.join(", ")})
        select sales_slot(at), kind, coalesce(discount_code, ''), currency, count(*),
          ${SLOT_SUMS.slice(1)
            .map((column) => `sum(${column})`)
            .join(", ")}
        from sales_ledger
        where source_id in (${invoiceIds} union all ${paymentIds} union all ${refundIds})
        group by 1, 2, 3, 4
        order by 1, 2, 3, 4
        on conflict (slot, kind, discount_code, currency) do update set
          ${SLOT_SUMS.map((column) => `${column} = sales_slots.${column} + excluded.${column}`).join(", ")}`),
    );
  } finally {
    await db.execute(`alter table sales_ledger enable always trigger ${SLOTS_TRIGGER}`);
  }
  await timed("ledger's references checked", () => checkReferences(db, LEDGER_TABLES));
  // As the catalogue's seed does (seed.ts): months of history have been through autovacuum, whose
  // visibility map lets the report read the ledger's lines and the orders' moments from their indexes.
  await timed("vacuum analyze", () =>
    db.execute("vacuum (analyze) orders, sales_ledger, sales_ledger_lines, sales_slots"),
  );
  return true;
}
