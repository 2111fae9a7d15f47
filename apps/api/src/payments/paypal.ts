/**
 * PayPal Orders v2 over its REST API, called from the server only (docs/design.md section 2).
 *
 * - An OAuth2 client-credentials token is fetched once and reused until shortly before it expires.
 * - Orders are created for the amount the server computed; `PayPal-Request-Id` is derived from our
 *   order and its amount, and the capture's from the PayPal order, so a retried call returns the
 *   first result instead of doing the work twice.
 * - Every call has a timeout (PROVIDER_TIMEOUT_MS). An unreachable PayPal answers 503, an answer that
 *   makes no sense 502, both with the same message; the details go to the log. A call PayPal may have
 *   acted on without the shop reading its answer (a timeout, a broken connection, a 5xx, an
 *   unreadable body) throws UnclearAnswer: a refund then stays reserved for the sweep.
 */
import type { DisputeState } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import {
  type CaptureResult,
  type CheckoutProvider,
  clearOf,
  formatAmount,
  type Money,
  neverSent,
  PROVIDER_TIMEOUT_MS,
  type ProviderCapture,
  type ProviderDispute,
  type ProviderOrder,
  type ProviderRefund,
  parseAmount,
  paymentStatusOf,
  type RefundRequest,
  type RefundResult,
  UnclearAnswer,
  unreachableError,
  type WebhookEvent,
  type WebhookHeaders,
} from "./provider";

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a fake in tests. */
  apiBase: string;
  /** The id of the webhook registered with PayPal; without it, webhooks are refused. */
  webhookId?: string | undefined;
  log: FastifyBaseLogger;
  /** Per call, including reading the answer. */
  timeoutMs?: number;
}

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 60_000;
/** PayPal order ids are short and alphanumeric; anything else never reaches a URL. */
const PAYPAL_ID = /^[A-Za-z0-9-]{1,64}$/;

// PayPal's answers, reduced to the fields the shop reads; anything else may come and go.
const PaypalMoney = z.object({ currency_code: z.string(), value: z.string() });
const PaypalCapture = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  amount: PaypalMoney.optional(),
  custom_id: z.string().optional(),
  update_time: z.string().optional(),
});
const PaypalOrder = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: PaypalMoney.optional(),
        payments: z.object({ captures: z.array(PaypalCapture).optional() }).optional(),
      }),
    )
    .optional(),
  payer: z.object({ email_address: z.string().optional() }).optional(),
});
const PaypalRefund = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  amount: PaypalMoney.optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
});
// A customer dispute as PayPal's CUSTOMER.DISPUTE.* webhooks carry it (Disputes API v1).
const PaypalDispute = z.object({
  dispute_id: z.string().min(1),
  create_time: z.string().optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().min(1).optional() })).min(1),
  reason: z.string().min(1),
  status: z.string().min(1),
  dispute_amount: PaypalMoney,
  dispute_life_cycle_stage: z.string().optional(),
  seller_response_due_date: z.string().optional(),
  dispute_outcome: z.object({ outcome_code: z.string() }).optional(),
});
const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const CreatedOrder = z.object({ id: z.string().min(1) });
const ErrorAnswer = z.object({
  name: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});
const VerifyAnswer = z.object({ verification_status: z.string() });
/** The envelope of every webhook event. */
export const PaypalWebhookEvent = z.object({
  id: z.string({ error: api.webhookRejected }),
  event_type: z.string({ error: api.webhookRejected }),
  // NOTE: optional, so that no library message reaches the answer; an event without a readable capture is ignored.
  resource: z.unknown().optional(),
});

const CAPTURE_EVENTS = {
  "PAYMENT.CAPTURE.COMPLETED": "capture.completed",
  "PAYMENT.CAPTURE.DENIED": "capture.denied",
} as const;
const REFUND_EVENT = "PAYMENT.CAPTURE.REFUNDED";
const DISPUTE_EVENTS = new Set([
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
]);
/**
 * A resolved dispute's outcome as the shop counts it: the buyer's favour (or the seller accepting the
 * claim) takes the money back; the seller's favour keeps it; PayPal paying the buyer itself, the buyer
 * cancelling, or no outcome ends it without a verdict on the shop's money.
 */
const OUTCOMES: Readonly<Record<string, DisputeState>> = {
  RESOLVED_BUYER_FAVOUR: "lost",
  ACCEPTED: "lost",
  RESOLVED_SELLER_FAVOUR: "won",
  DENIED: "won",
};
/** Refund statuses that mean the money goes back (PENDING settles later on PayPal's side). */
const REFUND_GIVEN = new Set(["COMPLETED", "PENDING"]);
/**
 * How long PayPal keeps a refund's PayPal-Request-Id ("The server stores keys for 45 days", Refund
 * captured payment): within it, the same request answers the refund made then instead of making another.
 */
