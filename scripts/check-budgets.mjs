#!/usr/bin/env node
// `node scripts/check-budgets.mjs [--build] [--manifest file] [--budgets file]`: the storefront's
// JavaScript budget. For each route of apps/web/budgets.json it weighs the JavaScript a first visit to
// that URL loads, from the web build's manifest (apps/web/dist/.vite/manifest.json), prints it beside
// the route's budget and goal, and exits 1 when a route is over its budget.
//
// A route's first load: the entry chunk (index.html's script, main.tsx) and the chunks it imports
// statically; the chunks it imports dynamically and theirs (main.tsx imports app/runtime.ts and
// app/start.tsx right after the first paint, on every page, and index.html preloads them); and the
// route's own modules (its `lazy` page) with the chunks they import statically. A chunk counted twice
// is loaded once: each file counts once per route.
//
// Each file is weighed gzip-compressed at level 9, as the build writes the .gz files the server sends
// to a browser without brotli (vite-plugin-compression2's default, vite.config.ts); KB are 1024 bytes.
// `--build` first builds the web app when its build is missing or older than its sources
// (scripts/ensure-built.mjs, the check `npm start` makes), so `npm run check` weighs the code as it is.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WEB = path.join(ROOT, "apps/web");

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} Chunk
 * @typedef {Record<string, Chunk>} Manifest
 * @typedef {{ name: string, path: string, modules: string[], budgetKb: number, goalKb: number }} RouteBudget
 * @typedef {{ routes: RouteBudget[] }} Budgets
 * @typedef {RouteBudget & { files: string[], bytes: number }} RouteWeight
 */

/**
 * The files (relative to the build's folder) a first visit to a route loads: see the top of this file.
 * Throws when the manifest has no entry, or no chunk for one of the route's modules.
 * @param {Manifest} manifest
 * @param {string[]} modules manifest keys: source paths relative to apps/web, as `src/...`
 * @returns {string[]}
 */
export function firstLoadFiles(manifest, modules) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) {
    throw new Error(`the manifest has ${entries.length} entry chunks, not 1 (index.html's script)`);
  }
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    seen.add(key);
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = /** @type {string} */ (entries[0]);
  visit(entry);
  for (const started of manifest[entry]?.dynamicImports ?? []) visit(started);
  for (const module of modules) {
    if (!manifest[module]) {
      throw new Error(`the manifest has no chunk for ${module}: was the page moved or renamed?`);
    }
    visit(module);
  }
  return [...files];
}

/** @param {Buffer} body */
export const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

/**
 * Each route's first-load files and their weight, `sizeOf` giving a file's bytes (relative to the
 * build's folder): gzip level 9 here, the served brotli files in bench/weight.ts.
 * @param {Manifest} manifest
 * @param {Budgets} budgets
 * @param {(file: string) => number} sizeOf
 * @returns {RouteWeight[]}
 */
export function weighRoutes(manifest, budgets, sizeOf) {
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) sizes.set(file, sizeOf(file));
    return sizes.get(file);
  };
  return budgets.routes.map((route) => {
    const files = firstLoadFiles(manifest, route.modules);
    return { ...route, files, bytes: files.reduce((sum, file) => sum + size(file), 0) };
  });
}

/**
 * What the server would not preload with a route's page: each file of the route's first load that is
 * neither the app's (index.html preloads those) nor among the page's files in the build's
 * `.vite/page-code.json` (apps/web/vite.config.ts), which the server writes into that page's head.
 * Routes the list does not name (the home page) are skipped.
 * @param {Manifest} manifest
 * @param {Budgets} budgets
 * @param {Record<string, string[]>} pageCode
 * @returns {string[]} one line per route with files missing
 */
