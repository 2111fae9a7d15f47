/**
 * Paid orders at 10k products on PostgreSQL, against the built API, as shoppers check out: 50 bench
 * shoppers in a closed loop, each placing an order (POST /api/orders) and paying it with the test
 * card (POST /api/payments), over 200 products whose stock lasts the run (a day's orders spread over
 * the catalogue; the placement benchmark is the flash sale, 100 shoppers on 20 products). Every
 * payment still queues on one row, the financial year's invoice counter (gap-free numbers). It reports
 *
 * - paid orders a second, and the time of each request;
 * - the server's CPU per paid order: its user + system time over the run (as `process.cpuUsage`
 *   counts it, read from /proc) divided by the orders paid, the mail sender's work included;
 * - the statements per paid order on the two requests, and the sender's: counted on the wire by a
 *   proxy (lib/statement-counter.ts) in front of a second server started for that count alone, so
 *   that the proxy does not weigh on the measured run;
 * - the ceiling: the same two service calls (placeOrder, payOrder) in this process over a pool of
 *   10 connections, as the server's, with no HTTP, session or serialization.
 */
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { OrderInputParsed } from "@shop/shared/schemas/order";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../apps/api/src/core/errors";
import type { DatabaseHandle } from "../apps/api/src/db/client";
import { placeOrder } from "../apps/api/src/modules/orders/placement";
import { payOrder } from "../apps/api/src/modules/payments/service";
import { TEST_CARDS, testGatewayProviders } from "../apps/api/src/payments/test-gateway";
import { type ApiServer, startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { Connection, closedLoop, type LoopResult, timesOf } from "./lib/load-loop";
import { cpuMsOf, roleOf } from "./lib/proc-cpu";
import {
  at,
  BENCH_MAIL,
  BENCH_ORDER_LIMITS,
  type Line,
  orderStep,
  perSecond,
  pickVariants,
  type Shopper,
  type Variants,
} from "./lib/shoppers";
import { integer, literal } from "./lib/sql-text";
import { type StatementCounts, startStatementCounter } from "./lib/statement-counter";
import { ms, percentile } from "./lib/stats";

export const PAID_SHOPPERS = 50;
const WARMUP_MS = 2_000;
const CEILING_MS = 5_000;
const RUN_MS = 10_000;
/** The statement count: this many shoppers for this long, on a server of its own. */
const COUNT_SHOPPERS = 10;
const COUNT_MS = 3_000;
export const PAID_NEEDED_MS = WARMUP_MS + CEILING_MS + RUN_MS + 5_000;
export const COUNT_NEEDED_MS = COUNT_MS + 20_000;

/** The goals of the checkout's write path (bench/README.md). */
const GOAL_PER_SECOND = 300;
const GOAL_CPU_MS = 3;
const GOAL_STATEMENTS = 12;

const CARD = { number: TEST_CARDS.approved, expiry: "12/99", cvc: "123" };

/** Products the paid orders spread over, after the 20 of the placement benchmark. */
const PRODUCTS = 200;

/**
 * The shoppers and PRODUCTS active products (after the first `skip` by id), each variant given
 * stock that lasts the run.
 */
export async function paidOrderSetup(
  handle: DatabaseHandle,
  shoppers: readonly Shopper[],
  skip: number,
): Promise<PaidOrderSetup> {
  const { rows } = await handle.db.execute<{ id: string }>(
    `select id from products where is_active order by id offset ${integer(skip)} limit ${integer(PRODUCTS)}`,
  );
  const productIds = rows.map((row) => row.id);
  await handle.db.execute(
    `update product_variants set stock = 1000000
     where product_id in (${productIds.map(literal).join(", ")}) and removed_at is null`,
  );
  return { shoppers, productIds, variants: await pickVariants(handle, productIds) };
}

export interface PaidOrderSetup {
  shoppers: readonly Shopper[];
  /** Products whose stock lasts the run, with their variants. */
  productIds: readonly string[];
  variants: Variants;
}

/** Places then pays one order; answers the status of the payment (or of a refused placement). */
type Checkout = (shopper: Shopper, lines: Line[], key: string) => Promise<{ label: string; status: number }>;

export function checkoutOver(connectionOf: (shopper: Shopper) => Connection, origin: string): Checkout {
  return async (shopper, lines, key) => {
    const connection = connectionOf(shopper);
    const placed = await connection.send("POST", "/api/orders", {
      json: { products: lines, shippingAddress: shopper.addressId },
      headers: { "idempotency-key": key, origin },
    });
    if (placed.status !== 201) return { label: "order", status: placed.status };
    const order = (JSON.parse(placed.body.toString("utf8")) as { data: { _id: string } }).data._id;
    const paid = await connection.send("POST", "/api/payments", {
      json: { order, paymentGateway: "test", card: CARD },
      headers: { origin },
    });
    return { label: "payment", status: paid.status };
  };
}

/** The loop step: each shopper's next order (lib/shoppers.ts) through `checkout`. */
export function loopOf(setup: PaidOrderSetup, checkout: Checkout) {
  const next = orderStep(setup.productIds, setup.variants);
  return async (client: number, n: number) => {
    let outcome = { label: "order", status: 0 };
    await next(client, n, async (lines, key) => {
      outcome = await checkout(at(setup.shoppers, client), lines, key);
      return outcome.status;
    });
    return outcome;
  };
}

const noop = () => undefined;
/** The payment service logs only what goes wrong; the bench's checkouts are all paid. */
const silent: FastifyBaseLogger = {
  level: "silent",
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silent,
};

/** The same two service calls the requests make, in this process. */
export function serviceCheckout(handle: DatabaseHandle): Checkout {
  const providers = testGatewayProviders();
  return async (shopper, lines, key) => {
    const input: OrderInputParsed = { products: lines, shippingAddress: shopper.addressId };
    try {
      const { order } = await placeOrder(handle.db, shopper.user, input, {
        idempotencyKey: key,
        limits: BENCH_ORDER_LIMITS,
        mail: BENCH_MAIL,
      });
      await payOrder(
        handle.db,
        providers,
        shopper.user,
        { order: order._id, paymentGateway: "test", card: CARD },
        silent,
        BENCH_MAIL,
      );
      return { label: "payment", status: 201 };
    } catch (error) {
      if (error instanceof AppError) return { label: "payment", status: error.status };
      throw error;
    }
  };
}

export async function paidOrders(
  ctx: BenchContext,
  server: ApiServer,
  handle: DatabaseHandle,
  setup: PaidOrderSetup,
) {
  if (ctx.remainingMs() < PAID_NEEDED_MS) {
    ctx.report.note("paid orders: skipped, the run's time budget is spent");
    return;
  }
  const overHttp = loopOf(
    setup,
    checkoutOver((shopper) => shopper.connection, server.url),
  );
  const clients = Math.min(PAID_SHOPPERS, setup.shoppers.length);

  const ceiling = await closedLoop(
    { clients, durationMs: ctx.budget(CEILING_MS) },
    loopOf(setup, serviceCheckout(handle)),
  );

  // Unmeasured: the server's code paths and connections warm up (after the ceiling, so that no
  // kept-alive connection has sat idle past the server's keep-alive timeout when the run starts).
  await closedLoop({ clients, durationMs: WARMUP_MS }, overHttp);
  await waitForOutbox(handle);

  const cpuBefore = cpuMsOf(server.pid);
  const databaseBefore = postgresCpu();
  const loadBefore = process.cpuUsage();
  const run = await closedLoop({ clients, durationMs: ctx.budget(RUN_MS) }, overHttp);
  const load = process.cpuUsage(loadBefore);
  // The sender's work on this run's messages counts too: it finishes before the CPU is read again.
  await waitForOutbox(handle);
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  reportPaid(ctx, run, ceiling, cpuMs, postgresCpuSince(databaseBefore), (load.user + load.system) / 1000);
}

/**
 * The CPU time of every PostgreSQL process of this machine (the server's backends, its writers), in
 * ms by process, with what the process is (from its title): what the database spent, whoever else
 * used it meanwhile.
 */
function postgresCpu(): Map<number, { ms: number; role: string }> {
  const times = new Map<number, { ms: number; role: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        times.set(Number(entry), { ms: cpuMsOf(Number(entry)), role: roleOf(Number(entry)) });
    } catch {
      // The process ended while it was read.
    }
  }
  return times;
}

