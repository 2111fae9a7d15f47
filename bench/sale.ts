/**
 * A sale on a production-like PostgreSQL: a cluster of the bench's own (lib/pg-cluster.ts: initdb
 * in a temporary folder, the settings docs/operations.md recommends, autovacuum on), the 10k
 * catalogue seeded into it, and the paid-orders checkout (paid-orders.ts: 50 shoppers placing and
 * paying in a closed loop over 200 products) against the built API for ten minutes, or
 * `--minutes N`. Each run starts on a fresh database, so what the checkout leaves behind (dead rows,
 * grown tables) is what it meets later in the same run, as a shop does during a sale. It reports
 *
 * - every minute: the paid orders, the server's and PostgreSQL's CPU per paid order (the server's
 *   process, and the cluster's postmaster with all its children, ended ones included), the dead
 *   rows and the autovacuum runs so far, the server's resident memory, and the share of the
 *   machine's CPU time its host took away (steal: a slower minute that is the host's doing);
 * - over the run: paid orders a second, the slowest minute against the first, the CPU per paid
 *   order (the mail sender's work included: the outbox is drained before the last reading);
 * - at the end: the busiest tables' dead and live rows, their HOT share and autovacuum runs, and the
 *   statements that took the database's time, with their mean time in the first and last minute.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { type DatabaseHandle, openDatabase } from "../apps/api/src/db/client";
import { type ApiServer, startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { closedLoop, timesOf } from "./lib/load-loop";
import { RECOMMENDED_SETTINGS, startCluster } from "./lib/pg-cluster";
import { clusterCpu, cpuMsOf, cpuSince, machineCpu } from "./lib/proc-cpu";
import { perSecond, type Shopper, signInShoppers } from "./lib/shoppers";
import { ms, percentile } from "./lib/stats";
import { checkoutOver, loopOf, PAID_SHOPPERS, paidOrderSetup, waitForOutbox } from "./paid-orders";
import { seedCatalog } from "./seed";

export const SALE_MINUTES = 10;
const SIZE = 10_000;
const DATABASE = "shop_bench_sale";
const MINUTE_MS = 60_000;
const WARMUP_MS = 5_000;
/** The outbox's last messages are sent within this after the run. */
const DRAIN_MS = 60_000;
/** Set-up (initdb, the seed, sign-ins, warm-up) and the end (drain, figures, stop), beside the minutes. */
const SETUP_MS = 180_000;
const TABLES_SHOWN = 12;
const STATEMENTS_SHOWN = 10;

/** The sale's goals (bench/README.md). */
const GOAL_PER_SECOND = 250;
const GOAL_SLOWEST_SHARE = 0.85;
const GOAL_CPU_MS = 3;

/** What the sale needs of the run's budget. */
export function saleNeedsMs(minutes: number): number {
  return minutes * MINUTE_MS + SETUP_MS;
}

/**
 * BENCH_PG_SETTINGS="name=value name=value": settings over the recommended ones (to measure the
 * same sale with PostgreSQL's defaults, say `autovacuum_naptime=1min autovacuum_vacuum_scale_factor=0.2`).
 */
function extraSettings(): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const pair of (process.env.BENCH_PG_SETTINGS ?? "").split(/\s+/).filter(Boolean)) {
    const [name, ...value] = pair.split("=");
    if (!name || !/^[a-z_.]+$/.test(name) || value.length === 0)
      throw new Error(`BENCH_PG_SETTINGS: "${pair}" is not name=value`);
    extra[name] = value.join("=");
  }
  return extra;
}

/** A type, not an interface: the database driver wants a record. */
type TableStats = {
  table: string;
  live: number;
  dead: number;
  inserted: number;
  updated: number;
  hotUpdated: number;
  deleted: number;
  autovacuums: number;
  autoanalyzes: number;
  /** Seconds since its last autovacuum; null when none ran. */
  sinceAutovacuum: number | null;
};

type StatementStats = {
  query: string;
  calls: number;
  ms: number;
};

