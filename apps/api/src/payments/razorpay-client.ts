/**
 * Razorpay over its REST API, called from the server only (docs/decisions/030-razorpay.md).
 *
 * - Every call authenticates with HTTP Basic: the key id and the key secret.
 * - Amounts travel in paise (integers), as Razorpay takes and gives them.
 * - Checkout's result and every webhook are checked by HMAC-SHA256 (the key secret over
 *   `order_id|payment_id`, the webhook secret over the raw body), compared in constant time.
 * - A refund carries `X-Refund-Idempotency` (the shop's request id) and the same id in its notes, so
 *   a retry is the same refund and a sweep can find it again after a crash.
 * - Every call has a timeout (PROVIDER_TIMEOUT_MS). An unreachable Razorpay answers 503, an answer
 *   that makes no sense 502, both with the same message; the details go to the log. A call Razorpay
 *   may have acted on without the shop reading its answer (a timeout, a broken connection, a 5xx, an
 *   unreadable body) throws UnclearAnswer: a refund then stays reserved for the sweep.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { DISPUTE_STATES } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import {
  type Money,
  neverSent,
  PROVIDER_TIMEOUT_MS,
  type ProviderDispute,
  RAZORPAY_DISPUTE_EVENTS,
  type RazorpayCaptureResult,
  type RazorpayDisputeEvent,
  type RazorpayPayment,
  type RazorpayProvider,
  type RazorpayRefund,
  type RazorpayWebhookEvent,
  type RefundRequest,
  type RefundResult,
  UnclearAnswer,
  unreachableError,
} from "./provider";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** The secret webhooks are signed with; without it, webhooks are refused. */
  webhookSecret?: string | undefined;
  /** https://api.razorpay.com, or a fake in tests. */
  apiBase: string;
  log: FastifyBaseLogger;
  /** Per call, including reading the answer. */
  timeoutMs?: number;
}

/** Razorpay's ids ("order_…", "pay_…", "rfnd_…"); anything else never reaches a URL. */
const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;
/** The note a refund carries its request id in: how a sweep finds it again. */
const REQUEST_NOTE = "shop_request_id";
/** Razorpay's notes: at most 15 pairs of 256 characters. */
const NOTE_LENGTH = 256;

// Razorpay's answers, reduced to the fields the shop reads; anything else may come and go.
// NOTE: an entity without notes carries `notes: []` (an empty list), not an object.
const Notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
const PaymentEntity = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
  status: z.string().min(1),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
  email: z.string().nullish(),
  created_at: z.number().nullish(),
});
const RefundEntity = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(["pending", "processed", "failed"]),
  notes: Notes,
});
// Razorpay's dispute entity (Disputes API): `status` is one of the shop's states word for word.
const DisputeEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.string().min(1),
  reason_code: z.string().min(1),
  reason_description: z.string().nullish(),
  phase: z.string().min(1),
  status: z.enum(DISPUTE_STATES),
  respond_by: z.number().nullish(),
  created_at: z.number().nullish(),
});
const OrderEntity = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string() });
const Collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const ErrorAnswer = z.object({
  error: z.object({
    code: z.string().optional(),
    description: z.string().nullish(),
    reason: z.string().nullish(),
  }),
});
/** The envelope of every webhook event. */
export const RazorpayWebhookBody = z.object({
  event: z.string({ error: api.webhookRejected }),
  // NOTE: optional, so that no library message reaches the answer; an event without a readable entity is ignored.
  payload: z.unknown().optional(),
});
const WebhookPayload = z.object({
  payment: z.object({ entity: PaymentEntity }).optional(),
  refund: z.object({ entity: RefundEntity }).optional(),
  dispute: z.object({ entity: DisputeEntity }).optional(),
});

const PAYMENT_EVENTS = new Set(["payment.authorized", "payment.captured", "order.paid", "payment.failed"]);
const REFUND_EVENTS = new Set(["refund.processed", "refund.failed"]);
const DISPUTE_EVENTS: ReadonlySet<string> = new Set(RAZORPAY_DISPUTE_EVENTS);

