/**
 * Two shop servers on one PostgreSQL database: a session made on one works on the other, a change of
 * the settings made on one applies on the other, checkout through both at once never sells more than
 * the stock, and the hold-expiry sweep running in both cancels every expired order exactly once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { api, discountCodes } from "@shop/shared/messages";
import { inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { discounts } from "#api/db/schema/discounts";
import { orderItems, orders } from "#api/db/schema/orders";
import { products as productsTable } from "#api/db/schema/products";
import { foldSoldCounts } from "#api/modules/products/repo-sold";
import { ADDRESS } from "#test/fixtures";
import {
  APPROVED_CARD,
  PASSWORD,
  type SeededProduct,
  type Shopper,
  seedProducts,
  seedShoppers,
} from "./fixtures";
import { type Answer, idOf, sessionOf } from "./http";
import { createDatabase, type TestDatabase } from "./postgres";
import { type ShopServer, startServer, stopAllServers } from "./server-process";

const SHOPPERS = 40;
const CHECKOUT_STOCK = 10;
/** The uses of the discount code 40 shoppers race for. */
const CODE_USES = 5;
/** More than one run of the sweep claims (sweepExpiredOrders' batch is 100): both servers get some. */
const EXPIRED_ORDERS = 150;
const SWEEP_STOCK = 1_000;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let shoppers: Shopper[];
let checkoutProducts: SeededProduct[];
let sweepProducts: SeededProduct[];
let codedProducts: SeededProduct[];

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-two-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
  checkoutProducts = await seedProducts(handle, [CHECKOUT_STOCK, CHECKOUT_STOCK, CHECKOUT_STOCK], "Checkout");
  sweepProducts = await seedProducts(handle, [SWEEP_STOCK, SWEEP_STOCK, SWEEP_STOCK], "Held");
  codedProducts = await seedProducts(handle, Array(SHOPPERS).fill(1), "Coded");
  shoppers = await seedShoppers(handle, SHOPPERS, "two");
});

