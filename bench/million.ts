/**
 * `npm run bench -- million`: a shop of a million products (six variants each), 200 000 customers
 * and a million orders over two years, seeded set-based (million/seed.ts) on a PostgreSQL cluster of
 * the bench's own (lib/pg-cluster.ts: docs/operations.md's settings), then its reads measured against
 * the built API with no answer from the read cache (million/reads.ts: the storefront's, the
 * dashboard's lists and their filters, a customer's page, the reports; million/heavy.ts: the orders
 * export's memory, a 100 000-row product import, the sitemap), beside the same reads of a shop a
 * hundred times smaller seeded by the same code in a second database of the cluster, p95 at 1M
 * against its goal and against 3x its p95 at 10k.
 *
 * Options: --million-scale S (default 1; 0.01 seeds 10k products, 10k orders, 2k customers, and
 * compares with a shop of 100 products) --keep (the cluster's folder stays, stopped:
 * shop-bench-million-<size> in BENCH_MILLION_DIR, default /var/tmp, one folder a scale so that a small
 * run never replaces a kept million) --reuse (starts the kept cluster of that scale and measures its
 * shops again without seeding, when they were seeded with the same counts) --explain (EXPLAIN ANALYZE, BUFFERS of
 * the statements of the worst reads' slowest requests, logged by auto_explain).
 * Environment: BENCH_MILLION_VARIANTS=1|3|6, the variants of each product (default six, as the other
 * parts' catalogues; three or one to seed faster).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "../apps/api/src/db/client";
import { shopDay } from "../apps/api/src/modules/reports/service";
import { signInAdmin } from "./lib/admin-session";
import { type ApiServer, startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { Connection } from "./lib/load-loop";
import { clusterExists, type PgCluster, RECOMMENDED_SETTINGS, startCluster } from "./lib/pg-cluster";
import { ms, percentile, ratio } from "./lib/stats";
import {
  type ExportRun,
  type ImportRun,
  measureExport,
  measureImport,
  measureSitemap,
  type SitemapRun,
} from "./million/heavy";
import { findFixtures, GROWTH_GOAL, type Measured, measureRead, READS, type Read } from "./million/reads";
import { countLabel, countsAt, type MillionCounts, seededAlready, seedMillion } from "./million/seed";
import type { VariantCount } from "./seed";

/** Where the clusters' folders are made (BENCH_MILLION_DIR). */
const DEFAULT_DIR = "/var/tmp";
/** The seed's goal at scale 1 (a million products and orders). */
const SEED_GOAL_S = 15 * 60;
/** The orders export's memory growth at 1M. */
const EXPORT_GROWTH_GOAL_MB = 60;
/** Rows of the product import. */
const IMPORT_ROWS = 100_000;
/** A sitemap file's most URLs (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_ASKS = 5;
/** The reads shown with their plans under --explain (one a family), and the shortest statement logged. */
const EXPLAINED_READS = 6;
const EXPLAIN_MIN_MS = 5;
const MB = 2 ** 20;

/** The shops are a hundred times apart: 1M against 10k at scale 1. */
const SMALL_SHARE = 0.01;

export function millionVariants(): VariantCount {
  const value = Number(process.env.BENCH_MILLION_VARIANTS ?? 6);
  if (value !== 1 && value !== 3 && value !== 6) throw new Error("BENCH_MILLION_VARIANTS: 1, 3 or 6");
  return value;
}

/** What the part needs of the run's budget at this scale: the seeds, then the reads of both shops. */
export function millionNeedsMs(scale: number): number {
  return (5 + 45 * Math.max(0.1, Math.min(1, scale))) * 60_000;
}

interface Shop {
  counts: MillionCounts;
  label: string;
  databaseUrl: string;
}