const REFUND_REQUEST_IDS_KEPT_MS = 45 * 24 * 60 * 60_000;

interface Answer {
  status: number;
  body: unknown;
}

function toMoney(money: z.infer<typeof PaypalMoney> | undefined): Money | null {
  if (!money) return null;
  const cents = parseAmount(money.value);
  return cents === undefined ? null : { cents, currency: money.currency_code };
}

function toDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function toCapture(capture: z.infer<typeof PaypalCapture>, payerEmail: string | null): ProviderCapture {
  return {
    id: capture.id,
    providerStatus: capture.status,
    status: paymentStatusOf(capture.status),
    amount: toMoney(capture.amount),
    customId: capture.custom_id ?? null,
    updateTime: toDate(capture.update_time),
    payerEmail,
  };
}

/** The capture a refund belongs to, from its "up" link (…/v2/payments/captures/{id}). */
function captureIdOf(refund: z.infer<typeof PaypalRefund>): string | null {
  const up = refund.links?.find((link) => link.rel === "up")?.href;
  const match = up ? /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})$/.exec(up) : null;
  return match?.[1] ?? null;
}

function toRefund(refund: z.infer<typeof PaypalRefund>): ProviderRefund {
  return {
    id: refund.id,
    providerStatus: refund.status,
    amount: toMoney(refund.amount),
    captureId: captureIdOf(refund),
  };
}

/** PayPal's dispute status (and, once resolved, its outcome) as the shop's state. */
function disputeStateOf(dispute: z.infer<typeof PaypalDispute>): DisputeState {
  if (dispute.status === "RESOLVED") return OUTCOMES[dispute.dispute_outcome?.outcome_code ?? ""] ?? "closed";
  // The seller answered: the buyer or PayPal has it now.
  if (dispute.status === "UNDER_REVIEW" || dispute.status === "WAITING_FOR_BUYER_RESPONSE")
    return "under_review";
  return "open";
}

/** The dispute, when it names one transaction of the shop and an amount that reads. */
function toDispute(dispute: z.infer<typeof PaypalDispute>): ProviderDispute | undefined {
  const transactionId = dispute.disputed_transactions[0]?.seller_transaction_id;
  const amount = toMoney(dispute.dispute_amount);
  if (!transactionId || !amount || amount.cents <= 0) return undefined;
  return {
    provider: "paypal",
    id: dispute.dispute_id,
    transactionId,
    amount,
    reasonCode: dispute.reason,
    reasonText: dispute.reason,
    phase: (dispute.dispute_life_cycle_stage ?? "inquiry").toLowerCase(),
    state: disputeStateOf(dispute),
    respondBy: toDate(dispute.seller_response_due_date),
    createdAt: toDate(dispute.create_time),
  };
}

function toOrder(order: z.infer<typeof PaypalOrder>): ProviderOrder {
  const units = order.purchase_units ?? [];
  // NOTE: the shop always creates one purchase unit; an order with several was not made by it.
  const unit = units.length === 1 ? units[0] : undefined;
  const payerEmail = order.payer?.email_address ?? null;
  return {
    id: order.id,
    status: order.status,
    customId: unit?.custom_id ?? null,
    amount: toMoney(unit?.amount),
    payerEmail,
    captures: (unit?.payments?.captures ?? []).map((capture) =>
      toCapture({ ...capture, custom_id: capture.custom_id ?? unit?.custom_id }, payerEmail),
    ),
  };
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
  return parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name ?? "UNKNOWN") : "UNKNOWN";
}

function debugIdOf(body: unknown): string | undefined {
  const parsed = ErrorAnswer.safeParse(body);
  return parsed.success ? parsed.data.debug_id : undefined;
}

export class PaypalClient implements CheckoutProvider {
  readonly name = "paypal";
  readonly refundRequestIdsKeptMs = REFUND_REQUEST_IDS_KEPT_MS;
  readonly clientId: string;
  readonly acceptsWebhooks: boolean;
  private readonly clientSecret: string;
  private readonly apiBase: string;
  private readonly webhookId: string | undefined;
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;

  constructor(options: PaypalOptions) {
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.apiBase = options.apiBase.replace(/\/+$/, "");
    this.webhookId = options.webhookId;
    this.acceptsWebhooks = Boolean(options.webhookId);
    this.log = options.log;
    this.timeoutMs = Math.min(options.timeoutMs ?? PROVIDER_TIMEOUT_MS, PROVIDER_TIMEOUT_MS);
  }

