/**
 * Keyword search at 100k products on PostgreSQL (README, "Performance"; decisions 004 and 007):
 * sequential GET /api/products?keyword=...&page=1&size=8 through HTTP over a fixed list of keywords,
 * typos included, after a warm-up; p50 and p95 of the whole set, and the slowest keywords.
 */

import type { BenchContext } from "./lib/context";
import { explainProductList } from "./lib/explain";
import { getJson, timeSequential } from "./lib/http-client";
import { ms, percentile } from "./lib/stats";

const P95_TARGET_MS = 20;
const SIZE = 100_000;
const MEASURED = 500;
const MAX_MS = 60_000;

/** What shoppers type: single words, phrases, part-words and typos, one that finds nothing. */
export const SEARCH_KEYWORDS = [
  "sneakers",
  "leather",
  "watch",
  "cotton",
  "denim",
  "leather sneakers",
  "denim jacket",
  "silk saree",
  "navy linen shirt",
  "waterproof boots",
  "chronograph",
  "backpack",
  "gold",
  "graph",
  "snekers",
  "wach",
  "lether",
  "coton",
  "jaket",
  "sunglases",
  "xyzzy",
] as const;

/** Keywords that must find something (all but the nonsense word). */
const MUST_FIND = SEARCH_KEYWORDS.filter((keyword) => keyword !== "xyzzy");

export function searchPath(keyword: string, page = 1): string {
  return `/api/products?keyword=${encodeURIComponent(keyword)}&page=${page}&size=8`;
}

export async function search(ctx: BenchContext): Promise<void> {
  const server = await ctx.api(SIZE);
  const paths = SEARCH_KEYWORDS.map((keyword) => `${server.url}${searchPath(keyword)}`);

  // The typos must find what they stand for, or the timings measure the wrong thing.
  const empty: string[] = [];
  for (const keyword of MUST_FIND) {
    const page = await getJson<{ meta: { total: number } }>(`${server.url}${searchPath(keyword)}`);
    if (page.meta.total === 0) empty.push(keyword);
  }
  if (empty.length > 0) ctx.report.note(`these keywords found nothing: ${empty.join(", ")}`);

  const { times, failures } = await timeSequential(paths, {
    warmup: 2 * paths.length,
    count: MEASURED,
    maxMs: ctx.budget(MAX_MS),
  });
  if (failures > 0) ctx.report.note(`${failures} searches did not answer 200`);
  ctx.report.note(
    `${times.length} sequential searches over ${SEARCH_KEYWORDS.length} keywords, one connection`,
  );
  ctx.report.figure({
    name: "search p50 at 100k",
    value: ms(percentile(times, 50)),
    target: "no target of its own; p95 is the target",
  });
  const p95 = percentile(times, 95);
  ctx.report.figure({
    name: "search p95 at 100k",
    value: ms(p95),
    target: `target <= ${P95_TARGET_MS} ms`,
    met: p95 <= P95_TARGET_MS,
  });

  const byKeyword = SEARCH_KEYWORDS.map((keyword, k) => ({
    keyword,
    p50: percentile(
      times.filter((_, n) => n % SEARCH_KEYWORDS.length === k),
      50,
    ),
  })).sort((a, b) => b.p50 - a.p50);
  ctx.report.note(
    `p50 by keyword, slowest first: ${byKeyword.map(({ keyword, p50 }) => `"${keyword}" ${ms(p50)}`).join(", ")}`,
  );

  if (ctx.explain) {
    const catalog = await ctx.catalog(SIZE);
    for (const { keyword } of byKeyword.slice(0, 2)) {
      console.log(`\n--- EXPLAIN ANALYZE of the search for "${keyword}" at 100k ---`);
      for (const plan of await explainProductList(catalog.databaseUrl, { keyword })) console.log(`${plan}\n`);
    }
  }
}