interface ShopFigures {
  reads: Map<string, Measured>;
  exported?: ExportRun;
  imported?: ImportRun;
  sitemap?: SitemapRun;
  /** Active products and categories, the URLs a complete sitemap lists. */
  listable: number;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

export async function million(ctx: BenchContext, scale: number): Promise<void> {
  const variants = millionVariants();
  const folder = join(
    process.env.BENCH_MILLION_DIR ?? DEFAULT_DIR,
    `shop-bench-million-${countLabel(countsAt(scale, variants).products)}`,
  );
  const reuse = ctx.reuse && clusterExists(folder);
  if (!reuse) clearFolder(folder);
  const removeFolder = () => {
    if (!ctx.keep && clusterExists(folder)) rmSync(folder, { recursive: true, force: true });
  };
  const extra: Record<string, string> = ctx.explain
    ? {
        session_preload_libraries: "auto_explain",
        "auto_explain.log_min_duration": "-1",
        "auto_explain.log_analyze": "on",
        "auto_explain.log_buffers": "on",
      }
    : {};
  const cluster = await startCluster(folder, extra, { reuse });
  ctx.onCleanup(async () => {
    await cluster.stop();
    removeFolder();
  });
  const servers: ApiServer[] = [];
  try {
    ctx.report.note(
      `PostgreSQL ${cluster.version} of the bench's own in ${folder}${reuse ? " (kept, --reuse)" : ""} on 127.0.0.1:${cluster.port}, docs/operations.md's settings: ${Object.entries(
        RECOMMENDED_SETTINGS,
      )
        .map(([name, value]) => `${name}=${value}`)
        .join(" ")}; huge pages: ${cluster.hugePages}`,
    );
    const shops: Shop[] = [scale, scale * SMALL_SHARE].map((at) => {
      const counts = countsAt(at, variants);
      const label = countLabel(counts.products);
      return { counts, label, databaseUrl: cluster.url(`shop_bench_million_${label}`) };
    });
    const [big, small] = shops;
    if (!big || !small) return;
    for (const shop of [small, big]) await seed(ctx, shop, scale);

    const figures = new Map<Shop, ShopFigures>();
    for (const shop of [small, big]) {
      ctx.report.note(`measuring the ${shop.label} shop (load average ${load()})`);
      const start = async () => {
        const server = await startApiServer({
          databaseUrl: shop.databaseUrl,
          dataDir: ctx.tempDir(),
          // The hold sweep would cancel the pending bench orders while they are counted.
          env: { ORDER_HOLD_MINUTES: String(7 * 24 * 60) },
          // NOTE: a kept cluster (--reuse) is migrated by the server's start: a migration that rewrites
          // a table of a million orders or two million ledger lines takes minutes there.
          timeoutMs: ctx.budget(20 * 60_000),
        });
        servers.push(server);
        return server;
      };
      const server = await start();
      const shopFigures = await measureShop(ctx, shop, server);
      figures.set(shop, shopFigures);
      if (shop === big && ctx.explain) {
        await explainWorst(ctx, cluster, server, big, figures.get(big), figures.get(small));
      }
      await server.stop();
      // The export's memory on a server of its own, whose memory no earlier read has grown; then the
      // import, which writes: last, after every read of the shop.
      const fresh = await start();
      shopFigures.exported = await exportOrders(fresh);
      shopFigures.imported = await importProducts(ctx, fresh);
      await fresh.stop();
    }
    reportFigures(ctx, big, small, figures.get(big), figures.get(small));
  } finally {
    for (const server of servers) await server.stop();
    await cluster.stop();
    removeFolder();
  }
}

/** Removes what an earlier run left in the folder (only a cluster this bench made, or nothing). */
function clearFolder(folder: string) {
  if (existsSync(folder)) {
    if (!clusterExists(folder) && readdirSync(folder).length > 0)
      throw new Error(
        `${folder} holds something other than the bench's cluster: remove it, or set BENCH_MILLION_DIR`,
      );
    rmSync(folder, { recursive: true, force: true });
  }
  mkdirSync(folder, { recursive: true });
}

async function seed(ctx: BenchContext, shop: Shop, scale: number) {
  const { counts, label, databaseUrl } = shop;
  if (ctx.reuse && (await seededAlready(databaseUrl, counts))) {
    ctx.report.note(`the ${label} shop is there already (--reuse): ${await sizeOf(databaseUrl)}`);
    return;
  }
  const steps: string[] = [];
  const stages = new Map<string, number>();
  const seconds = await seedMillion(databaseUrl, counts, ({ step, seconds }) => {
    if (seconds >= 0.05) steps.push(`${step} ${seconds.toFixed(1)} s`);
    const stage = step.includes(":") ? (step.split(":")[0] ?? step) : step;
    stages.set(stage, (stages.get(stage) ?? 0) + seconds);
  });
  const full = scale === 1 && shop.counts.products >= 1_000_000;
  ctx.report.figure({
    name: `million: seed ${label}`,
    value: `${seconds.toFixed(0)} s (${[...stages].map(([stage, s]) => `${stage} ${s.toFixed(0)} s`).join(", ")}): ${counts.products} products x ${counts.variants} variants, ${counts.customers} customers, ${counts.orders} paid + ${counts.unpaid} unpaid orders, ${counts.activity} activity rows; ${await sizeOf(databaseUrl)}; load average ${load()}`,
    ...(full
      ? { target: `goal < ${SEED_GOAL_S / 60} minutes, set-based`, met: seconds < SEED_GOAL_S }
      : { target: "set-based" }),
  });
  ctx.report.note(`of which ${steps.join(", ")} (steps under 0.1 s left out)`);
}

async function sizeOf(databaseUrl: string): Promise<string> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { rows } = await handle.db.execute<{ size: string }>(
      "select pg_size_pretty(pg_database_size(current_database())) as size",
    );
    return `database ${rows[0]?.size ?? "?"}`;
  } finally {
    await handle.close();
  }
}

