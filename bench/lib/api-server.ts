/**
 * The built API (`apps/api/dist/server.js`, what `npm start` runs, with its heap flags) in a
 * process of its own, listening on 127.0.0.1 and ready once `/api/health` answers 200.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureBuilt } from "../../scripts/ensure-built.mjs";
import { stop, track } from "./children";
import { freePort } from "./free-port";
import { get } from "./http-client";
import { REPO_ROOT } from "./paths";

/**
 * The checkout whose API is measured: this one, or with BENCH_API_ROOT another one (a worktree of an
 * earlier commit, built with `npm run build -w @shop/api`), to measure a change before and after on
 * the same bench.
 */
const API_ROOT = process.env.BENCH_API_ROOT ?? REPO_ROOT;
const SERVER_JS = join(API_ROOT, "apps/api/dist/server.js");
const HEALTH_POLL_MS = 5;
/** Lines of the server's output kept for a failure message. */
const TAIL_LINES = 20;

/**
 * The heap flags `npm start` gives Node (the root package.json's start script), so that the server
 * measured is sized as a deployed one.
 */
function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts?: { start?: string };
  };
  return (manifest.scripts?.start ?? "").split(/\s+/).filter((word) => word.startsWith("--"));
}

export interface ApiServerOptions {
  /** PostgreSQL; without it the server opens PGlite in `dataDir/db`. */
  databaseUrl?: string;
  /** DATA_DIR: media, and the PGlite database without databaseUrl. */
  dataDir: string;
  /** Give up when the server is not healthy after this long. */
  timeoutMs?: number;
  /** More environment for the server (e.g. AUTH_RATE_LIMIT_MAX for the sign-in benchmark). */
  env?: Record<string, string>;
  /**
   * A file for the server's standard output (its log) instead of the bench's pipe.
   * NOTE: at LOG_LEVEL=info the server writes a line a request; read through a pipe, every line
   * would cost this process, which also runs the load generator.
   */
  logFile?: string;
}

export interface ApiServer {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process to the first healthy answer. */
  readyMs: number;
  /** Resident set size and its peak (VmHWM), in bytes, read from /proc (Linux). */
  memory(): { rss: number; peak: number } | undefined;
  /** Warnings and errors the server logged so far (LOG_LEVEL=warn; standard error only with logFile). */
  logged(): string[];
  stop(): Promise<void>;
}

/**
 * Builds the API bundle when it is missing or older than its sources, or always with `force`
 * (scripts/ensure-built.mjs, the same check as `npm start`); returns a note when it built.
 */
export function ensureApiBuilt(force: boolean): string | undefined {
  let why: string | undefined;
  const built = ensureBuilt({
    parts: ["api"],
    root: REPO_ROOT,
    force,
    stdio: ["ignore", "ignore", "inherit"],
    log: (line) => {
      why = line.replace(/^▶ /, "");
    },
  });
  return built.length > 0 ? `${why} (before measuring)` : undefined;
}

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SHOP_DEMO: "0",
    LOG_LEVEL: "warn",
    // A production start needs its public origin, a payment provider (the bench pays with test
    // cards) and a key for the secrets it seals, which die with the bench's data folder.
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    PAYMENTS_TEST_GATEWAY: "1",
    SECRETS_KEY: randomBytes(32).toString("base64"),
    // The order benchmark's shoppers keep placing orders: the anti-hoarding limit would refuse them.
    MAX_UNPAID_ORDERS: "1000000",
  };
  delete env.DATABASE_URL;
  delete env.MEDIA_DIR;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const started = performance.now();
  const logFd = options.logFile ? openSync(options.logFile, "a") : undefined;
  const child = track(
    spawn(process.execPath, [...startFlags(), ...profile, SERVER_JS], {
      cwd: API_ROOT,
      env,
      stdio: ["pipe", logFd ?? "pipe", "pipe"],
    }),
  );
  // The child holds its own copy of the descriptor.
  if (logFd !== undefined) closeSync(logFd);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitHealthy(child, url, options.timeoutMs ?? 60_000, started).catch(async (error) => {
    await stop(child);
    const logTail = options.logFile ? lastLines(options.logFile) : [];
    throw new Error(`${error instanceof Error ? error.message : error}\n${[...logTail, ...tail].join("\n")}`);
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    readyMs,
    memory: () => readMemory(pid),
    logged: () => [...tail],
    stop: () => stop(child),
  };
}

function lastLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-TAIL_LINES);
  } catch {
    return [];
  }
}

async function waitHealthy(child: ChildProcess, url: string, timeoutMs: number, started: number) {
  const until = started + timeoutMs;
  while (performance.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`the API exited with code ${child.exitCode} before it was healthy`);
    const response = await get(`${url}/api/health`, 2_000).catch(() => undefined);
    if (response?.status === 200) return performance.now() - started;
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`the API was not healthy after ${timeoutMs} ms`);
}

function readMemory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
  } catch {
    return undefined;
  }
}
