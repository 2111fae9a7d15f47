/**
 * The SDK's README example (packages/sdk/examples/place-order.ts, shown verbatim in
 * packages/sdk/README.md) against the built server: the typed client lists products, signs in
 * through the session cookie it keeps, saves an address and places an order that the server priced.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { placeOrder } from "@shop/sdk/examples/place-order";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { addresses } from "#api/db/schema/addresses";
import { orders } from "#api/db/schema/orders";
import { products as productTable } from "#api/db/schema/products";
import { PASSWORD, type SeededProduct, type Shopper, seedProducts, seedShoppers } from "./fixtures";
import { createDatabase, type TestDatabase } from "./postgres";
import { startServer, stopAllServers } from "./server-process";

const EXAMPLE = fileURLToPath(new URL("../../../packages/sdk/examples/place-order.ts", import.meta.url));
const README = fileURLToPath(new URL("../../../packages/sdk/README.md", import.meta.url));

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string | undefined;
let product: SeededProduct;
let shopper: Shopper;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-sdk-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  await migrate(handle);
  // "Canvas Tote 1" is what the example's keyword "tote" finds.
  [product] = (await seedProducts(handle, [5], "Canvas")) as [SeededProduct];
  [shopper] = (await seedShoppers(handle, 1, "sdk")) as [Shopper];
});

afterAll(async () => {
  await stopAllServers();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("shows in the SDK's README exactly the example this test runs", () => {
  const example = readFileSync(EXAMPLE, "utf8");
  expect(readFileSync(README, "utf8")).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it("runs the README example on a live server: products listed, signed in, address saved, order placed", async () => {
  if (!database || !handle || !dataDir) throw new Error("no database");
  const server = await startServer({ databaseUrl: database.url, dataDir });

  const order = await placeOrder(server.url, shopper.email, PASSWORD);

  expect(order.status).toBe("pending");
  expect(order.products).toEqual([
    expect.objectContaining({ product: expect.objectContaining({ _id: product.id }), quantity: 1 }),
  ]);
  expect(order.totalAmount).toBeGreaterThan(0);
  // The order is the shopper's, the address the example saved is theirs beside the one they had, and
  // the unit left the stock.
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, order._id));
  expect(row?.userId).toBe(shopper.id);
  const saved = await handle.db.select().from(addresses).where(eq(addresses.userId, shopper.id));
  expect(saved).toHaveLength(2);
  const [stocked] = await handle.db
    .select({ stock: productTable.stock })
    .from(productTable)
    .where(eq(productTable.id, product.id));
  expect(stocked?.stock).toBe(product.stock - 1);
});
