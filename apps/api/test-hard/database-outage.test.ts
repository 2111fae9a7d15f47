/**
 * The database going away under a running server and coming back: meanwhile every request that
 * needs it answers 503 with the envelope (never hangs, never a 500, the process never dies), and
 * afterwards the same process serves again without a restart. The server reaches PostgreSQL through
 * a TCP proxy the test controls.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { api } from "@shop/shared/messages";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import {
  APPROVED_CARD,
  PASSWORD,
  type SeededProduct,
  type Shopper,
  seedProducts,
  seedShoppers,
} from "./fixtures";
import { type Answer, idOf, type ShopClient } from "./http";
import { createDatabase, databaseUrl, serverAddress, type TestDatabase } from "./postgres";
import { type ShopServer, startServer, stopAllServers } from "./server-process";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

/**
 * The longest a request may take while the database is away: above the pool's connect timeout (5 s)
 * and twice its query timeout (10 s: a transaction's statement, then its rollback).
 */
const ANSWER_WITHIN_MS = 25_000;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let proxy: TcpProxy | undefined;
let server: ShopServer;
let dataDir: string;
let products: SeededProduct[];
let shoppers: Shopper[];

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-outage-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  await migrate(handle);
  products = await seedProducts(handle, [1000, 1000, 1000, 1000, 1000]);
  shoppers = await seedShoppers(handle, 5, "outage");
  proxy = await startTcpProxy(serverAddress());
  server = await startServer({ databaseUrl: databaseUrl(database.name, proxy.port), dataDir });
});

afterAll(async () => {
  await stopAllServers();
  await proxy?.close();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for a condition, checked every 100 ms, for at most 30 s. */
async function until(condition: () => boolean | Promise<boolean>, failure: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(failure);
    await sleep(100);
  }
}

function show(answer: Answer) {
  return `${answer.status} ${JSON.stringify(answer.body)}`;
}

function fixtures() {
  const [shopper, ...others] = shoppers;
  const [first, second, third, fourth, fifth] = products;
  if (!shopper || !first || !second || !third || !fourth || !fifth) throw new Error("no fixtures");
  return { shopper, others, first, second, third, fourth, fifth };
}

function placeOrder(client: ShopClient, shopper: Shopper, product: SeededProduct) {
  return client.post(
    "/api/orders",
    { products: [{ product: product.id, quantity: 1 }], shippingAddress: shopper.addressId },
    { session: shopper.session, timeoutMs: ANSWER_WITHIN_MS },
  );
}

/**
 * Requests that cannot be answered without the database, asked together: the caller's profile, a
 * product no request has read yet (nothing in the read cache), placing an order, a sign-in, health.
 */
function databaseRequests(client: ShopClient, shopper: Shopper, unreadProduct: SeededProduct) {
  const options = { timeoutMs: ANSWER_WITHIN_MS };
  return Promise.all([
    client.get("/api/users/current-user", { ...options, session: shopper.session }),
    client.get(`/api/products/${unreadProduct.id}`, options),
    placeOrder(client, shopper, unreadProduct),
    client.post("/api/auth/login", { email: shopper.email, password: PASSWORD }, options),
    client.get("/api/health", options),
  ]);
}

/** The answers, or a failure that carries what the server wrote (it may have died). */
async function answersOf(requests: Promise<Answer[]>): Promise<Answer[]> {
  try {
    return await requests;
  } catch (error) {
    throw new Error(
      `${String(error)}; server ${server.exited() ? "exited" : "running"}, its output:\n${server.output()}`,
    );
  }
}

function expectUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.status, show(answer)).toBe(503);
    expect(answer.body).toEqual({ success: false, message: api.unavailable });
  }
}

/** Shoppers ordering in a loop the whole time; every answer must be a 201 or a 503. */
function backgroundLoad(client: ShopClient, loadShoppers: readonly Shopper[], product: SeededProduct) {
  let stopping = false;
  const statuses = new Map<string, number>();
  const loops = loadShoppers.map(async (shopper) => {
    while (!stopping) {
      const outcome = await placeOrder(client, shopper, product).then(
        (answer) => (answer.status === 503 || answer.status === 201 ? String(answer.status) : show(answer)),
        (error: unknown) => `no answer: ${String(error)}`,
      );
      statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
      // A 503 comes at once while the database refuses: no need to spin on it.
      if (outcome === "503") await sleep(20);
    }
  });
  return {
    statuses,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return statuses;
    },
  };
}

