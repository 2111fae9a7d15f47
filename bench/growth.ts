/**
 * Growth (README, "Performance"): the p50 of the first page, of page 50 and of a search at 1k, 10k and
 * 100k products, and the ratio 100k/1k; the cost of a request must not grow with the catalogue.
 */
import type { BenchContext, CatalogSize } from "./lib/context";
import { SIZES, sizeLabel } from "./lib/context";
import { explainProductList } from "./lib/explain";
import { timeSequential } from "./lib/http-client";
import { ms, percentile, ratio } from "./lib/stats";
import { searchPath } from "./search";

const RATIO_TARGET = 2;
const WARMUP = 20;
const MEASURED = 100;
const MAX_MS_PER_FIGURE = 15_000;

const SEARCH_KEYWORD = "leather";
const FIGURES = [
  { name: "first page", path: "/api/products?page=1&size=8", list: { page: 1 } },
  { name: "page 50", path: "/api/products?page=50&size=8", list: { page: 50 } },
  { name: "search", path: searchPath(SEARCH_KEYWORD), list: { keyword: SEARCH_KEYWORD } },
] as const;

export async function growth(ctx: BenchContext): Promise<void> {
  const p50s = new Map<string, Map<CatalogSize, number>>(FIGURES.map((figure) => [figure.name, new Map()]));
  for (const size of SIZES) {
    const server = await ctx.api(size);
    for (const figure of FIGURES) {
      const { times, failures } = await timeSequential([`${server.url}${figure.path}`], {
        warmup: WARMUP,
        count: MEASURED,
        maxMs: ctx.budget(MAX_MS_PER_FIGURE),
      });
      if (failures > 0)
        ctx.report.note(`${figure.name} at ${sizeLabel(size)}: ${failures} answers were not 200`);
      const p50 = percentile(times, 50);
      p50s.get(figure.name)?.set(size, p50);
      ctx.report.figure({ name: `${figure.name} p50 at ${sizeLabel(size)}`, value: ms(p50) });
    }
    await ctx.stopServers();
  }
  for (const figure of FIGURES) {
    const bySize = p50s.get(figure.name);
    const growthRatio = (bySize?.get(100_000) ?? Number.NaN) / (bySize?.get(1_000) ?? Number.NaN);
    ctx.report.figure({
      name: `${figure.name} p50 100k/1k`,
      value: ratio(growthRatio),
      target: `target <= ${RATIO_TARGET}`,
      met: growthRatio <= RATIO_TARGET,
    });
  }
  if (ctx.explain) {
    const catalog = await ctx.catalog(100_000);
    for (const figure of FIGURES.slice(0, 2)) {
      console.log(`\n--- EXPLAIN ANALYZE of the ${figure.name} at 100k ---`);
      for (const plan of await explainProductList(catalog.databaseUrl, figure.list)) console.log(`${plan}\n`);
    }
  }
}
