/**
 * `npm run bench`: every benchmark of bench/README.md, in order, within a time budget,
 * one line per figure (`name: value (target)`). `npm run bench -- search reads` runs some parts
 * (`--only search,reads` when tsx runs this file directly).
 *
 * Parts named only when wanted: `sale` (ten minutes of checkout on a PostgreSQL cluster of its own;
 * `--minutes N` shortens it), `million` (a million products and orders seeded on a cluster of its
 * own, then the storefront's and the dashboard's reads against 10k; `--million-scale S` shrinks both).
 *
 * Options: --budget <seconds> (default 480, plus the sale's and the million's when they run)
 *          --minutes N (the sale's, 10)  --million-scale S (the million's, 1)
 *          --build (rebuild the API bundle even when it is current; it is rebuilt anyway when
 *          missing or older than its sources, scripts/ensure-built.mjs)
 *          --keep (keep the shop_bench_* databases)  --reuse (use kept databases of the right size)
 *          --explain (EXPLAIN ANALYZE of the slowest searches)
 * Environment: BENCH_DATABASE_URL, the PostgreSQL server to create shop_bench_* databases on
 * (default postgres://postgres@127.0.0.1:5432/postgres; loopback only); BENCH_DATABASE_TAG, a word
 * in their names (`shop_bench_<tag>_100k`) when several people bench on one server.
 *
 * A new benchmark is a module exporting `(ctx: BenchContext) => Promise<void>` and one entry in
 * PARTS; the catalogue, the servers, the bench accounts (seed.ts: BENCH_PASSWORD, benchShopperEmail)
 * and the cleanup come from the context.
 */
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { delivery } from "./delivery";
import { growth } from "./growth";
import { ensureApiBuilt } from "./lib/api-server";
import { BenchContext, SIZES } from "./lib/context";
import { Report } from "./lib/report";
import { assertLoopback } from "./lib/sql-text";
import { lighthouse } from "./lighthouse";
import { million, millionNeedsMs } from "./million";
import { orderPage } from "./order-page";
import { reads } from "./reads";
import { reports } from "./reports";
import { SALE_MINUTES, sale, saleNeedsMs } from "./sale";
import { search } from "./search";
import { shiprocket } from "./shiprocket";
import { start } from "./start";
import { tapSize } from "./tap-size";
import { tracking } from "./tracking";
import { weight } from "./weight";
import { writes } from "./writes";

interface Part {
  name: string;
  run(ctx: BenchContext): Promise<void>;
  /** Run only when named (a part that takes many minutes). */
  onlyWhenNamed?: boolean;
}

const PARTS: Part[] = [
  { name: "weight", run: weight },
  {
    name: "seed",
    run: async (ctx) => {
      for (const size of SIZES) await ctx.catalog(size);
    },
  },
  { name: "reads", run: reads },
  { name: "growth", run: growth },
  { name: "search", run: search },
  { name: "delivery", run: delivery },
  { name: "tracking", run: tracking },
  { name: "start", run: start },
  { name: "writes", run: writes },
  // After writes: it adds 100k paid orders to the 10k catalogue, which would weigh on the orders the writes part counts.
  { name: "reports", run: reports },
  { name: "lighthouse", run: lighthouse },
  { name: "tap-size", run: tapSize },
  { name: "order-page", run: orderPage },
  { name: "shiprocket", run: shiprocket },
  { name: "sale", run: (ctx) => sale(ctx, minutes), onlyWhenNamed: true },
  { name: "million", run: (ctx) => million(ctx, millionScale), onlyWhenNamed: true },
];

const DEFAULT_BUDGET_S = 480;
/** After the budget, this much longer for the part under way to finish before the run is cut. */
const GRACE_MS = 90_000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: "string" },
    budget: { type: "string" },
    build: { type: "boolean" },
    keep: { type: "boolean" },
    reuse: { type: "boolean" },
    explain: { type: "boolean" },
    minutes: { type: "string" },
    "million-scale": { type: "string" },
  },
});

const minutes = Number(values.minutes ?? process.env.npm_config_minutes ?? SALE_MINUTES);
if (!Number.isInteger(minutes) || minutes < 1) {
  console.error("--minutes takes a whole number of minutes, 1 or more");
  process.exit(2);
}
const millionScale = Number(values["million-scale"] ?? process.env.npm_config_million_scale ?? 1);
if (!(millionScale > 0 && millionScale <= 1)) {
  console.error("--million-scale takes a share of the million, above 0 and at most 1 (0.01: 10k)");
  process.exit(2);
}