/** One reading: the paid orders so far, the CPU of the server and of the cluster, the database's counters. */
interface Mark {
  at: number;
  paid: number;
  serverMs: number;
  /** The server's resident memory (bytes), when it could be read. */
  serverRss: number | undefined;
  /** The machine's CPU time and its stolen part (proc-cpu.ts machineCpu). */
  machine: { totalMs: number; stealMs: number };
  database: Map<string, number>;
  tables: Map<string, TableStats>;
  statements: Map<string, StatementStats>;
}

async function tableStats(handle: DatabaseHandle): Promise<Map<string, TableStats>> {
  const { rows } = await handle.db.execute<TableStats>(
    `select relname as "table", n_live_tup::float8 as live, n_dead_tup::float8 as dead,
       n_tup_ins::float8 as inserted, n_tup_upd::float8 as updated, n_tup_hot_upd::float8 as "hotUpdated",
       n_tup_del::float8 as deleted, autovacuum_count::float8 as autovacuums,
       autoanalyze_count::float8 as autoanalyzes,
       extract(epoch from now() - last_autovacuum)::float8 as "sinceAutovacuum"
     from pg_stat_user_tables`,
  );
  return new Map(rows.map((row) => [row.table, row]));
}

/** The shop's statements (the bench's own readings of the statistics left out). */
async function statementStats(handle: DatabaseHandle): Promise<Map<string, StatementStats>> {
  const { rows } = await handle.db.execute<StatementStats & { id: string }>(
    `select queryid::text as id, left(regexp_replace(query, '\\s+', ' ', 'g'), 200) as query,
       calls::float8 as calls, total_exec_time as ms
     from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
       and query not like '%pg_stat%'`,
  );
  return new Map(rows.map(({ id, ...row }) => [id, row]));
}

const sum = (tables: Map<string, TableStats>, pick: (t: TableStats) => number) =>
  [...tables.values()].reduce((total, t) => total + pick(t), 0);
const count = (n: number) => Math.round(n).toLocaleString("en-US").replaceAll(",", " ");

