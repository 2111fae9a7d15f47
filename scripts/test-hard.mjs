#!/usr/bin/env node
// `npm run test:hard`: the fault and two-instance suite (apps/api/test-hard, vitest.hard.config.ts)
// against real server processes. Builds the API bundle first when it is missing or older than its
// sources (scripts/ensure-built.mjs; the server needs no web build). Arguments go on to vitest (e.g.
// a file name filter). PostgreSQL: TEST_DATABASE_URL, by default the local server; its tests fail
// when it does not answer.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

function run(command, args, env = {}) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const started = Date.now();
try {
  ensureBuilt({ parts: ["api"] });
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
run("npx", ["vitest", "run", "--config", "vitest.hard.config.ts", ...process.argv.slice(2)], {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
});
console.log(`\n✔ npm run test:hard passed in ${Math.round((Date.now() - started) / 1000)} s`);
