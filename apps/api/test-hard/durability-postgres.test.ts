/**
 * kill -9 of the shop server on PostgreSQL in the middle of an order-and-payment load, then a
 * restart on the same database: nothing a client was told is lost, and the stock adds up.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { type SeededProduct, type Shopper, seedProducts, seedShoppers } from "./fixtures";
import { checkLedger, loadUntilKilled, placeAndPay, retryUnanswered } from "./order-load";
import { createDatabase, type TestDatabase } from "./postgres";
import { type ShopServer, startServer, stopAllServers } from "./server-process";

// Two products run out early (orders for them get 409), the others last past the kill.
const STOCKS = [3, 4, 30, 30, 30, 30, 30, 30, 30, 30];
const SHOPPERS = 30;
const KILL_AFTER_ORDERS = 60;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let products: SeededProduct[];
let shoppers: Shopper[];

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
  products = await seedProducts(handle, STOCKS);
  shoppers = await seedShoppers(handle, SHOPPERS, "pg-kill");
});

afterAll(async () => {
  await stopAllServers();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("loses no acknowledged order or payment when the server is killed mid-load, and the stock adds up", async () => {
  const db = handle?.db;
  if (!db || !database) throw new Error("no database");
  const first: ShopServer = await startServer({ databaseUrl: database.url, dataDir });
  const ledger = await loadUntilKilled(first.client, {
    shoppers,
    products,
    killAfterOrders: KILL_AFTER_ORDERS,
    kill: () => first.kill(),
  });
  expect(first.exited()).toBe(true);
  expect(ledger.unexpected).toEqual([]);
  expect(ledger.orders.size).toBeGreaterThanOrEqual(KILL_AFTER_ORDERS);
  expect(ledger.outOfStock, "some orders asked for more than was left").toBeGreaterThan(0);
  const acknowledgedBeforeKill = { orders: ledger.orders.size, payments: ledger.payments.size };
  const unanswered = ledger.unansweredPlacements.length + ledger.unansweredPayments.length;
  expect(unanswered, "requests were in flight when the server died").toBeGreaterThan(0);

  const second = await startServer({ databaseUrl: database.url, dataDir });
  await retryUnanswered(second.client, ledger);
  const productsChecked = await checkLedger(db, ledger, products);

  // The restarted server serves: one more order, paid, and the books still balance.
  const shopper = shoppers[0];
  const product = products.at(-1);
  if (!shopper || !product) throw new Error("no fixtures");
  const extra = await placeAndPay(second.client, shopper, product);
  ledger.orders.add(extra.order);
  ledger.payments.set(extra.payment, extra.order);
  await checkLedger(db, ledger, products);
  await second.stop();

  console.info(
    `[hard] PostgreSQL kill -9: ${acknowledgedBeforeKill.orders} orders and ${acknowledgedBeforeKill.payments} payments acknowledged before the kill, ` +
      `${unanswered} requests in flight (${ledger.committedUnanswered} unanswered orders found committed on retry, ` +
      `${ledger.claimedByKilled} payments waiting for the killed server's claim), ` +
      `${ledger.outOfStock} refused for stock, ${productsChecked} products checked: nothing lost`,
  );
});
