#!/usr/bin/env node
// `npm test`: typecheck and lint, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright journeys on a production build in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";

function run(command, args, env = {}) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const took = `${Math.round((Date.now() - started) / 1000)}s`;
  if (result.status !== 0) {
    console.error(
      `✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}) after ${took}`,
    );
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${command} ${args.join(" ")} (${took})`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium).`);
    process.exit(1);
  }
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
    DEBIAN_FRONTEND: "noninteractive",
  });
}

/** Listens on the port and closes again; resolves to whether nothing else listened on it. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * The lowest port the system hands out to outgoing connections (Linux: ip_local_port_range, 32768 by
 * default; BSD and macOS start at 49152).
 */
function ephemeralLow() {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32768;
  } catch {
    return 32768;
  }
}

/**
 * The first of `count` consecutive ports nothing listens on: the journeys start one server per worker,
 * on E2E_PORT, E2E_PORT + 1... (e2e/support/servers.ts).
 * NOTE: chosen below the ephemeral range. A server seeds its catalogue before it listens; a port of
 * that range could meanwhile become the local end of an outgoing connection (a health check's, a
 * browser's) and the server would fail with EADDRINUSE.
 */
async function freePorts(count) {
  const lowest = 10_000;
  const highest = Math.max(lowest + count, ephemeralLow()) - count;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = lowest + Math.floor(Math.random() * (highest - lowest));
    let free = true;
    for (let port = first; free && port < first + count; port += 1) free = await isFree(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found for the journeys' servers`);
}

run("npm", ["run", "check"]);
// Every operation of the API document must be answered by the API suite (apps/api/test/conformance-global.ts).
run("npx", ["vitest", "run"], { API_CONFORMANCE_COVERAGE: "1" });
ensureChromium();
// The web app was built by the check's budget step (scripts/check-budgets.mjs --build rebuilds it
// whenever its sources are newer than the build): only the API is built here.
run("npm", ["run", "build", "-w", "@shop/api"]);
run("npm", ["run", "test", "-w", "@shop/e2e"], {
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePorts(2))),
});
