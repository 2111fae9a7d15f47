#!/usr/bin/env node
// `node scripts/check-react.mjs [--from dir]`: the web app renders on React 19 (decision 049). Resolves
// `react` and `react-dom` as the web app's code and its libraries do, from apps/web (or `--from`), and
// exits 1 unless each one's package.json is the real package (its `name` is `react`, `react-dom`) at
// a 19.x version: an alias in package.json (`npm:@preact/compat`, say) installs another package under
// the same folder name, which this sees by its own name and version.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The renderer packages and the major version they must be at. */
export const RUNTIME = ["react", "react-dom"];
export const MAJOR = 19;

/**
 * What is wrong with each package `from` resolves (none: an empty list).
 * @param {string} from a folder whose node_modules (or its parents') hold the packages
 * @returns {string[]}
 */
export function runtimeProblems(from) {
  const require = createRequire(path.join(path.resolve(from), "package.json"));
  const problems = [];
  for (const name of RUNTIME) {
    let file;
    try {
      file = require.resolve(`${name}/package.json`);
    } catch {
      problems.push(`${name} is not installed (npm ci)`);
      continue;
    }
    /** @type {{ name?: unknown, version?: unknown }} */
    const found = JSON.parse(readFileSync(file, "utf8"));
    const version = typeof found.version === "string" ? found.version : "";
    if (found.name !== name) {
      problems.push(
        `${name} resolves to ${String(found.name)}@${version} (${path.relative(ROOT, file)}), not ${name}`,
      );
    } else if (Number(version.split(".")[0]) !== MAJOR) {
      problems.push(`${name} is ${version}, not ${MAJOR}.x`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { from: { type: "string" } } });
  const problems = runtimeProblems(values.from ?? path.join(ROOT, "apps/web"));
  if (problems.length > 0) {
    console.error(
      `✖ the web app must render on React ${MAJOR} (docs/decisions/049-react-renders-the-shop-again.md):`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`React ${MAJOR}: ${RUNTIME.join(" and ")} are the real packages.`);
}
