/**
 * Sending the webhook outbox (docs/decisions/024-webhooks.md): every instance's sender takes due
 * deliveries in batches with leases, as the email outbox does (decision 012), POSTs each signed body
 * to its endpoint, a few at once, and records each result as it comes, so that a sender killed
 * mid-batch leaves only the deliveries in flight (and those whose result it had not yet recorded) to
 * be sent again when their lease ends: at least once, never lost, with the same webhook-id.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { WEBHOOK_RETRY_DELAYS_MS } from "@shop/shared/constants";
import { webhookWords } from "@shop/shared/messages";
import pLimit from "p-limit";
import type { Database } from "#api/db/client";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import { DestinationRefused, guardedLookup, hostOf, isPrivateAddress, type Resolver } from "./destination";
import {
  claimDueDeliveries,
  type DeliveryResult,
  type DisabledEndpoint,
  findActiveAdmins,
  recordDeliveryResults,
  type TakenDelivery,
} from "./repo";
import { signatureHeaders } from "./signing";

export interface WebhookLimits {
  /** Deliveries taken by one statement. */
  batch: number;
  leaseMs: number;
  /** How long one attempt may take, connection and answer together. */
  attemptMs: number;
  /** Lease kept back, past the last attempt's end, for the statement that records it. */
  recordMs: number;
  /** Attempts of one batch under way at once (one slow endpoint does not hold up the others). */
  concurrency: number;
}

/**
 * An attempt starts only while attemptMs + recordMs of the lease are left and ends by its deadline,
 * so each result is recorded within the lease, with 15 s to spare.
 */
export const WEBHOOK_LIMITS: WebhookLimits = {
  batch: 50,
  leaseMs: 2 * 60_000,
  attemptMs: 10_000,
  recordMs: 15_000,
  concurrency: 8,
};

export interface DeliverOptions {
  /** Private, loopback and link-local addresses allowed (WEBHOOKS_ALLOW_PRIVATE=1, never in production). */
  allowPrivate: boolean;
  resolve: Resolver;
  /** What the admins' email about a disabled endpoint is written with. */
  mail: () => Promise<MailContext>;
  limits?: WebhookLimits;
  /** The clock of the webhook-timestamp header (milliseconds). */
  now?: () => number;
  /** Once aborted, no further batch is taken (the app is closing). */
  signal?: AbortSignal;
}

export interface DrainResult {
  succeeded: number;
  failed: number;
  disabled: number;
}

const USER_AGENT = "Shop-Webhooks/1.0";
/** How much of an error is kept on the delivery. */
const ERROR_MAX = 500;

/**
 * Sends what is due, one batch at a time until nothing is left; answers what became of the attempts.
 * A failed attempt waits WEBHOOK_RETRY_DELAYS_MS[attempt - 1] before the next; past the last delay
 * the delivery has failed for good (about 24 hours after its first attempt).
 */
export async function drainWebhooks(db: Database, options: DeliverOptions): Promise<DrainResult> {
  const limits = options.limits ?? WEBHOOK_LIMITS;
  const total: DrainResult = { succeeded: 0, failed: 0, disabled: 0 };
  while (!options.signal?.aborted) {
    // Counted from before the lease was taken (by the database's clock, after this moment), on this
    // process's monotonic clock: the time left of the lease is never overestimated.
    const takenAt = performance.now();
    const batch = await claimDueDeliveries(db, limits.batch, limits.leaseMs);
    if (batch.length === 0) return total;
    const lastStart = takenAt + limits.leaseMs - limits.attemptMs - limits.recordMs;
    const recorder = resultRecorder(db, options.mail);
    const limit = pLimit(limits.concurrency);
    await Promise.all(
      batch.map((delivery) =>
        limit(async () => {
          if (performance.now() > lastStart) {
            await recorder.add({ id: delivery.id, outcome: "released" });
            return;
          }
          const result = await attempt(delivery, options, limits.attemptMs);
          if (result.outcome === "succeeded") total.succeeded += 1;
          if (result.outcome === "failed") total.failed += 1;
          // The next attempt of this worker starts once this result is recorded.
          await recorder.add(result);
        }),
      ),
    );
    total.disabled += await recorder.done();
  }
  return total;
}

