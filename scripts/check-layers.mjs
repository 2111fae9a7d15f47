#!/usr/bin/env node
// `node scripts/check-layers.mjs [root]`: lists every import in apps/api/src that goes against the
// direction of the layers (docs/design.md section 3), and exits 1 when there is one.
//
// From top to bottom: server.ts and cli/ (the entry points: a command may build the app, as
// cli/openapi.ts does to write the API document) → app.ts → seed/ → http/ and modules/*/routes.ts →
// module services (and dto, helpers) → module repos (repo.ts, or repo-*.ts where a module's SQL is split
// by what it does, and search.ts) → payments/, storage/ → db/ → core/ → config.ts.
// A file imports its own layer or lower ones. Besides:
// - modules depend on one another one way only: the graph of modules drawn by their non-route files
//   has no cycle (routes sit above every service, so a route may call any module's service);
// - routes never touch another module's repo (a service may, inside its own transaction);
// - http/ imports no module (app.ts hands it what it needs, such as the sessions store);
// - routes use only the http/ parts made for them (envelope, session guards, read cache, rate limits).
// Tests (*.test.ts) are not checked: they reach into whatever they pin.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const rootArg = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
const root = path.resolve(rootArg ?? fileURLToPath(new URL("..", import.meta.url)));
const src = path.join(root, "apps/api/src");

const ROUTE_HTTP = new Set(["http/envelope", "http/session", "http/read-cache", "http/rate-limit"]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "migrations") continue;
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) out.push(full);
  }
  return out;
}

/** "modules/orders/service" → what the file is, for the rules above. */
function describe(id) {
  const parts = id.split("/");
  if (parts[0] === "modules") {
    const file = parts.slice(2).join("/");
    const kind = /(^|-)routes$/.test(file)
      ? "routes"
      : /^(repo(-[a-z0-9-]+)?|search)$/.test(file)
        ? "repo"
        : "service";
    const rank = { routes: 6, service: 5, repo: 4 }[kind];
    return { id, module: parts[1], kind, rank };
  }
  const top = {
    server: 9,
    app: 8,
    cli: 9,
    seed: 7,
    http: 6,
    payments: 3.5,
    storage: 3.5,
    db: 3,
    core: 2,
    config: 1,
  };
  const rank = top[parts[0]];
  if (rank === undefined)
    throw new Error(`apps/api/src/${id}.ts is in no layer: add its folder to check-layers`);
  return { id, kind: parts[0], rank };
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    let target;
    if (spec.startsWith("#api/")) target = spec.slice("#api/".length);
    else if (spec.startsWith(".")) target = path.relative(src, path.resolve(path.dirname(file), spec));
    else continue;
    target = target
      .replace(/\.(ts|js)$/, "")
      .split(path.sep)
      .join("/");
    if (target.startsWith("..")) continue;
    found.push({ spec, target });
  }
  return found;
}

const violations = [];
const moduleEdges = new Map();

for (const file of walk(src)) {
  const from = describe(path.relative(src, file).replace(/\.ts$/, "").split(path.sep).join("/"));
  for (const { spec, target } of importsOf(file)) {
    const to = describe(target);
    const where = `apps/api/src/${from.id}.ts imports "${spec}"`;
    if (to.rank > from.rank) {
      violations.push(
        `${where}: ${from.kind} (layer ${from.rank}) may not import ${to.kind} (layer ${to.rank})`,
      );
      continue;
    }
    if (from.kind === "http" && to.module) {
      violations.push(`${where}: http/ knows no module (app.ts wires modules into it)`);
    }
    if (from.kind === "routes" && to.kind === "http" && !ROUTE_HTTP.has(to.id)) {
      violations.push(`${where}: routes use only ${[...ROUTE_HTTP].join(", ")} from http/`);
    }
    if (from.module && to.module && from.module !== to.module) {
      if (to.kind === "repo" && from.kind === "routes") {
        violations.push(`${where}: routes reach another module through its service, never its repo`);
      }
      if (from.kind !== "routes") {
        const edges = moduleEdges.get(from.module) ?? new Map();
        if (!edges.has(to.module)) edges.set(to.module, where);
        moduleEdges.set(from.module, edges);
      }
    }
  }
}

// Any cycle among modules, found by a depth-first walk; each is reported once with one import per step.
const state = new Map();
function visit(module, trail) {
  state.set(module, "open");
  for (const [next, where] of moduleEdges.get(module) ?? []) {
    if (state.get(next) === "open") {
      const start = trail.findIndex((step) => step.module === next);
      const steps = [...trail.slice(start), { module, where }].map((step) => step.where).filter(Boolean);
      violations.push(
        `modules import each other (${[...trail.slice(start).map((s) => s.module), module, next].join(" → ")}):\n    ${steps
          .concat(where)
          .slice(-(steps.length + 1))
          .join("\n    ")}`,
      );
    } else if (!state.has(next)) {
      visit(next, [...trail, { module, where }]);
    }
  }
  state.set(module, "done");
}
for (const module of moduleEdges.keys()) if (!state.has(module)) visit(module, []);

if (violations.length > 0) {
  console.error(`Imports against the layers of apps/api/src (${violations.length}):`);
  for (const violation of violations) console.error(`  ${violation}`);
  process.exit(1);
}
const order = [...moduleEdges.entries()]
  .map(([module, edges]) => `${module} → ${[...edges.keys()].sort().join(", ")}`)
  .sort();
if (process.argv.includes("--graph")) console.log(order.join("\n"));