async function measureShop(ctx: BenchContext, shop: Shop, server: ApiServer): Promise<ShopFigures> {
  const fixtures = await findFixtures(shop.databaseUrl, shopDay(new Date()));
  const admin = new Connection(server.url);
  const visitor = new Connection(server.url);
  try {
    await signInAdmin(admin, server.url);
    const reads = new Map<string, Measured>();
    for (const read of READS) {
      const measured = await measureRead(read.staff ? admin : visitor, read, fixtures, ctx.budget(180_000));
      reads.set(read.name, measured);
      if (measured.failures > 0)
        ctx.report.note(
          `${read.name} at ${shop.label}: ${measured.failures} answers not 200 (${measured.firstFailure})`,
        );
    }
    const sitemap = await measureSitemap(visitor, SITEMAP_ASKS);
    return { reads, sitemap, listable: await listable(shop.databaseUrl) };
  } finally {
    admin.close();
    visitor.close();
  }
}

/** The orders export after one unmeasured first page of the orders (the route's code loaded). */
async function exportOrders(server: ApiServer): Promise<ExportRun> {
  const admin = new Connection(server.url);
  try {
    await signInAdmin(admin, server.url);
    await admin.send("GET", "/api/orders?page=1&size=20", { timeoutMs: 60_000 });
    return await measureExport(server, admin.cookie ?? "");
  } finally {
    admin.close();
  }
}

async function importProducts(ctx: BenchContext, server: ApiServer): Promise<ImportRun> {
  const admin = new Connection(server.url);
  try {
    await signInAdmin(admin, server.url);
    return await measureImport(server, admin, IMPORT_ROWS, ctx.budget(20 * 60_000));
  } finally {
    admin.close();
  }
}

async function listable(databaseUrl: string): Promise<number> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { rows } = await handle.db.execute<{ n: number }>(
      "select ((select count(*) from products where is_active) + (select count(*) from categories))::int as n",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await handle.close();
  }
}

/** p95 against the goal at the big shop, and against GROWTH_GOAL times the small shop's. */
/**
 * p95 against the goal at the big shop, and against GROWTH_GOAL times the small shop's; a form the
 * small shop does not offer (no page 1001 to reach by cursor in a shop of 10k orders) is held to
 * its goal alone.
 */
function verdict(read: Read, big: Measured | undefined, small: Measured | undefined) {
  const p95 = big ? percentile(big.ms, 95) : Number.NaN;
  const compared = small?.offered !== false;
  const growth = compared ? p95 / (small ? percentile(small.ms, 95) : Number.NaN) : Number.NaN;
  const failed = (big?.failures ?? 1) + (compared ? (small?.failures ?? 1) : 0) > 0 || !big?.ms.length;
  return {
    p95,
    growth,
    compared,
    met: !failed && p95 <= read.goalMs && (!compared || growth <= GROWTH_GOAL),
  };
}

