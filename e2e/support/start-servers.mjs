#!/usr/bin/env node
// Starts one shop server per port given, side by side, each on a fresh embedded database in a data
// folder of its own, and prints "shop servers ready" once every one answers its health check.
// Playwright's webServer runs this; SIGTERM stops the servers and removes their data folders.
// NOTE: one command for all the servers because Playwright starts the webServer entries one after
// the other, and seeding the demo catalogue is most of a server's start-up time.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("../../apps/api/dist/server.js", import.meta.url));
const HOST = "127.0.0.1";
const ports = process.argv.slice(2).map(Number);
if (ports.length === 0 || !ports.every((port) => Number.isInteger(port) && port > 0)) {
  console.error("usage: start-servers.mjs PORT...");
  process.exit(2);
}

/** Fails when something already listens on the port: the journeys would talk to it instead. */
function checkFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${port} is in use: set E2E_PORT to a free range`)));
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

const servers = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    servers.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      // The server closes its database on SIGTERM.
      child.kill("SIGTERM");
      return new Promise((resolve) => child.once("exit", resolve));
    }),
  );
  for (const { dataDir } of servers) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

async function healthy(url) {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

try {
  await Promise.all(ports.map(checkFree));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

for (const port of ports) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.once("exit", (code, signal) => {
    if (stopping) return;
    console.error(`the shop server on port ${port} stopped (${signal ?? `exit ${code}`})`);
    void stop(1);
  });
  servers.push({ child, dataDir, url: `http://${HOST}:${port}` });
}

const pending = new Set(servers.map(({ url }) => url));
while (pending.size > 0) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (const url of [...pending]) if (await healthy(url)) pending.delete(url);
}
console.log(`shop servers ready: ${servers.map(({ url }) => url).join(" ")}`);
