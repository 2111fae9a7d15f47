/**
 * Shiprocket's tracking updates absorbed (PostgreSQL, the 1k catalogue, the built API with Shiprocket
 * pointed at the test fake, apps/api/test/shiprocket-fake.ts): 200 parcels, each an order of one unit
 * paid with the test card, booked at the fake and shipped under its AWB, then five updates each as
 * the courier scans it (picked up, in transit, at the destination hub, out for delivery, delivered):
 * 1,000 POST /api/tracking/updates with the webhook's key, open loop, paced evenly over 60 s (one
 * every 60 ms whatever the answers, as Shiprocket sends them), on up to 50 connections. Printed: the
 * rate sent and answered, p50 and p95 of the answers (target: every update answered 200, p95 <=
 * 200 ms), and whether every parcel and order ended delivered with one history row per step.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { orderHistory, trackingHistory } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import { openDatabase } from "../apps/api/src/db/client";
import { TEST_CARDS } from "../apps/api/src/payments/test-gateway";
import { ShiprocketClient } from "../apps/api/src/shipping/shiprocket/client";
import { type ShipmentStatusId, ShiprocketFake } from "../apps/api/test/shiprocket-fake";
import { bookAtShiprocket, manualShipment, markShiprocket } from "../apps/api/test/shiprocket-parcel";
import { signInAdmin } from "./lib/admin-session";
import { startApiServer } from "./lib/api-server";
import type { BenchContext } from "./lib/context";
import { Connection } from "./lib/load-loop";
import { at, pickVariants, signInShoppers } from "./lib/shoppers";
import { integer, literal } from "./lib/sql-text";
import { ms, percentile } from "./lib/stats";

const SIZE = 1_000;
const PARCELS = 200;
const SHOPPERS = 20;
const STEPS: ShipmentStatusId[] = [42, 18, 38, 17, 7];
const PACE_MS = 60_000;
const CONNECTIONS = 50;
const P95_TARGET_MS = 200;
const CARD = { number: TEST_CARDS.approved, expiry: "12/99", cvc: "123" };

const noop = () => undefined;
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

interface Parcel {
  orderId: string;
  shipmentId: string;
  awb: string;
  courier: string;
}

export async function tracking(ctx: BenchContext): Promise<void> {
  const catalog = await ctx.catalog(SIZE);
  const fake = await ShiprocketFake.start();
  ctx.onCleanup(() => fake.close());
  const server = await startApiServer({
    databaseUrl: catalog.databaseUrl,
    dataDir: ctx.tempDir(),
    env: {
      // Twenty shoppers sign in from 127.0.0.1 at once: the per-address sign-in limit is not measured.
      AUTH_RATE_LIMIT_MAX: "1000000",
      SHIPROCKET_EMAIL: fake.email,
      SHIPROCKET_PASSWORD: fake.password,
      SHIPROCKET_API_BASE: fake.url,
      SHIPROCKET_WEBHOOK_TOKEN: fake.webhookToken,
    },
  });
  const handle = await openDatabase({ databaseUrl: catalog.databaseUrl, poolSize: 4 });
  try {
    const origin = server.url;
    const admin = new Connection(server.url);
    await signInAdmin(admin, server.url);
    const shoppers = await signInShoppers(server, handle, SHOPPERS);
    const { rows } = await handle.db.execute<{ id: string }>(
      `select id from products where is_active order by id desc limit ${integer(SHOPPERS)}`,
    );
    const productIds = rows.map((row) => row.id);
    await handle.db.execute(
      `update product_variants set stock = stock + ${integer(PARCELS)}
       where product_id in (${productIds.map(literal).join(", ")}) and removed_at is null`,
    );
    const variants = await pickVariants(handle, productIds);
    const client = new ShiprocketClient({
      email: fake.email,
      password: fake.password,
      apiBase: fake.url,
      db: handle.db,
      log: silent,
    });

    // The parcels, ten at a time: placed and paid by their shopper, booked at the fake, shipped by the admin.
    const parcels: Parcel[] = [];
    const setupStarted = performance.now();
    for (let first = 0; first < PARCELS; first += SHOPPERS) {
      const batch = await Promise.all(
        shoppers.map(async (shopper, k) => {
          const product = at(productIds, (first + k) % productIds.length);
          const variant = at(variants.get(product) ?? [], 0);
          const placed = await shopper.connection.send("POST", "/api/orders", {
            json: { products: [{ product, variant, quantity: 1 }], shippingAddress: shopper.addressId },
            headers: { origin },
          });
          if (placed.status !== 201) throw new Error(`placing an order: ${placed.status} ${placed.body}`);
          const orderId = (JSON.parse(placed.body.toString("utf8")) as { data: { _id: string } }).data._id;
          const paid = await shopper.connection.send("POST", "/api/payments", {
            json: { order: orderId, paymentGateway: "test", card: CARD },
            headers: { origin },
          });
          if (paid.status !== 201) throw new Error(`paying: ${paid.status} ${paid.body}`);
          return { orderId, booking: await bookAtShiprocket(client, orderId, { cod: false }) };
        }),
      );
      for (const { orderId, booking } of batch) {
        const shipped = await admin.send("POST", `/api/orders/${orderId}/shipments`, {
          json: manualShipment(booking),
          headers: { origin },
        });
        if (shipped.status !== 201) throw new Error(`shipping: ${shipped.status} ${shipped.body}`);
        const shipmentId = (JSON.parse(shipped.body.toString("utf8")) as { data: { _id: string } }).data._id;
        await markShiprocket(handle.db, shipmentId);
        parcels.push({ orderId, shipmentId, ...booking });
      }
    }
    ctx.report.note(
      `${PARCELS} parcels placed, paid, booked at the fake and shipped in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // Every update written beforehand, step by step: parcel p's scan of step s at base + s minutes.
    const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
    const updates = STEPS.flatMap((status, step) =>
      parcels.map((parcel) => fake.scanUpdate(parcel.awb, status, new Date(base + step * 60_000))),
    );
    const webhook = new Connection(server.url, { sockets: CONNECTIONS });
    const interval = PACE_MS / updates.length;
    const times: number[] = [];
    const byStep: number[][] = STEPS.map(() => []);
    const statuses = new Map<number, number>();
    const started = performance.now();
    const sent: Promise<void>[] = [];
    for (const [n, body] of updates.entries()) {
      const due = started + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const sentAt = performance.now();
      sent.push(
        webhook
          .send("POST", "/api/tracking/updates", {
            json: body,
            headers: { "x-api-key": fake.webhookToken },
            timeoutMs: 30_000,
          })
          .then(
            (answer) => {
              const took = performance.now() - sentAt;
              times.push(took);
              byStep[Math.floor(n / parcels.length)]?.push(took);
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            },
            () => {
              statuses.set(0, (statuses.get(0) ?? 0) + 1);
            },
          ),
      );
    }
    const sendingS = (performance.now() - started) / 1000;
    await Promise.all(sent);
    const answeredS = (performance.now() - started) / 1000;
    webhook.close();

    const ok = statuses.get(200) ?? 0;
    ctx.report.note(
      `${updates.length} updates sent in ${sendingS.toFixed(1)} s (${((updates.length / sendingS) * 60).toFixed(0)}/min), the last answered at ${answeredS.toFixed(1)} s; answers ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(", ")}`,
    );
    // Absorbed: every update answered 200, and no backlog (the last answered within 2 s of the last sent).
    const perMinute = (updates.length / sendingS) * 60;
    ctx.report.figure({
      name: "tracking updates absorbed",
      value: `${ok} of ${updates.length} answered 200 at ${perMinute.toFixed(0)}/min, the last ${ms((answeredS - sendingS) * 1000)} after the last sent`,
      target: "target: all, >= 1,000/min, no backlog",
      met: ok === updates.length && perMinute >= 999.5 && answeredS - sendingS <= 2,
    });
    ctx.report.note(
      `by step (p50 / p95): ${STEPS.map((status, step) => `${status}: ${ms(percentile(byStep[step] ?? [], 50))} / ${ms(percentile(byStep[step] ?? [], 95))}`).join(", ")}`,
    );
    ctx.report.figure({ name: "tracking update p50", value: ms(percentile(times, 50)) });
    ctx.report.figure({
      name: "tracking update p95",
      value: ms(percentile(times, 95)),
      target: `target <= ${P95_TARGET_MS} ms`,
      met: percentile(times, 95) <= P95_TARGET_MS,
    });

    // Every parcel delivered, its order too, each step a row of its history once.
    const ids = parcels.map((parcel) => literal(parcel.orderId)).join(", ");
    const states = await handle.db.execute<{
      id: string;
      status: string;
      tracking: string | null;
      events: string[];
    }>(
      `select o.id, o.status, s.tracking_status as tracking,
         array(select coalesce(e.note, '') || '|' || e.type from order_events e where e.order_id = o.id) as events
       from orders o join order_shipments s on s.order_id = o.id where o.id in (${ids})`,
    );
    const wrong = parcels.filter((parcel) => {
      const row = states.rows.find((state) => state.id === parcel.orderId);
      if (row?.status !== "delivered" || row.tracking !== "delivered") return true;
      const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 1);
      const once = (note: string) => row.events.filter((event) => event.startsWith(`${note}|`)).length === 1;
      return !(
        once(trackingHistory.picked_up(units)) &&
        once(trackingHistory.in_transit(units)) &&
        once(trackingHistory.out_for_delivery(units)) &&
        row.events.filter((event) => event.endsWith("|delivery")).length === 1
      );
    });
    ctx.report.figure({
      name: "parcels in the right state",
      value: `${PARCELS - wrong.length} of ${PARCELS} delivered, their orders delivered, one history row per step`,
      target: "target: all",
      met: wrong.length === 0,
    });
  } finally {
    await handle.close();
    await server.stop();
  }
}
