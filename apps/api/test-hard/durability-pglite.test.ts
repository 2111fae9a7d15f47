/**
 * kill -9 of the shop server on the embedded database (PGlite in DATA_DIR/db) in the middle of an
 * order-and-payment load, then a restart on the same folder: the folder opens, nothing a client
 * was told is lost, and the stock adds up.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { type SeededProduct, type Shopper, seedProducts, seedShoppers } from "./fixtures";
import { checkLedger, loadUntilKilled, placeAndPay, retryUnanswered } from "./order-load";
import { startServer, stopAllServers } from "./server-process";

const STOCKS = [3, 4, 30, 30, 30, 30, 30, 30, 30, 30];
const SHOPPERS = 30;
const KILL_AFTER_ORDERS = 40;

let dataDir: string;
let products: SeededProduct[];
let shoppers: Shopper[];

/** The server's database folder opened in this process (only while no server has it open). */
async function openFolder(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: join(dataDir, "db") });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-pglite-"));
  const handle = await openFolder();
  try {
    await migrate(handle);
    products = await seedProducts(handle, STOCKS);
    shoppers = await seedShoppers(handle, SHOPPERS, "pglite-kill");
  } finally {
    await handle.close();
  }
});

afterAll(async () => {
  await stopAllServers();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("loses no acknowledged order or payment when the server is killed mid-load, and the folder reopens", async () => {
  const first = await startServer({ dataDir });
  const ledger = await loadUntilKilled(first.client, {
    shoppers,
    products,
    killAfterOrders: KILL_AFTER_ORDERS,
    kill: () => first.kill(),
  });
  expect(first.exited()).toBe(true);
  expect(ledger.unexpected).toEqual([]);
  expect(ledger.orders.size).toBeGreaterThanOrEqual(KILL_AFTER_ORDERS);
  const acknowledgedBeforeKill = { orders: ledger.orders.size, payments: ledger.payments.size };
  const unanswered = ledger.unansweredPlacements.length + ledger.unansweredPayments.length;
  expect(unanswered, "requests were in flight when the server died").toBeGreaterThan(0);

  // The restarted server recovers the folder the killed one left, and serves.
  const second = await startServer({ dataDir });
  await retryUnanswered(second.client, ledger);
  const shopper = shoppers[0];
  const product = products.at(-1);
  if (!shopper || !product) throw new Error("no fixtures");
  const extra = await placeAndPay(second.client, shopper, product);
  ledger.orders.add(extra.order);
  ledger.payments.set(extra.payment, extra.order);
  await second.stop();

  const handle = await openFolder();
  let productsChecked: number;
  try {
    productsChecked = await checkLedger(handle.db, ledger, products);
  } finally {
    await handle.close();
  }

  console.info(
    `[hard] PGlite kill -9: ${acknowledgedBeforeKill.orders} orders and ${acknowledgedBeforeKill.payments} payments acknowledged before the kill, ` +
      `${unanswered} requests in flight (${ledger.committedUnanswered} unanswered orders found committed on retry, ` +
      `${ledger.claimedByKilled} payments waiting for the killed server's claim), ` +
      `${ledger.outOfStock} refused for stock, ${productsChecked} products checked: nothing lost`,
  );
});