  async createOrder({ orderId, amount }: { orderId: string; amount: Money }): Promise<{ id: string }> {
    const body = {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: orderId,
          custom_id: orderId,
          description: `Order ${orderId}`,
          amount: { currency_code: amount.currency, value: formatAmount(amount.cents) },
        },
      ],
    };
    const answer = await this.call("POST", "/v2/checkout/orders", {
      body: JSON.stringify(body),
      // NOTE: the amount is part of the key: if the order's total ever changed, a new PayPal order is due.
      requestId: `shop-order-${orderId}-${amount.currency}-${amount.cents}`,
    });
    const created = answer.status < 300 ? CreatedOrder.safeParse(answer.body) : undefined;
    if (!created?.success) throw this.unexpected("create order", answer);
    return { id: created.data.id };
  }

  async getOrder(id: string): Promise<ProviderOrder | undefined> {
    if (!PAYPAL_ID.test(id)) return undefined;
    const answer = await this.call("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (answer.status === 404) return undefined;
    const order = answer.status < 300 ? PaypalOrder.safeParse(answer.body) : undefined;
    if (!order?.success) throw this.unexpected("get order", answer);
    return toOrder(order.data);
  }

  async captureOrder(id: string): Promise<CaptureResult> {
    if (!PAYPAL_ID.test(id)) return { outcome: "refused", issue: "INVALID_RESOURCE_ID" };
    const answer = await this.call("POST", `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
      body: "{}",
      requestId: `shop-capture-${id}`,
    });
    if (answer.status < 300) {
      const order = PaypalOrder.safeParse(answer.body);
      const capture = order.success ? toOrder(order.data).captures[0] : undefined;
      if (!capture) throw this.unexpected("capture", answer);
      return { outcome: "captured", capture };
    }
    if (answer.status === 404) return { outcome: "refused", issue: "RESOURCE_NOT_FOUND" };
    if (answer.status === 422) {
      const issue = issueOf(answer.body);
      if (issue === "ORDER_ALREADY_CAPTURED") {
        // Captured before under another request id: the first capture is the answer.
        const capture = (await this.getOrder(id))?.captures[0];
        if (!capture) throw this.unexpected("capture (already captured)", answer);
        return { outcome: "captured", capture };
      }
      // INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, PAYER_ACTION_REQUIRED, ...: no money was taken.
      this.log.info({ paypalOrder: id, issue, debugId: debugIdOf(answer.body) }, "PayPal refused a capture");
      return { outcome: "refused", issue };
    }
    throw this.unexpected("capture", answer);
  }

  async refund({ captureId, amount, requestId, note }: RefundRequest): Promise<RefundResult> {
    if (!PAYPAL_ID.test(captureId)) return { outcome: "refused", issue: "INVALID_RESOURCE_ID" };
    const answer = await this.call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      body: JSON.stringify({
        amount: { currency_code: amount.currency, value: formatAmount(amount.cents) },
        note_to_payer: note.slice(0, 255),
      }),
      requestId,
    });
    if (answer.status < 300) {
      const refund = PaypalRefund.safeParse(answer.body);
      // NOTE: a 2xx PayPal sent is a refund made, even when its body cannot be read.
      if (!refund.success) throw this.unexpected("refund", answer, true);
      if (!REFUND_GIVEN.has(refund.data.status)) return { outcome: "refused", issue: refund.data.status };
      return { outcome: "refunded", refund: { ...toRefund(refund.data), captureId } };
    }
    if (answer.status === 409) {
      // PREVIOUS_REQUEST_IN_PROGRESS: PayPal is still working on a request with this id (the first
      // attempt, or another instance's sweep); neither given nor refused yet, so ask again later.
      this.log.warn(
        { capture: captureId, issue: issueOf(answer.body), debugId: debugIdOf(answer.body) },
        "PayPal is still making a refund with this request id",
      );
      throw new UnclearAnswer("UNAVAILABLE");
    }
    // CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED, REFUND_TIME_LIMIT_EXCEEDED, ...: nothing was given back.
    const issue = issueOf(answer.body);
    this.log.info({ capture: captureId, issue, debugId: debugIdOf(answer.body) }, "PayPal refused a refund");
    return { outcome: "refused", issue };
  }

  async verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookEvent | undefined> {
    if (!this.webhookId) return undefined;
    const event = PaypalWebhookEvent.safeParse(parseJson(rawBody));
    if (!event.success) return undefined;
    // NOTE: the event goes back to PayPal byte for byte; a re-serialised copy may not verify.
    const body = `{"auth_algo":${JSON.stringify(headers.authAlgo)},"cert_url":${JSON.stringify(headers.certUrl)},"transmission_id":${JSON.stringify(headers.transmissionId)},"transmission_sig":${JSON.stringify(headers.transmissionSig)},"transmission_time":${JSON.stringify(headers.transmissionTime)},"webhook_id":${JSON.stringify(this.webhookId)},"webhook_event":${rawBody}}`;
    const answer = await this.call("POST", "/v1/notifications/verify-webhook-signature", { body });
    if (answer.status >= 300) {
      this.log.warn(
        { status: answer.status, issue: issueOf(answer.body), debugId: debugIdOf(answer.body) },
        "PayPal could not verify a webhook",
      );
      return undefined;
    }
    const verdict = VerifyAnswer.safeParse(answer.body);
    if (!verdict.success) throw this.unexpected("verify webhook", answer);
    if (verdict.data.verification_status !== "SUCCESS") return undefined;

    const { id, event_type: eventType, resource } = event.data;
    if (eventType === REFUND_EVENT) {
      const refund = PaypalRefund.safeParse(resource);
      if (!refund.success) {
        this.log.warn({ event: id, eventType }, "PayPal webhook without a readable refund");
        return { id, type: "ignored", eventType };
      }
      return { id, type: "capture.refunded", eventType, refund: toRefund(refund.data) };
    }
    if (DISPUTE_EVENTS.has(eventType)) {
      const parsed = PaypalDispute.safeParse(resource);
      const dispute = parsed.success ? toDispute(parsed.data) : undefined;
      if (!dispute) {
        this.log.warn({ event: id, eventType }, "PayPal webhook without a readable dispute");
        return { id, type: "ignored", eventType };
      }
      return { id, type: "dispute", eventType, dispute };
    }
    const type = CAPTURE_EVENTS[eventType as keyof typeof CAPTURE_EVENTS];
    if (!type) return { id, type: "ignored", eventType };
    const capture = PaypalCapture.safeParse(resource);
    if (!capture.success) {
      this.log.warn({ event: id, eventType }, "PayPal webhook without a readable capture");
      return { id, type: "ignored", eventType };
    }
    return { id, type, eventType, capture: toCapture(capture.data, null) };
  }

  /** A call to the REST API with a bearer token; a rejected token is renewed once. */
  private async call(
    method: "GET" | "POST",
    path: string,
    options: { body?: string; requestId?: string } = {},
    renewed = false,
  ): Promise<Answer> {
    const token = await this.accessToken();
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (method === "POST") {
      headers["content-type"] = "application/json";
      headers.prefer = "return=representation";
    }
    if (options.requestId) headers["paypal-request-id"] = options.requestId;
    const answer = await this.send(method, path, headers, options.body);
    if (answer.status === 401 && !renewed) {
      this.token = undefined;
      return this.call(method, path, options, true);
    }
    // NOTE: a 5xx may come after PayPal did the work; a 401 or 403 never does.
    if (answer.status >= 500) throw this.unexpected(path, answer, true);
    if (answer.status === 401 || answer.status === 403) throw this.unexpected(path, answer);
    if (answer.status === 429) throw this.unreachable(path, new Error("PayPal is rate limiting the shop"));
    return answer;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    // Requests arriving together share one token request.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const credentials = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64");
    // A token that did not come: the call it was for was never sent.
    const answer = await this.send(
      "POST",
      "/v1/oauth2/token",
      { authorization: `Basic ${credentials}`, "content-type": "application/x-www-form-urlencoded" },
      "grant_type=client_credentials",
    ).catch((error: unknown) => {
      throw clearOf(error);
    });
    const token = answer.status === 200 ? TokenAnswer.safeParse(answer.body) : undefined;
    if (!token?.success) {
      if (answer.status === 401)
        this.log.error("PayPal refused the client id and secret (PAYPAL_CLIENT_ID/SECRET)");
      throw this.unexpected("token", answer);
    }
    const lifetimeMs = token.data.expires_in * 1000;
    const margin = Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetimeMs / 2);
    this.token = { value: token.data.access_token, expiresAt: Date.now() + lifetimeMs - margin };
    return this.token.value;
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    try {
      const response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: { accept: "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      throw this.unreachable(path, error, !neverSent(error));
    }
  }

  /** PayPal did not answer in time or could not be reached (unreachableError). */
  private unreachable(path: string, error: unknown, unclear = false): AppError {
    return unreachableError(this.log, "PayPal", path, error, unclear);
  }

  /** PayPal answered something the shop cannot use: 502. `unclear`: PayPal may have done the work. */
  private unexpected(what: string, answer: Answer, unclear = false): AppError {
    this.log.error(
      { what, status: answer.status, issue: issueOf(answer.body), debugId: debugIdOf(answer.body) },
      "unexpected answer from PayPal",
    );
    return unclear
      ? new UnclearAnswer("BAD_GATEWAY")
      : new AppError("BAD_GATEWAY", api.paymentProviderUnavailable);
  }
}
