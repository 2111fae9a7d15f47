/**
 * A shop started for real (NODE_ENV=production): it refuses an unsafe configuration, creates no demo
 * account, takes its first admin from `create-admin` without the password on the command line, and
 * slow clients that trickle their headers or body are cut off without slowing other shoppers down.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { type SeededProduct, seedProducts } from "./fixtures";
import { sessionOf } from "./http";
import { createDatabase, type TestDatabase } from "./postgres";
import { runCreateAdmin, runServerToExit, startServer, stopAllServers } from "./server-process";

const SLOW_CLIENTS = 200;
const HEADERS_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 4_000;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let product: SeededProduct;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-production-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  await migrate(handle);
  [product] = (await seedProducts(handle, [100], "Live")) as [SeededProduct];
});

afterAll(async () => {
  await stopAllServers();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function live(extra: Record<string, string> = {}): Record<string, string> {
  if (!database) throw new Error("no database");
  return {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SECRETS_KEY: "5e".repeat(32),
    ...extra,
  };
}

describe("a production start", () => {
  it("refuses to start without PayPal or PAYMENTS_TEST_GATEWAY=1, and without PUBLIC_ORIGIN, saying which", () => {
    const noPayments = runServerToExit(live({ PUBLIC_ORIGIN: "https://shop.example" }));
    expect(noPayments.status).toBe(1);
    expect(noPayments.output).toContain("PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required");
    const noOrigin = runServerToExit(live({ PAYMENTS_TEST_GATEWAY: "1" }));
    expect(noOrigin.status).toBe(1);
    expect(noOrigin.output).toContain("PUBLIC_ORIGIN: required in production");
    const noKey = runServerToExit(
      live({ PUBLIC_ORIGIN: "https://shop.example", PAYMENTS_TEST_GATEWAY: "1", SECRETS_KEY: "" }),
    );
    expect(noKey.status).toBe(1);
    expect(noKey.output).toContain("SECRETS_KEY: required in production");
  });

  it("creates admins from standard input or ADMIN_PASSWORD, and no demo account even with SHOP_DEMO=1", async () => {
    const piped = runCreateAdmin(["--email", "owner@shop.example"], live(), "Own3r!secret\n");
    expect(piped.output).toContain("Admin owner@shop.example created.");
    expect(piped.status).toBe(0);
    const fromEnv = runCreateAdmin(
      ["--email", "second@shop.example"],
      live({ ADMIN_PASSWORD: "Sec0nd!secret" }),
    );
    expect(fromEnv.status).toBe(0);
    const weak = runCreateAdmin(["--email", "weak@shop.example"], live(), "short\n");
    expect(weak.status).toBe(2);

    const server = await startServer({
      databaseUrl: database?.url,
      dataDir,
      env: { SHOP_DEMO: "1" },
    });
    expect(server.output()).toContain("SHOP_DEMO is ignored in production");
    const config = await server.client.get("/api/config");
    expect(config.body.data).toMatchObject({ paymentProvider: "test", demo: null });
    expect(JSON.stringify(config.body)).not.toContain("Admin@123");
    const demo = await server.client.post("/api/auth/login", {
      email: "admin@example.com",
      password: "Admin@123",
    });
    expect(demo.status).toBe(401);
    for (const [email, password] of [
      ["owner@shop.example", "Own3r!secret"],
      ["second@shop.example", "Sec0nd!secret"],
    ] as const) {
      const login = await server.client.post("/api/auth/login", { email, password });
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ email, role: "admin" });
      expect(sessionOf(login)).toBeTruthy();
    }
    expect((await server.client.get("/api/docs/json")).status).toBe(404);
    await server.stop();
  });
});

/** A client that sends its request a byte every second and never finishes it. */
function trickle(port: number, part: "headers" | "body"): { socket: net.Socket; closed: Promise<number> } {
  const started = Date.now();
  const socket = net.connect(port, "127.0.0.1");
  const head =
    part === "headers"
      ? "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
      : "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{";
  socket.on("error", () => undefined);
  socket.once("connect", () => socket.write(head));
  const timer = setInterval(() => socket.writable && socket.write("a"), 1_000);
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    }),
  );
  return { socket, closed };
}

describe("slow clients", () => {
  it(`cuts off ${SLOW_CLIENTS} clients trickling headers or a body, and serves the product page meanwhile`, async () => {
    const server = await startServer({
      databaseUrl: database?.url,
      dataDir,
      env: { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
    });
    const port = Number(new URL(server.url).port);
    const path = `/api/products/${product.id}`;
    // Warm up the connection and the read cache, as a shopper browsing already has.
    for (let i = 0; i < 20; i++) expect((await server.client.get(path)).status).toBe(200);

    const slow = Array.from({ length: SLOW_CLIENTS }, (_, i) =>
      trickle(port, i % 2 === 0 ? "headers" : "body"),
    );
    await sleep(1_500);
    const timings: number[] = [];
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const started = performance.now();
      const answer = await server.client.get(path);
      timings.push(performance.now() - started);
      expect(answer.status).toBe(200);
    }
    timings.sort((a, b) => a - b);
    const p99 =
      timings[Math.min(timings.length - 1, Math.floor(timings.length * 0.99))] ?? Number.POSITIVE_INFINITY;
    expect(timings.length).toBeGreaterThan(50);
    expect(p99, `product page p99 ${p99.toFixed(1)} ms over ${timings.length} reads`).toBeLessThan(100);

    // Every slow client is cut off by the server, not left holding its socket.
    const lifetimes = await Promise.all(slow.map((client) => client.closed));
    // Node checks the timeouts every second (connectionsCheckingInterval); a loaded machine adds a few.
    const longest = Math.max(...lifetimes);
    expect(longest, `the last slow client was cut off after ${longest} ms`).toBeLessThan(
      REQUEST_TIMEOUT_MS + 6_000,
    );
    expect(server.exited()).toBe(false);
    await server.stop();
  });
});