export async function sale(ctx: BenchContext, minutes: number): Promise<void> {
  if (ctx.remainingMs() < saleNeedsMs(minutes)) {
    ctx.report.note(
      `sale: skipped, it needs ${saleNeedsMs(minutes) / 1000} s and the run's budget has ${Math.round(ctx.remainingMs() / 1000)} s left`,
    );
    return;
  }
  const cluster = await startCluster(ctx.tempDir(), extraSettings());
  ctx.onCleanup(cluster.stop);
  let handle: DatabaseHandle | undefined;
  let server: ApiServer | undefined;
  let shoppers: Shopper[] = [];
  try {
    const settings = { ...RECOMMENDED_SETTINGS, ...extraSettings() };
    ctx.report.note(
      `PostgreSQL ${cluster.version} of the bench's own on 127.0.0.1:${cluster.port} (docs/operations.md's settings${
        process.env.BENCH_PG_SETTINGS ? ` and BENCH_PG_SETTINGS` : ""
      }): ${Object.entries(settings)
        .map(([name, value]) => `${name}=${value}`)
        .join(" ")}; huge pages: ${cluster.hugePages}`,
    );
    const databaseUrl = cluster.url(DATABASE);
    const steps: string[] = [];
    const seeded = await seedCatalog(databaseUrl, {
      products: SIZE,
      onStep: (step, seconds) => steps.push(`${step} ${seconds.toFixed(1)} s`),
    });
    ctx.report.figure({
      name: "sale: seed 10k",
      value: `${seeded.seconds.toFixed(1)} s (${seeded.products} active + ${seeded.inactive} inactive products, ${seeded.users} shoppers)`,
    });
    // An interrupted run stops the cluster under this pool: its idle connections' end is expected.
    handle = await openDatabase({ databaseUrl, poolSize: 2, onPoolError: () => undefined });
    await handle.db.execute("create extension if not exists pg_stat_statements");

    // The hold sweep would cancel unpaid orders while orders are counted; a week's hold keeps it out.
    server = await startApiServer({
      databaseUrl,
      dataDir: ctx.tempDir(),
      env: { AUTH_RATE_LIMIT_MAX: "1000000", ORDER_HOLD_MINUTES: String(7 * 24 * 60) },
      timeoutMs: ctx.budget(60_000),
    });
    shoppers = await signInShoppers(server, handle, PAID_SHOPPERS);
    const setup = await paidOrderSetup(handle, shoppers, 0);
    const step = loopOf(
      setup,
      checkoutOver((shopper) => shopper.connection, server.url),
    );
    const clients = Math.min(PAID_SHOPPERS, shoppers.length);

    // Unmeasured: the server's code paths and connections warm up.
    await closedLoop({ clients, durationMs: WARMUP_MS }, step);
    await waitForOutbox(handle);

    let paid = 0;
    const counted = async (client: number, n: number) => {
      const outcome = await step(client, n);
      if (outcome.label === "payment" && outcome.status === 201) paid++;
      return outcome;
    };
    const serverPid = server.pid;
    const api = server;
    const db = handle;
    /** The counters are read at once; the database's statistics after. */
    const mark = async (at = performance.now(), paidThen = paid): Promise<Mark> => {
      const serverMs = cpuMsOf(serverPid);
      const database = clusterCpu(cluster.postmasterPid);
      return {
        at,
        paid: paidThen,
        serverMs,
        serverRss: api.memory()?.rss,
        machine: machineCpu(),
        database,
        tables: await tableStats(db),
        statements: await statementStats(db),
      };
    };
    const marks: Mark[] = [await mark()];
    const loadBefore = process.cpuUsage();
    const began = performance.now();
    let printed = Promise.resolve();
    const minuteDone = (reading: Promise<Mark>) => {
      printed = printed.then(async () => {
        const previous = marks.at(-1);
        const current = await reading;
        if (previous) reportMinute(ctx, marks.length, previous, current);
        marks.push(current);
      });
    };
    const timers = Array.from({ length: minutes - 1 }, (_, k) =>
      setTimeout(() => minuteDone(mark()), began + (k + 1) * MINUTE_MS - performance.now()),
    );
    const result = await closedLoop({ clients, durationMs: ctx.budget(minutes * MINUTE_MS) }, counted);
    const ended = performance.now();
    const paidAtEnd = paid;
    for (const timer of timers) clearTimeout(timer);
    const load = process.cpuUsage(loadBefore);
    // The sender's work on the run's messages counts too: it finishes before the last reading.
    await waitForOutbox(handle, DRAIN_MS);
    minuteDone(mark(ended, paidAtEnd));
    await printed;

    reportRun(ctx, result, marks, (load.user + load.system) / 1000);
    reportTables(ctx, marks);
    reportStatements(ctx, marks);
    ctx.report.note(
      `the API, PostgreSQL and the load (this process) share ${availableParallelism()} cores; the cluster's log: ${
        cluster
          .logTail(200)
          .filter((line) => /ERROR|FATAL|PANIC|WARNING/.test(line))
          .slice(-5)
          .join(" | ") || "no warnings or errors"
      }`,
    );
  } finally {
    for (const shopper of shoppers) shopper.connection.close();
    const logged = server?.logged() ?? [];
    if (logged.length > 0) ctx.report.note(`the API logged:\n    ${logged.join("\n    ")}`);
    await server?.stop();
    await handle?.close();
    await cluster.stop();
  }
}

function reportMinute(ctx: BenchContext, minute: number, before: Mark, after: Mark) {
  const paid = after.paid - before.paid;
  const seconds = (after.at - before.at) / 1000;
  const per = (cpuMs: number) => (paid > 0 ? (cpuMs / paid).toFixed(2) : "–");
  const database = cpuSince(before.database, after.database).total;
  const machineMs = after.machine.totalMs - before.machine.totalMs;
  const stolen = machineMs > 0 ? (after.machine.stealMs - before.machine.stealMs) / machineMs : 0;
  const busiest = [...after.tables.values()].sort((a, b) => b.dead - a.dead)[0];
  ctx.report.figure({
    name: `sale, minute ${minute}`,
    value:
      `${perSecond(paid, seconds).toFixed(0)} paid orders/s (${count(paid)} in ${seconds.toFixed(0)} s); ` +
      `CPU per paid order: server ${per(after.serverMs - before.serverMs)} ms, PostgreSQL ${per(database)} ms; ` +
      `dead rows ${count(sum(after.tables, (t) => t.dead))}` +
      `${busiest ? ` (most in ${busiest.table}: ${count(busiest.dead)})` : ""}; ` +
      `autovacuum runs ${count(sum(after.tables, (t) => t.autovacuums) - sum(before.tables, (t) => t.autovacuums))}; ` +
      `server RSS ${after.serverRss === undefined ? "–" : `${Math.round(after.serverRss / 2 ** 20)} MB`}; ` +
      `CPU stolen by the host ${(stolen * 100).toFixed(1)}%`,
  });
}

