/**
 * Writes at 10k products on PostgreSQL, against the built API:
 *
 * - Paid orders: 50 shoppers placing and paying orders (paid-orders.ts), with the server's CPU and
 *   the statements per paid order.
 * - Order placement: 100 bench shoppers, each signed in once and with a saved address, place
 *   orders of one or two lines over the same 20 products in a closed loop for 10 s, each on its own
 *   kept-alive connection; each line names one of its product's six variants (Size x Colour).
 *   Five of the products have little stock, so demand exceeds it and an oversell would show;
 *   afterwards every product's stock plus the units of the orders placed must equal its starting
 *   stock. The ceiling is the API's own order service called in this process
 *   (no HTTP, no session, no serialization) over a pool of 10 connections, as the server's.
 * - Sign-ins: 50 connections signing in for 10 s with correct passwords (argon2id is slow on
 *   purpose); the ceiling is the API's own password check of the same hash in this process.
 * - Catalogue reads while sign-ins saturate the server: the p99 of the first page and of one
 *   product under a light load (200 reads a second, sent on schedule), with and without sign-ins.
 */
import { availableParallelism } from "node:os";
import { verify } from "@node-rs/argon2";
import type { OrderInputParsed } from "@shop/shared/schemas/order";
import { AppError } from "../apps/api/src/core/errors";
import { type DatabaseHandle, openDatabase } from "../apps/api/src/db/client";
import { verifyPassword } from "../apps/api/src/modules/auth/password";
import { placeOrder } from "../apps/api/src/modules/orders/placement";
import { type ApiServer, startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { Connection, closedLoop, type LoopResult, openLoop, timesOf } from "./lib/load-loop";
import {
  at,
  BENCH_MAIL,
  BENCH_ORDER_LIMITS,
  type Line,
  orderStep,
  perSecond,
  pickVariants,
  type Shopper,
  signIn,
  signInShoppers,
  type Variants,
} from "./lib/shoppers";
import { integer, literal } from "./lib/sql-text";
import { ms, percentile } from "./lib/stats";
import { countStatements, type PaidOrderSetup, paidOrderSetup, paidOrders } from "./paid-orders";
import { BENCH_PASSWORD, benchShopperEmail } from "./seed";

const SIZE = 10_000;
const SHOPPERS = 100;
/** Starting stock of the 20 products: the first five sell out within seconds, the rest last the run. */
const STOCK = [10, 25, 50, 100, 200, ...Array.from({ length: 15 }, () => 1_000_000)];
const ORDER_WARMUP_MS = 2_000;
const ORDER_CEILING_MS = 5_000;
const ORDER_MS = 10_000;
const SIGN_IN_CONNECTIONS = 50;
const SIGN_IN_CEILING_MS = 4_000;
const SIGN_IN_MS = 10_000;
/** The light read load: this many reads a second, on schedule, over at most READ_SOCKETS connections. */
const READ_RATE = 200;
const READ_SOCKETS = 50;
const READ_MS = 8_000;
/** Sign-ins run this long before and after the reads measured under them. */
const READ_MARGIN_MS = 1_000;
const READ_P99_TARGET_MS = 50;
/** Time each half needs, set-up included; a half that no longer fits in the run's budget is skipped. */
const ORDERS_NEEDED_MS = ORDER_WARMUP_MS + ORDER_CEILING_MS + ORDER_MS + 10_000;
const SIGN_INS_NEEDED_MS = 2 * SIGN_IN_CEILING_MS + SIGN_IN_MS + 2 * READ_MS + 2 * READ_MARGIN_MS + 5_000;
/** Sign-in and registration attempts from one address per minute: the bench signs in from one. */
const RATE_LIMIT_MAX = 1_000_000;

export async function writes(ctx: BenchContext): Promise<void> {
  if (ctx.remainingMs() < Math.min(ORDERS_NEEDED_MS, SIGN_INS_NEEDED_MS)) {
    ctx.report.note("writes: skipped, the run's time budget is spent");
    return;
  }
  const catalog = await ctx.catalog(SIZE);
  const handle = await openDatabase({ databaseUrl: catalog.databaseUrl, poolSize: 10 });
  // The hold sweep would cancel earlier runs' unpaid orders (a kept database's) while orders are
  // measured and counted: a week's hold keeps it out of the figures.
  const env = { AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX), ORDER_HOLD_MINUTES: String(7 * 24 * 60) };
  let server: ApiServer | undefined;
  let shoppers: Shopper[] = [];
  let paid: PaidOrderSetup | undefined;
  try {
    server = await startApiServer({
      databaseUrl: catalog.databaseUrl,
      dataDir: ctx.tempDir(),
      env,
      timeoutMs: ctx.budget(60_000),
    });
    ctx.report.note(
      `the API, PostgreSQL and the load (this process) share ${availableParallelism()} cores; ` +
        `UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? "unset (4)"}`,
    );
    const productIds = await pickProducts(handle);
    const variants = await pickVariants(handle, productIds);
    shoppers = await signInShoppers(server, handle, SHOPPERS);
    paid = await paidOrderSetup(handle, shoppers, STOCK.length);
    await paidOrders(ctx, server, handle, paid);
    await orders(ctx, server, handle, shoppers, productIds, variants);
    await signIns(ctx, server, handle, catalog.newestProductId);
  } finally {
    for (const shopper of shoppers) shopper.connection.close();
    const logged = server?.logged() ?? [];
    if (logged.length > 0) ctx.report.note(`the API logged:\n    ${logged.join("\n    ")}`);
    await server?.stop();
  }
  try {
    // After the main server stopped, so that only the counted server's sender drains the outbox.
    if (paid) await countStatements(ctx, catalog.databaseUrl, handle, paid, env);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Order placement

async function orders(
  ctx: BenchContext,
  server: ApiServer,
  handle: DatabaseHandle,
  shoppers: readonly Shopper[],
  productIds: readonly string[],
  variants: Variants,
) {
  if (ctx.remainingMs() < ORDERS_NEEDED_MS) {
    ctx.report.note("order placement: skipped, the run's time budget is spent");
    return;
  }
  const placeOne = orderStep(productIds, variants);

  // Unmeasured: the server's code paths and connections warm up.
  await setStock(handle, productIds, variants);
  await closedLoop({ clients: SHOPPERS, durationMs: ORDER_WARMUP_MS }, (client, n) =>
    placeOne(client, n, (lines, key) => postOrder(server, at(shoppers, client), lines, key)),
  );

  // The ceiling: the same orders through the API's order service in this process.
  await setStock(handle, productIds, variants);
  const ceiling = await closedLoop(
    { clients: SHOPPERS, durationMs: ctx.budget(ORDER_CEILING_MS) },
    (client, n) =>
      placeOne(client, n, (lines, key) => callOrderService(handle, at(shoppers, client), lines, key)),
  );

  // The measured run, from a known stock.
  await setStock(handle, productIds, variants);
  const before = await orderedUnits(handle, productIds);
  const ordered = new Map<string, number>();
  const unexpected: string[] = [];
  const run = await closedLoop({ clients: SHOPPERS, durationMs: ctx.budget(ORDER_MS) }, (client, n) =>
    placeOne(client, n, async (lines, key) => {
      const status = await postOrder(server, at(shoppers, client), lines, key, unexpected);
      if (status === 201)
        for (const line of lines) ordered.set(line.product, (ordered.get(line.product) ?? 0) + line.quantity);
      return status;
    }),
  );
  const after = await orderedUnits(handle, productIds);

  reportOrders(ctx, run, ceiling, unexpected);
  checkStock(ctx, productIds, before, after, ordered);
}

/** 20 active products of the catalogue, always the same ones. */
async function pickProducts(handle: DatabaseHandle): Promise<string[]> {
  const { rows } = await handle.db.execute<{ id: string }>(
    `select id from products where is_active order by id limit ${integer(STOCK.length)}`,
  );
  if (rows.length < STOCK.length) throw new Error(`the catalogue has fewer than ${STOCK.length} products`);
  return rows.map((row) => row.id);
}

/**
 * Shares each product's starting stock out among its variants (the first ones get the remainder);
 * the variants' trigger derives the product's, which is then its STOCK figure.
 */
async function setStock(handle: DatabaseHandle, productIds: readonly string[], variants: Variants) {
  const values = productIds.flatMap((id, k) => {
    const ids = variants.get(id) ?? [];
    const total = at(STOCK, k);
    return ids.map(
      (variant, j) =>
        `(${literal(variant)}, ${integer(Math.floor(total / ids.length) + (j < total % ids.length ? 1 : 0))})`,
    );
  });
  await handle.db.execute(
    `update product_variants pv set stock = v.stock from (values ${values.join(", ")}) v(id, stock)
     where pv.id = v.id`,
  );
}

/** Units of each product in orders that hold stock (every status but cancelled), with its stock. */
async function orderedUnits(
  handle: DatabaseHandle,
  productIds: readonly string[],
): Promise<Map<string, { stock: number; units: number }>> {
  const { rows } = await handle.db.execute<{ id: string; stock: number; units: number }>(`
    select p.id, p.stock, coalesce((
      select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
      where oi.product_id = p.id and o.status <> 'cancelled'), 0)::int as units
    from products p where p.id in (${productIds.map(literal).join(", ")})`);
  return new Map(rows.map((row) => [row.id, { stock: row.stock, units: row.units }]));
}

async function postOrder(
  server: ApiServer,
  shopper: Shopper,
  lines: Line[],
  idempotencyKey: string,
  unexpected?: string[],
): Promise<number> {
  const answer = await shopper.connection.send("POST", "/api/orders", {
    json: { products: lines, shippingAddress: shopper.addressId },
    // The Origin a browser on the shop's own page sends (the same-origin check lets it through).
    headers: { "idempotency-key": idempotencyKey, origin: server.url },
  });
  if (answer.status !== 201 && answer.status !== 409 && unexpected && unexpected.length < 3)
    unexpected.push(`${answer.status} ${answer.body.toString("utf8").slice(0, 200)}`);
  return answer.status;
}

async function callOrderService(
  handle: DatabaseHandle,
  shopper: Shopper,
  lines: Line[],
  idempotencyKey: string,
): Promise<number> {
  const input: OrderInputParsed = { products: lines, shippingAddress: shopper.addressId };
  try {
    await placeOrder(handle.db, shopper.user, input, {
      idempotencyKey,
      limits: BENCH_ORDER_LIMITS,
      mail: BENCH_MAIL,
    });
    return 201;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

function reportOrders(ctx: BenchContext, run: LoopResult, ceiling: LoopResult, unexpected: string[]) {
  const placed = timesOf(run, "order", 201);
  const refused = timesOf(run, "order", 409);
  const ceilingPlaced = timesOf(ceiling, "order", 201).length;
  const others = [...run.times.entries()]
    .filter(([key]) => key !== "order 201" && key !== "order 409")
    .map(([key, times]) => `${times.length} x ${key}`);
  if (others.length > 0 || run.errors > 0) {
    ctx.report.note(
      `order placement: ${others.join(", ") || "no other answers"}; ${run.errors} requests failed` +
        `${run.firstError ? ` (${run.firstError})` : ""}${unexpected.length ? `; e.g. ${unexpected.join(" | ")}` : ""}`,
    );
  }
  const rate = perSecond(placed.length, run.seconds);
  const ceilingRate = perSecond(ceilingPlaced, ceiling.seconds);
  ctx.report.figure({
    name: `order placement (${SHOPPERS} shoppers, ${STOCK.length} products)`,
    value:
      `${rate.toFixed(0)} orders/s, p50 ${ms(percentile(placed, 50))}, p99 ${ms(percentile(placed, 99))} ` +
      `(${placed.length} placed in ${run.seconds.toFixed(1)} s); ` +
      `${refused.length} out of stock (409, p99 ${ms(percentile(refused, 99))}); ` +
      `${Math.round((rate / ceilingRate) * 100)}% of ceiling ${ceilingRate.toFixed(0)} orders/s ` +
      `(the order service in this process, ${timesOf(ceiling, "order", 409).length} out of stock in ${ceiling.seconds.toFixed(1)} s)`,
    target: "no throughput target; every answer 201 or 409",
    met: others.length === 0 && run.errors === 0 && placed.length > 0,
  });
}

/**
 * Zero oversell: for each product, the stock now plus the units of the orders placed during the run
 * is the starting stock, no stock is below zero, and the database holds exactly the units of the
 * orders the shoppers were told were placed (201).
 */
function checkStock(
  ctx: BenchContext,
  productIds: readonly string[],
  before: Map<string, { stock: number; units: number }>,
  after: Map<string, { stock: number; units: number }>,
  ordered: Map<string, number>,
) {
  let oversold = 0;
  let soldOut = 0;
  const mismatches: string[] = [];
  productIds.forEach((id, k) => {
    const start = at(STOCK, k);
    const now = after.get(id);
    const was = before.get(id);
    if (!now || !was) {
      mismatches.push(`${id}: missing`);
      return;
    }
    const units = now.units - was.units;
    oversold += Math.max(0, units - start) + Math.max(0, -now.stock);
    if (now.stock === 0) soldOut++;
    if (now.stock + units !== start)
      mismatches.push(`${id}: stock ${now.stock} + ordered ${units} != ${start}`);
    if (units !== (ordered.get(id) ?? 0))
      mismatches.push(`${id}: ${units} units in orders, ${ordered.get(id) ?? 0} in answers 201`);
  });
  if (mismatches.length > 0) ctx.report.note(`stock mismatches: ${mismatches.join("; ")}`);
  ctx.report.note(
    `${soldOut} of ${productIds.length} products sold out during the run (demand exceeded their stock)` +
      `${mismatches.length === 0 ? "; for all, stock + units ordered = starting stock, as the answers said" : ""}`,
  );
  ctx.report.figure({
    name: "orders oversold",
    value: `${oversold} units`,
    target: "target 0",
    met: oversold === 0 && mismatches.length === 0,
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-ins, and catalogue reads while they saturate the server

async function signIns(ctx: BenchContext, server: ApiServer, handle: DatabaseHandle, productId: string) {
  if (ctx.remainingMs() < SIGN_INS_NEEDED_MS) {
    ctx.report.note("sign-ins: skipped, the run's time budget is spent");
    return;
  }
  const { rows } = await handle.db.execute<{ accounts: number; hash: string }>(
    `select count(*)::int as accounts, min(password_hash) as hash from users where email like 'bench.shopper.%'`,
  );
  const accounts = rows[0]?.accounts ?? 0;
  const hash = rows[0]?.hash ?? "";
  // Other accounts than the order benchmark's shoppers.
  const firstAccount = SHOPPERS + 1;
  if (accounts < firstAccount + SIGN_IN_CONNECTIONS)
    throw new Error(
      `the catalogue has ${accounts} bench shoppers; sign-ins need ${firstAccount + SIGN_IN_CONNECTIONS}`,
    );

  // The ceiling: the API's own password check (with its limit on hashes at once) in this process;
  // beside it, argon2id with no limit, on every thread of libuv's pool.
  const verifications = async (check: () => Promise<boolean>) => {
    const run = await closedLoop(
      { clients: SIGN_IN_CONNECTIONS, durationMs: ctx.budget(SIGN_IN_CEILING_MS) },
      async () => ({ label: "verify", status: (await check()) ? 200 : 401 }),
    );
    return perSecond(timesOf(run, "verify", 200).length, run.seconds);
  };
  const hashRate = await verifications(() => verifyPassword(hash, BENCH_PASSWORD));
  const unlimitedRate = await verifications(() => verify(hash, BENCH_PASSWORD));

  const connections = Array.from({ length: SIGN_IN_CONNECTIONS }, () => new Connection(server.url));
  const signInLoop = (durationMs: number) =>
    closedLoop({ clients: SIGN_IN_CONNECTIONS, durationMs }, async (client, n) => {
      const account = firstAccount + ((client + n * SIGN_IN_CONNECTIONS) % (accounts - SHOPPERS));
      const status = await signIn(server, at(connections, client), benchShopperEmail(account));
      return { label: "sign-in", status };
    });
  const readPaths = [
    { name: "products list", path: "/api/products?page=1&size=8" },
    { name: "product", path: `/api/products/${productId}` },
  ];
  const reader = new Connection(server.url, { sockets: READ_SOCKETS });
  const readLoop = () =>
    openLoop({ perSecond: READ_RATE, durationMs: ctx.budget(READ_MS) }, async (n) => {
      const read = at(readPaths, n % readPaths.length);
      return { label: read.name, status: (await reader.send("GET", read.path)).status };
    });

  try {
    const alone = await signInLoop(ctx.budget(SIGN_IN_MS));
    reportSignIns(ctx, alone, hashRate, unlimitedRate);

    const quiet = await readLoop();
    const busy = signInLoop(ctx.budget(READ_MS + 2 * READ_MARGIN_MS));
    await new Promise((resolve) => setTimeout(resolve, READ_MARGIN_MS));
    const loaded = await readLoop();
    const during = await busy;
    ctx.report.note(
      `reads: ${READ_RATE} a second on schedule (an open loop, over up to ${READ_SOCKETS} kept-alive connections), ` +
        `alternating the two paths; ` +
        `all but one read per path every 5 s answered from the API's read cache, which sign-ins do not empty (as in production); ` +
        `${perSecond(timesOf(during, "sign-in", 200).length, during.seconds).toFixed(1)} sign-ins/s meanwhile`,
    );
    for (const read of readPaths) reportRead(ctx, read.name, quiet, loaded);
  } finally {
    for (const connection of [...connections, reader]) connection.close();
  }
}

function reportSignIns(ctx: BenchContext, run: LoopResult, hashRate: number, unlimitedRate: number) {
  const ok = timesOf(run, "sign-in", 200);
  const rate = perSecond(ok.length, run.seconds);
  const others = [...run.times.entries()].filter(([key]) => key !== "sign-in 200");
  if (others.length > 0 || run.errors > 0) {
    ctx.report.note(
      `sign-ins: ${others.map(([key, times]) => `${times.length} x ${key}`).join(", ") || "no other answers"}; ` +
        `${run.errors} requests failed${run.firstError ? ` (${run.firstError})` : ""}`,
    );
  }
  ctx.report.figure({
    name: `sign-ins (${SIGN_IN_CONNECTIONS} connections)`,
    value:
      `${rate.toFixed(1)} sign-ins/s, p50 ${ms(percentile(ok, 50))}, p99 ${ms(percentile(ok, 99))}; ` +
      `${Math.round((rate / hashRate) * 100)}% of ceiling ${hashRate.toFixed(1)}/s ` +
      `(the API's password check alone, in this process; argon2id on every pool thread, ` +
      `leaving no core for the event loop: ${unlimitedRate.toFixed(1)}/s)`,
    target: "no throughput target; every answer 200",
    met: others.length === 0 && run.errors === 0 && ok.length > 0,
  });
}

function reportRead(ctx: BenchContext, name: string, quiet: LoopResult, loaded: LoopResult) {
  const under = timesOf(loaded, name, 200);
  const without = timesOf(quiet, name, 200);
  const failed = loaded.errors + quiet.errors + countOthers(loaded, name) + countOthers(quiet, name);
  const p99 = percentile(under, 99);
  ctx.report.figure({
    name: `${name} p99 during sign-ins`,
    value:
      `${ms(p99)}, p50 ${ms(percentile(under, 50))} (${under.length} reads); ` +
      `without sign-ins p99 ${ms(percentile(without, 99))}, p50 ${ms(percentile(without, 50))}` +
      `${failed > 0 ? `; ${failed} reads failed` : ""}`,
    target: `target p99 <= ${READ_P99_TARGET_MS} ms`,
    met: failed === 0 && p99 <= READ_P99_TARGET_MS,
  });
}

function countOthers(result: LoopResult, label: string): number {
  let count = 0;
  for (const [key, times] of result.times)
    if (key.startsWith(`${label} `) && key !== `${label} 200`) count += times.length;
  return count;
}
