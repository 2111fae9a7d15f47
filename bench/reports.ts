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
 * The orders are written set-based, like the catalogue (lib/paid-order-history.ts), and carry
 * transaction ids `bench-report-<n>`: a kept database (--keep, --reuse) that has them already is not
 * filled twice.
 */
import { CURRENCY, SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { REPORT_TOP, type SalesReportDto } from "@shop/shared/schemas/report";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/api/src/db/client";
import { readCategorySales, readPeriod, readTopVariants } from "../apps/api/src/modules/reports/repo";
import { periodOf, shopDay } from "../apps/api/src/modules/reports/service";
import { signInAdmin } from "./lib/admin-session";
import type { BenchContext } from "./lib/context";
import { explainCalls } from "./lib/explain";
import { Connection } from "./lib/load-loop";
import { addPaidOrders, LEDGER_LANES } from "./lib/paid-order-history";
import { ms, percentile } from "./lib/stats";

const SIZE = 10_000;
const ORDERS = 100_000;
/** The history the orders are spread over, and the period the report asks for. */
const HISTORY_DAYS = 90;
const REPORT_DAYS = 30;
const WARMUP = 5;
const REQUESTS = 60;
const MAX_MS = 60_000;
const P95_TARGET_MS = 200;
const DAY_MS = 86_400_000;

export async function reports(ctx: BenchContext): Promise<void> {
  const catalog = await ctx.catalog(SIZE);
  // The orders' statements each write 100k rows or more: longer than the API's 10 s query timeout allows.
  const handle = await openDatabase({
    databaseUrl: catalog.databaseUrl,
    poolSize: LEDGER_LANES,
    queryTimeoutMs: 300_000,
  });
  try {
    const started = performance.now();
    const steps: string[] = [];
    const added = await addPaidOrders(handle.db, {
      orders: ORDERS,
      historyDays: HISTORY_DAYS,
      onStep: (step, seconds) => steps.push(`${step} ${seconds.toFixed(1)} s`),
    });
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
  // The bench's orders are in the shop's currency, SPEC's dollars.
  const period = { ...periodOf({ from, to }), currency: CURRENCY };
  const plans = await explainCalls(catalog.databaseUrl, async (db) => {
    // The route's transaction sets these for itself (tuneForReport); here they hold for the session.
    await db.execute(sql`select set_config('work_mem', '16MB', false), set_config('jit', 'off', false)`);
    await readPeriod(db, period);
    await readTopVariants(db, period, REPORT_TOP);
    await readCategorySales(db, period);
  });
  const names = ["days, codes and orders placed", "variants", "categories"];
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
