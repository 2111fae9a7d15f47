/**
 * The sales report over a shop's worth of history (issue: a 30-day report over 100k orders answers in
 * p95 <= 200 ms): 100 000 paid orders of one to three lines are added to the 10k catalogue, spread over
 * the last 90 days with one in ten using a code, one in three shipped out of the store's state and one
 * in twenty partly refunded two days later, each documented as the checkout and the payment document
 * one (its lines' GST split, an invoice dated at the payment, a credit note with lines for a refund),
 * and the sales ledger is written from those documents; then the bench admin asks the built API for
 * the last 30 days' report (GET /api/reports/sales), one request at a time, and for one of its tables
 * as CSV. Afterwards each statement the report runs is explained
 * (EXPLAIN ANALYZE) with its execution time; `--explain` prints the plans whole.
 *
 * The orders are written set-based, like the catalogue, and carry transaction ids `bench-report-<n>`:
 * a kept database (--keep, --reuse) that has them already is not filled twice.
 */
import { SESSION_COOKIE, SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { REPORT_TOP, type SalesReportDto } from "@shop/shared/schemas/report";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../apps/api/src/db/client";
import { readPeriod, readProductSales } from "../apps/api/src/modules/reports/repo";
import { periodOf, shopDay } from "../apps/api/src/modules/reports/service";
import type { BenchContext } from "./lib/context";
import { explainCalls } from "./lib/explain";
import { Connection } from "./lib/load-loop";
import { integer } from "./lib/sql-text";
import { ms, percentile } from "./lib/stats";
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from "./seed";

const SIZE = 10_000;
const ORDERS = 100_000;
/** The history the orders are spread over, and the period the report asks for. */
const HISTORY_DAYS = 90;
const REPORT_DAYS = 30;
const WARMUP = 5;
const REQUESTS = 60;
const MAX_MS = 60_000;
const P95_TARGET_MS = 200;
/** The state the bench server's invoices are issued from (the API's STORE_STATE default), and another. */
const STORE_STATE = { name: "Maharashtra", code: "27" };
const OTHER_STATE = { name: "Karnataka", code: "29" };
/** The GST rate of every bench line: the bench products set none, so SPEC's 18%, added on top. */
const TAX_RATE = 18;
const DAY_MS = 86_400_000;

export async function reports(ctx: BenchContext): Promise<void> {
  const catalog = await ctx.catalog(SIZE);
  // The orders' statements each write 100k rows or more: longer than the API's 10 s query timeout allows.
  const handle = await openDatabase({
    databaseUrl: catalog.databaseUrl,
    poolSize: 1,
    queryTimeoutMs: 300_000,
  });
  try {
    const started = performance.now();
    const steps: string[] = [];
    const added = await addOrders(handle.db, (step, seconds) =>
      steps.push(`${step} ${seconds.toFixed(1)} s`),
    );
    if (added) {
      ctx.report.figure({
        name: `report orders ${ORDERS / 1000}k`,
        value: `${((performance.now() - started) / 1000).toFixed(1)} s to add ${ORDERS} paid orders over ${HISTORY_DAYS} days`,
        target: "target: seconds, set-based",
      });
      ctx.report.note(`of which ${steps.join(", ")}`);
    } else {
      ctx.report.note(`the ${ORDERS} report orders are there already (--reuse)`);
    }
  } finally {
    await handle.close();
  }

  const to = shopDay(new Date());
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (REPORT_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const server = await ctx.api(SIZE);
  const admin = new Connection(server.url);
  try {
    await signInAdmin(admin, server.url);
    const path = `/api/reports/sales?from=${from}&to=${to}`;
    const first = await admin.send("GET", path);
    if (first.status !== 200) throw new Error(`GET ${path}: status ${first.status}`);
    const report = (JSON.parse(first.body.toString("utf8")) as { data: SalesReportDto }).data;
    const tax = report.tax.cgst + report.tax.sgst + report.tax.igst;
    ctx.report.note(
      `${REPORT_DAYS} days (${from} to ${to}, the shop's clock at ${SHOP_UTC_OFFSET}): ${report.ordersPaid} orders paid, gross sales ${report.grossSales}, discounts ${report.discounts}, returns ${report.returns}, net sales ${report.netSales}, shipping ${report.shipping}, tax ${money(tax)} (CGST ${report.tax.cgst}, SGST ${report.tax.sgst}, IGST ${report.tax.igst}), total sales ${report.totalSales}; payments taken ${report.paymentsTaken}, refunds ${report.refunds}`,
    );
    // Every bench invoice is dated at its payment and every credit note at its refund, for the same
    // money: total sales are payments taken less refunds, to the cent (decision 026, consequences).
    const cents = (value: number) => Math.round(value * 100);
    const moneyMoved = cents(report.paymentsTaken) - cents(report.refunds);
    ctx.report.figure({
      name: `report ${REPORT_DAYS} days, documents`,
      value: `total sales ${report.totalSales}, payments taken − refunds ${money(moneyMoved / 100)}`,
      target: "target: sales, net sales and tax non-zero, total sales = payments − refunds",
      met:
        report.grossSales > 0 &&
        report.netSales > 0 &&
        tax > 0 &&
        report.tax.cgst === report.tax.sgst &&
        report.tax.igst > 0 &&
        cents(report.totalSales) === moneyMoved,
    });

    for (const [name, url] of [
      [`report ${REPORT_DAYS} days`, path],
      [`report ${REPORT_DAYS} days, top products CSV`, `${path}&format=csv&table=topProducts`],
    ] as const) {
      const times = await timed(admin, url, ctx.budget(MAX_MS));
      const p95 = percentile(times.ms, 95);
      if (times.failures > 0) ctx.report.note(`${name}: ${times.failures} answers were not 200`);
      ctx.report.figure({
        name: `${name} at ${ORDERS / 1000}k orders`,
        value: `p50 ${ms(percentile(times.ms, 50))}, p95 ${ms(p95)} (${times.ms.length} requests in turn)`,
        target: `target p95 <= ${P95_TARGET_MS} ms`,
        met: times.failures === 0 && times.ms.length > 0 && p95 <= P95_TARGET_MS,
      });
    }
  } finally {
    admin.close();
  }

  // The plans of the statements the route runs, with the same period, from this process.
  // NOTE: each read of the report on its own, outside the route's transaction, whose statements go
  // through a client of their own where they cannot be captured.
  const period = periodOf({ from, to });
  const plans = await explainCalls(catalog.databaseUrl, async (db) => {
    // The route's transaction sets these for itself (tuneForReport); here they hold for the session.
    await db.execute(sql`select set_config('work_mem', '16MB', false), set_config('jit', 'off', false)`);
    await readPeriod(db, period);
    await readProductSales(db, period, REPORT_TOP);
  });
  const names = ["days and codes", "orders placed by day", "products and categories"];
  plans.slice(1).forEach((plan, index) => {
    const took = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
    ctx.report.note(`EXPLAIN ANALYZE of the ${names[index] ?? "next"} statement: ${took ?? "?"} ms`);
    if (ctx.explain) console.log(plan);
  });
}

/** Money as the API answers it, to the cent. */
function money(value: number): string {
  return value.toFixed(2);
}

/** Signs the bench admin in on this connection, which keeps the session cookie. */
async function signInAdmin(connection: Connection, origin: string): Promise<void> {
  const answer = await connection.send("POST", "/api/auth/login", {
    json: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
    headers: { origin },
  });
  if (answer.status !== 200) throw new Error(`signing in as ${BENCH_ADMIN_EMAIL}: status ${answer.status}`);
  const cookie = [answer.headers["set-cookie"] ?? []]
    .flat()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`signing in as ${BENCH_ADMIN_EMAIL}: no session cookie`);
  connection.cookie = cookie.split(";")[0];
}

/** `WARMUP` unmeasured requests, then up to `REQUESTS` measured ones, one at a time, within `maxMs`. */
async function timed(connection: Connection, path: string, maxMs: number) {
  const until = performance.now() + maxMs;
  for (let n = 0; n < WARMUP && performance.now() < until; n++) await connection.send("GET", path);
  const times: number[] = [];
  let failures = 0;
  for (let n = 0; n < REQUESTS && performance.now() < until; n++) {
    const sent = performance.now();
    const answer = await connection.send("GET", path);
    times.push(performance.now() - sent);
    if (answer.status !== 200) failures++;
  }
  return { ms: times, failures };
}

/**
 * Adds the paid orders as the checkout and the payment document them (each line's taxable value and
 * GST split, the order's supply type and place of supply, an invoice numbered and dated at the
 * payment), a goodwill credit note for one in twenty, and their ledger rows, in a few set-based
 * statements; false when a kept database has them already.
 */
async function addOrders(db: Database, onStep: (step: string, seconds: number) => void): Promise<boolean> {
  const { rows } = await db.execute<{ paid: number; invoiced: number }>(
    `select (select count(*)::int from payments where transaction_id like 'bench-report-%') as paid,
      (select count(*)::int from orders where invoice_number like 'INV/BENCH/%') as invoiced`,
  );
  const kept = rows[0] ?? { paid: 0, invoiced: 0 };
  if (kept.paid >= ORDERS && kept.invoiced >= ORDERS) return false;
  if (kept.paid > 0)
    throw new Error(
      `the kept database has ${kept.paid} report orders but ${kept.invoiced} invoices (seeded before the ledger held invoices): run without --reuse`,
    );
  const orders = integer(ORDERS);
  const historySeconds = integer(HISTORY_DAYS * 86_400);
  const rate = integer(TAX_RATE);
  // Ids in the API's layout: 8 hex digits of seconds, a marker, 6 of a counter.
  const id = (marker: string, n: string) =>
    `(lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || '${marker}' || lpad(to_hex(${n}), 6, '0'))::char(24)`;
  const timed = async (run: Database, name: string, statement: string) => {
    const started = performance.now();
    await run.execute(statement);
    onStep(name, (performance.now() - started) / 1000);
  };
  await db.transaction(async (tx) => {
    const step = (name: string, statement: string) => timed(tx, name, statement);
    // NOTE: the ledger's triggers are off while 100k orders and payments load in one statement each (a
    // row at a time they planned their reads on tables still empty to the planner); the ledger is
    // written after, by the functions the triggers call, as the migration that made it did.
    await step("orders' ledger trigger off", "alter table orders disable trigger orders_sales_ledger");
    await step("payments' ledger trigger off", "alter table payments disable trigger payments_sales_ledger");
    await step("refunds' ledger trigger off", "alter table refunds disable trigger refunds_sales_ledger");
    await step(
      "orders drawn",
      `
      create temporary table report_order on commit drop as
      select g.i,
        ${id("be0c0de0ad", "g.i")} as id,
        ${id("be0c0de0ae", "g.i")} as payment_id,
        u.ids[1 + g.i % array_length(u.ids, 1)] as user_id,
        now() - make_interval(secs => (hashint4(g.i) & 2147483647) % ${historySeconds}) as at,
        g.i % 10 = 0 as coded,
        g.i % 3 <> 0 as intra,
        case when g.i % 3 = 0 then '${OTHER_STATE.name}' else '${STORE_STATE.name}' end as state,
        case when g.i % 3 = 0 then '${OTHER_STATE.code}' else '${STORE_STATE.code}' end as place_of_supply
      from generate_series(1, ${orders}) as g(i),
        (select array_agg(id order by id) as ids from users where role = 'customer') as u`,
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
        created_at, updated_at)
      select o.id, o.user_id, 'processing', t.sub_total, t.shipping, t.tax,
        t.sub_total - t.discount + t.shipping + t.tax,
        case when o.coded then 'BENCH10' end, t.discount, ${rate},
        case when o.intra then 'intra-state' else 'inter-state' end, o.place_of_supply,
        jsonb_build_object('name', jsonb_build_object('firstName', 'Bench', 'lastName', 'Shopper'),
          'countryCode', '91', 'phoneNumber', '9876543210', 'building', '1', 'street', 'MG Road',
          'city', 'City', 'state', o.state, 'pinCode', '560001', 'country', 'India'),
        o.at, o.at
      from report_order o
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
        'bench-refund-' || r.i, 'CN/BENCH/' || lpad(r.i::text, 6, '0'), least(now(), r.at + interval '2 days'),
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
    // The invoice is numbered and dated when the order is paid, after its lines exist (as the trigger
    // it would fire asks).
    await step(
      "orders paid and invoiced",
      `update orders o set payment_id = r.payment_id,
        invoice_number = 'INV/BENCH/' || lpad(r.i::text, 6, '0'), invoiced_at = r.at
      from report_order r where o.id = r.id`,
    );
    // NOTE: the orders' deferred triggers (the webhooks' order.created) would fire at commit, and an
    // orders table with events pending cannot be altered: they fire now, as they would have then.
    await step("deferred triggers fired", "set constraints all immediate");
    await step("orders' ledger trigger on", "alter table orders enable always trigger orders_sales_ledger");
    await step(
      "payments' ledger trigger on",
      "alter table payments enable always trigger payments_sales_ledger",
    );
    await step(
      "refunds' ledger trigger on",
      "alter table refunds enable always trigger refunds_sales_ledger",
    );
  });
  await db.execute("analyze orders, order_items, payments, refunds, refund_lines");
  // NOTE: the ledger's foreign key is checked with a plan made on the ledger as the catalogue's seed
  // analysed it, empty: a scan of the whole table, which grows with each row (quadratic, minutes for
  // 100k). A first thousand rows of each kind, analysed, turn that plan into an index lookup for the rest.
  const record = async (name: string, write: string, ids: string) => {
    await timed(db, `${name} (first 1000)`, `select ${write}(id) from (${ids} limit 1000) as d`);
    await db.execute("analyze sales_ledger, sales_ledger_lines");
    await timed(db, name, `select ${write}(id) from (${ids} offset 1000) as d`);
  };
  await record(
    "ledger of invoices",
    "sales_ledger_record_invoice",
    `select id from orders where invoice_number like 'INV/BENCH/%' order by id`,
  );
  await record(
    "ledger of payments",
    "sales_ledger_record_payment",
    `select id from payments where transaction_id like 'bench-report-%' order by id`,
  );
  await record(
    "ledger of refunds",
    "sales_ledger_record_refund",
    `select id from refunds where provider_refund_id like 'bench-refund-%' order by id`,
  );
  // As the catalogue's seed does (seed.ts): months of history have been through autovacuum, whose
  // visibility map lets the report read the ledger's lines and the orders' moments from their indexes.
  await timed(db, "vacuum analyze", "vacuum (analyze) orders, sales_ledger, sales_ledger_lines");
  return true;
}
