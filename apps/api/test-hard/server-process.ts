/**
 * The built shop server (`apps/api/dist/server.js`, what `npm start` runs) in a process of its own,
 * on 127.0.0.1 and a free port, ready once `/api/health` answers 200. Every process started here is
 * stopped by its own pid: by the test (stop or kill), by `stopAllServers()` in afterAll, and as a last
 * resort when the test worker exits.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { ShopClient } from "./http";

const API_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_JS = fileURLToPath(new URL("../dist/server.js", import.meta.url));
const CREATE_ADMIN_JS = fileURLToPath(new URL("../dist/create-admin.js", import.meta.url));
/** Lines of the server's output kept, and how many of the last ones failure messages show. */
const KEPT_LINES = 5_000;
const TAIL_LINES = 100;
const HEALTH_POLL_MS = 50;

export interface ServerOptions {
  /** PostgreSQL; without it the server opens PGlite in `dataDir/db`. */
  databaseUrl?: string;
  /** DATA_DIR: media, and the PGlite database without databaseUrl. */
  dataDir: string;
  /** ORDER_HOLD_MINUTES (the hold-expiry sweep runs every quarter of it, at least every second). */
  holdMinutes?: number;
  /** LOG_LEVEL (default warn: warnings and errors only). */
  logLevel?: "warn" | "info";
  /** Give up when the server is not healthy after this long. */
  readyTimeoutMs?: number;
  /** More environment, over the defaults below (a value of "" unsets a default). */
  env?: Record<string, string>;
}

export interface ShopServer {
  readonly url: string;
  readonly pid: number;
  readonly client: ShopClient;
  /** Whether the process has exited (for whatever reason). */
  exited(): boolean;
  /** What the server wrote lately (LOG_LEVEL=warn: warnings and errors). */
  output(): string;
  /** The server's log records (pino JSON lines) so far; complete once the server has stopped. */
  logRecords(): Record<string, unknown>[];
  /** SIGKILL: no shutdown handler runs, in-flight requests and transactions are cut where they are. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), then SIGKILL if it has not exited after a while. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
/** Resolves once the process has exited and its output streams are closed. */
const closedOf = new WeakMap<ChildProcess, Promise<void>>();

// Last resort when the worker exits without its afterAll (a crash, an interrupted run): no server
// outlives the suite.
function killAll() {
  for (const child of running) child.kill("SIGKILL");
}
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    killAll();
    // Nobody else handles the signal: end as it would have without this listener.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/** Stops every server this test file started and has not stopped yet. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((child) => terminate(child, "SIGTERM")));
}

export interface Finished {
  status: number | null;
  output: string;
}

/** Runs a built entry (the server or create-admin) in a clean environment until it exits. */
function runToExit(script: string, args: string[], env: Record<string, string>, input: string): Finished {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: "0", ...env },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Starts the built server with this environment and waits for it to exit (a refused configuration). */
export function runServerToExit(env: Record<string, string>): Finished {
  return runToExit(SERVER_JS, [], env, "");
}

/** `npm run create-admin` as built (dist/create-admin.js), with `input` on its standard input. */
export function runCreateAdmin(args: string[], env: Record<string, string>, input = ""): Finished {
  return runToExit(CREATE_ADMIN_JS, args, env, input);
}

/** Starts the built server; throws with its output when it does not become healthy. */
export async function startServer(options: ServerOptions): Promise<ShopServer> {
  if (!existsSync(SERVER_JS)) {
    throw new Error(`${SERVER_JS} is missing: run \`npm run test:hard\` (it builds the API first)`);
  }
  // NOTE: a free port can be taken by someone else between probing and listening; try another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 5) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: ServerOptions, port: number): Promise<ShopServer> {
  // A clean environment: nothing of the caller's shell (DATABASE_URL, REDIS_URL, PAYPAL_*) leaks in.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: options.logLevel ?? "warn",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SHOP_DEMO: "0",
    // All the load comes from 127.0.0.1: the per-address sign-in limit must not refuse it.
    AUTH_RATE_LIMIT_MAX: "100000",
    // Each load shopper holds many unpaid orders at once; the anti-hoarding limit is the API suite's.
    MAX_UNPAID_ORDERS: "1000000",
    ORDER_HOLD_MINUTES: String(options.holdMinutes ?? 30),
    // A production shop needs these; these servers take test cards on purpose.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    PAYMENTS_TEST_GATEWAY: "1",
    SECRETS_KEY: "5e".repeat(32),
    ...options.env,
  };
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: API_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  closedOf.set(child, new Promise((resolve) => child.once("close", () => resolve())));
  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    // NOTE: a chunk may end in the middle of a line; the rest comes with the next one.
    let partial = "";
    const keep = (line: string) => {
      if (!line.trim()) return;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
    };
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) keep(line);
    });
    stream?.on("end", () => keep(partial));
  };
  collect(child.stdout);
  collect(child.stderr);
  const output = () => lines.slice(-TAIL_LINES).join("\n");

  const url = `http://127.0.0.1:${port}`;
  const client = new ShopClient(url);
  try {
    await waitHealthy(child, client, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await terminate(child, "SIGKILL");
    client.close();
    if (output().includes("EADDRINUSE")) throw new PortTaken(output());
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output()}`);
  }
  return {
    url,
    pid: child.pid ?? 0,
    client,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    output,
    logRecords: () => lines.flatMap((line) => (line.startsWith("{") ? [parseRecord(line)] : [])),
    kill: async () => {
      await terminate(child, "SIGKILL");
      client.close();
    },
    stop: async () => {
      await terminate(child, "SIGTERM");
      client.close();
    },
  };
}

async function waitHealthy(child: ChildProcess, client: ShopClient, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    }
    const answer = await client.get("/api/health", { timeoutMs: 5_000 }).catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`the server was not healthy after ${timeoutMs} ms`);
}

function parseRecord(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { msg: line };
  }
}

/**
 * Sends the signal and waits until the process has exited and its output is read to the end; a
 * SIGTERM not obeyed within 15 s becomes a SIGKILL.
 */
async function terminate(child: ChildProcess, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  const closed = closedOf.get(child);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await closed;
    clearTimeout(timer);
  }
  await closed;
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}
