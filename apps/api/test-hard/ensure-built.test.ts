/**
 * `npm start` after a pull (scripts/start.mjs and scripts/ensure-built.mjs): a build older than its
 * sources is made again before the server starts, so a restart serves the new code.
 *
 * Everything happens in a scratch copy of the repository's sources (its node_modules are links to the
 * real ones, its own workspaces linked under node_modules/@shop), so the tree's builds are never
 * touched. The API bundle is built there once (tsup, a second or two); the web app gets a stand-in
 * `dist/index.html` newer than its sources, which the start must leave alone (a real web build
 * would cost 20–40 s and prove nothing more). The server runs on a fresh PostgreSQL database of the
 * suite's server: creating an embedded PGlite database takes several times longer, and what is
 * tested here is the build, not the database.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type TestDatabase } from "./postgres";
import { freePort } from "./server-process";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
/** What the scratch copy takes from the tree: the sources of both builds and the scripts. */
const COPIED = [
  "package.json",
  ".npmrc",
  "tsconfig.base.json",
  "scripts",
  "packages/shared/src",
  "packages/shared/package.json",
  "packages/shared/tsconfig.json",
  "apps/api/src",
  "apps/api/package.json",
  "apps/api/tsup.config.ts",
  "apps/api/tsconfig.json",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/web/tsconfig.json",
];
const WORKSPACES = { shared: "packages/shared", api: "apps/api", web: "apps/web" };
const HEALTH_ROUTE = "apps/api/src/modules/system/routes.ts";
/** The health route's answer, which the test changes in the scratch copy. */
const HEALTH_ANSWER = 'return ok({ status: "ok" as const });';
const WEB_STAND_IN = "<!doctype html><title>web build stand-in</title>\n";
const HOUR_MS = 3_600_000;

type StaleReason = (name: "web" | "api", root?: string) => string | undefined;

let scratch: string;
let dataDir: string;
let database: TestDatabase | undefined;
let staleReason: StaleReason;
let server: ChildProcess | undefined;

function scratchPath(...parts: string[]) {
  return path.join(scratch, ...parts);
}

/** Sets a file's modification time, `ageMs` in the past. */
function age(file: string, ageMs: number) {
  const time = new Date(Date.now() - ageMs);
  utimesSync(file, time, time);
}

function ageTree(folder: string, ageMs: number) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) age(path.join(entry.parentPath, entry.name), ageMs);
  }
}

/** Every file of the API bundle, concatenated (tsup splits it into chunks). */
function bundleText(): string {
  const dist = scratchPath("apps/api/dist");
  return readdirSync(dist)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(path.join(dist, name), "utf8"))
    .join("\n");
}

/** The scratch's node_modules: the tree's packages, except its own workspaces, which point into the scratch. */
function linkNodeModules() {
  const real = path.join(ROOT, "node_modules");
  const linked = scratchPath("node_modules");
  mkdirSync(path.join(linked, "@shop"), { recursive: true });
  for (const name of readdirSync(real)) {
    if (name !== "@shop") symlinkSync(path.join(real, name), path.join(linked, name));
  }
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    symlinkSync(scratchPath(folder), path.join(linked, "@shop", name));
  }
}

