/**
 * kill -9 of a shop server between a refund's reservation and Razorpay's answer, and between a
 * capture and its record, with a second server on the same PostgreSQL database whose payment sweep
 * finishes the refund, or records the captured money, exactly once (docs/decisions/030-razorpay.md,
 * "The sweep"; 046, every captured rupee recorded).
 *
 * Razorpay is the fake of its API (test/razorpay-fake.ts), in this process. B calls it directly; A
 * calls it through a gate of the test's that passes every call on but A's refund, which it holds
 * unanswered, then the test kills A (SIGKILL) while A waits:
 * - held before the fake heard of it: A died before Razorpay knew, so B's sweep must free the
 *   reservation (nothing refunded, the amount refundable again);
 * - passed on, made by the fake, its answer held: A died after Razorpay refunded and before the shop
 *   recorded it, so B's sweep must find it by the request id it carries and record it once;
 * - a capture passed on, made by the fake, its answer held: A died after Razorpay took the money and
 *   before the shop recorded it, so B's sweep must record the payment once (one payment, one invoice,
 *   one email), without capturing or refunding anything.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { emails } from "#api/db/schema/emails";
import { orderEvents, orders, payments } from "#api/db/schema/orders";
import { razorpayOrders } from "#api/db/schema/razorpay";
import { refunds } from "#api/db/schema/refunds";
import { salesLedger } from "#api/db/schema/sales";
import { unmatchedPayments } from "#api/db/schema/unmatched-payments";
import { users } from "#api/db/schema/users";
import { RazorpayFake } from "#test/razorpay-fake";
import { type SeededProduct, type Shopper, seedProducts, seedShoppers } from "./fixtures";
import { type Answer, idOf } from "./http";
import { createDatabase, type TestDatabase } from "./postgres";
import { type ShopServer, startServer, stopAllServers } from "./server-process";

/**
 * How old a pending refund is before a sweep asks Razorpay about it (the least a shop may set); the
 * sweep runs every half of it.
 */
const SWEEP_AFTER_SECONDS = 30;
/** The refund A dies in the middle of, in rupees. */
const REFUND = 3;
const REASON = "Arrived damaged";

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let razorpay: RazorpayFake | undefined;
let refundGate: RefundGate | undefined;
let products: SeededProduct[];
let shoppers: Shopper[];
let owner: Shopper;

type GateMode = "before Razorpay" | "after Razorpay";

interface HeldRefund {
  /** The call A made: `POST /v1/payments/{id}/refund`. */
  path: string;
  /** X-Refund-Idempotency: the shop's request id for the refund. */
  requestId: string | undefined;
  /** The fake's answer, when the call was passed on. */
  answered?: { status: number; body: string };
}

/** Razorpay as A sees it: the fake, but for A's refund calls, which are held (see the file's comment). */
interface RefundGate {
  url: string;
  /** Resolves once A's next refund (or capture) call is held, as `mode` says. */
  hold(mode: GateMode, call?: "refund" | "capture"): Promise<HeldRefund>;
  /** Every refund call held so far. */
  held: HeldRefund[];
  close(): Promise<void>;
}

const HELD_CALLS = {
  refund: /^\/v1\/payments\/[^/]+\/refund$/,
  capture: /^\/v1\/payments\/[^/]+\/capture$/,
} as const;
/** What the shop sends Razorpay that the fake reads. */
const PASSED_HEADERS = ["authorization", "content-type", "accept", "x-refund-idempotency"];

