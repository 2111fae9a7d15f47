/**
 * API reads against their ceiling (README, "Performance") at 10k products on PostgreSQL: autocannon,
 * 50 connections for 10 s per endpoint, first against the API, then against a bare node:http
 * server answering the same bytes from memory; then the server's memory (RSS).
 *
 * autocannon runs in this process, the API and the ceiling each in their own; all of them and
 * PostgreSQL share the machine's cores, so the ceiling is also bounded by the load generator.
 */

import { availableParallelism } from "node:os";
import autocannon, { type Result } from "autocannon";
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
