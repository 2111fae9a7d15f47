/**
 * Ready to Ship's batch through Shiprocket, at 1k products on PostgreSQL against the built API: 100
 * orders placed and paid by bench shoppers (the API's own services, in this process), then one POST
 * /api/shiprocket/batches of all of them, timed from the client, against the fake of Shiprocket's API
 * (apps/api/test/shiprocket-fake.ts, in this process, answering at once): each order quoted, booked
 * (create, AWB, label, pickup) and recorded, then one label PDF and the manifest. Reported: the
 * batch's seconds and per order, the calls Shiprocket received per order, and that every order was
 * booked once (one Shiprocket order per order, every order shipped).
 *
 * NOTE: Shiprocket itself answers in 0.3 to 1.5 s a call; the fake answers at once, so the figure is
 * the shop's own work. A real batch of 100 takes about 100 × 6 calls / 4 at once × Shiprocket's time.
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "../apps/api/src/db/client";
import { ShiprocketFake } from "../apps/api/test/shiprocket-fake";
import { signInAdmin } from "./lib/admin-session";
import { type ApiServer, startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { Connection } from "./lib/load-loop";
import { at, orderStep, type Shopper, signInShoppers } from "./lib/shoppers";
import { paidOrderSetup, serviceCheckout } from "./paid-orders";

const SIZE = 1_000;
const ORDERS = 100;
const SHOPPERS = 10;
/** The shop's own work for a batch of 100, Shiprocket answering at once. */
const TARGET_S = 20;
const NEEDS_MS = 90_000;

interface Envelope<T> {
  data: T;
}

export async function shiprocket(ctx: BenchContext): Promise<void> {
  if (ctx.remainingMs() < NEEDS_MS) {
    ctx.report.note("shiprocket: skipped, the run's time budget is spent");
    return;
  }
  const catalog = await ctx.catalog(SIZE);
  const handle = await openDatabase({ databaseUrl: catalog.databaseUrl, poolSize: 4 });
  const fake = await ShiprocketFake.start();
  let server: ApiServer | undefined;
  let connection: Connection | undefined;
  let shipping: Record<string, unknown> | undefined;
  try {
    server = await startApiServer({
      databaseUrl: catalog.databaseUrl,
      dataDir: ctx.tempDir(),
      // Eleven sign-ins from one address in a few seconds: the limit is not what is measured.
      env: { ...(fake.env as Record<string, string>), AUTH_RATE_LIMIT_MAX: "1000000" },
    });
    const origin = server.url;
    connection = new Connection(origin);
    await signInAdmin(connection, origin);
    const settings = await connection.send("GET", "/api/settings");
    shipping = (JSON.parse(settings.body.toString("utf8")) as Envelope<{ shipping: Record<string, unknown> }>)
      .data.shipping;
    const shiprocketSettings = shipping.shiprocket as Record<string, unknown>;
    const saved = await connection.send("PUT", "/api/settings/shipping", {
      json: { ...shipping, shiprocket: { ...shiprocketSettings, pickupLocation: "Primary" } },
      headers: { origin },
    });
    if (saved.status !== 200) throw new Error(`naming the pickup location: status ${saved.status}`);

    // The orders, placed and paid by the API's services in this process (not what is measured).
    const shoppers: Shopper[] = await signInShoppers(server, handle, SHOPPERS);
    const setup = await paidOrderSetup(handle, shoppers, 0);
    const checkout = serviceCheckout(handle);
    const next = orderStep(setup.productIds, setup.variants);
    const before = new Set(
      (await handle.db.execute<{ id: string }>("select id from orders where status = 'processing'")).rows.map(
        (row) => row.id,
      ),
    );
    for (let n = 0; n < ORDERS; n++)
      await next(
        n % SHOPPERS,
        n,
        async (lines, key) => (await checkout(at(shoppers, n % SHOPPERS), lines, key)).status,
      );
    const ids = (
      await handle.db.execute<{ id: string }>(
        "select id from orders where status = 'processing' order by created_at desc",
      )
    ).rows
      .map((row) => row.id)
      .filter((id) => !before.has(id))
      .slice(0, ORDERS);
    if (ids.length !== ORDERS) throw new Error(`${ids.length} orders paid, not ${ORDERS}`);

    const started = performance.now();
    const answer = await connection.send("POST", "/api/shiprocket/batches", {
      json: { orders: ids, rule: "cheapest" },
      headers: { origin },
      timeoutMs: 300_000,
    });
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 200)
      throw new Error(`the batch: status ${answer.status} ${answer.body.toString("utf8")}`);
    const batch = (
      JSON.parse(answer.body.toString("utf8")) as Envelope<{ shipped: unknown[]; failed: unknown[] }>
    ).data;
    const shiprocketOrders = fake.orders.size;
    const shipped = Number(
      (
        await handle.db.execute<{ n: string }>(
          `select count(*) as n from orders where status = 'shipped' and id in (${ids.map((id) => `'${id}'`).join(", ")})`,
        )
      ).rows[0]?.n ?? 0,
    );
    const calls = fake.requests.filter((request) => request.call !== "login").length;
    ctx.report.figure({
      name: "shiprocket batch of 100",
      value: `${seconds.toFixed(1)} s (${((seconds * 1000) / ORDERS).toFixed(0)} ms an order; ${batch.shipped.length} booked, ${batch.failed.length} failed; ${shipped} orders shipped, ${shiprocketOrders} Shiprocket orders; ${(calls / ORDERS).toFixed(1)} calls an order)`,
      target: `target: <= ${TARGET_S} s, every order booked once`,
      met:
        seconds <= TARGET_S &&
        batch.shipped.length === ORDERS &&
        shipped === ORDERS &&
        shiprocketOrders === ORDERS,
    });
  } finally {
    // The shop's shipping settings as they were (the pickup location unnamed).
    if (server && connection && shipping)
      await connection
        .send("PUT", "/api/settings/shipping", { json: shipping, headers: { origin: server.url } })
        .catch(() => undefined);
    connection?.close();
    await server?.stop();
    await fake.close();
    await handle.close();
  }
}
