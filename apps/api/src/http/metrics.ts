/**
 * Prometheus metrics at GET /metrics (outside /api), in the text format, for an operator to alert
 * on (README: "What to alert on"). Off, answering 404, unless METRICS_TOKEN is set; then only a
 * request with `Authorization: Bearer <token>` reads them.
 *
 * - One registry per app (tests build many apps in one process), never prom-client's global one.
 * - Requests are labelled by the route's pattern (`/api/products/:id`), never the raw URL, whose
 *   values are unbounded; a request no route matched is labelled `unmatched`.
 * - What lives elsewhere (the database pool, the email and webhook outboxes, the read cache) is read
 *   when scraped; a request pays only for one histogram observation, and nothing when the metrics
 *   are off.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { api } from "@shop/shared/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "#api/db/client";

/** What the business counts, incremented by routes once their service call succeeded. */
export interface ShopMetrics {
  orderPlaced(): void;
  orderPaid(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN; undefined leaves the metrics off. */
  token: string | undefined;
  /** The node-postgres pool's connections; absent on PGlite, which has no pool. */
  poolStats?: () => PoolStats;
  /** The email outbox: messages still to send and the oldest one's age in seconds. */
  outboxBacklog: () => Promise<{ queued: number; oldestAgeSeconds: number }>;
  /** The webhook outbox: deliveries still to send to enabled endpoints, and the oldest one's age in seconds. */
  webhookBacklog: () => Promise<{ pending: number; oldestAgeSeconds: number }>;
  /** The read cache's answers so far (http/read-cache.ts). */
  readCache: () => { hits: number; misses: number };
}

/** Seconds; from a cached read (~1 ms) to the 30 s request timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const NOTHING: ShopMetrics = { orderPlaced: () => undefined, orderPaid: () => undefined };

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether the request carries the token; compared in constant time (digests make the lengths equal). */
function authorized(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ success: false, message: api.routeNotFound });
}

/** Registers GET /metrics and, when METRICS_TOKEN is set, what feeds it; decorates `app.metrics`. */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const { token } = options;
  if (!token) {
    app.decorate("metrics", NOTHING);
    app.get("/metrics", { schema: { hide: true } }, (_request, reply) => notFound(reply));
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Answered requests by route pattern, method and status, and how long they took (its _count is the requests)",
    labelNames: ["route", "method", "status_code"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const ordersPlaced = new Counter({
    name: "shop_orders_placed_total",
    help: "Orders placed (a retry with the same Idempotency-Key counts once)",
    registers: [registry],
  });
  const ordersPaid = new Counter({
    name: "shop_orders_paid_total",
    help: "Orders paid: at checkout, or by the PayPal webhook that completes a pending capture",
    registers: [registry],
  });

  const { poolStats } = options;
  if (poolStats) {
    new Gauge({
      name: "shop_db_pool_in_use",
      help: "Database connections of the pool in use",
      registers: [registry],
      collect() {
        const { total, idle } = poolStats();
        this.set(total - idle);
      },
    });
    new Gauge({
      name: "shop_db_pool_waiting",
      help: "Queries waiting for a database connection (every one in use)",
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: "shop_db_pool_open",
      help: "Database connections of the pool open, idle ones included",
      registers: [registry],
      collect() {
        this.set(poolStats().total);
      },
    });
  }

  // One query for both outbox gauges: the first gauge collected reads, the second takes its answer.
  let backlog: ReturnType<MetricsOptions["outboxBacklog"]> | undefined;
  const readBacklog = () => {
    backlog ??= options.outboxBacklog().finally(() => {
      backlog = undefined;
    });
    return backlog;
  };
  new Gauge({
    name: "shop_email_outbox_queued",
    help: "Emails written and not sent yet",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).queued);
    },
  });
  new Gauge({
    name: "shop_email_outbox_oldest_age_seconds",
    help: "How long the oldest email not sent yet has waited (0 when none waits)",
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestAgeSeconds);
    },
  });

  // The same for the webhook outbox's two gauges.
  let webhooks: ReturnType<MetricsOptions["webhookBacklog"]> | undefined;
  const readWebhooks = () => {
    webhooks ??= options.webhookBacklog().finally(() => {
      webhooks = undefined;
    });
    return webhooks;
  };
  new Gauge({
    name: "shop_webhook_outbox_pending",
    help: "Webhook deliveries written and not yet delivered to enabled endpoints (retries waiting included)",
    registers: [registry],
    async collect() {
      this.set((await readWebhooks()).pending);
    },
  });
  new Gauge({
    name: "shop_webhook_outbox_oldest_age_seconds",
    help: "How long the oldest webhook delivery not yet delivered has waited (0 when none waits)",
    registers: [registry],
    async collect() {
      this.set((await readWebhooks()).oldestAgeSeconds);
    },
  });

  new Counter({
    name: "shop_read_cache_hits_total",
    help: "Catalogue reads answered from this instance's read cache",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(options.readCache().hits);
    },
  });
  new Counter({
    name: "shop_read_cache_misses_total",
    help: "Catalogue reads that went to the database",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(options.readCache().misses);
    },
  });

  app.addHook("onClose", async () => registry.clear());
  app.decorate<ShopMetrics>("metrics", {
    orderPlaced: () => ordersPlaced.inc(),
    orderPaid: () => ordersPaid.inc(),
  });

  app.addHook("onResponse", (request, reply, done) => {
    requests.observe(
      {
        route: request.routeOptions.url ?? "unmatched",
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = digest(token);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!authorized(request, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.status(401).send({ success: false, message: api.metricsUnauthorized });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
