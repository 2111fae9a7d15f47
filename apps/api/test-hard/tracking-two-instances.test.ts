/**
 * Shiprocket's tracking updates reaching two shop servers on one PostgreSQL database: every update
 * is posted to both at once (Shiprocket retries, two instances behind a balancer), twice. Each change
 * of a parcel happens once: one history row per step, one "out for delivery" email, one delivery,
 * one NDR attempt, one cash on delivery payment completed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orderHistory, outForDeliveryMail, trackingHistory } from "@shop/shared/messages";
import { and, eq, inArray, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { emails } from "#api/db/schema/emails";
import { orderEvents, orders, payments } from "#api/db/schema/orders";
import { orderShipments } from "#api/db/schema/shipments";
import { ShiprocketClient } from "#api/shipping/shiprocket/client";
import { type ShipmentStatusId, ShiprocketFake } from "#test/shiprocket-fake";
import { bookAtShiprocket, manualShipment, markShiprocket } from "#test/shiprocket-parcel";
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

/** Parcels: half paid online, half cash on delivery. */
const PARCELS = 12;
/** The steps each parcel's courier scans, a minute apart; the last few parcels are not delivered. */
const DELIVERED: ShipmentStatusId[] = [42, 18, 17, 7];
const UNDELIVERED: ShipmentStatusId[] = [42, 18, 17, 21];
const NOT_DELIVERED = 3;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let fake: ShiprocketFake;
let a: ShopServer;
let b: ShopServer;
let products: SeededProduct[];
let shoppers: Shopper[];
let admin: string;

const show = (answer: Answer) => `${answer.status} ${JSON.stringify(answer.body)}`;

function dbOf() {
  if (!handle || !database) throw new Error("no database");
  return handle.db;
}

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-tracking-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
  products = await seedProducts(handle, [1_000], "Tracked");
  shoppers = await seedShoppers(handle, PARCELS + 1, "tracking");
  fake = await ShiprocketFake.start();
  const env = {
    SHIPROCKET_EMAIL: fake.email,
    SHIPROCKET_PASSWORD: fake.password,
    SHIPROCKET_API_BASE: fake.url,
    SHIPROCKET_WEBHOOK_TOKEN: fake.webhookToken,
  };
  [a, b] = await Promise.all([
    startServer({ databaseUrl: database.url, dataDir, env }),
    startServer({ databaseUrl: database.url, dataDir, env }),
  ]);
  const owner = shoppers.at(-1);
  if (!owner) throw new Error("no shopper");
  await dbOf().execute(sql`update users set role = 'admin' where id = ${owner.id}`);
  const session = sessionOf(
    await a.client.post("/api/auth/login", { email: owner.email, password: PASSWORD }),
  );
  if (!session) throw new Error("the admin could not sign in");
  admin = session;
  const cod = await a.client.put(
    "/api/settings/checkout",
    {
      holdMinutes: 30,
      maxUnpaidOrders: 50,
      maxQuantityPerLine: 10,
      minimumOrder: 0,
      cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: false },
    },
    { session: admin },
  );
  expect(cod.status, show(cod)).toBe(200);
}, 180_000);