function reportRun(
  ctx: BenchContext,
  result: Awaited<ReturnType<typeof closedLoop>>,
  marks: readonly Mark[],
  loadMs: number,
) {
  const first = marks[0];
  const last = marks.at(-1);
  if (!first || !last || marks.length < 2) return;
  const paidTimes = timesOf(result, "payment", 201);
  const paid = last.paid - first.paid;
  const seconds = (last.at - first.at) / 1000;
  const rate = perSecond(paid, seconds);
  const others = [...result.times.entries()]
    .filter(([key]) => key !== "payment 201")
    .map(([key, times]) => `${times.length} x ${key}`);
  if (others.length > 0 || result.errors > 0)
    ctx.report.note(
      `sale: ${others.join(", ") || "no other answers"}; ${result.errors} checkouts failed` +
        `${result.firstError ? ` (${result.firstError})` : ""}`,
    );
  ctx.report.figure({
    name: `sale: paid orders (${PAID_SHOPPERS} shoppers, place + pay, ${marks.length - 1} min)`,
    value:
      `${rate.toFixed(0)} paid orders/s (${count(paid)} in ${seconds.toFixed(0)} s), ` +
      `checkout p50 ${ms(percentile(paidTimes, 50))}, p99 ${ms(percentile(paidTimes, 99))}`,
    target: `goal >= ${GOAL_PER_SECOND}/s over the run; every checkout placed and paid`,
    met: others.length === 0 && result.errors === 0 && rate >= GOAL_PER_SECOND,
  });

  const rates = marks.slice(1).map((mark, k) => {
    const before = marks[k] ?? first;
    return perSecond(mark.paid - before.paid, (mark.at - before.at) / 1000);
  });
  const firstRate = rates[0] ?? 0;
  const slowest = Math.min(...rates);
  const share = firstRate > 0 ? slowest / firstRate : 0;
  ctx.report.figure({
    name: "sale: slowest minute against the first",
    value: `${Math.round(share * 100)}% (minute ${rates.indexOf(slowest) + 1}: ${slowest.toFixed(0)}/s; first ${firstRate.toFixed(0)}/s; every minute ${rates.map((r) => r.toFixed(0)).join(", ")})`,
    target: `goal >= ${Math.round(GOAL_SLOWEST_SHARE * 100)}%`,
    met: share >= GOAL_SLOWEST_SHARE,
  });

  const serverMs = last.serverMs - first.serverMs;
  const database = cpuSince(first.database, last.database);
  const per = (cpuMs: number) => (paid > 0 ? cpuMs / paid : Number.NaN);
  ctx.report.figure({
    name: "sale: server CPU per paid order",
    value:
      `${per(serverMs).toFixed(2)} ms (${(serverMs / 1000).toFixed(1)} s over the run, the sender's included); ` +
      `PostgreSQL ${per(database.total).toFixed(2)} ms (${(database.total / 1000).toFixed(1)} s)`,
    target: `goal <= ${GOAL_CPU_MS} ms`,
    met: per(serverMs) <= GOAL_CPU_MS,
  });
  const parts = [...database.parts]
    .filter(([, spent]) => Math.abs(spent) >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([part, spent]) => `${part} ${per(spent).toFixed(2)} ms`);
  ctx.report.note(
    `PostgreSQL's CPU per paid order, by process (autovacuum workers end within the run: their time is in "ended processes"): ${parts.join(", ")}`,
  );
  ctx.report.note(
    `the load generator (this process) meanwhile: ${per(loadMs).toFixed(2)} ms of CPU per paid order`,
  );
}