/**
 * NOTE: the root script `npm run bench -w @shop/bench` hands `npm run bench -- --keep` to the inner
 * npm, which turns unknown options into npm_config_* variables and swallows `--only` (an npm option
 * of its own); part names as plain words (`npm run bench -- search reads`) pass through unchanged.
 */
function flag(name: "build" | "keep" | "reuse" | "explain"): boolean {
  return values[name] ?? process.env[`npm_config_${name}`] === "true";
}

const only = values.only?.split(",") ?? positionals;
const selected =
  only.length > 0
    ? only.map((name) => name.trim())
    : PARTS.filter((p) => !p.onlyWhenNamed).map((p) => p.name);
const unknown = selected.filter((name) => !PARTS.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(", ")}; parts: ${PARTS.map((p) => p.name).join(", ")}`);
  process.exit(2);
}
const defaultBudgetS =
  DEFAULT_BUDGET_S +
  (selected.includes("sale") ? saleNeedsMs(minutes) / 1000 : 0) +
  (selected.includes("million") ? millionNeedsMs(millionScale) / 1000 : 0);
const budgetMs = Number(values.budget ?? process.env.npm_config_budget ?? defaultBudgetS) * 1000;
if (!(budgetMs > 0)) {
  console.error("--budget takes a number of seconds");
  process.exit(2);
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
assertLoopback(serverUrl);

const began = performance.now();
const report = new Report();
const ctx = new BenchContext({
  serverUrl,
  deadline: began + budgetMs,
  keep: flag("keep"),
  reuse: flag("reuse"),
  explain: flag("explain"),
  report,
});

let cleaning: Promise<void> | undefined;
const cleanup = () => {
  if (!cleaning) {
    // NOTE: dropping a database ends the connections still on it (a seed cut short), and a pg client
    // whose connection ends between two queries emits an 'error' nobody listens to; while tearing
    // down, that is expected and must not stop the cleanup half-way.
    process.on("uncaughtException", (error) => console.error(`during cleanup: ${error.message}`));
    cleaning = ctx.cleanup();
  }
  return cleaning;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // NOTE: one Ctrl-C can arrive more than once (the terminal signals the whole process group, npm and
  // tsx relay it), and tsx exits a process that no longer listens: a later one must not cut the
  // cleanup short (a database cluster left running, its folder left behind).
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}
// The hard bound: a part that hangs past the budget and its grace is cut, and everything cleaned up.
const watchdog = setTimeout(() => {
  console.error(`the run passed its budget of ${budgetMs / 1000} s by ${GRACE_MS / 1000} s: stopping`);
  void cleanup().finally(() => process.exit(1));
}, budgetMs + GRACE_MS);
watchdog.unref();

const cpu = cpus()[0]?.model ?? "unknown CPU";
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;
console.log(
  `machine: ${cpus().length} cores (${cpu}), ${gb(totalmem())} RAM (${gb(freemem())} free), Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

/** The parts that stopped with an error, named again in the closing line. */
const failedParts: string[] = [];
try {
  if (
    selected.some((name) =>
      [
        "reads",
        "growth",
        "search",
        "delivery",
        "tracking",
        "start",
        "writes",
        "reports",
        "sale",
        "million",
      ].includes(name),
    )
  ) {
    const stale = ensureApiBuilt(flag("build"));
    if (stale) report.note(stale);
  }
  for (const part of PARTS.filter((p) => selected.includes(p.name))) {
    if (ctx.remainingMs() <= 0) {
      report.note(`${part.name}: skipped, the run's budget of ${budgetMs / 1000} s is spent`);
      continue;
    }
    console.log(`\n[${part.name}]`);
    try {
      await part.run(ctx);
    } catch (error) {
      failedParts.push(part.name);
      if (cleaning) break;
      // A failed query's own message (PostgreSQL's) is its cause: drizzle's message holds only the SQL.
      const cause =
        error instanceof Error && error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : "";
      console.error(
        `${part.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}${cause}`,
      );
    } finally {
      await ctx.stopServers();
    }
  }
} finally {
  await cleanup();
}

const misses = report.misses();
console.log(
  `\ndone in ${((performance.now() - began) / 1000).toFixed(0)} s; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      " ",
    )}; ${misses.length} of ${report.figures.filter((f) => f.met !== undefined).length} targets missed${
    misses.length ? `: ${misses.map((f) => f.name).join(", ")}` : ""
  }${failedParts.length ? `; failed, not measured: ${failedParts.join(", ")}` : ""}`,
);
process.exit(failedParts.length > 0 ? 1 : 0);
