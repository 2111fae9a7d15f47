/**
 * A shop server of a journey's own, beside the config's: started as the config starts the others
 * (start-servers.mjs: a fresh embedded database with the demo catalogue and accounts) with more
 * environment (a provider's fake), by the specs that need a shop configured so (support/razorpay.ts,
 * support/shiprocket.ts), and stopped when the worker ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

export const HOST = "127.0.0.1";
const START_SERVERS = fileURLToPath(new URL("./start-servers.mjs", import.meta.url));

export function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port));
  });
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on now, for the shop server to take. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await close(probe);
  return port;
}

/**
 * One shop server with `env`, started as the config starts the others (start-servers.mjs: a fresh
 * embedded database with the demo catalogue and accounts), answered once it is ready.
 */
export async function startShop(
  env: NodeJS.ProcessEnv,
  what = "the shop server",
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [START_SERVERS, String(port)], {
    env: {
      ...process.env,
      // As playwright.config.ts gives the others.
      SHOP_DEMO: "1",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let said = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("shop servers ready")) resolve();
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`${what} stopped before it was ready (${signal ?? `exit ${code}`})`)),
    );
  });
  return { child, url: `http://${HOST}:${port}` };
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // start-servers.mjs stops the server and removes its data folder on SIGTERM.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}
