#!/usr/bin/env node
// `npm run test:hard`: the fault and two-instance suite (apps/api/test-hard, vitest.hard.config.ts)
// against real server processes. Builds the API bundle first when it is missing or older than its
// sources (the server needs no web build). Arguments go on to vitest (e.g. a file name filter).
// PostgreSQL: TEST_DATABASE_URL, by default the local server; its tests fail when it does not answer.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SERVER_JS = join(root, "apps/api/dist/server.js");
// Everything the bundle is made of: the API, the shared package it inlines, the build settings.
const SOURCES = [
  "apps/api/src",
  "apps/api/package.json",
  "apps/api/tsup.config.ts",
  "packages/shared/src",
  "packages/shared/package.json",
];

function run(command, args, env = {}) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function bundleIsStale() {
  if (!existsSync(SERVER_JS)) return true;
  const built = statSync(SERVER_JS).mtimeMs;
  return SOURCES.some((source) => newestChange(join(root, source)) > built);
}

const started = Date.now();
if (bundleIsStale()) run("npm", ["run", "build", "-w", "@shop/api"]);
run("npx", ["vitest", "run", "--config", "vitest.hard.config.ts", ...process.argv.slice(2)], {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
});
console.log(`\n✔ npm run test:hard passed in ${Math.round((Date.now() - started) / 1000)} s`);