function reportFigures(
  ctx: BenchContext,
  big: Shop,
  small: Shop,
  bigFigures: ShopFigures | undefined,
  smallFigures: ShopFigures | undefined,
) {
  const both = (m: Measured | undefined) =>
    !m
      ? "not measured"
      : m.offered
        ? `p50 ${ms(percentile(m.ms, 50))}, p95 ${ms(percentile(m.ms, 95))}`
        : "not offered (no such page)";
  for (const read of READS) {
    const atBig = bigFigures?.reads.get(read.name);
    const atSmall = smallFigures?.reads.get(read.name);
    if (atBig?.offered === false) {
      ctx.report.figure({ name: `million: ${read.name}`, value: "not offered by the API (no meta.next)" });
      continue;
    }
    const { growth, compared, met } = verdict(read, atBig, atSmall);
    const total = atBig?.total ? `; total ${atBig.total} at ${big.label}` : "";
    ctx.report.figure({
      name: `million: ${read.name}`,
      value: `${big.label} ${both(atBig)}; ${small.label} ${both(atSmall)}${compared ? `; ${ratio(growth)}` : ""}${total}`,
      target: `goal p95 <= ${read.goalMs} ms at ${big.label}, <= ${GROWTH_GOAL}x ${small.label}`,
      met,
    });
  }

  for (const [shop, figures] of [
    [big, bigFigures],
    [small, smallFigures],
  ] as const) {
    const run = figures?.exported;
    if (!run) continue;
    const growth = (run.rssPeak - run.rssBefore) / MB;
    ctx.report.figure({
      name: `million: orders export at ${shop.label}`,
      value: `status ${run.status}, ${run.seconds.toFixed(1)} s, ${(run.bytes / MB).toFixed(0)} MB, ${run.lines} lines; server RSS ${(run.rssBefore / MB).toFixed(0)} → peak ${(run.rssPeak / MB).toFixed(0)} MB (+${growth.toFixed(0)} MB)`,
      ...(shop === big
        ? {
            target: `goal growth <= ${EXPORT_GROWTH_GOAL_MB} MB`,
            met: run.status === 200 && growth <= EXPORT_GROWTH_GOAL_MB,
          }
        : {}),
    });
  }

  for (const [shop, figures] of [
    [big, bigFigures],
    [small, smallFigures],
  ] as const) {
    const run = figures?.imported;
    if (!run) continue;
    const total = run.ms.reduce((sum, t) => sum + t, 0) / 1000;
    ctx.report.figure({
      name: `million: product import at ${shop.label}`,
      value: `${run.rows} rows in ${run.files} files (at most 10 000 rows a request): ${total.toFixed(1)} s, a file p50 ${ms(percentile(run.ms, 50))}, p95 ${ms(percentile(run.ms, 95))}${run.failures ? `; ${run.failures} refused: ${run.firstFailure}` : ""}`,
      ...(shop === big ? { target: "every file applied", met: run.failures === 0 && run.files > 0 } : {}),
    });
  }

  const bigMap = bigFigures?.sitemap;
  const smallMap = smallFigures?.sitemap;
  if (bigMap) {
    const p95 = percentile(bigMap.ms, 95);
    const growth = p95 / (smallMap ? percentile(smallMap.ms, 95) : Number.NaN);
    ctx.report.figure({
      name: "million: sitemap, /sitemap.xml",
      value: `${big.label} p50 ${ms(percentile(bigMap.ms, 50))}, p95 ${ms(p95)}; ${small.label} p50 ${ms(percentile(smallMap?.ms ?? [], 50))}, p95 ${ms(percentile(smallMap?.ms ?? [], 95))}; ${ratio(growth)}`,
      target: `goal <= ${GROWTH_GOAL}x ${small.label}`,
      met: bigMap.failures === 0 && growth <= GROWTH_GOAL,
    });
    const files = bigMap.files.map((file) => file.ms);
    ctx.report.figure({
      name: "million: sitemap, its files",
      value:
        `${bigMap.kind === "index" ? `a sitemap index of ${bigMap.files.length} files` : `one <${bigMap.kind === "urlset" ? "urlset" : "?"}>`} at ${big.label}` +
        `${files.length ? `, a file p50 ${ms(percentile(files, 50))}, slowest ${ms(Math.max(...files))}` : ""}` +
        `; ${bigMap.urls} URLs listed of ${bigFigures?.listable ?? "?"} active products and categories, at most ${bigMap.largest} in a file`,
      target: `goal an index of files of at most ${SITEMAP_MAX_URLS} URLs listing every active product`,
      met:
        bigMap.kind === "index" &&
        bigMap.failures === 0 &&
        bigMap.largest <= SITEMAP_MAX_URLS &&
        bigMap.urls >= (bigFigures?.listable ?? Number.POSITIVE_INFINITY),
    });
  }
}