beforeAll(async () => {
  database = await createDatabase();
  scratch = mkdtempSync(path.join(tmpdir(), "shop-ensure-built-"));
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-ensure-built-data-"));
  for (const item of COPIED) cpSync(path.join(ROOT, item), scratchPath(item), { recursive: true });
  // Only the workspaces copied: npm refuses a workspace folder that is not there.
  const manifest = JSON.parse(readFileSync(scratchPath("package.json"), "utf8"));
  manifest.workspaces = Object.values(WORKSPACES);
  writeFileSync(scratchPath("package.json"), JSON.stringify(manifest, null, 2));
  linkNodeModules();
  // The sources as a checkout an hour ago left them.
  for (const folder of ["scripts", "packages", "apps"]) ageTree(scratchPath(folder), HOUR_MS);
  for (const file of ["package.json", ".npmrc", "tsconfig.base.json"]) age(scratchPath(file), HOUR_MS);

  // Builds made since: the API bundle, and the web app's stand-in.
  const build = spawnSync("npm", ["run", "build", "-w", "@shop/api"], { cwd: scratch, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the scratch API build failed:\n${build.stdout}${build.stderr}`);
  mkdirSync(scratchPath("apps/web/dist"), { recursive: true });
  writeFileSync(scratchPath("apps/web/dist/index.html"), WEB_STAND_IN);

  ({ staleReason } = (await import(pathToFileURL(scratchPath("scripts/ensure-built.mjs")).href)) as {
    staleReason: StaleReason;
  });
}, 120_000);

afterAll(async () => {
  if (server) await stop(server);
  for (const dir of [scratch, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** SIGTERM (the server shuts down gracefully), SIGKILL after 10 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

describe("npm start after a pull", () => {
  it("sees a build as stale when one of its sources is newer, not when only a test file is", () => {
    expect(staleReason("api", scratch)).toBeUndefined();
    expect(staleReason("web", scratch)).toBeUndefined();

    const test = scratchPath("apps/web/src/lib/cart-store.test.ts");
    age(test, -1_000);
    expect(staleReason("web", scratch)).toBeUndefined();
    age(test, HOUR_MS);

    const messages = scratchPath("packages/shared/src/messages.ts");
    age(messages, -1_000);
    expect(staleReason("web", scratch)).toBe(
      "packages/shared/src/messages.ts is newer than apps/web/dist/index.html",
    );
    expect(staleReason("api", scratch)).toBe(
      "packages/shared/src/messages.ts is newer than apps/api/dist/server.js",
    );
    age(messages, HOUR_MS);
    expect(staleReason("api", scratch)).toBeUndefined();
  });

  it("rebuilds the API whose source changed after its build, and the started server serves the change", async () => {
    // The bundle was built a minute ago; then a pull changed the health route.
    age(scratchPath("apps/api/dist/server.js"), 60_000);
    const marker = `served from the pulled source ${randomUUID()}`;
    const route = readFileSync(scratchPath(HEALTH_ROUTE), "utf8");
    expect(route, `${HEALTH_ROUTE} no longer holds ${HEALTH_ANSWER}: update this test`).toContain(
      HEALTH_ANSWER,
    );
    writeFileSync(
      scratchPath(HEALTH_ROUTE),
      route.replace(HEALTH_ANSWER, `return ok({ status: "ok" as const }, ${JSON.stringify(marker)});`),
    );
    expect(bundleText()).not.toContain(marker);

    const port = await freePort();
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: scratch,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // As the Quick start runs it: no NODE_ENV (development), whose defaults need nothing more.
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? "",
        SHOP_DEMO: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });

    let health: { status: number; body: { message?: string } } | undefined;
    const until = Date.now() + 90_000;
    while (!health && Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (answer?.status === 200)
        health = { status: 200, body: (await answer.json()) as { message?: string } };
      else await sleep(100);
    }
    expect(health, `the server did not answer /api/health in time:\n${output}`).toBeDefined();

    expect(health?.body.message).toBe(marker);
    expect(output).toContain(`building @shop/api: ${HEALTH_ROUTE} is newer than apps/api/dist/server.js`);
    expect(bundleText()).toContain(marker);
    // The web app was current: no build, its output left as it was.
    expect(output).not.toContain("building @shop/web");
    expect(readFileSync(scratchPath("apps/web/dist/index.html"), "utf8")).toBe(WEB_STAND_IN);
    expect(existsSync(scratchPath("apps/web/dist/assets"))).toBe(false);

    await stop(child);
    server = undefined;
    expect(child.exitCode ?? child.signalCode).toBe(0);
  });
});