/**
 * Records results as they come: a result waits for the statement that records it, which takes every
 * result that came while the previous one ran. A failed statement fails the results it held and
 * every later one (the lease then hands them to a later pass).
 */
function resultRecorder(db: Database, mail: DeliverOptions["mail"]) {
  let queued: DeliveryResult[] = [];
  let disabled = 0;
  let tail: Promise<void> = Promise.resolve();
  /** The next statement, not started yet: a result that comes now goes with it. */
  let next: Promise<void> | undefined;
  return {
    add(result: DeliveryResult): Promise<void> {
      queued.push(result);
      if (!next) {
        next = tail.then(async () => {
          next = undefined;
          const results = queued;
          queued = [];
          disabled += await recordResults(db, results, mail);
        });
        tail = next;
      }
      return next;
    },
    async done(): Promise<number> {
      await tail;
      return disabled;
    },
  };
}

/**
 * Records results; when one failed for good, in a transaction that also tells every active admin
 * of each endpoint it disabled (the email outbox, in the same transaction). Answers how many were.
 */
async function recordResults(
  db: Database,
  results: readonly DeliveryResult[],
  mail: DeliverOptions["mail"],
): Promise<number> {
  if (results.length === 0) return 0;
  if (!results.some((result) => result.outcome === "failed" && result.retryMs === null)) {
    await recordDeliveryResults(db, results);
    return 0;
  }
  const context = await mail();
  return db.transaction(async (tx) => {
    const disabled = await recordDeliveryResults(tx, results);
    if (disabled.length > 0) await tellAdmins(tx, disabled, context);
    return disabled.length;
  });
}

async function tellAdmins(db: Database, disabled: readonly DisabledEndpoint[], context: MailContext) {
  const admins = await findActiveAdmins(db);
  await queueEmails(
    db,
    context.shop,
    disabled.flatMap((endpoint) =>
      admins.map((admin) => ({
        kind: "webhookDisabled" as const,
        to: admin.email,
        subject: webhookWords.mail.disabledSubject,
        parts: {
          firstName: admin.firstName,
          lines: webhookWords.mail.disabledLines(endpoint.url, endpoint.error),
          action: { label: webhookWords.mail.action, url: `${context.origin}/dashboard/webhooks` },
        },
      })),
    ),
  );
}

/** One attempt of a taken delivery: a signed POST of its body; answers what became of it. */
async function attempt(
  delivery: TakenDelivery,
  options: DeliverOptions,
  deadlineMs: number,
): Promise<DeliveryResult> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    ...signatureHeaders(delivery.secrets, delivery.id, timestamp, body),
  };
  let status: number | null = null;
  try {
    status = await post(new URL(delivery.url), headers, body, options, deadlineMs);
    if (status >= 200 && status < 300) return { id: delivery.id, outcome: "succeeded", status };
    return failure(delivery, status, `HTTP ${status}`);
  } catch (error) {
    return failure(delivery, status, error instanceof Error ? error.message : String(error));
  }
}

function failure(delivery: TakenDelivery, status: number | null, error: string): DeliveryResult {
  const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
  return {
    id: delivery.id,
    outcome: "failed",
    status,
    error: error.slice(0, ERROR_MAX),
    retryMs: delay ?? null,
  };
}

/**
 * POSTs a body and answers the response's status (its body is read and dropped). Unless private
 * addresses are allowed, the connection goes only to a public address: one written in the URL is
 * checked here, a host name's by the lookup the connection makes. Redirects are not followed: a 3xx is a failed attempt.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: DeliverOptions,
  deadlineMs: number,
): Promise<number> {
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new DestinationRefused(host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        signal: AbortSignal.timeout(deadlineMs),
        ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolve) }),
      },
      (response) => {
        response.on("error", reject);
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    request.on("error", (error) =>
      reject(
        error.name === "AbortError" || error.name === "TimeoutError"
          ? new Error(`no answer within ${deadlineMs / 1000} s`)
          : error,
      ),
    );
    request.end(body);
  });
}