/** A read's family: its name but the last word ("dashboard: orders, payment"), one plan each. */
const familyOf = (read: Read) => read.name.replace(/\s+\S+$/, "");

/**
 * The slowest request of the reads furthest over their goals (one read of a family, EXPLAINED_READS
 * families), explained (explainRequests).
 */
async function explainWorst(
  ctx: BenchContext,
  cluster: PgCluster,
  server: ApiServer,
  big: Shop,
  bigFigures: ShopFigures | undefined,
  smallFigures: ShopFigures | undefined,
) {
  const ranked = READS.map((read) => {
    const measured = bigFigures?.reads.get(read.name);
    const { p95, met } = verdict(read, measured, smallFigures?.reads.get(read.name));
    return { read, measured, over: p95 / read.goalMs, met };
  })
    .filter(({ measured, met }) => measured?.offered && !met)
    .sort((a, b) => b.over - a.over);
  const families = new Set<string>();
  const worst: typeof ranked = [];
  for (const entry of ranked) {
    if (worst.length === EXPLAINED_READS) break;
    if (families.has(familyOf(entry.read))) continue;
    families.add(familyOf(entry.read));
    worst.push(entry);
  }
  if (worst.length === 0) return;
  await explainRequests(
    cluster,
    server,
    worst.map(({ read, measured }) => ({
      name: `${read.name} at ${big.label}`,
      path: measured?.slowest.path ?? "",
      staff: read.staff ?? false,
      measuredMs: measured?.slowest.ms,
    })),
  );
  ctx.report.note(`plans printed for: ${worst.map(({ read }) => read.name).join("; ")}`);
}

/**
 * Asks each request once more with auto_explain (loaded in every session with --explain, idle until
 * now) logging the plan (ANALYZE, BUFFERS) of every statement over EXPLAIN_MIN_MS, and prints them,
 * slowest first: the statements the API really ran, with their parameters.
 */
export async function explainRequests(
  cluster: PgCluster,
  server: ApiServer,
  requests: readonly { name: string; path: string; staff: boolean; measuredMs?: number | undefined }[],
): Promise<void> {
  const settings = await openDatabase({ databaseUrl: cluster.url("postgres"), poolSize: 1 });
  const admin = new Connection(server.url);
  const visitor = new Connection(server.url);
  try {
    await signInAdmin(admin, server.url);
    await settings.db.execute(`alter system set auto_explain.log_min_duration = ${EXPLAIN_MIN_MS}`);
    await settings.db.execute("select pg_reload_conf()");
    // Every backend rereads its configuration at its next statement after the signal.
    await sleep(500);
    try {
      for (const { name, path, staff, measuredMs } of requests) {
        const from = statSync(cluster.logFile).size;
        const sent = performance.now();
        const answer = await (staff ? admin : visitor).send("GET", path, { timeoutMs: 60_000 });
        const took = performance.now() - sent;
        await sleep(200);
        const plans = plansIn(readFileSync(cluster.logFile).subarray(from).toString("utf8"));
        console.log(
          `\n--- EXPLAIN (ANALYZE, BUFFERS) of ${name}: GET ${path} (${answer.status}, ${ms(took)} now${measuredMs === undefined ? "" : `, ${ms(measuredMs)} when measured`}); its statements over ${EXPLAIN_MIN_MS} ms, slowest first ---`,
        );
        for (const plan of plans.sort((a, b) => b.ms - a.ms)) console.log(`${plan.text}\n`);
        if (plans.length === 0) console.log("(no statement over the threshold)");
      }
    } finally {
      await settings.db.execute("alter system reset auto_explain.log_min_duration");
      await settings.db.execute("select pg_reload_conf()");
    }
  } finally {
    admin.close();
    visitor.close();
    await settings.close();
  }
}

/** auto_explain's entries in a stretch of the server's log: each statement's duration and plan. */
function plansIn(log: string): { ms: number; text: string }[] {
  const plans: { ms: number; text: string }[] = [];
  let current: { ms: number; lines: string[] } | undefined;
  const flush = () => {
    if (current) plans.push({ ms: current.ms, text: current.lines.join("\n") });
    current = undefined;
  };
  for (const line of log.split("\n")) {
    const start = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (start) {
      flush();
      current = { ms: Number(start[1]), lines: [line.slice(line.indexOf("duration:"))] };
    } else if (current && /^\s/.test(line)) current.lines.push(line);
    else flush();
  }
  flush();
  return plans;
}