afterAll(async () => {
  await stopAllServers();
  await fake?.close();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Parcel {
  orderId: string;
  number: number;
  cod: boolean;
  awb: string;
  courier: string;
  shipmentId: string;
  email: string;
  steps: ShipmentStatusId[];
}

/** An order of one unit, paid online or in cash on delivery (confirmed by staff), booked and shipped. */
async function shippedParcel(shopper: Shopper, cod: boolean, steps: ShipmentStatusId[]): Promise<Parcel> {
  const product = products[0];
  if (!product) throw new Error("no product");
  const placed = await a.client.post(
    "/api/orders",
    { products: [{ product: product.id, quantity: 1 }], shippingAddress: shopper.addressId },
    { session: shopper.session },
  );
  expect(placed.status, show(placed)).toBe(201);
  const orderId = idOf(placed);
  const number = (placed.body.data as { number: number }).number;
  const paid = await b.client.post(
    "/api/payments",
    cod
      ? { order: orderId, paymentGateway: "cod" }
      : { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
    { session: shopper.session },
  );
  expect(paid.status, show(paid)).toBe(201);
  if (cod) {
    const confirmed = await a.client.post(`/api/orders/${orderId}/confirm-cod`, {}, { session: admin });
    expect(confirmed.status, show(confirmed)).toBe(200);
  }
  const client = new ShiprocketClient({
    email: fake.email,
    password: fake.password,
    apiBase: fake.url,
    db: dbOf(),
    log: Fastify({ logger: false }).log,
  });
  const booking = await bookAtShiprocket(client, orderId, { cod });
  const shipped = await b.client.post(`/api/orders/${orderId}/shipments`, manualShipment(booking), {
    session: admin,
  });
  expect(shipped.status, show(shipped)).toBe(201);
  const shipmentId = idOf(shipped);
  const [order] = await dbOf()
    .select({ total: orders.totalAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  await markShiprocket(dbOf(), shipmentId, cod ? order?.total : undefined);
  return { orderId, number, cod, ...booking, shipmentId, email: shopper.email, steps };
}

describe("tracking updates posted to two servers at once", () => {
  it("moves each parcel once per step: one history row, one email, one delivery, one NDR, one payment", async () => {
    const parcels: Parcel[] = [];
    for (let n = 0; n < PARCELS; n++) {
      const shopper = shoppers[n];
      if (!shopper) throw new Error("no shopper");
      parcels.push(
        await shippedParcel(shopper, n % 2 === 1, n < PARCELS - NOT_DELIVERED ? DELIVERED : UNDELIVERED),
      );
    }
    let clock = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
    for (let step = 0; step < DELIVERED.length; step++) {
      clock += 60_000;
      const at = new Date(clock);
      // Every parcel's update of this step, each sent twice to each server, all at once.
      const posts = parcels.flatMap((parcel) => {
        const status = parcel.steps[step];
        if (status === undefined) return [];
        const body = fake.scanUpdate(
          parcel.awb,
          status,
          at,
          status === 21 ? { activity: "Customer not available" } : {},
        );
        return [a, b, a, b].map((server) =>
          server.client.post("/api/tracking/updates", body, { headers: { "x-api-key": fake.webhookToken } }),
        );
      });
      for (const answer of await Promise.all(posts)) expect(answer.status, show(answer)).toBe(200);
    }

    const db = dbOf();
    const ids = parcels.map((parcel) => parcel.orderId);
    const events = await db
      .select({ orderId: orderEvents.orderId, type: orderEvents.type, note: orderEvents.note })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids));
    const rows = await db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids));
    const states = await db
      .select({ id: orders.id, status: orders.status, payment: payments.status })
      .from(orders)
      .leftJoin(payments, eq(payments.id, orders.paymentId))
      .where(inArray(orders.id, ids));
    const failures: string[] = [];
    for (const parcel of parcels) {
      const mine = events.filter((event) => event.orderId === parcel.orderId);
      const units = orderHistory.shipmentNote(parcel.courier, parcel.awb, 1);
      const once = (what: string, found: number) => {
        if (found !== 1) failures.push(`#${parcel.number} ${what}: ${found} times`);
      };
      once("picked up", mine.filter((event) => event.note === trackingHistory.picked_up(units)).length);
      once("in transit", mine.filter((event) => event.note === trackingHistory.in_transit(units)).length);
      once(
        "out for delivery",
        mine.filter((event) => event.note === trackingHistory.out_for_delivery(units)).length,
      );
      const mails = await db
        .select({ id: emails.id })
        .from(emails)
        .where(
          and(
            eq(emails.recipient, parcel.email),
            eq(emails.subject, outForDeliveryMail.subject(parcel.number)),
          ),
        );
      once("out for delivery email", mails.length);
      const row = rows.find((shipment) => shipment.id === parcel.shipmentId);
      const state = states.find((order) => order.id === parcel.orderId);
      const paidRows = mine.filter((event) => event.type === "paid").length;
      if (parcel.steps === DELIVERED) {
        once("delivery", mine.filter((event) => event.type === "delivery").length);
        if (row?.trackingStatus !== "delivered" || !row.deliveredAt)
          failures.push(`#${parcel.number}: parcel ${row?.trackingStatus}`);
        if (state?.status !== "delivered") failures.push(`#${parcel.number}: order ${state?.status}`);
        // The online payment's row, or the cash collected once.
        once("paid", paidRows);
        if (state?.payment !== "completed") failures.push(`#${parcel.number}: payment ${state?.payment}`);
        if (parcel.cod && !row?.codCollectedAt) failures.push(`#${parcel.number}: no COD cash recorded`);
      } else {
        once(
          "NDR",
          mine.filter(
            (event) => event.note === trackingHistory.undelivered(units, 1, "Customer not available"),
          ).length,
        );
        if (row?.trackingStatus !== "undelivered" || row.ndrAttempts !== 1)
          failures.push(`#${parcel.number}: parcel ${row?.trackingStatus}, ${row?.ndrAttempts} attempts`);
        if (state?.status !== "shipped") failures.push(`#${parcel.number}: order ${state?.status}`);
        if (paidRows !== (parcel.cod ? 0 : 1)) failures.push(`#${parcel.number}: ${paidRows} paid rows`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