/**
 * The CPU the PostgreSQL processes used between two readings, in all and by part (a process that
 * ended meanwhile is missed).
 */
function postgresCpuSince(before: Map<number, { ms: number }>): {
  total: number;
  parts: Map<string, number>;
} {
  let total = 0;
  const parts = new Map<string, number>();
  for (const [pid, { ms, role }] of postgresCpu()) {
    const spent = ms - (before.get(pid)?.ms ?? 0);
    total += spent;
    parts.set(role, (parts.get(role) ?? 0) + spent);
  }
  return { total, parts };
}

/** Waits (up to `limitMs`) until the outbox holds no queued message. */
export async function waitForOutbox(handle: DatabaseHandle, limitMs = 10_000): Promise<void> {
  for (let waited = 0; waited < limitMs; waited += 50) {
    const { rows } = await handle.db.execute<{ queued: number }>(
      "select count(*)::int as queued from emails where status = 'queued'",
    );
    if ((rows[0]?.queued ?? 0) === 0) return;
    await sleep(50);
  }
}

function reportPaid(
  ctx: BenchContext,
  run: LoopResult,
  ceiling: LoopResult,
  cpuMs: number,
  database: { total: number; parts: Map<string, number> },
  loadMs: number,
) {
  const paid = timesOf(run, "payment", 201);
  const others = [...run.times.entries()]
    .filter(([key]) => key !== "payment 201")
    .map(([key, times]) => `${times.length} x ${key}`);
  if (others.length > 0 || run.errors > 0)
    ctx.report.note(
      `paid orders: ${others.join(", ") || "no other answers"}; ${run.errors} checkouts failed` +
        `${run.firstError ? ` (${run.firstError})` : ""}`,
    );
  const rate = perSecond(paid.length, run.seconds);
  const ceilingRate = perSecond(timesOf(ceiling, "payment", 201).length, ceiling.seconds);
  const cpuPerOrder = paid.length > 0 ? cpuMs / paid.length : Number.NaN;
  ctx.report.figure({
    name: `paid orders (${PAID_SHOPPERS} shoppers, place + pay)`,
    value:
      `${rate.toFixed(0)} paid orders/s, checkout p50 ${ms(percentile(paid, 50))}, p99 ${ms(percentile(paid, 99))} ` +
      `(${paid.length} in ${run.seconds.toFixed(1)} s); ` +
      `${Math.round((rate / ceilingRate) * 100)}% of ceiling ${ceilingRate.toFixed(0)}/s (the two service calls in this process)`,
    target: `goal >= ${GOAL_PER_SECOND}/s; every checkout placed and paid`,
    met: others.length === 0 && run.errors === 0 && rate >= GOAL_PER_SECOND,
  });
  ctx.report.figure({
    name: "server CPU per paid order",
    value:
      `${cpuPerOrder.toFixed(2)} ms (${(cpuMs / 1000).toFixed(1)} s of CPU over the run, the sender's included); ` +
      `PostgreSQL meanwhile ${(database.total / Math.max(1, paid.length)).toFixed(2)} ms per paid order`,
    target: `goal <= ${GOAL_CPU_MS} ms`,
    met: cpuPerOrder <= GOAL_CPU_MS,
  });
  const parts = [...database.parts]
    .filter(([, spent]) => spent >= 5)
    .sort((a, b) => b[1] - a[1])
    .map(([role, spent]) => `${role} ${(spent / Math.max(1, paid.length)).toFixed(2)} ms`);
  ctx.report.note(`PostgreSQL's CPU per paid order, by process: ${parts.join(", ")}`);
  ctx.report.note(
    `the load generator (this process) meanwhile: ${(loadMs / Math.max(1, paid.length)).toFixed(2)} ms of CPU per paid order`,
  );
}