it("answers 503 with the envelope while the database is away and serves again in the same process", async () => {
  if (!proxy) throw new Error("no proxy");
  const { shopper, others, first, second, third, fourth, fifth } = fixtures();
  const client = server.client;
  const pid = server.pid;

  // Warm: a sign-in, a signed-in read, a catalogue read, an order.
  const signedIn = await client.post("/api/auth/login", { email: shopper.email, password: PASSWORD });
  expect(signedIn.status, show(signedIn)).toBe(200);
  expect((await client.get("/api/users/current-user", { session: shopper.session })).status).toBe(200);
  expect((await client.get(`/api/products/${first.id}`)).status).toBe(200);
  const warm = await placeOrder(client, shopper, first);
  expect(warm.status, show(warm)).toBe(201);

  // The network to the database stops: the pool's open connections (idle since the warm-up) stay
  // open and nothing comes back on them; each query gives up after the pool's query timeout, and
  // new connections after its connect timeout.
  proxy.setMode("frozen");
  expectUnavailable(await answersOf(databaseRequests(client, shopper, fifth)));
  proxy.setMode("open");
  await until(
    async () => (await client.get("/api/users/current-user", { session: shopper.session })).status === 200,
    "the server did not serve again after the network came back",
  );

  const load = backgroundLoad(client, others, first);
  await until(() => (load.statuses.get("201") ?? 0) > 0, "the background load placed no order");

  // The database is down: connections are cut (some mid-transaction) and new ones refused.
  proxy.setMode("refusing");
  expectUnavailable(await answersOf(databaseRequests(client, shopper, second)));
  await until(() => (load.statuses.get("503") ?? 0) > 0, "the background load never got a 503");
  expectUnavailable(await answersOf(databaseRequests(client, shopper, second)));

  // The database host does not answer at all: connection attempts hang and must time out.
  proxy.setMode("silent");
  expectUnavailable(await answersOf(databaseRequests(client, shopper, third)));

  // Back: within a few seconds the same process answers again.
  proxy.setMode("open");
  let profile: Answer | undefined;
  await until(async () => {
    profile = await client.get("/api/users/current-user", { session: shopper.session });
    return profile.status === 200;
  }, "the server did not serve again after the database came back");
  expect(profile?.body).toMatchObject({ success: true, data: { email: shopper.email } });
  const statuses = await load.stop();

  expect((await client.get("/api/health")).status).toBe(200);
  expect((await client.get(`/api/products/${fourth.id}`)).status).toBe(200);
  const placed = await placeOrder(client, shopper, fourth);
  expect(placed.status, show(placed)).toBe(201);
  const paid = await client.post(
    "/api/payments",
    { order: idOf(placed), paymentGateway: "test", card: APPROVED_CARD },
    { session: shopper.session },
  );
  expect(paid.status, show(paid)).toBe(201);

  expect(server.exited(), server.output()).toBe(false);
  expect(server.pid).toBe(pid);
  expect(() => process.kill(pid, 0)).not.toThrow();
  const outcomes = Object.fromEntries(statuses);
  expect(Object.keys(outcomes).sort(), `${JSON.stringify(outcomes)}\n${server.output()}`).toEqual([
    "201",
    "503",
  ]);
  console.info(
    `[hard] database outage: background orders ${JSON.stringify(outcomes)}, pid ${pid} served before, during (503) and after`,
  );
});

it("stops with an error, instead of waiting, when it starts while the database does not answer", async () => {
  if (!proxy || !database) throw new Error("no proxy");
  proxy.setMode("silent");
  try {
    const startDir = mkdtempSync(join(tmpdir(), "shop-hard-outage-start-"));
    try {
      await expect(
        startServer({
          databaseUrl: databaseUrl(database.name, proxy.port),
          dataDir: startDir,
          readyTimeoutMs: 30_000,
        }),
      ).rejects.toThrow(/exited \(1\)/);
    } finally {
      rmSync(startDir, { recursive: true, force: true });
    }
  } finally {
    proxy.setMode("open");
  }
});
