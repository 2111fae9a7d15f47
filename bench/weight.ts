/**
 * Storefront weight (README, "Performance"): the JS and CSS the home page loads from the
 * production build, gzip-compressed, and whether any dashboard code is among them; then each
 * storefront route of apps/web/budgets.json with its first-load JS as the server sends it (brotli),
 * counted as `npm run check` counts it (scripts/check-budgets.mjs), beside its gzip budget.
 *
 * The web app is built into bench/dist/web (lib/web-build.ts) with hidden source maps: they name
 * the source modules of each chunk, which is how dashboard code is recognised.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { gzipBytes, kb, weighRoutes } from "../scripts/check-budgets.mjs";
import type { BenchContext } from "./lib/context";
import { REPO_ROOT } from "./lib/paths";
import { bytesBySource, packageOf } from "./lib/source-map-share";
import { buildWeb, WEB_OUT } from "./lib/web-build";

const JS_TARGET_KB = 80;
const CSS_TARGET_KB = 20;
/** A source module is dashboard code when its path says so. */
const DASHBOARD_SOURCE = /\/features\/dashboard\/|\/layouts\/dashboard-layout/;

/** Packages listed as the heaviest parts of the home JS, and of each of its files. */
const HEAVIEST = 8;
const HEAVIEST_PER_FILE = 4;

interface Asset {
  file: string;
  bytes: number;
  gzip: number;
  dashboardSources: string[];
  /** Minified bytes per package or app folder, from the source map. */
  byPackage: Map<string, number>;
}

export async function weight(ctx: BenchContext): Promise<void> {
  const build = buildWeb(ctx.remainingMs());
  if (!build.ok) {
    ctx.report.figure({ name: "home JS gzip", value: `not measured: ${build.reason}` });
    return;
  }

  const html = readFileSync(join(WEB_OUT, "index.html"), "utf8");
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url?.startsWith("/")) continue;
    if (tag.startsWith("<script") && /type="module"/.test(tag)) scripts.add(url);
    else if (/rel="modulepreload"/.test(tag)) scripts.add(url);
    else if (/rel="stylesheet"/.test(tag)) styles.add(url);
  }
  // What the entry imports statically is loaded too, whether or not it is preloaded.
  for (const url of [...scripts]) for (const imported of staticImports(url)) scripts.add(imported);

  const js = [...scripts].map(measure);
  const css = [...styles].map(measure);
  const kb = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.gzip, 0) / 1024;
  const list = (assets: Asset[]) =>
    assets.map((asset) => `${asset.file} ${(asset.gzip / 1024).toFixed(1)} KB`).join(", ");

  const jsKb = kb(js);
  const cssKb = kb(css);
  ctx.report.figure({
    name: "home JS gzip",
    value: `${jsKb.toFixed(1)} KB in ${js.length} files`,
    target: `target <= ${JS_TARGET_KB} KB`,
    met: jsKb <= JS_TARGET_KB,
  });
  // Each file with its heaviest packages, by their share of its minified bytes.
  for (const asset of js) {
    const top = [...asset.byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, HEAVIEST_PER_FILE)
      .map(([name, bytes]) => `${name} ${Math.round((100 * bytes) / asset.bytes)}%`);
    ctx.report.note(`${list([asset])}${top.length > 0 ? `: ${top.join(", ")}` : ""}`);
  }
  const byPackage = new Map<string, number>();
  for (const asset of js) {
    for (const [name, bytes] of asset.byPackage) byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  const minified = js.reduce((sum, asset) => sum + asset.bytes, 0);
  const heaviest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, HEAVIEST);
  ctx.report.note(
    `heaviest in the home JS (share of ${(minified / 1024).toFixed(0)} KB minified): ${heaviest
      .map(([name, bytes]) => `${name} ${Math.round((100 * bytes) / minified)}%`)
      .join(", ")}`,
  );
  ctx.report.figure({
    name: "home CSS gzip",
    value: `${cssKb.toFixed(1)} KB in ${css.length} files`,
    target: `target <= ${CSS_TARGET_KB} KB`,
    met: cssKb <= CSS_TARGET_KB,
  });
  const dashboard = js.flatMap((asset) =>
    asset.dashboardSources.map((source) => `${source} in ${asset.file}`),
  );
  ctx.report.figure({
    name: "home dashboard code",
    value: dashboard.length === 0 ? "none" : dashboard.join(", "),
    target: "target none",
    met: dashboard.length === 0,
  });
  routeWeights(ctx);
}

/**
 * Each storefront route's first-load JS: brotli as served, and gzip level 9 beside its budget (which
 * `npm run check` holds it to) and its goal (the target here). Read from the bench build's manifest.
 */
function routeWeights(ctx: BenchContext): void {
  const manifestFile = join(WEB_OUT, ".vite/manifest.json");
  if (!existsSync(manifestFile)) {
    ctx.report.note("no .vite/manifest.json in the bench's web build: first loads by route not measured");
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const budgets = JSON.parse(readFileSync(join(REPO_ROOT, "apps/web/budgets.json"), "utf8"));
  const served = weighRoutes(manifest, budgets, servedBytes);
  const gzipped = weighRoutes(manifest, budgets, (file) => gzipBytes(readFileSync(join(WEB_OUT, file))));
  served.forEach((route, index) => {
    const gzip = gzipped[index]?.bytes ?? 0;
    ctx.report.figure({
      name: `first-load JS ${route.name} (${route.path})`,
      value: `${kb(route.bytes)} KB brotli as served (${kb(gzip)} KB gzip, budget ${route.budgetKb} KB), ${route.files.length} files`,
      target: `goal <= ${route.goalKb} KB gzip`,
      met: gzip <= route.goalKb * 1024,
    });
  });
}

/**
 * The bytes the API sends for a built file to a browser that accepts brotli: @fastify/static
 * (preCompressed) sends the .br file the build wrote beside it (quality 11), else the .gz, else the
 * file itself (the build compresses no file under 1 KB, nor one that would not shrink).
 */
function servedBytes(file: string): number {
  const path = join(WEB_OUT, file);
  for (const variant of [`${path}.br`, `${path}.gz`, path]) {
    if (existsSync(variant)) return statSync(variant).size;
  }
  throw new Error(`${file} is not in the bench's web build`);
}

function fileOf(url: string): string {
  return join(WEB_OUT, url.replace(/^\//, ""));
}

/** The chunks a chunk imports statically (`import ... from "./x.js"`), transitively; not `import()`. */
function staticImports(url: string, seen = new Set<string>()): Set<string> {
  const code = readFileSync(fileOf(url), "utf8");
  const folder = url.slice(0, url.lastIndexOf("/") + 1);
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    const imported = `${folder}${(match[1] as string).slice(2)}`;
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(imported, seen);
  }
  return seen;
}

function measure(url: string): Asset {
  const body = readFileSync(fileOf(url));
  const mapFile = `${fileOf(url)}.map`;
  const map = existsSync(mapFile)
    ? (JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string })
    : { sources: [], mappings: "" };
  const byPackage = new Map<string, number>();
  for (const [source, bytes] of bytesBySource(map, body.toString("utf8"))) {
    const name = packageOf(source);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
  }
  return {
    file: url.replace(/^\/assets\//, ""),
    bytes: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    dashboardSources: map.sources.filter((source) => DASHBOARD_SOURCE.test(source)),
    byPackage,
  };
}