export function unpreloadedFiles(manifest, budgets, pageCode) {
  const app = new Set(firstLoadFiles(manifest, []));
  return budgets.routes.flatMap((route) => {
    const listed = pageCode[route.name];
    if (!listed) return [];
    const missing = firstLoadFiles(manifest, route.modules).filter(
      (file) => !app.has(file) && !listed.includes(file),
    );
    return missing.length > 0 ? [`${route.name}: ${missing.join(", ")}`] : [];
  });
}

/** @param {number} bytes */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * One line a route: its size beside its budget and the goal, marked when over the budget.
 * @param {RouteWeight[]} weights
 * @returns {string[]}
 */
export function budgetLines(weights) {
  const nameWidth = Math.max(...weights.map((route) => route.name.length));
  const pathWidth = Math.max(...weights.map((route) => route.path.length));
  return weights.map((route) => {
    const over = route.bytes > route.budgetKb * 1024;
    return (
      `  ${route.name.padEnd(nameWidth)}  ${route.path.padEnd(pathWidth)}  ${kb(route.bytes).padStart(6)} KB` +
      `  budget ${String(route.budgetKb).padStart(3)} KB  goal ${String(route.goalKb).padStart(3)} KB` +
      `  ${route.files.length} files${over ? "  ✖ OVER BUDGET" : ""}`
    );
  });
}

/**
 * @param {string[]} argv
 * @returns {Promise<number>} the exit code
 */
async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      build: { type: "boolean" },
      manifest: { type: "string" },
      budgets: { type: "string" },
    },
  });
  const manifestFile = path.resolve(values.manifest ?? path.join(WEB, "dist/.vite/manifest.json"));
  const budgetsFile = path.resolve(values.budgets ?? path.join(WEB, "budgets.json"));
  if (values.build) {
    const { ensureBuilt } = await import("./ensure-built.mjs");
    const log = (line) => console.log(line);
    // Vite's list of every file it wrote is no help here; its warnings and errors (stderr) are.
    const stdio = /** @type {const} */ (["ignore", "ignore", "inherit"]);
    ensureBuilt({ parts: ["web"], stdio, log });
    // A build made before the manifest was asked for is fresh but has none.
    if (!existsSync(manifestFile)) ensureBuilt({ parts: ["web"], force: true, stdio, log });
  }
  if (!existsSync(manifestFile)) {
    console.error(`✖ ${path.relative(ROOT, manifestFile)} is missing: build the web app first (--build).`);
    return 1;
  }
  /** @type {Manifest} */
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  /** @type {Budgets} */
  const budgets = JSON.parse(readFileSync(budgetsFile, "utf8"));
  // The manifest lives in <outDir>/.vite/; the files it names are relative to <outDir>.
  const dist = path.dirname(path.dirname(manifestFile));
  const weights = weighRoutes(manifest, budgets, (file) => gzipBytes(readFileSync(path.join(dist, file))));

  console.log(
    `First-load JavaScript of each storefront route (gzip level 9, KB of 1024 bytes; ` +
      `budgets in ${path.relative(ROOT, budgetsFile)}):`,
  );
  for (const line of budgetLines(weights)) console.log(line);
  const pageCodeFile = path.join(path.dirname(manifestFile), "page-code.json");
  if (existsSync(pageCodeFile)) {
    const missing = unpreloadedFiles(manifest, budgets, JSON.parse(readFileSync(pageCodeFile, "utf8")));
    if (missing.length > 0) {
      console.error(
        `✖ ${path.relative(ROOT, pageCodeFile)} leaves out files of a page's first load, which the server ` +
          `would then not preload with it: ${missing.join("; ")}.`,
      );
      return 1;
    }
  }
  const over = weights.filter((route) => route.bytes > route.budgetKb * 1024);
  if (over.length > 0) {
    console.error(
      `✖ over budget: ${over.map((route) => `${route.name} ${kb(route.bytes)} KB > ${route.budgetKb} KB`).join(", ")}. ` +
        "Load the new code when it is first used (route `lazy`, React `lazy`, `import()`) rather than raise the budget.",
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`✖ ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
