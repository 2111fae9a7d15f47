/**
 * API reads against their ceiling (README, "Performance") at 10k products on PostgreSQL: autocannon,
 * 50 connections for 10 s per endpoint, first against the API, then against a bare node:http
 * server answering the same bytes from memory; then the product read at LOG_LEVEL=info against
 * LOG_LEVEL=warn (what the request log costs); then the server's memory (RSS).
 *
 * autocannon runs in this process, the API and the ceiling each in their own; all of them and
 * PostgreSQL share the machine's cores, so the ceiling is also bounded by the load generator.
 */

import { createReadStream } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon, { type Result } from "autocannon";
import { type ApiServer, startApiServer } from "./lib/api-server";
import { type RecordedResponse, replayableHeaders, startCeilingServer } from "./lib/ceiling-server";
import type { BenchContext } from "./lib/context";
import { get } from "./lib/http-client";
import { searchPath } from "./search";

const SIZE = 10_000;
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const RATIO_TARGET = 0.5;
const P99_TARGET_MS = 25;
const RSS_TARGET_MB = 300;
/** The request log: turns of this many seconds on each server, warn first in one turn, info in the next. */
const LOG_TURNS = 4;
const LOG_TURN_S = 2;
const LOG_SHARE_TARGET = 0.8;
type Level = "info" | "warn";

interface Endpoint {
  name: string;
  path: string;
  /** Catalog reads have the ratio and p99 targets; the search's target is its sequential p95. */
  catalogRead: boolean;
}

/** The endpoints measured, with a product id known to exist. */
export function readEndpoints(productId: string): Endpoint[] {
  return [
    { name: "products list", path: "/api/products?page=1&size=8", catalogRead: true },
    { name: "product", path: `/api/products/${productId}`, catalogRead: true },
    { name: "categories", path: "/api/categories", catalogRead: true },
    { name: "keyword search", path: searchPath("leather sneakers"), catalogRead: false },
  ];
}

function load(url: string, durationS: number, connections = CONNECTIONS): Promise<Result> {
  return autocannon({ url, connections, duration: durationS, timeout: 10 });
}

export async function reads(ctx: BenchContext): Promise<void> {
  const catalog = await ctx.catalog(SIZE);
  const server = await ctx.api(SIZE);
  const endpoints = readEndpoints(catalog.newestProductId);

  // The ceiling answers with what the API answered, byte for byte.
  const routes: Record<string, RecordedResponse> = {};
  for (const endpoint of endpoints) {
    const response = await get(`${server.url}${endpoint.path}`);
    if (response.status !== 200) throw new Error(`GET ${endpoint.path}: status ${response.status}`);
    routes[endpoint.path] = {
      status: response.status,
      headers: replayableHeaders(response.headers),
      body: response.body.toString("base64"),
    };
  }
  const ceiling = await startCeilingServer(routes);
  ctx.report.note(
    `autocannon (this process), the API, the ceiling server and PostgreSQL share ${availableParallelism()} cores`,
  );

  try {
    for (const endpoint of endpoints) {
      const needed = 2 * (DURATION_S + WARMUP_S) * 1000;
      if (ctx.remainingMs() < needed) {
        ctx.report.note(`${endpoint.name}: skipped, the run's time budget is spent`);
        continue;
      }
      await load(`${server.url}${endpoint.path}`, WARMUP_S, 10);
      const api = await load(`${server.url}${endpoint.path}`, DURATION_S);
      await load(`${ceiling.url}${endpoint.path}`, WARMUP_S, 10);
      const bare = await load(`${ceiling.url}${endpoint.path}`, DURATION_S);
      reportRead(ctx, endpoint, api, bare);
    }
  } finally {
    await ceiling.stop();
  }

  const product = endpoints.find((endpoint) => endpoint.name === "product");
  if (product) await measureRequestLog(ctx, catalog.databaseUrl, product.path);

  const memory = server.memory();
  if (memory) {
    const rssMb = memory.rss / 2 ** 20;
    ctx.report.figure({
      name: "server RSS after reads",
      value: `${rssMb.toFixed(0)} MB (peak ${(memory.peak / 2 ** 20).toFixed(0)} MB)`,
      target: `target <= ${RSS_TARGET_MB} MB`,
      met: rssMb <= RSS_TARGET_MB,
    });
  } else {
    ctx.report.note("server RSS: /proc is not readable here");
  }
}