afterAll(async () => {
  await stopAllServers();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function show(answer: Answer) {
  return `${answer.status} ${JSON.stringify(answer.body)}`;
}

function dbOf() {
  if (!handle || !database) throw new Error("no database");
  return { db: handle.db, database };
}

describe("two servers on one database, with the default hold", () => {
  let a: ShopServer;
  let b: ShopServer;

  beforeAll(async () => {
    const { database } = dbOf();
    // Settings kept ten minutes: only the change's NOTIFY can bring it to the other server in time.
    const env = { SETTINGS_CACHE_MS: "600000" };
    [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url, dataDir, env }),
      startServer({ databaseUrl: database.url, dataDir, env }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("accepts on one server the session made on the other, and a sign-out on one ends it on both", async () => {
    const shopper = shoppers.at(-1);
    if (!shopper) throw new Error("no shopper");
    const signedIn = await a.client.post("/api/auth/login", { email: shopper.email, password: PASSWORD });
    expect(signedIn.status, show(signedIn)).toBe(200);
    const session = sessionOf(signedIn);
    expect(session).toBeDefined();

    const onB = await b.client.get("/api/users/current-user", { session });
    expect(onB.status, show(onB)).toBe(200);
    expect(onB.body).toMatchObject({ success: true, data: { _id: shopper.id, email: shopper.email } });

    const signedOut = await b.client.post("/api/auth/logout", {}, { session });
    expect(signedOut.status, show(signedOut)).toBe(200);
    const onA = await a.client.get("/api/users/current-user", { session });
    expect(onA.status, show(onA)).toBe(401);
  });

  it("applies on one server, within 5 s, a change of the settings saved on the other", async () => {
    const { db } = dbOf();
    const owner = shoppers.at(-2);
    if (!owner) throw new Error("no shopper");
    await db.execute(sql`update users set role = 'admin' where id = ${owner.id}`);
    const session = sessionOf(
      await a.client.post("/api/auth/login", { email: owner.email, password: PASSWORD }),
    );
    const read = async (server: ShopServer) => (await server.client.get("/api/settings", { session })).body;
    // Both have read the settings before the change, and keep them.
    expect(await read(a)).toMatchObject({ data: { taxes: { defaultHsn: "6109" } } });
    expect(await read(b)).toMatchObject({ data: { taxes: { defaultHsn: "6109" } } });

    const saved = await a.client.put(
      "/api/settings/taxes",
      { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "610910" },
      { session },
    );
    expect(saved.status, show(saved)).toBe(200);
    const until = Date.now() + 5_000;
    let seen = await read(b);
    while (JSON.stringify(seen).includes('"6109"') && Date.now() < until) {
      await sleep(50);
      seen = await read(b);
    }
    expect(seen).toMatchObject({ data: { taxes: { defaultHsn: "610910" } } });
  });

  it("never oversells when shoppers check out through both servers at once", async () => {
    const { db } = dbOf();
    // Every shopper tries to buy one unit of each product, half through each server, all at once:
    // 120 placements for 30 units.
    const attempts = shoppers.flatMap((shopper, index) =>
      checkoutProducts.map((product) => ({ shopper, product, via: index % 2 === 0 ? a : b })),
    );
    const answers = await Promise.all(
      attempts.map(async (attempt) => ({
        ...attempt,
        answer: await attempt.via.client.post(
          "/api/orders",
          {
            products: [{ product: attempt.product.id, quantity: 1 }],
            shippingAddress: attempt.shopper.addressId,
          },
          { session: attempt.shopper.session },
        ),
      })),
    );

    const placed = answers.filter(({ answer }) => answer.status === 201);
    for (const product of checkoutProducts) {
      const mine = answers.filter((attempt) => attempt.product === product);
      const sold = mine.filter(({ answer }) => answer.status === 201);
      const refused = mine.filter(({ answer }) => answer.status !== 201);
      expect(sold.length, `${product.name}: orders placed`).toBe(CHECKOUT_STOCK);
      for (const { answer } of refused) {
        expect(answer.status, show(answer)).toBe(409);
        expect(answer.body).toEqual({ success: false, message: api.outOfStock(product.name, 0) });
      }
    }

    // Each order is paid through the other server.
    const paid = await Promise.all(
      placed.map(({ shopper, answer, via }) =>
        (via === a ? b : a).client.post(
          "/api/payments",
          { order: idOf(answer), paymentGateway: "test", card: APPROVED_CARD },
          { session: shopper.session },
        ),
      ),
    );
    for (const answer of paid) expect(answer.status, show(answer)).toBe(201);

    // Units sold reach the products' counts at the next fold (modules/products/sold-counts.ts): fold now.
    await foldSoldCounts(db);
    const rows = await db
      .select({ id: productsTable.id, stock: productsTable.stock, sold: productsTable.soldCount })
      .from(productsTable)
      .where(
        inArray(
          productsTable.id,
          checkoutProducts.map((product) => product.id),
        ),
      );
    const units = await db.execute<{ productId: string; units: number }>(sql`
      select i.product_id as "productId", sum(i.quantity)::int as units
      from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' group by i.product_id`);
    const unitsOf = new Map(units.rows.map((row) => [row.productId, row.units]));
    expect(rows).toHaveLength(checkoutProducts.length);
    for (const row of rows) {
      expect(row.stock, "stock left").toBe(0);
      expect(unitsOf.get(row.id), "units in orders").toBe(CHECKOUT_STOCK);
      expect(row.sold, "units paid").toBe(CHECKOUT_STOCK);
    }
    const throughA = placed.filter(({ via }) => via === a).length;
    console.info(
      `[hard] two servers, checkout: ${answers.length} placements for ${checkoutProducts.length * CHECKOUT_STOCK} units, ` +
        `${placed.length} placed (${throughA} through A, ${placed.length - throughA} through B), ` +
        `${answers.length - placed.length} refused with 409, stock 0, no oversell`,
    );
  });
  it("lets a code limited to 5 uses be used 5 times when 40 shoppers place through both servers at once", async () => {
    const { db } = dbOf();
    const [code] = await db
      .insert(discounts)
      .values({ code: "HARD-FIVE", type: "percentage", value: 10, usageLimit: CODE_USES })
      .returning();
    if (!code) throw new Error("no code");
    // Each shopper buys a product of their own, so that only the code's row orders the placements.
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        (index % 2 === 0 ? a : b).client.post(
          "/api/orders",
          {
            products: [{ product: codedProducts[index]?.id, quantity: 1 }],
            shippingAddress: shopper.addressId,
            discountCode: "hard-five",
          },
          { session: shopper.session },
        ),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(CODE_USES);
    for (const answer of answers.filter((one) => one.status !== 201)) {
      expect(answer.status, show(answer)).toBe(409);
      expect(answer.body).toMatchObject({ success: false, message: discountCodes.usedUp });
    }
    const [row] = await db
      .select({ used: discounts.usedCount })
      .from(discounts)
      .where(inArray(discounts.id, [code.id]));
    expect(row?.used).toBe(CODE_USES);
    const withCode = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where discount_id = ${code.id} and status <> 'cancelled'`,
    );
    expect(withCode.rows[0]?.n).toBe(CODE_USES);
    // Paid, so that the sweeping servers below leave them be.
    const paid = await Promise.all(
      answers.flatMap((answer, index) =>
        answer.status === 201
          ? [
              (index % 2 === 0 ? b : a).client.post(
                "/api/payments",
                { order: idOf(answer), paymentGateway: "test", card: APPROVED_CARD },
                { session: shoppers[index]?.session },
              ),
            ]
          : [],
      ),
    );
    for (const answer of paid) expect(answer.status, show(answer)).toBe(201);
    console.info(
      `[hard] two servers, a code of ${CODE_USES} uses: ${answers.length} placements, ${placed.length} used it, the rest refused with 409`,
    );
  });
});

describe("two servers on one database, sweeping expired holds every second", () => {
  let a: ShopServer;
  let b: ShopServer;

  beforeAll(async () => {
    const { database } = dbOf();
    // A hold of 3 s makes each server sweep every second (the shortest interval).
    [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url, dataDir, holdMinutes: 0.05, logLevel: "info" }),
      startServer({ databaseUrl: database.url, dataDir, holdMinutes: 0.05, logLevel: "info" }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  /** Unpaid pending orders as the placement would leave them (their stock taken), placed at `createdAt`. */
  async function placePendingOrders(db: DatabaseHandle["db"], count: number, createdAt: Date) {
    const ids: string[] = [];
    const taken = new Map<string, number>();
    await db.transaction(async (tx) => {
      for (let n = 0; n < count; n++) {
        const shopper = shoppers[n % shoppers.length];
        if (!shopper) throw new Error("no shopper");
        const lines = sweepProducts.slice(0, 1 + (n % sweepProducts.length)).map((product, index) => ({
          product,
          quantity: 1 + ((n + index) % 3),
        }));
        const [order] = await tx
          .insert(orders)
          .values({
            userId: shopper.id,
            status: "pending",
            subTotal: 10,
            totalAmount: 10,
            shippingAddress: { ...ADDRESS, name: { firstName: "Priya", lastName: "Shopper" } },
            createdAt,
          })
          .returning({ id: orders.id });
        if (!order) throw new Error("no order");
        ids.push(order.id);
        await tx.insert(orderItems).values(
          lines.map(({ product, quantity }) => ({
            orderId: order.id,
            productId: product.id,
            variantId: sql<string>`(select id from product_variants where product_id = ${product.id})`,
            variantSku: sql<string>`(select sku from product_variants where product_id = ${product.id})`,
            name: product.name,
            price: 10,
            originalPrice: 10,
            quantity,
          })),
        );
        for (const { product, quantity } of lines) {
          taken.set(product.id, (taken.get(product.id) ?? 0) + quantity);
        }
      }
      for (const [productId, quantity] of taken) {
        await tx.execute(
          sql`update product_variants set stock = stock - ${quantity} where product_id = ${productId}`,
        );
      }
    });
    return { ids, taken };
  }

  it("cancels each expired order exactly once and gives its stock back once", async () => {
    const { db, database } = dbOf();
    // Placed in the future: not expired until the test says so.
    const { ids, taken } = await placePendingOrders(db, EXPIRED_ORDERS, new Date(Date.now() + 3_600_000));
    expect(taken.size).toBe(sweepProducts.length);

    // The test holds the products' rows, so that both servers' sweeps claim their orders and then
    // wait, at the same moment, to give the stock back: the race the sweep's row locks must win.
    const holder = new pg.Client({ connectionString: database.url });
    holder.on("error", () => undefined);
    await holder.connect();
    let holderPid = 0;
    try {
      holderPid = (await holder.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid ?? 0;
      await holder.query("begin");
      await holder.query("select id from products where id = any($1) for no key update", [
        sweepProducts.map((product) => product.id),
      ]);
      // Now the orders expire (an hour ago): the next run of each sweep claims some.
      await db.execute(sql`update orders set created_at = now() - interval '1 hour'
        where status = 'pending' and created_at > now()`);
      const waiting = await waitFor(async () => {
        const result = await holder.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
          [holderPid],
        );
        const count = result.rows[0]?.waiting ?? 0;
        return count >= 2 ? count : undefined;
      }, "both servers' sweeps to wait for the products");
      expect(waiting).toBe(2);
      await holder.query("commit");
    } finally {
      await holder.end();
    }

    await sweptAndSettled(db, "the sweeps to cancel every expired order");

    // One more expired order: once a later run of a sweep has cancelled it, that run has also passed
    // over the orders already cancelled, which must stay as they are.
    await placePendingOrders(db, 1, new Date(Date.now() - 60_000));
    await sweptAndSettled(db, "a later sweep to cancel one more expired order");

    const statuses = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(statuses).toHaveLength(EXPIRED_ORDERS);
    expect(statuses.every((order) => order.status === "cancelled")).toBe(true);
    const stock = await db
      .select({ id: productsTable.id, stock: productsTable.stock })
      .from(productsTable)
      .where(
        inArray(
          productsTable.id,
          sweepProducts.map((product) => product.id),
        ),
      );
    for (const row of stock) expect(row.stock, "stock back to its starting value, once").toBe(SWEEP_STOCK);
    // Each shopper is told once per cancelled order, by whichever sweep cancelled it.
    const told = await db.execute<{ orders: number; messages: number }>(sql`
      select count(distinct subject)::int as orders, count(*)::int as messages
      from emails where kind = 'orderCancelled'`);
    expect(told.rows[0], "cancellation messages: one per expired order").toEqual({
      orders: EXPIRED_ORDERS + 1,
      messages: EXPIRED_ORDERS + 1,
    });

    // Each server says how many orders its sweep cancelled: together, each order once, by both.
    await Promise.all([a.stop(), b.stop()]);
    const cancelledBy = (server: ShopServer) =>
      server
        .logRecords()
        .filter((record) => record.msg === "cancelled unpaid orders past their hold")
        .reduce((sum, record) => sum + Number(record.cancelled), 0);
    const byA = cancelledBy(a);
    const byB = cancelledBy(b);
    expect(byA + byB, "orders cancelled, summed over both servers").toBe(EXPIRED_ORDERS + 1);
    expect(byA, "orders cancelled by A's sweep").toBeGreaterThan(0);
    expect(byB, "orders cancelled by B's sweep").toBeGreaterThan(0);
    console.info(
      `[hard] two servers, sweep: ${byA + byB} expired orders cancelled once (${byA} by A, ${byB} by B, ` +
        "both sweeping at the same moment), stock back to its starting value",
    );
  });
});

/** Waits until no order is pending any more, then until no transaction is running on the database. */
async function sweptAndSettled(db: DatabaseHandle["db"], what: string) {
  await waitFor(async () => {
    const pending = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from orders where status = 'pending'`,
    );
    return pending.rows[0]?.count === 0 ? true : undefined;
  }, what);
  await waitFor(async () => {
    const busy = await db.execute<{ count: number }>(sql`select count(*)::int as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`);
    return busy.rows[0]?.count === 0 ? true : undefined;
  }, `${what}: no transaction left running`);
}

/** Polls until `probe` returns a value (every 100 ms, for at most 30 s). */
async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}
