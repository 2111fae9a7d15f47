import { Writable } from "node:stream";
import { shipping } from "@shop/shared/messages";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#api/db/client";
import { integrationTokens } from "#api/db/schema/integrations";
import { createTestDatabase } from "#test/db";
import { ShiprocketFake } from "#test/shiprocket-fake";
import { startWebhookReceiver } from "#test/webhook-receiver";
import type { AdhocOrder } from "./answers";
import { ShiprocketClient, ShiprocketError } from "./client";

const PARCEL = { pickup_postcode: "400001", delivery_postcode: "560001", weight: 1.2, cod: true };
const DAY_MS = 86_400_000;

/** Every line the client logs, to be searched for secrets. */
const logged: string[] = [];
const log = Fastify({
  logger: {
    level: "trace",
    stream: new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
  },
}).log;

let fake: ShiprocketFake;
let handle: DatabaseHandle;
let client: ShiprocketClient;
let clock = Date.now();

function newClient() {
  return new ShiprocketClient({
    email: fake.email,
    password: fake.password,
    apiBase: fake.url,
    db: handle.db,
    log,
    timeoutMs: 2_000,
    backoffMs: 1,
    now: () => clock,
  });
}

function order(ours: string, overrides: Partial<AdhocOrder> = {}): AdhocOrder {
  return {
    order_id: ours,
    order_date: "2026-11-29",
    pickup_location: "Primary",
    billing_customer_name: "Asha Rao",
    billing_address: "12 MG Road",
    billing_city: "Bengaluru",
    billing_pincode: "560001",
    billing_state: "Karnataka",
    billing_country: "India",
    billing_email: "asha@example.in",
    billing_phone: "9876543210",
    shipping_is_billing: true,
    order_items: [{ name: "Steel tumbler", sku: "TUM-1", units: 2, selling_price: 349, hsn: "7323" }],
    payment_method: "Prepaid",
    sub_total: 698,
    length: 20,
    breadth: 15,
    height: 10,
    weight: 1.2,
    ...overrides,
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the call succeeded");
    },
    (error: unknown) => error as ShiprocketError,
  );

beforeAll(async () => {
  fake = await ShiprocketFake.start();
  handle = await createTestDatabase();
});
afterAll(async () => {
  await fake.close();
  await handle.close();
});
beforeEach(() => {
  clock = Date.now();
  fake.delayMs = 0;
  fake.tokenLifetimeSeconds = 10 * 86_400;
  client = newClient();
});