async function startGate(target: RazorpayFake): Promise<RefundGate> {
  let armed:
    | { mode: GateMode; call: keyof typeof HELD_CALLS; resolve: (held: HeldRefund) => void }
    | undefined;
  const held: HeldRefund[] = [];
  const passOn = async (method: string, url: string, headers: Record<string, string>, body: string) => {
    const response = await fetch(`${target.url}${url}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  };
  const server: Server = createServer((request, response) => {
    // A killed caller's socket is gone: nothing is ever written to it again.
    response.on("error", () => undefined);
    request.on("error", () => undefined);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const method = request.method ?? "GET";
      const url = request.url ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const path = new URL(url, "http://gate").pathname;
      const work = async () => {
        if (method === "POST" && (HELD_CALLS.refund.test(path) || HELD_CALLS.capture.test(path))) {
          if (!armed || !HELD_CALLS[armed.call].test(path))
            throw new Error(`A call the test did not expect: ${path}`);
          const { mode, resolve } = armed;
          armed = undefined;
          const call: HeldRefund = { path, requestId: headers["x-refund-idempotency"] };
          if (mode === "after Razorpay") call.answered = await passOn(method, url, headers, body);
          held.push(call);
          // Never answered: A is killed while it waits.
          resolve(call);
          return;
        }
        const answer = await passOn(method, url, headers, body);
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(answer.body);
      };
      work().catch((error: unknown) => {
        response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { code: "GATE_ERROR", description: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    hold: (mode, call = "refund") =>
      new Promise<HeldRefund>((resolve) => {
        armed = { mode, call, resolve };
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-razorpay-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
  products = await seedProducts(handle, [10], "Kurta");
  shoppers = await seedShoppers(handle, 4, "razorpay");
  const last = shoppers.pop();
  if (!last) throw new Error("no shopper");
  owner = last;
  // Before any server starts: no server has read this user as a shopper.
  await handle.db.update(users).set({ role: "admin" }).where(eq(users.id, owner.id));
  razorpay = await RazorpayFake.start();
  refundGate = await startGate(razorpay);
});

afterAll(async () => {
  await stopAllServers();
  await refundGate?.close();
  await razorpay?.close();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function show(answer: Answer) {
  return `${answer.status} ${JSON.stringify(answer.body)}`;
}

function setup() {
  if (!handle || !razorpay || !refundGate || !database) throw new Error("no setup");
  return { db: handle.db, fake: razorpay, gate: refundGate, database };
}

/** A server configured with Razorpay as production runs it (no test gateway), reaching it at `apiBase`. */
function startShop(apiBase: string) {
  const { fake, database } = setup();
  return startServer({
    databaseUrl: database.url,
    dataDir,
    // Info: B's sweep says what it recorded.
    logLevel: "info",
    env: {
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: apiBase,
      PAYMENTS_SWEEP_AFTER_SECONDS: String(SWEEP_AFTER_SECONDS),
      PAYMENTS_TEST_GATEWAY: "",
    },
  });
}

/** Polls until `probe` returns a value (every 100 ms, for at most the sweep's delay and a minute). */
async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + SWEEP_AFTER_SECONDS * 1000 + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}

interface PaidOrder {
  id: string;
  total: number;
  /** Razorpay's payment id: the payment's transaction id. */
  razorpayPaymentId: string;
}

/** The shopper places an order of one unit through `server` and pays it there with UPI through Razorpay. */
async function paidOrder(server: ShopServer, shopper: Shopper): Promise<PaidOrder> {
  const { fake } = setup();
  const product = products[0];
  if (!product) throw new Error("no product");
  const placed = await server.client.post(
    "/api/orders",
    { products: [{ product: product.id, quantity: 1 }], shippingAddress: shopper.addressId },
    { session: shopper.session },
  );
  expect(placed.status, show(placed)).toBe(201);
  const order = placed.body.data as { _id: string; totalAmount: number; currency: string };
  expect(order.currency).toBe("INR");
  const opened = await server.client.post(
    "/api/payments/razorpay/orders",
    { order: order._id },
    { session: shopper.session },
  );
  expect(opened.status, show(opened)).toBe(201);
  const { razorpayOrderId } = opened.body.data as { razorpayOrderId: string };
  const { payment, result } = fake.pay(razorpayOrderId, { method: "upi", status: "captured" });
  const paid = await server.client.post(
    "/api/payments",
    { order: order._id, paymentGateway: "razorpay", ...result },
    { session: shopper.session },
  );
  expect(paid.status, show(paid)).toBe(201);
  return { id: order._id, total: order.totalAmount, razorpayPaymentId: payment.id };
}

async function refundsOf(orderId: string) {
  const { db } = setup();
  return db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

async function paymentOf(orderId: string) {
  const { db } = setup();
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error("no payment");
  return row;
}

/** Credit note numbers given so far, over every financial year. */
async function creditNotesNumbered() {
  const { db } = setup();
  const result = await db.execute<{ n: number }>(
    sql`select coalesce(sum(last), 0)::int as n from document_counters where kind = 'credit_note'`,
  );
  return result.rows[0]?.n ?? 0;
}

/** The fake's refunds of a payment, and the refund calls (POST) it received for it. */
function atRazorpay(razorpayPaymentId: string) {
  const { fake } = setup();
  return {
    refunds: [...fake.refunds.values()].filter((refund) => refund.payment_id === razorpayPaymentId),
    refundCalls: fake.callsTo(new RegExp(`^/v1/payments/${razorpayPaymentId}/refund$`)),
  };
}

/**
 * The owner refunds REFUND of the order through A; the gate holds A's call to Razorpay as `mode` says,
 * and the test kills A while it waits. Answers the reservation A left behind.
 */
async function refundKilledMidway(a: ShopServer, order: PaidOrder, mode: GateMode) {
  const { gate } = setup();
  const held = gate.hold(mode);
  const asked = a.client
    .post(
      `/api/orders/${order.id}/refunds`,
      { amount: REFUND, reason: REASON, restock: false },
      {
        session: owner.session,
      },
    )
    .then(
      (answer) => ({ answer, error: undefined }),
      (error: unknown) => ({ answer: undefined, error }),
    );
  const timeout = new AbortController();
  const first = await Promise.race([
    held.then((call) => ({ call, early: undefined })),
    asked.then((early) => ({ call: undefined, early })),
    sleep(30_000, undefined, { signal: timeout.signal }).then(
      () => ({ call: undefined, early: undefined }),
      () => ({ call: undefined, early: undefined }),
    ),
  ]);
  timeout.abort();
  const { call, early } = first;
  if (early)
    throw new Error(
      `A answered before its refund call was held: ${early.answer ? show(early.answer) : String(early.error)}`,
    );
  if (!call) throw new Error("A's refund call never reached Razorpay's gate in 30 s");
  await a.kill();
  expect(a.exited()).toBe(true);
  const { answer, error } = await asked;
  expect(answer, "the owner never got an answer from the killed server").toBeUndefined();
  expect(error).toBeInstanceOf(Error);
  expect(call.path).toBe(`/v1/payments/${order.razorpayPaymentId}/refund`);

  // What the dead process left: the amount reserved, Razorpay's id unknown to the shop.
  const left = await refundsOf(order.id);
  expect(left).toMatchObject([
    { status: "pending", amount: REFUND, providerRefundId: null, creditNoteNumber: null },
  ]);
  const [reservation] = left;
  if (!reservation) throw new Error("no reservation");
  expect(call.requestId).toBe(`shop-refund-${reservation.id}`);
  // As old as a sweep asks about (it leaves younger ones to the process that made them): the next
  // sweep of B, within half of SWEEP_AFTER_SECONDS, settles it.
  const { db } = setup();
  await db
    .update(refunds)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(refunds.id, reservation.id));
  return { reservation, call };
}

/** B's log records of sweeps that changed something: what each recorded or freed. */
function sweepRecords(server: ShopServer) {
  return server
    .logRecords()
    .filter((record) => record.msg === "payment sweep recorded what the providers said happened");
}

/** Waits until no refund of the order is pending any more: B's sweep settled it. Answers how long it took. */
async function sweptByB(orderId: string) {
  const started = Date.now();
  await waitFor(async () => {
    const pending = (await refundsOf(orderId)).filter((refund) => refund.status === "pending");
    return pending.length === 0 ? true : undefined;
  }, "B's payment sweep to settle the reservation A left");
  return Date.now() - started;
}

describe("a refund through Razorpay whose server is killed (SIGKILL) midway, and a second server's sweep", () => {
  let a: ShopServer;
  let b: ShopServer;

  beforeAll(async () => {
    const { fake, gate } = setup();
    [a, b] = await Promise.all([startShop(gate.url), startShop(fake.url)]);
    const currency = await b.client.put(
      "/api/settings/currency",
      { code: "INR", locale: "en-IN" },
      { session: owner.session },
    );
    expect(currency.status, show(currency)).toBe(200);
  });

  it("frees the amount when A died before Razorpay heard of the refund: nothing refunded, and B refunds it all afterwards", async () => {
    const { fake } = setup();
    const shopper = shoppers[0];
    if (!shopper) throw new Error("no shopper");
    const order = await paidOrder(b, shopper);
    const numberedBefore = await creditNotesNumbered();

    const { reservation } = await refundKilledMidway(a, order, "before Razorpay");
    expect(atRazorpay(order.razorpayPaymentId)).toEqual({ refunds: [], refundCalls: [] });

    const tookMs = await sweptByB(order.id);
    expect(await refundsOf(order.id), "the reservation is gone").toEqual([]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "completed", refundedAmount: 0 });
    expect(atRazorpay(order.razorpayPaymentId), "nothing refunded at Razorpay").toEqual({
      refunds: [],
      refundCalls: [],
    });
    // B asked Razorpay for the payment's refunds, found none carrying the request id, and said so.
    expect(
      fake.callsTo(new RegExp(`^/v1/payments/${order.razorpayPaymentId}/refunds$`)).length,
    ).toBeGreaterThan(0);
    const freed = await waitFor(
      async () =>
        b
          .logRecords()
          .find(
            (record) =>
              record.msg === "a refund reserved but never sent to Razorpay; its amount is free again" &&
              record.refund === reservation.id,
          ),
      "B's log of the freed reservation",
    );
    expect(freed).toMatchObject({ order: order.id });
    expect(await creditNotesNumbered(), "no credit note number taken").toBe(numberedBefore);

    // The whole payment is refundable again: the owner refunds all of it through B.
    const again = await b.client.post(
      `/api/orders/${order.id}/refunds`,
      { amount: order.total, reason: REASON, restock: false },
      { session: owner.session },
    );
    expect(again.status, show(again)).toBe(201);
    expect(idOf(again)).toBe(order.id);
    const made = atRazorpay(order.razorpayPaymentId);
    expect(made.refunds).toHaveLength(1);
    expect(made.refundCalls).toHaveLength(1);
    expect(await refundsOf(order.id)).toMatchObject([
      {
        status: "completed",
        amount: order.total,
        providerRefundId: made.refunds[0]?.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
      },
    ]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "refunded", refundedAmount: order.total });
    expect(await creditNotesNumbered()).toBe(numberedBefore + 1);
    console.info(
      `[hard] Razorpay refund, A killed before Razorpay heard: B's sweep freed the ₹${REFUND} reservation ` +
        `${tookMs} ms after the kill, nothing refunded; then ₹${order.total.toFixed(2)} refunded through B, once`,
    );
  });

  it("records once, by its request id, a refund Razorpay made for A when A died before recording it", async () => {
    const { db, gate } = setup();
    const shopper = shoppers[1];
    if (!shopper) throw new Error("no shopper");
    // A died in the first test: the same instance starts again, still behind the gate.
    a = await startShop(gate.url);
    const order = await paidOrder(b, shopper);
    const numberedBefore = await creditNotesNumbered();
    const sweepsBefore = sweepRecords(b).length;

    const { reservation, call } = await refundKilledMidway(a, order, "after Razorpay");
    expect(call.answered?.status, call.answered?.body).toBe(200);
    const made = atRazorpay(order.razorpayPaymentId);
    expect(made.refunds).toMatchObject([
      {
        amount: REFUND * 100,
        status: "processed",
        notes: { shop_request_id: `shop-refund-${reservation.id}` },
      },
    ]);
    const [given] = made.refunds;
    if (!given) throw new Error("no refund at Razorpay");

    const tookMs = await sweptByB(order.id);
    expect(await refundsOf(order.id)).toMatchObject([
      {
        id: reservation.id,
        status: "completed",
        amount: REFUND,
        providerRefundId: given.id,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\//),
        refundedAt: expect.any(Date),
      },
    ]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "partially_refunded", refundedAmount: REFUND });
    // B found the refund by asking, never by refunding again.
    expect(atRazorpay(order.razorpayPaymentId)).toEqual({ refunds: [given], refundCalls: made.refundCalls });
    expect(made.refundCalls).toHaveLength(1);
    const recorded = await waitFor(
      async () =>
        sweepRecords(b)
          .slice(sweepsBefore)
          .find((record) => Number(record.refunds) > 0),
      "B's log of the sweep that recorded the refund",
    );
    expect(recorded).toMatchObject({ paid: 0, refunds: 1 });

    // Everything a refund leaves, once: the credit note number, the history row, the ledger row, the email.
    expect(await creditNotesNumbered(), "one credit note number taken").toBe(numberedBefore + 1);
    const count = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n;
    const n = sql<number>`count(*)::int`;
    expect(
      await count(
        db
          .select({ n })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "refunded"))),
      ),
      "history rows",
    ).toBe(1);
    expect(
      await count(
        db
          .select({ n })
          .from(salesLedger)
          .where(and(eq(salesLedger.orderId, order.id), eq(salesLedger.kind, "refund"))),
      ),
      "ledger rows",
    ).toBe(1);
    expect(
      await count(
        db
          .select({ n })
          .from(emails)
          .where(and(eq(emails.recipient, shopper.email), eq(emails.kind, "orderRefunded"))),
      ),
      "emails to the shopper",
    ).toBe(1);

    console.info(
      `[hard] Razorpay refund, A killed after Razorpay refunded: B's sweep found ${given.id} by its request id ` +
        `and recorded it ${tookMs} ms after the kill: one refund at Razorpay, one completed refund with ` +
        `credit note ${(await refundsOf(order.id))[0]?.creditNoteNumber}, ₹${REFUND} refunded on the payment`,
    );
  });
  it("records once, through B's sweep, a capture Razorpay made for A when A died before recording it", async () => {
    const { db, fake, gate } = setup();
    const shopper = shoppers[2];
    const product = products[0];
    if (!shopper || !product) throw new Error("no shopper");
    a = await startShop(gate.url);
    const placed = await a.client.post(
      "/api/orders",
      { products: [{ product: product.id, quantity: 1 }], shippingAddress: shopper.addressId },
      { session: shopper.session },
    );
    expect(placed.status, show(placed)).toBe(201);
    const order = placed.body.data as { _id: string; totalAmount: number };
    const opened = await a.client.post(
      "/api/payments/razorpay/orders",
      { order: order._id },
      { session: shopper.session },
    );
    expect(opened.status, show(opened)).toBe(201);
    const { razorpayOrderId } = opened.body.data as { razorpayOrderId: string };
    const { payment, result } = fake.pay(razorpayOrderId, { method: "upi", status: "authorized" });

    const held = gate.hold("after Razorpay", "capture");
    const asked = a.client
      .post(
        "/api/payments",
        { order: order._id, paymentGateway: "razorpay", ...result },
        { session: shopper.session },
      )
      .then(
        (answer) => ({ answer, error: undefined }),
        (error: unknown) => ({ answer: undefined, error }),
      );
    const call = await Promise.race([
      held,
      sleep(30_000).then(() => {
        throw new Error("A's capture never reached Razorpay's gate in 30 s");
      }),
    ]);
    expect(call.path).toBe(`/v1/payments/${payment.id}/capture`);
    expect(call.answered?.status, call.answered?.body).toBe(200);
    await a.kill();
    expect((await asked).answer, "the shopper never got an answer from the killed server").toBeUndefined();
    // Razorpay holds the money; the shop has recorded nothing of it, and the order is claimed by A.
    expect(fake.payments.get(payment.id)?.status).toBe("captured");
    expect(await db.select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);
    const [claimed] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(claimed).toMatchObject({ status: "pending", paymentClaim: `razorpay:${payment.id}` });

    const killedAt = Date.now();
    // The Razorpay order as old as the sweep asks about (it leaves younger ones to the browser).
    await db
      .update(razorpayOrders)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(razorpayOrders.id, razorpayOrderId));
    await waitFor(async () => {
      const [row] = await db.select().from(orders).where(eq(orders.id, order._id));
      return row?.status === "processing" ? row : undefined;
    }, "B's payment sweep to record the capture A left");
    const tookMs = Date.now() - killedAt;

    const recorded = await db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(recorded).toMatchObject([{ status: "completed", transactionId: payment.id, method: "upi" }]);
    const [paidOrder] = await db.select().from(orders).where(eq(orders.id, order._id));
    expect(paidOrder?.paymentId).toBe(recorded[0]?.id);
    expect(paidOrder?.invoiceNumber).toMatch(/^INV\d{4}\//);
    const count = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n;
    const n = sql<number>`count(*)::int`;
    expect(
      await count(
        db
          .select({ n })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "paid"))),
      ),
    ).toBe(1);
    expect(
      await count(
        db
          .select({ n })
          .from(salesLedger)
          .where(and(eq(salesLedger.orderId, order._id), eq(salesLedger.kind, "payment"))),
      ),
    ).toBe(1);
    expect(
      await count(
        db
          .select({ n })
          .from(emails)
          .where(and(eq(emails.recipient, shopper.email), eq(emails.kind, "paymentReceived"))),
      ),
    ).toBe(1);
    // Recorded by asking: one capture at Razorpay (A's), nothing refunded, nothing unmatched.
    expect(fake.callsTo(new RegExp(`^/v1/payments/${payment.id}/capture$`))).toHaveLength(1);
    expect(atRazorpay(payment.id).refunds).toEqual([]);
    expect(await db.select().from(unmatchedPayments).where(eq(unmatchedPayments.orderId, order._id))).toEqual(
      [],
    );
    console.info(
      `[hard] Razorpay capture, A killed after Razorpay captured: B's sweep recorded ${payment.id} ` +
        `${tookMs} ms after the kill: one payment, invoice ${paidOrder?.invoiceNumber}, one email, nothing refunded`,
    );
  });
});