/**
 * The statements of a paid order: a server of its own started behind the counting proxy, the same
 * checkout by a few shoppers for a few seconds, then the outbox drained.
 */
export async function countStatements(
  ctx: BenchContext,
  databaseUrl: string,
  handle: DatabaseHandle,
  setup: PaidOrderSetup,
  env: Record<string, string>,
) {
  if (ctx.remainingMs() < COUNT_NEEDED_MS) {
    ctx.report.note("statements per paid order: skipped, the run's time budget is spent");
    return;
  }
  await waitForOutbox(handle);
  const counter = await startStatementCounter(databaseUrl);
  let server: ApiServer | undefined;
  const connections = new Map<Shopper, Connection>();
  try {
    server = await startApiServer({
      databaseUrl: counter.url,
      dataDir: ctx.tempDir(),
      env,
      timeoutMs: ctx.budget(60_000),
    });
    const url = server.url;
    const connectionOf = (shopper: Shopper) => {
      let connection = connections.get(shopper);
      if (!connection) {
        connection = new Connection(url);
        connection.cookie = shopper.connection.cookie;
        connections.set(shopper, connection);
      }
      return connection;
    };
    const loop = loopOf(setup, checkoutOver(connectionOf, url));
    // One checkout each first, so that start-up statements are not counted.
    await Promise.all(Array.from({ length: COUNT_SHOPPERS }, (_, client) => loop(client, 0)));
    await waitForOutbox(handle);
    counter.reset();
    const { rows } = await handle.db.execute<{ at: string }>("select now()::text as at");
    const run = await closedLoop({ clients: COUNT_SHOPPERS, durationMs: COUNT_MS }, loop);
    await waitForOutbox(handle);
    const counts = counter.counts();
    const sent = await handle.db.execute<{ sent: number }>(
      `select count(*)::int as sent from emails where created_at >= '${rows[0]?.at ?? "now"}'::timestamptz and status = 'sent'`,
    );
    reportStatements(ctx, run, counts, sent.rows[0]?.sent ?? 0);
  } finally {
    for (const connection of connections.values()) connection.close();
    await server?.stop();
    await counter.close();
  }
}

function reportStatements(ctx: BenchContext, run: LoopResult, counts: StatementCounts, sent: number) {
  const paid = timesOf(run, "payment", 201).length;
  const perOrder = paid > 0 ? counts.requests / paid : Number.NaN;
  ctx.report.figure({
    name: "statements per paid order (the two requests)",
    value:
      `${perOrder.toFixed(1)} (${counts.requests} for ${paid} paid orders, BEGIN and COMMIT included); ` +
      `the sender: ${counts.sender} statements in ${counts.senderUnits} transactions for ${sent} messages`,
    target: `goal <= ${GOAL_STATEMENTS}`,
    met: paid > 0 && perOrder <= GOAL_STATEMENTS,
  });
  const top = [...counts.texts.entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 30)
    .map(([text, count]) => `${(count / Math.max(1, paid)).toFixed(2)} x ${text}`);
  ctx.report.note(`statements per paid order, by text (requests and sender):\n    ${top.join("\n    ")}`);
}
