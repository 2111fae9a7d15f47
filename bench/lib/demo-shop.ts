/**
 * The shop a browser measures (the lighthouse and tap-size parts): the production build of the web
 * app served by the built server, the way `npm start` serves it on a fresh folder (migrate, seed the
 * demo catalogue, serve the build), on a PGlite folder of the run's own.
 */
import { type ApiServer, ensureApiBuilt, startApiServer } from "./api-server";
import type { BenchContext } from "./context";
import { buildWeb } from "./web-build";

/** Demo seeding draws and encodes every picture of the catalogue. */
const START_TIMEOUT_MS = 180_000;

export type DemoShop = { ok: true; server: ApiServer } | { ok: false; reason: string };

/** Builds what is missing, starts the demo shop and notes how long it took; the caller stops it. */
export async function startDemoShop(ctx: BenchContext): Promise<DemoShop> {
  const build = buildWeb(ctx.remainingMs());
  if (!build.ok) return build;
  const stale = ensureApiBuilt(false);
  if (stale) ctx.report.note(stale);

  // NOTE: not NODE_ENV=production, which never seeds the demo and sends HSTS and
  // upgrade-insecure-requests, which a shop served over http://127.0.0.1 cannot follow.
  const server = await startApiServer({
    dataDir: ctx.tempDir(),
    timeoutMs: ctx.budget(START_TIMEOUT_MS),
    env: { NODE_ENV: "development", SHOP_DEMO: "1", WEB_DIST: build.outDir },
  });
  ctx.report.note(`demo shop started in ${(server.readyMs / 1000).toFixed(1)} s at ${server.url}`);
  return { ok: true, server };
}
