#!/usr/bin/env node
// The one check of whether the builds that `npm start` serves are current, used by scripts/start.mjs,
// scripts/test-hard.mjs and the bench: a build is made again when its output is missing or older than
// any file it is made of. `node scripts/ensure-built.mjs [web] [api] [--force]` runs it by hand.
//
// NOTE: the comparison is by modification time. `git pull`, `git checkout` and `git merge` write
// every file they change with the current time, so after a pull the changed sources are newer than
// the build and the next start rebuilds; files the pull did not change keep their time and trigger
// nothing. A source edited while its build runs can end up older than the output: build again by
// hand (`--force`) in that case.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Each build: the workspace that makes it, the file whose time stands for the whole output (written
 * anew by every build: vite and tsup empty their folder first), and what it is made of, relative to
 * the repository root. Tests (`*.test.ts(x)`) are not part of either build.
 */
export const BUILDS = {
  web: {
    workspace: "@shop/web",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      "apps/web/tsconfig.json",
      // Vite bundles the shared package's source and every dependency into the app.
      "packages/shared/src",
      "packages/shared/package.json",
      "tsconfig.base.json",
      "package-lock.json",
    ],
  },
  api: {
    workspace: "@shop/api",
    output: "apps/api/dist/server.js",
    sources: [
      "apps/api/src",
      "apps/api/package.json",
      "apps/api/tsup.config.ts",
      "apps/api/tsconfig.json",
      // tsup bundles the shared package's source; other dependencies stay in node_modules.
      "packages/shared/src",
      "packages/shared/package.json",
      "tsconfig.base.json",
    ],
  },
};

const TEST_FILE = /\.test\.tsx?$/;

/**
 * The most recently modified file under these paths (files or folders; missing ones are skipped).
 * @param {string} root
 * @param {string[]} paths
 * @returns {{ file: string, mtimeMs: number } | undefined}
 */
function newestSource(root, paths) {
  let newest;
  const consider = (file, mtimeMs) => {
    if (TEST_FILE.test(file)) return;
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (!stat.isDirectory()) {
      consider(full, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      consider(file, statSync(file).mtimeMs);
    }
  }
  return newest;
}

/**
 * Why the build `name` of the repository at `root` must be made again, or undefined when its output
 * is there and newer than every one of its sources.
 * @param {"web" | "api"} name
 * @param {string} [root]
 * @returns {string | undefined}
 */
export function staleReason(name, root = ROOT) {
  const build = BUILDS[name];
  if (!build) throw new Error(`unknown build "${name}": ${Object.keys(BUILDS).join(", ")}`);
  const output = join(root, build.output);
  if (!existsSync(output)) return `${build.output} is missing`;
  const newest = newestSource(root, build.sources);
  if (newest && newest.mtimeMs > statSync(output).mtimeMs) {
    return `${relative(root, newest.file)} is newer than ${build.output}`;
  }
  return undefined;
}

/**
 * Builds each of `parts` whose output is missing or older than its sources (all of them with
 * `force`), one after the other, and returns the names it built. Throws when a build fails.
 * `stdio` is handed to the build's process; `log` gets one line per build saying why it runs.
 * @param {{
 *   parts?: ("web" | "api")[],
 *   root?: string,
 *   force?: boolean,
 *   stdio?: import("node:child_process").StdioOptions,
 *   log?: (line: string) => void,
 * }} [options]
 * @returns {("web" | "api")[]}
 */
export function ensureBuilt({
  parts = ["web", "api"],
  root = ROOT,
  force = false,
  stdio = "inherit",
  log = (line) => console.log(line),
} = {}) {
  const built = [];
  for (const name of parts) {
    const build = BUILDS[name];
    if (!build) throw new Error(`unknown build "${name}": ${Object.keys(BUILDS).join(", ")}`);
    const reason = force ? "asked for" : staleReason(name, root);
    if (!reason) continue;
    const { workspace } = build;
    log(`▶ building ${workspace}: ${reason}`);
    const result = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio });
    if (result.status !== 0) {
      throw new Error(`npm run build -w ${workspace} failed (exit ${result.status ?? result.signal})`);
    }
    built.push(name);
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const parts = args.filter((arg) => !arg.startsWith("--"));
  try {
    ensureBuilt({ parts: parts.length > 0 ? parts : undefined, force: args.includes("--force") });
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