interface Answer {
  status: number;
  body: unknown;
}

function toPayment(entity: z.infer<typeof PaymentEntity>): RazorpayPayment {
  return {
    id: entity.id,
    status: entity.status,
    orderId: entity.order_id ?? null,
    amount: { cents: entity.amount, currency: entity.currency },
    method: entity.method ?? null,
    email: entity.email ?? null,
    createdAt: typeof entity.created_at === "number" ? new Date(entity.created_at * 1000) : null,
  };
}

function toRefund(entity: z.infer<typeof RefundEntity>): RazorpayRefund {
  return {
    id: entity.id,
    providerStatus: entity.status,
    status: entity.status,
    amount: { cents: entity.amount, currency: entity.currency },
    captureId: entity.payment_id,
  };
}

const fromSeconds = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

function toDispute(entity: z.infer<typeof DisputeEntity>): ProviderDispute {
  return {
    provider: "razorpay",
    id: entity.id,
    transactionId: entity.payment_id,
    amount: { cents: entity.amount, currency: entity.currency },
    reasonCode: entity.reason_code,
    reasonText: entity.reason_description || entity.reason_code,
    phase: entity.phase.toLowerCase(),
    state: entity.status,
    respondBy: fromSeconds(entity.respond_by),
    createdAt: fromSeconds(entity.created_at),
  };
}

