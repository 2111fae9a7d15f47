/**
 * Start time: from spawning the built server (what `npm start` runs, without
 * npm's own start-up) to the first 200 of /api/health, on PostgreSQL with the 10k catalogue and
 * on a warm PGlite (a DATA_DIR that already holds a migrated, seeded database). Median of 3.
 */
import { join } from "node:path";
import { startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { median, ms } from "./lib/stats";
import { seedPgliteCatalog } from "./seed";

const STARTS = 3;
const PGLITE_PRODUCTS = 1_000;

async function timeStarts(
  ctx: BenchContext,
  options: { databaseUrl?: string; dataDir: string },
): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < STARTS && ctx.remainingMs() > 0; n++) {
    const server = await startApiServer({ ...options, timeoutMs: ctx.budget(60_000) });
    times.push(server.readyMs);
    await server.stop();
  }
  return times;
}

export async function start(ctx: BenchContext): Promise<void> {
  await ctx.stopServers();
  const catalog = await ctx.catalog(10_000);
  const postgres = await timeStarts(ctx, { databaseUrl: catalog.databaseUrl, dataDir: ctx.tempDir() });
  ctx.report.figure({
    name: "start to healthy on PostgreSQL",
    value: `${ms(median(postgres))} (median of ${postgres.length}: ${postgres.map((t) => ms(t)).join(", ")})`,
    target: "no target set",
  });

  // A warm PGlite: the folder already holds the migrated database with a 1k catalogue.
  const dataDir = ctx.tempDir();
  const seeded = await seedPgliteCatalog(join(dataDir, "db"), { products: PGLITE_PRODUCTS });
  ctx.report.note(`PGlite folder seeded with ${seeded.products} products in ${seeded.seconds.toFixed(1)} s`);
  const pglite = await timeStarts(ctx, { dataDir });
  ctx.report.figure({
    name: "start to healthy on warm PGlite",
    value: `${ms(median(pglite))} (median of ${pglite.length}: ${pglite.map((t) => ms(t)).join(", ")})`,
    target: "no target set",
  });
}