describe("the Shiprocket client", () => {
  it("signs in, keeps the token sealed with its end, and calls with it", async () => {
    const logins = fake.logins;
    const answer = await client.serviceability(PARCEL);
    expect(answer.couriers.map((c) => c.courier_name)).toEqual(["Delhivery Surface", "Xpressbees Surface"]);
    expect(answer.couriers[0]).toMatchObject({ courier_company_id: 10, cod: 1, rate: 45 + 40 * 2 + 35 });
    expect(answer.recommendedCourierId).toBe(10);
    await client.serviceability({ ...PARCEL, cod: false });
    expect(fake.logins - logins).toBe(1);
    const call = fake.callsOf("serviceability").at(-1);
    expect(call?.path).toContain("weight=1.2&cod=0");
    const [row] = await handle.db.select().from(integrationTokens);
    expect(row?.provider).toBe("shiprocket");
    expect(row?.token).toMatch(/^v2:/);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * DAY_MS);
  });

  it("renews the token when less than a day is left of it", async () => {
    await handle.db.delete(integrationTokens);
    fake.tokenLifetimeSeconds = 2 * 86_400;
    const first = fake.logins;
    await client.serviceability(PARCEL);
    clock += 0.5 * DAY_MS;
    await client.serviceability(PARCEL);
    expect(fake.logins - first).toBe(1);
    fake.tokenLifetimeSeconds = 10 * 86_400;
    clock += 0.6 * DAY_MS;
    const logins = fake.logins;
    await client.serviceability(PARCEL);
    expect(fake.logins - logins).toBe(1);
  });

  it("renews the token on a 401 and sends the call once more, but only once", async () => {
    await client.serviceability(PARCEL);
    fake.expireTokens();
    const [logins, calls] = [fake.logins, fake.callsOf("serviceability").length];
    await client.serviceability(PARCEL);
    expect(fake.logins - logins).toBe(1);
    expect(fake.callsOf("serviceability").length - calls).toBe(2);
    // Tokens that are dead on arrival: one renewal, then a clear failure rather than a loop.
    fake.tokenLifetimeSeconds = -60;
    fake.expireTokens();
    const error = await failure(client.serviceability(PARCEL));
    expect(error).toBeInstanceOf(ShiprocketError);
    expect(error.status).toBe(502);
    expect(fake.logins - logins).toBe(2);
  });

  it("refuses with a clear error when Shiprocket refuses the sign-in", async () => {
    const wrong = new ShiprocketClient({
      email: "someone-else@shop.example",
      password: "wrong",
      apiBase: fake.url,
      db: handle.db,
      log,
      backoffMs: 1,
    });
    const error = await failure(wrong.serviceability(PARCEL));
    expect(error).toMatchObject({ kind: "unexpected", call: "login", status: 502 });
    expect(error.details.reason).toBe("Invalid email and password combination");
    expect(fake.callsOf("login").filter((c) => c.body.includes("someone-else"))).toHaveLength(1);
  });

  it("tries again after a 429 and answers what follows", async () => {
    await client.serviceability(PARCEL);
    fake.failNext("serviceability", "429");
    const calls = fake.callsOf("serviceability").length;
    expect((await client.serviceability(PARCEL)).couriers).toHaveLength(2);
    expect(fake.callsOf("serviceability").length - calls).toBe(2);
  });

  it("gives up after three 500s with a clear error, and does not try a refusal again", async () => {
    await client.serviceability(PARCEL);
    fake.failNext("serviceability", "500", 3);
    const calls = fake.callsOf("serviceability").length;
    const error = await failure(client.serviceability(PARCEL));
    expect(error).toBeInstanceOf(ShiprocketError);
    expect(error).toMatchObject({
      kind: "unavailable",
      status: 503,
      message: shipping.shiprocketUnavailable,
    });
    expect(error.details).toMatchObject({ answerStatus: 500, attempts: 3, unclear: true });
    expect(fake.callsOf("serviceability").length - calls).toBe(3);
    // A 400 is Shiprocket's answer, not a passing failure: sent once.
    const awbCalls = fake.callsOf("awb").length;
    const refused = await failure(client.assignAwb(999));
    expect(refused).toMatchObject({ kind: "refused", status: 422, details: { answerStatus: 400 } });
    expect(fake.callsOf("awb").length - awbCalls).toBe(1);
  });

  it("tries a dropped connection again", async () => {
    await client.serviceability(PARCEL);
    fake.failNext("serviceability", "drop");
    expect((await client.serviceability(PARCEL)).couriers).toHaveLength(2);
  });

  it("gives a call that outlives its timeout up after three attempts, as unclear", async () => {
    await client.serviceability(PARCEL);
    const quick = new ShiprocketClient({
      email: fake.email,
      password: fake.password,
      apiBase: fake.url,
      db: handle.db,
      log,
      timeoutMs: 100,
      backoffMs: 1,
    });
    fake.delayMs = 400;
    const calls = fake.callsOf("track").length;
    const started = Date.now();
    const error = await failure(quick.track("19041424750000"));
    expect(error).toMatchObject({
      kind: "unavailable",
      status: 503,
      details: { attempts: 3, unclear: true },
    });
    expect(error.details.reason).toMatch(/TimeoutError/);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fake.callsOf("track").length - calls).toBe(3);
  });

  it("turns the 200s that carry a failure into refusals", async () => {
    const byOrder = await failure(
      client.serviceability({ pickup_postcode: "400001", delivery_postcode: "560001", order_id: 42 }),
    );
    expect(byOrder).toMatchObject({ kind: "refused", details: { reason: "Order does not exist!" } });
    expect(byOrder.message).toBe(shipping.shiprocketRefused("Order does not exist!"));

    const created = await client.createOrder(order("SO-200-1"));
    const noLabel = await failure(client.generateLabel([created.shipment_id]));
    expect(noLabel).toMatchObject({
      kind: "refused",
      call: "generate label",
      details: { answerStatus: 200 },
    });

    const noCourier = await failure(client.assignAwb(created.shipment_id, 777));
    expect(noCourier.details.reason).toBe("Selected courier is not serviceable for this shipment.");

    await client.assignAwb(created.shipment_id, 24);
    const again = await failure(client.assignAwb(created.shipment_id, 10));
    expect(again.details).toMatchObject({
      answerStatus: 400,
      reason: "Oops! Cannot reassign courier for this shipment.",
    });
  });

  it("creates an order and finds it again by our order_id exactly", async () => {
    const created = await client.createOrder(order("SO-1042"));
    await client.createOrder(order("SO-10421"));
    expect(created.status).toBe("NEW");
    const found = await client.findOrders("SO-1042");
    expect(found).toEqual([
      {
        id: created.order_id,
        channel_order_id: "SO-1042",
        status: "NEW",
        shipments: [{ id: created.shipment_id, awb: "" }],
      },
    ]);
    expect(await client.findOrders("SO-none")).toEqual([]);
  });

  it("finds the order made when the create's answer is lost, rather than making a second", async () => {
    for (const [ours, fault] of [
      ["SO-lost-1", "drop-after"],
      ["SO-lost-2", "500-after"],
    ] as const) {
      fake.failNext("create", fault);
      const created = await client.createOrder(order(ours));
      expect(fake.ordersFor(ours)).toHaveLength(1);
      expect(created.order_id).toBe(fake.ordersFor(ours)[0]?.id);
    }
    // Lost before Shiprocket made it: looked for, not found, made once.
    fake.failNext("create", "drop");
    await client.createOrder(order("SO-lost-3"));
    expect(fake.ordersFor("SO-lost-3")).toHaveLength(1);
  });

  it("refuses a cancelled order's order_id with Shiprocket's 422", async () => {
    const created = await client.createOrder(order("SO-cancelled"));
    const { awb_code } = await client.assignAwb(created.shipment_id);
    await client.cancelShipments([awb_code]);
    const stored = fake.orders.get(created.order_id);
    if (stored) stored.status = "CANCELED";
    const error = await failure(client.createOrder(order("SO-cancelled")));
    expect(error).toMatchObject({ kind: "refused", status: 422, details: { answerStatus: 422 } });
  });

  it("ships a parcel: AWB, label PDF, pickup, manifest once, tracking, NDR action", async () => {
    const created = await client.createOrder(order("SO-ship", { payment_method: "COD" }));
    const awb = await client.assignAwb(created.shipment_id, 10);
    expect(awb).toMatchObject({ courier_company_id: 10, courier_name: "Delhivery Surface" });
    const label = await client.generateLabel([created.shipment_id]);
    const pdf = await fetch(label.label_url);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.text()).startsWith("%PDF-")).toBe(true);
    const pickup = await client.generatePickup(created.shipment_id);
    expect(pickup.pickup_scheduled_date).toMatch(/^\d{4}-\d\d-\d\d 10:00:00$/);
    expect((await client.generateManifest([created.shipment_id])).manifest_url).toContain("/labels/");
    const twice = await failure(client.generateManifest([created.shipment_id]));
    expect(twice.details.fields).toEqual({ already_manifested_shipment_ids: [created.shipment_id] });

    expect(await client.track(awb.awb_code)).toMatchObject({ track_status: 0 });
    fake.scan(awb.awb_code, 42);
    fake.scan(awb.awb_code, 21);
    const tracked = await client.track(awb.awb_code);
    expect(tracked?.shipment_status).toBe(21);
    expect(tracked?.shipment_track_activities.map((a) => a["sr-status"])).toEqual(["21", "42"]);
    expect(await client.track("00000000000")).toBeUndefined();

    await client.ndrAction(awb.awb_code, "re-attempt", "Customer asked for delivery tomorrow");
    expect(fake.shipmentByAwb(awb.awb_code).ndrActions).toEqual([
      { action: "re-attempt", comments: "Customer asked for delivery tomorrow" },
    ]);
    const late = await failure(client.cancelShipments([awb.awb_code]));
    expect(late.kind).toBe("refused");
  });

  it("has a fake that posts a tracking update as Shiprocket's webhook does, with x-api-key", async () => {
    const created = await client.createOrder(order("SO-tracked"));
    const { awb_code } = await client.assignAwb(created.shipment_id);
    // Shiprocket writes its times in India time, whatever the machine's zone.
    fake.scan(awb_code, 42, new Date("2026-11-29T09:15:00+05:30"));
    fake.scan(awb_code, 18, new Date("2026-11-29T18:40:05+05:30"));
    const receiver = await startWebhookReceiver();
    try {
      const update = fake.trackingUpdate(awb_code, new Date("2026-11-29T18:40:05+05:30"));
      expect((await fake.postTrackingUpdate(`${receiver.origin}/api/tracking/updates`, update)).status).toBe(
        200,
      );
      const [received] = await receiver.waitFor(1);
      expect(received?.headers["x-api-key"]).toBe(fake.webhookToken);
      expect(JSON.parse(received?.body ?? "{}")).toMatchObject({
        awb: awb_code,
        order_id: "SO-tracked",
        sr_order_id: created.order_id,
        shipment_status_id: 18,
        current_timestamp: "29 11 2026 18:40:05",
        scans: [{ "sr-status": "42" }, { "sr-status": "18", date: "2026-11-29 18:40:05" }],
      });
    } finally {
      await receiver.close();
    }
  });

  it("never writes the password or a token to the log", async () => {
    fake.expireTokens();
    await client.serviceability(PARCEL);
    const [row] = await handle.db.select().from(integrationTokens);
    const token = await client.token.get();
    expect(row?.token).not.toContain(token);
    const text = logged.join("");
    expect(text).toContain("Shiprocket");
    expect(text).not.toContain(fake.password);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split(".")[1]);
  });
});
