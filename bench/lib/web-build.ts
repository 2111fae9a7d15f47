/**
 * The production build of the web app that the bench measures and serves: built once per run into
 * bench/dist/web (not apps/web/dist, which `npm start` and the browser journeys may be using at the
 * same time), with hidden source maps. They name the source modules of each chunk and change nothing in
 * the shipped files: no chunk points to its map.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIST, REPO_ROOT } from "./paths";

export const WEB_OUT = join(BENCH_DIST, "web");
const BUILD_TIMEOUT_MS = 240_000;

export type WebBuild = { ok: true; outDir: string } | { ok: false; reason: string };

let built: WebBuild | undefined;

/** Builds the web app the first time a part asks for it in this run; `timeoutMs` bounds the build. */
export function buildWeb(timeoutMs: number): WebBuild {
  if (built?.ok) return built;
  const build = spawnSync(
    "npm",
    ["run", "build", "-w", "@shop/web", "--", "--outDir", WEB_OUT, "--emptyOutDir", "--sourcemap", "hidden"],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      // spawnSync takes whole milliseconds only.
      timeout: Math.floor(Math.min(timeoutMs, BUILD_TIMEOUT_MS)),
      encoding: "utf8",
    },
  );
  if (build.status !== 0 || !existsSync(join(WEB_OUT, "index.html"))) {
    const reason = build.error?.message ?? build.stderr.trim().split("\n").slice(-5).join(" | ");
    built = { ok: false, reason: `the web build failed (${reason})` };
  } else {
    built = { ok: true, outDir: WEB_OUT };
  }
  return built;
}
