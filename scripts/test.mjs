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
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
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

/** A port nothing listens on, for the server the journeys start. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

run("npm", ["run", "check"]);
run("npx", ["vitest", "run"]);
ensureChromium();
run("npm", ["run", "build"]);
run("npm", ["run", "test", "-w", "@shop/e2e"], {
  E2E_PORT: String(process.env.E2E_PORT ?? (await freePort())),
});