/**
 * What writing a line a request costs: the same read against two servers started alike on the same
 * catalogue, one at LOG_LEVEL=info (the default) and one at warn, in turns, the info rate as a share
 * of the warn rate. Then the info server is stopped and its lines counted: every request it
 * answered must have its line, the last ones written out at shutdown.
 * NOTE: both are started and warmed alike rather than the part's own server at warn, warmed by the
 * minute of reads above: the share is to measure the log, not a minute more of JIT and heap growth.
 */
async function measureRequestLog(ctx: BenchContext, databaseUrl: string, path: string) {
  const needed = (2 * LOG_TURNS * LOG_TURN_S + 2 * WARMUP_S) * 1000 + 20_000;
  if (ctx.remainingMs() < needed) {
    ctx.report.note("request log: skipped, the run's time budget is spent");
    return;
  }
  const logFile = (level: Level) => join(ctx.tempDir(), `api-${level}.log`);
  const logFiles = { info: logFile("info"), warn: logFile("warn") };
  const start = (level: Level) =>
    startApiServer({
      databaseUrl,
      dataDir: ctx.tempDir(),
      env: { LOG_LEVEL: level },
      logFile: logFiles[level],
      timeoutMs: ctx.budget(60_000),
    });
  const servers: Partial<Record<Level, ApiServer>> = {};
  /** Every answer of the info server, warm-up included: each must have its line. */
  let answeredInfo = 0;
  const requests = { info: 0, warn: 0 };
  const turns: string[] = [];
  let failed = 0;
  try {
    servers.warn = await start("warn");
    servers.info = await start("info");
    const urls = { info: servers.info.url, warn: servers.warn.url };
    const run = async (level: Level, durationS: number, connections = CONNECTIONS) => {
      const result = await load(`${urls[level]}${path}`, durationS, connections);
      failed += result.non2xx + result.errors + result.timeouts;
      if (level === "info") answeredInfo += result.requests.total;
      return result;
    };
    await run("warn", WARMUP_S, 10);
    await run("info", WARMUP_S, 10);
    for (let turn = 0; turn < LOG_TURNS; turn++) {
      const order = turn % 2 === 0 ? (["warn", "info"] as const) : (["info", "warn"] as const);
      for (const level of order) {
        const result = await run(level, LOG_TURN_S);
        requests[level] += result.requests.total;
        turns.push(`${level} ${Math.round(result.requests.average)}`);
      }
    }
  } finally {
    await servers.info?.stop();
    await servers.warn?.stop();
  }
  const lines = await countRequestLines(logFiles.info);
  const rate = (level: Level) => requests[level] / (LOG_TURNS * LOG_TURN_S);
  const share = rate("info") / rate("warn");
  ctx.report.figure({
    name: "product read, LOG_LEVEL=info / warn",
    value:
      `${Math.round(rate("info"))} / ${Math.round(rate("warn"))} req/s, ${Math.round(share * 100)}% ` +
      `(${LOG_TURNS} turns of ${LOG_TURN_S} s each; ${lines} request lines for ${answeredInfo} answers counted)`,
    target: `target >= ${LOG_SHARE_TARGET * 100}%, a line for every answer`,
    met: failed === 0 && share >= LOG_SHARE_TARGET && lines >= answeredInfo,
  });
  ctx.report.note(`request log turns, req/s: ${turns.join(", ")}`);
}

/** The request lines (`"msg":"request"`) of a JSON log file. */
async function countRequestLines(file: string): Promise<number> {
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line.includes('"msg":"request"')) count += 1;
  }
  return count;
}

function reportRead(ctx: BenchContext, endpoint: Endpoint, api: Result, bare: Result) {
  const share = api.requests.average / bare.requests.average;
  const failed = api.non2xx + api.errors + api.timeouts;
  if (failed > 0) {
    ctx.report.note(
      `${endpoint.name}: ${api.non2xx} non-2xx, ${api.errors} errors, ${api.timeouts} timeouts`,
    );
  }
  const value =
    `${Math.round(api.requests.average)} req/s, p50 ${api.latency.p50} ms, p99 ${api.latency.p99} ms, ` +
    `${Math.round(share * 100)}% of ceiling ${Math.round(bare.requests.average)} req/s ` +
    `(ceiling p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms)`;
  if (!endpoint.catalogRead) {
    ctx.report.figure({ name: endpoint.name, value, target: "no load target; see search p95 at 100k" });
    return;
  }
  ctx.report.figure({
    name: endpoint.name,
    value,
    target: `target >= ${RATIO_TARGET * 100}%, p99 <= ${P99_TARGET_MS} ms`,
    met: failed === 0 && share >= RATIO_TARGET && api.latency.p99 <= P99_TARGET_MS,
  });
}