function reportTables(ctx: BenchContext, marks: readonly Mark[]) {
  const first = marks[0];
  const last = marks.at(-1);
  if (!first || !last) return;
  const written = (t: TableStats) => t.inserted + t.updated + t.deleted;
  const busiest = [...last.tables.values()]
    .map((t) => ({ now: t, before: first.tables.get(t.table) }))
    .map(({ now, before }) => ({ now, before, writes: written(now) - (before ? written(before) : 0) }))
    .filter(({ writes }) => writes > 0)
    .sort((a, b) => b.writes - a.writes)
    .slice(0, TABLES_SHOWN);
  for (const { now, before } of busiest) {
    const updated = now.updated - (before?.updated ?? 0);
    const hot = now.hotUpdated - (before?.hotUpdated ?? 0);
    const runs = now.autovacuums - (before?.autovacuums ?? 0);
    ctx.report.figure({
      name: `sale: dead rows in ${now.table}`,
      value:
        `${count(now.dead)} dead, ${count(now.live)} live; during the run ${count(now.inserted - (before?.inserted ?? 0))} inserted, ` +
        `${count(updated)} updated (${updated > 0 ? Math.round((hot / updated) * 100) : 0}% HOT), ` +
        `${count(now.deleted - (before?.deleted ?? 0))} deleted; autovacuum ${runs} time${runs === 1 ? "" : "s"}, ` +
        `${now.sinceAutovacuum === null ? "never" : `last ${count(now.sinceAutovacuum)} s before the end`}`,
    });
  }
  const vacuums = sum(last.tables, (t) => t.autovacuums) - sum(first.tables, (t) => t.autovacuums);
  const analyzes = sum(last.tables, (t) => t.autoanalyzes) - sum(first.tables, (t) => t.autoanalyzes);
  const byTable = [...last.tables.values()]
    .map((t) => ({ table: t.table, runs: t.autovacuums - (first.tables.get(t.table)?.autovacuums ?? 0) }))
    .filter(({ runs }) => runs > 0)
    .sort((a, b) => b.runs - a.runs)
    .map(({ table, runs }) => `${table} ${runs}`);
  ctx.report.figure({
    name: "sale: autovacuum runs",
    value: `${vacuums} vacuums (${byTable.join(", ") || "none"}), ${analyzes} analyzes`,
  });
}

/**
 * The statements that took the database's time over the run, with their mean in the first and in
 * the last minute: one whose mean grows is paying for the rows the sale wrote before it.
 */
function reportStatements(ctx: BenchContext, marks: readonly Mark[]) {
  const first = marks[0];
  const firstMinute = marks[1];
  const beforeLast = marks.at(-2);
  const last = marks.at(-1);
  if (!first || !firstMinute || !beforeLast || !last) return;
  const paid = Math.max(1, last.paid - first.paid);
  const delta = (id: string, from: Mark, to: Mark) => {
    const a = from.statements.get(id);
    const b = to.statements.get(id);
    return { calls: (b?.calls ?? 0) - (a?.calls ?? 0), ms: (b?.ms ?? 0) - (a?.ms ?? 0) };
  };
  const mean = ({ calls, ms: total }: { calls: number; ms: number }) =>
    calls > 0 ? `${(total / calls).toFixed(3)} ms` : "–";
  const overRun = [...last.statements.keys()]
    .map((id) => ({ id, run: delta(id, first, last) }))
    .filter(({ run }) => run.calls > 0)
    .sort((a, b) => b.run.ms - a.run.ms);
  const totalMs = overRun.reduce((total, { run }) => total + run.ms, 0);
  const lines = overRun.slice(0, STATEMENTS_SHOWN).map(({ id, run }) => {
    const query = last.statements.get(id)?.query ?? "";
    const means =
      marks.length > 2
        ? `mean ${mean(delta(id, first, firstMinute))} in minute 1, ${mean(delta(id, beforeLast, last))} in minute ${marks.length - 1}`
        : `mean ${mean(run)}`;
    return `${Math.round((run.ms / Math.max(1, totalMs)) * 100)}%, ${(run.calls / paid).toFixed(2)} a paid order, ${means}: ${query}`;
  });
  ctx.report.note(
    `the statements' time in the database (pg_stat_statements: execution, lock waits included), ` +
      `${(totalMs / paid).toFixed(2)} ms a paid order in all:\n    ${lines.join("\n    ")}`,
  );
}
