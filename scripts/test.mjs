#!/usr/bin/env node
// `npm test`: typecheck and lint, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the Playwright journeys on a production build in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

/** Listens on the port (0: any free one) and closes again; resolves to the port, or null if taken. */
function probe(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

/**
 * The first of `count` consecutive ports nothing listens on: the journeys start one server per worker,
 * on E2E_PORT, E2E_PORT + 1... (e2e/support/servers.ts).
 */
async function freePorts(count) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = await probe(0);
    if (first === null || first + count - 1 > 65535) continue;
    let free = true;
    for (let next = first + 1; free && next < first + count; next += 1) free = (await probe(next)) !== null;
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found for the journeys' servers`);
}

run("npm", ["run", "check"]);
// Every operation of the API document must be answered by the API suite (apps/api/test/conformance-global.ts).
run("npx", ["vitest", "run"], { API_CONFORMANCE_COVERAGE: "1" });
ensureChromium();
run("npm", ["run", "build"]);
run("npm", ["run", "test", "-w", "@shop/e2e"], {
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePorts(2))),
});