function requestIdOf(entity: z.infer<typeof RefundEntity>): string | undefined {
  const notes = entity.notes;
  if (!notes || Array.isArray(notes)) return undefined;
  const value = notes[REQUEST_NOTE];
  return typeof value === "string" ? value : undefined;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function issueOf(body: unknown): string {
  const parsed = ErrorAnswer.safeParse(body);
  if (!parsed.success) return "UNKNOWN";
  return parsed.data.error.description || parsed.data.error.reason || parsed.data.error.code || "UNKNOWN";
}

/** HMAC-SHA256 in hex of `text` with `secret`, compared in constant time with what was sent. */
function signedBy(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(createHmac("sha256", secret).update(text, "utf8").digest("hex"), "utf8");
  const given = Buffer.from(signature.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class RazorpayClient implements RazorpayProvider {
  readonly name = "razorpay";
  readonly keyId: string;
  readonly acceptsWebhooks: boolean;
  private readonly keySecret: string;
  private readonly webhookSecret: string | undefined;
  private readonly apiBase: string;
  private readonly authorization: string;
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;

  constructor(options: RazorpayOptions) {
    this.keyId = options.keyId;
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
    this.acceptsWebhooks = Boolean(options.webhookSecret);
    this.apiBase = options.apiBase.replace(/\/+$/, "");
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;
    this.log = options.log;
    this.timeoutMs = Math.min(options.timeoutMs ?? PROVIDER_TIMEOUT_MS, PROVIDER_TIMEOUT_MS);
  }

  async createOrder({
    orderId,
    receipt,
    amount,
  }: {
    orderId: string;
    receipt: string;
    amount: Money;
  }): Promise<{ id: string; amount: Money }> {
    const answer = await this.call("POST", "/v1/orders", {
      amount: amount.cents,
      currency: amount.currency,
      receipt: receipt.slice(0, 40),
      notes: { order_id: orderId },
    });
    const created = answer.status < 300 ? OrderEntity.safeParse(answer.body) : undefined;
    if (!created?.success) throw this.unexpected("create order", answer);
    return { id: created.data.id, amount: { cents: created.data.amount, currency: created.data.currency } };
  }

  verifyCheckout({
    orderId,
    paymentId,
    signature,
  }: {
    orderId: string;
    paymentId: string;
    signature: string;
  }): boolean {
    return signedBy(this.keySecret, `${orderId}|${paymentId}`, signature);
  }

  async getPayment(id: string): Promise<RazorpayPayment | undefined> {
    if (!RAZORPAY_ID.test(id)) return undefined;
    const answer = await this.call("GET", `/v1/payments/${encodeURIComponent(id)}`);
    // NOTE: Razorpay answers an id it does not know with 400 ("The id provided does not exist").
    if (answer.status === 400 || answer.status === 404) return undefined;
    const payment = answer.status < 300 ? PaymentEntity.safeParse(answer.body) : undefined;
    if (!payment?.success) throw this.unexpected("get payment", answer);
    return toPayment(payment.data);
  }

  async paymentsOfOrder(orderId: string): Promise<RazorpayPayment[]> {
    if (!RAZORPAY_ID.test(orderId)) return [];
    const answer = await this.call("GET", `/v1/orders/${encodeURIComponent(orderId)}/payments`);
    if (answer.status === 400 || answer.status === 404) return [];
    const payments = answer.status < 300 ? Collection(PaymentEntity).safeParse(answer.body) : undefined;
    if (!payments?.success) throw this.unexpected("order payments", answer);
    return payments.data.items.map(toPayment);
  }

  async capture(paymentId: string, amount: Money): Promise<RazorpayCaptureResult> {
    if (!RAZORPAY_ID.test(paymentId)) return { outcome: "refused", issue: "INVALID_ID" };
    const answer = await this.call("POST", `/v1/payments/${encodeURIComponent(paymentId)}/capture`, {
      amount: amount.cents,
      currency: amount.currency,
    });
    if (answer.status < 300) {
      const payment = PaymentEntity.safeParse(answer.body);
      if (!payment.success) throw this.unexpected("capture", answer);
      return { outcome: "captured", payment: toPayment(payment.data) };
    }
    if (answer.status === 400) {
      // Captured before (by another request, or by the dashboard): the payment as it is now answers.
      const now = await this.getPayment(paymentId);
      if (now?.status === "captured") return { outcome: "captured", payment: now };
      const issue = issueOf(answer.body);
      this.log.info({ payment: paymentId, issue }, "Razorpay refused a capture");
      return { outcome: "refused", issue };
    }
    throw this.unexpected("capture", answer);
  }

  async refund({ captureId, amount, requestId, note }: RefundRequest): Promise<RefundResult> {
    if (!RAZORPAY_ID.test(captureId)) return { outcome: "refused", issue: "INVALID_ID" };
    const answer = await this.call(
      "POST",
      `/v1/payments/${encodeURIComponent(captureId)}/refund`,
      {
        amount: amount.cents,
        notes: { [REQUEST_NOTE]: requestId, reason: note.slice(0, NOTE_LENGTH) },
      },
      { "x-refund-idempotency": requestId },
    );
    if (answer.status < 300) {
      const refund = RefundEntity.safeParse(answer.body);
      // NOTE: a 2xx Razorpay sent is a refund made, even when its body cannot be read.
      if (!refund.success) throw this.unexpected("refund", answer, true);
      const given = toRefund(refund.data);
      if (given.status === "failed") return { outcome: "refused", issue: "REFUND_FAILED" };
      return { outcome: given.status === "processed" ? "refunded" : "pending", refund: given };
    }
    // NOTE: 409: the same idempotency key is still being worked on at Razorpay; the caller tries again later.
    if (answer.status === 409)
      throw this.unreachable("refund", new Error("Razorpay is still working on this refund"), true);
    // The amount is more than what is left, the payment is not captured, ...: nothing was given back.
    const issue = issueOf(answer.body);
    this.log.info({ payment: captureId, issue }, "Razorpay refused a refund");
    return { outcome: "refused", issue };
  }

  async findRefund(paymentId: string, requestId: string): Promise<RazorpayRefund | undefined> {
    if (!RAZORPAY_ID.test(paymentId)) return undefined;
    const answer = await this.call("GET", `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`);
    if (answer.status === 400 || answer.status === 404) return undefined;
    const refunds = answer.status < 300 ? Collection(RefundEntity).safeParse(answer.body) : undefined;
    if (!refunds?.success) throw this.unexpected("payment refunds", answer);
    const found = refunds.data.items.find((refund) => requestIdOf(refund) === requestId);
    return found ? toRefund(found) : undefined;
  }

  async getRefund(id: string): Promise<RazorpayRefund | undefined> {
    if (!RAZORPAY_ID.test(id)) return undefined;
    const answer = await this.call("GET", `/v1/refunds/${encodeURIComponent(id)}`);
    if (answer.status === 400 || answer.status === 404) return undefined;
    const refund = answer.status < 300 ? RefundEntity.safeParse(answer.body) : undefined;
    if (!refund?.success) throw this.unexpected("get refund", answer);
    return toRefund(refund.data);
  }

  verifyWebhook(signature: string, rawBody: string): RazorpayWebhookEvent | undefined {
    if (!this.webhookSecret || !signedBy(this.webhookSecret, rawBody, signature)) return undefined;
    const envelope = RazorpayWebhookBody.safeParse(parseJson(rawBody));
    if (!envelope.success) return { type: "ignored", event: "unreadable" };
    const { event } = envelope.data;
    const known = PAYMENT_EVENTS.has(event) || REFUND_EVENTS.has(event) || DISPUTE_EVENTS.has(event);
    if (!known) return { type: "ignored", event };
    const payload = WebhookPayload.safeParse(envelope.data.payload);
    if (payload.success && DISPUTE_EVENTS.has(event) && payload.data.dispute) {
      return {
        type: "dispute",
        event: event as RazorpayDisputeEvent,
        dispute: toDispute(payload.data.dispute.entity),
      };
    }
    if (payload.success && REFUND_EVENTS.has(event) && payload.data.refund) {
      return {
        type: "refund",
        event: event as "refund.processed" | "refund.failed",
        refund: toRefund(payload.data.refund.entity),
      };
    }
    if (payload.success && PAYMENT_EVENTS.has(event) && payload.data.payment) {
      return {
        type: "payment",
        event: event as "payment.authorized" | "payment.captured" | "order.paid" | "payment.failed",
        payment: toPayment(payload.data.payment.entity),
      };
    }
    this.log.warn({ event }, "Razorpay webhook without a readable entity");
    return { type: "ignored", event };
  }

  /** A call to the REST API with the key id and secret; answers any status but 401/403/429/5xx, which throw. */
  private async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: this.authorization,
      ...extraHeaders,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    let answer: Answer;
    try {
      const response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      answer = { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      throw this.unreachable(path, error, !neverSent(error));
    }
    if (answer.status === 401)
      this.log.error("Razorpay refused the key id and secret (RAZORPAY_KEY_ID/SECRET)");
    // NOTE: a 5xx may come after Razorpay did the work; a 401 or 403 never does.
    if (answer.status >= 500) throw this.unexpected(path, answer, true);
    if (answer.status === 401 || answer.status === 403) throw this.unexpected(path, answer);
    if (answer.status === 429) throw this.unreachable(path, new Error("Razorpay is rate limiting the shop"));
    return answer;
  }

  /** Razorpay did not answer in time or could not be reached (unreachableError). */
  private unreachable(path: string, error: unknown, unclear = false): AppError {
    return unreachableError(this.log, "Razorpay", path, error, unclear);
  }

  /** Razorpay answered something the shop cannot use: 502. `unclear`: Razorpay may have done the work. */
  private unexpected(what: string, answer: Answer, unclear = false): AppError {
    this.log.error(
      { what, status: answer.status, issue: issueOf(answer.body) },
      "unexpected answer from Razorpay",
    );
    return unclear
      ? new UnclearAnswer("BAD_GATEWAY")
      : new AppError("BAD_GATEWAY", api.paymentProviderUnavailable);
  }
}
