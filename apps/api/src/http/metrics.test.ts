import type { WebhookEvent } from "@shop/shared/schemas/webhook";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { parseConfig } from "#api/config";
import { emails } from "#api/db/schema/emails";
import { webhookDeliveries } from "#api/db/schema/webhooks";
import { insertEndpoint } from "#api/modules/webhooks/repo";
import { newSecret } from "#api/modules/webhooks/signing";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, makeShop, type Shop } from "#test/fixtures";
import { METRICS_TOKEN, type Sample, sampleOf, scrape as scrapeMetrics } from "#test/metrics";

const TOKEN = METRICS_TOKEN;

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  shop = await makeShop(t);
});

afterAll(async () => {
  await t?.close();
});

const scrape = () => scrapeMetrics(t.app);

const requestsOf = (samples: Sample[], route: string, method: string, status: string) =>
  sampleOf(samples, "shop_http_request_duration_seconds_count", { route, method, status_code: status });

describe("GET /metrics", () => {
  it("counts requests by route pattern, method and status, with their latency, never by raw URL", async () => {
    const before = await scrape();
    for (let n = 0; n < 3; n += 1) {
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
    const unknownId = "0123456789abcdefabcdef01";
    expect((await t.app.inject({ method: "GET", url: `/api/products/${unknownId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/products/${shop.productId}` })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/no-such-path/42?x=1" })).statusCode).toBe(404);
    const after = await scrape();

    expect(
      requestsOf(after, "/api/health", "GET", "200") - requestsOf(before, "/api/health", "GET", "200"),
    ).toBe(3);
    expect(
      requestsOf(after, "/api/products/:productId", "GET", "404") -
        requestsOf(before, "/api/products/:productId", "GET", "404"),
    ).toBe(1);
    expect(
      requestsOf(after, "/api/products/:productId", "GET", "200") -
        requestsOf(before, "/api/products/:productId", "GET", "200"),
    ).toBe(1);
    expect(requestsOf(after, "unmatched", "GET", "404") - requestsOf(before, "unmatched", "GET", "404")).toBe(
      1,
    );
    // The previous scrape itself was answered and counted.
    expect(requestsOf(after, "/metrics", "GET", "200")).toBeGreaterThanOrEqual(1);
    // Every request is in the +Inf bucket, and the sum of their seconds is positive.
    const labels = { route: "/api/health", method: "GET", status_code: "200" };
    expect(sampleOf(after, "shop_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      requestsOf(after, "/api/health", "GET", "200"),
    );
    expect(sampleOf(after, "shop_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
    // Label values are the patterns only: no id, no query, no unknown path.
    const routes = new Set(after.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
    for (const route of routes) {
      expect(route).not.toContain(unknownId);
      expect(route).not.toContain(shop.productId);
      expect(route).not.toContain("?");
      expect(route).not.toContain("no-such-path");
    }
  });

  it("counts orders placed and paid through the API, a retried placement once", async () => {
    const before = await scrape();
    const line = { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId };
    const place = (key: string) =>
      inject(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: shop.shopper.cookie,
        headers: { "idempotency-key": key },
        payload: line,
      });
    const first = await place("metrics-order-1");
    expect(first.statusCode).toBe(201);
    expect((await place("metrics-order-1")).statusCode).toBe(200); // the same order, not a new one
    expect((await place("metrics-order-2")).statusCode).toBe(201);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: first.json().data._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode).toBe(201);
    const again = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: first.json().data._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(again.statusCode).toBe(409); // refused: not counted
    const after = await scrape();
    expect(sampleOf(after, "shop_orders_placed_total") - sampleOf(before, "shop_orders_placed_total")).toBe(
      2,
    );
    expect(sampleOf(after, "shop_orders_paid_total") - sampleOf(before, "shop_orders_paid_total")).toBe(1);
  });

  it("reports read-cache hits and misses, the email backlog with its oldest age, the pool and Node", async () => {
    // A write empties the read cache: the first read misses, the next two hit.
    const before = await scrape();
    for (let n = 0; n < 3; n += 1) {
      expect((await t.app.inject({ method: "GET", url: "/api/categories" })).statusCode).toBe(200);
    }
    const cache = await scrape();
    const delta = (name: string) => sampleOf(cache, name) - sampleOf(before, name);
    expect(delta("shop_read_cache_misses_total")).toBe(1);
    expect(delta("shop_read_cache_hits_total")).toBe(2);

    // The sender stopped, a message written ten minutes ago waits with whatever else is queued.
    await t.app.mailer.stop();
    await t.database.db.insert(emails).values({
      kind: "orderPlaced",
      recipient: "late@example.com",
      subject: "Late",
      text: "late",
      html: "<p>late</p>",
      createdAt: sql`now() - interval '10 minutes'`,
      nextAttemptAt: sql`now() + interval '1 hour'`,
    });
    const queued = await t.database.db.$count(emails, sql`${emails.status} = 'queued'`);
    const samples = await scrape();
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(sampleOf(samples, "shop_email_outbox_queued")).toBe(queued);
    const age = sampleOf(samples, "shop_email_outbox_oldest_age_seconds");
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(700);

    if (t.database.kind === "postgres") {
      const inUse = sampleOf(samples, "shop_db_pool_in_use");
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(sampleOf(samples, "shop_db_pool_open")).toBeGreaterThanOrEqual(inUse);
      expect(samples.some((sample) => sample.name === "shop_db_pool_waiting")).toBe(true);
    } else {
      // PGlite has no pool: no made-up figures.
      expect(samples.some((sample) => sample.name.startsWith("shop_db_pool_"))).toBe(false);
    }
    // Node's own: a restart shows as a new start time.
    expect(sampleOf(samples, "process_start_time_seconds")).toBeGreaterThan(1_700_000_000);
    expect(samples.some((sample) => sample.name === "nodejs_heap_size_used_bytes")).toBe(true);
  });

  it("reports the webhook backlog of enabled endpoints and its oldest age", async () => {
    await t.app.webhookSender.stop();
    const endpoint = async (enabled: boolean) =>
      insertEndpoint(t.database.db, {
        url: "http://127.0.0.1:9/hook",
        events: ["order.paid"],
        enabled,
        secret: newSecret(),
      });
    const [on, off] = [await endpoint(true), await endpoint(false)];
    const payload = { type: "order.paid", timestamp: "", data: {} } as unknown as WebhookEvent;
    const delivery = (endpointId: string, minutes: number, status: "pending" | "succeeded" = "pending") => ({
      endpointId,
      eventType: "order.paid" as const,
      payload,
      status,
      createdAt: sql`now() - ${minutes} * interval '1 minute'`,
    });
    await t.database.db.insert(webhookDeliveries).values([
      delivery(on.id, 20),
      delivery(on.id, 1),
      // Neither counts: one delivered, one waiting for an endpoint that is off.
      delivery(on.id, 60, "succeeded"),
      delivery(off.id, 90),
    ]);
    const samples = await scrape();
    expect(sampleOf(samples, "shop_webhook_outbox_pending")).toBe(2);
    const age = sampleOf(samples, "shop_webhook_outbox_oldest_age_seconds");
    expect(age).toBeGreaterThanOrEqual(1200);
    expect(age).toBeLessThan(1300);
  });

  it("refuses a scrape without the token or with a wrong one", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, "Bearer wrong", TOKEN, `Basic ${TOKEN}`]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.body).not.toContain("shop_");
      expect(response.json().success).toBe(false);
    }
  });

  it("is off (404) when METRICS_TOKEN is not set, and counts nothing", async () => {
    const config = parseConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/shop-test-data", SHOP_DEMO: "0" });
    expect(config.metricsToken).toBeUndefined();
    const off = await buildApp({ config, database: t.database, logger: false });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await off.inject({ method: "GET", url: "/metrics", headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("shop_");
      }
      // The routes' counters are there and count nothing.
      expect(() => off.metrics.orderPlaced()).not.toThrow();
    } finally {
      await off.close();
    }
  });

  it("refuses a METRICS_TOKEN shorter than 16 characters, naming it", () => {
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});
