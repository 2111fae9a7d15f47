/**
 * What the payments module needs from a payment provider (docs/design.md section 5): the server asks the
 * provider, and only what the provider confirms is ever recorded.
 *
 * Three kinds exist. A card gateway charges in one step (the offline test gateway). A checkout
 * provider (PayPal) has the server create an order for the server's total, the buyer approve it in
 * the browser, and the server capture it. Razorpay has the server create its order too, but the
 * buyer pays it in Razorpay's Checkout, which hands the browser a signed result; the server checks
 * the signature, reads the payment back from Razorpay and captures it if it is only authorised.
 */
import {
  type DisputeProvider,
  type DisputeState,
  PAYMENT_STATUSES,
  type PaymentGateway,
  type PaymentStatus,
} from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { TestCard } from "@shop/shared/schemas/payment";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";

/**
 * How long a call to a provider may take, reading the answer included (PAYMENTS_PROVIDER_TIMEOUT_MS
 * may shorten it): well under the payment sweep's least delay (30 s), so that the sweep never asks
 * about a refund whose request is still waiting for its answer.
 */
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * A provider call the provider may have acted on though the shop read no answer: it timed out, the
 * connection broke once the request was on its way, or the provider answered a 5xx or something the
 * shop cannot read. Answered as any provider failure (502/503), but a refund keeps its reservation:
 * the payment sweep asks the provider by the request id (modules/refunds/sweep.ts).
 */
export class UnclearAnswer extends AppError {
  constructor(code: "BAD_GATEWAY" | "UNAVAILABLE") {
    super(code, api.paymentProviderUnavailable);
    this.name = "UnclearAnswer";
  }
}

/**
 * A provider that did not answer in time or could not be reached: 503, try again later, logged with
 * why. `unclear`: the request may have reached it (a timeout, a connection broken on the way, a
 * request in progress), so a refund keeps its reservation (UnclearAnswer).
 */
export function unreachableError(
  log: Pick<FastifyBaseLogger, "warn">,
  provider: string,
  path: string,
  error: unknown,
  unclear: boolean,
): AppError {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  log.warn({ path, reason, unclear }, `${provider} could not be reached`);
  return unclear
    ? new UnclearAnswer("UNAVAILABLE")
    : new AppError("UNAVAILABLE", api.paymentProviderUnavailable);
}

/** The same failure, known not to have reached the provider (a call made before the one that failed). */
export function clearOf(error: unknown): unknown {
  return error instanceof UnclearAnswer ? new AppError(error.code, error.message) : error;
}

/** Network errors that stop a request before any byte reaches the provider. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * Whether a failed fetch never reached the provider (the connection refused, the host unknown): the
 * provider cannot have acted on it. A timeout or a connection reset may have come after it did.
 */
export function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined;
  return code !== undefined && NEVER_SENT.has(code);
}

/** An amount of money in integer cents, with its ISO 4217 currency code. */
export interface Money {
  cents: number;
  currency: string;
}

/** A capture (or a one-step charge) as the provider reported it. */
export interface ProviderCapture {
  /** The provider's id of the capture; stored as the payment's transaction id. */
  id: string;
  /** The provider's own status word, e.g. "COMPLETED" or "DECLINED". */
  providerStatus: string;
  /** The provider's status lower-cased into ours (SPEC section 4); anything unknown counts as failed. */
  status: PaymentStatus;
  amount: Money | null;
  /** Our order id as the provider echoes it back (PayPal's custom_id); null when it has none. */
  customId: string | null;
  updateTime: Date | null;
  payerEmail: string | null;
  /** How the payer paid, when the provider says (Razorpay: upi, card, netbanking, wallet, emi, ...). */
  method?: string | null;
}

/** A refund as the provider reported it. */
export interface ProviderRefund {
  /** The provider's id of the refund; stored with the refund, unique. */
  id: string;
  /** The provider's own status word, e.g. "COMPLETED", "PENDING" or Razorpay's "processed". */
  providerStatus: string;
  amount: Money | null;
  /** The capture it refunds, when the provider says (PayPal's "up" link, Razorpay's payment id). */
  captureId: string | null;
}

/**
 * A dispute (chargeback) of a payment as the provider's webhook reported it
 * (docs/decisions/045-disputes.md), with the provider's words mapped to the shop's state.
 */
export interface ProviderDispute {
  provider: DisputeProvider;
  /** The provider's id of the dispute (Razorpay's "disp_…", PayPal's "PP-D-…"). */
  id: string;
  /** The disputed payment's id at the provider: the payment's transaction id (Razorpay's payment, PayPal's capture). */
  transactionId: string;
  amount: Money;
  reasonCode: string;
  /** The provider's words for the reason; its code when it gives none. */
  reasonText: string;
  /** The provider's phase, lower-cased (inquiry, chargeback, pre_arbitration, arbitration, ...). */
  phase: string;
  state: DisputeState;
  /** When the provider wants the shop's evidence by. */
  respondBy: Date | null;
  /** When the provider opened it. */
  createdAt: Date | null;
}

/** What the shop asks a provider to give back. */
export interface RefundRequest {
  /** The capture's id: the payment's transaction id. */
  captureId: string;
  amount: Money;
  /** The same id for a retried refund: the provider then answers the first refund instead of making another. */
  requestId: string;
  /** A short note for the payer. */
  note: string;
}

/**
 * The outcome of a refund: money given back; accepted but not paid out yet (Razorpay's "pending": it
 * is recorded once the provider says it was processed); or refused by the provider with its reason.
 */
export type RefundResult =
  | { outcome: "refunded"; refund: ProviderRefund }
  | { outcome: "pending"; refund: ProviderRefund }
  | { outcome: "refused"; issue: string };

/**
 * A provider that answers a refund request sent again with its request id by the refund it made
 * then, or makes it now: the payment sweep settles a refund left pending by sending it again.
 */
export interface RepeatableRefunds {
  /** Gives back part or all of a capture; the same request id answers the same refund. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** How long the provider keeps a request id (PayPal: 45 days); a refund older than that is never sent again. */
  readonly refundRequestIdsKeptMs: number;
}

/** Charges a card in one step: the offline test gateway. */
export interface CardGateway extends RepeatableRefunds {
  readonly name: "test";
  charge(request: { card: TestCard; amount: Money; reference: string }): Promise<ProviderCapture>;
}

/** A checkout order on the provider's side (a PayPal order). */
export interface ProviderOrder {
  id: string;
  status: string;
  /** Our order id (custom_id of the only purchase unit). */
  customId: string | null;
  amount: Money | null;
  payerEmail: string | null;
  /** Captures already made for it. */
  captures: ProviderCapture[];
}

/** The outcome of a capture: money taken (or a capture the provider declined), or refused with no capture at all. */
export type CaptureResult =
  | { outcome: "captured"; capture: ProviderCapture }
  | { outcome: "refused"; issue: string };

/** The transmission headers a webhook call carries (names lower-cased as Node gives them). */
export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** A verified webhook event, reduced to what the shop acts on. */
export type WebhookEvent =
  | { id: string; type: "capture.completed" | "capture.denied"; eventType: string; capture: ProviderCapture }
  | { id: string; type: "capture.refunded"; eventType: string; refund: ProviderRefund }
  | { id: string; type: "dispute"; eventType: string; dispute: ProviderDispute }
  | { id: string; type: "ignored"; eventType: string };

/** A wallet provider: the server creates the order, the buyer approves it, the server captures it. */
export interface CheckoutProvider extends RepeatableRefunds {
  readonly name: "paypal";
  /** The public client id the browser SDK needs. */
  readonly clientId: string;
  /** Whether webhooks can be verified (a webhook id is configured). */
  readonly acceptsWebhooks: boolean;
  /** Creates the provider's order for exactly this amount; retried with the same order and amount, returns the same one. */
  createOrder(request: { orderId: string; amount: Money }): Promise<{ id: string }>;
  /** The provider's order, or undefined when it does not know the id. */
  getOrder(id: string): Promise<ProviderOrder | undefined>;
  /** Captures an approved order; capturing it again returns the first capture. */
  captureOrder(id: string): Promise<CaptureResult>;
  /** Asks the provider whether it sent this event; the parsed event when it did, else undefined. */
  verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<WebhookEvent | undefined>;
}

export type PaymentProvider = CardGateway | CheckoutProvider;

/** A payment at Razorpay, reduced to what the shop reads. */
export interface RazorpayPayment {
  /** "pay_…": stored as the payment's transaction id. */
  id: string;
  /** Razorpay's word: created, authorized, captured, refunded or failed. */
  status: string;
  /** The Razorpay order it paid ("order_…"); null for a payment made without one. */
  orderId: string | null;
  amount: Money;
  /** upi, card, netbanking, wallet, emi, ... as Razorpay reports it. */
  method: string | null;
  email: string | null;
  createdAt: Date | null;
}

/** A refund at Razorpay: pending until Razorpay pays it out, then processed (or failed). */
export interface RazorpayRefund extends ProviderRefund {
  status: "pending" | "processed" | "failed";
}

/** A verified Razorpay webhook, reduced to what the shop acts on. */
export type RazorpayWebhookEvent =
  | {
      type: "payment";
      event: "payment.authorized" | "payment.captured" | "order.paid" | "payment.failed";
      payment: RazorpayPayment;
    }
  | { type: "refund"; event: "refund.processed" | "refund.failed"; refund: RazorpayRefund }
  | { type: "dispute"; event: RazorpayDisputeEvent; dispute: ProviderDispute }
  | { type: "ignored"; event: string };

/** Razorpay's dispute webhooks: each carries the dispute as it is now. */
export const RAZORPAY_DISPUTE_EVENTS = [
  "payment.dispute.created",
  "payment.dispute.under_review",
  "payment.dispute.action_required",
  "payment.dispute.won",
  "payment.dispute.lost",
  "payment.dispute.closed",
] as const;
export type RazorpayDisputeEvent = (typeof RAZORPAY_DISPUTE_EVENTS)[number];

/** The outcome of capturing an authorised payment: captured (or captured before), or refused with Razorpay's reason. */
export type RazorpayCaptureResult =
  | { outcome: "captured"; payment: RazorpayPayment }
  | { outcome: "refused"; issue: string };

/** Razorpay: the server creates the order, the buyer pays it in Checkout, the server verifies and captures. */
export interface RazorpayProvider {
  readonly name: "razorpay";
  /** The public key id Checkout opens with. */
  readonly keyId: string;
  /** Whether webhooks can be verified (a webhook secret is configured). */
  readonly acceptsWebhooks: boolean;
  /** Creates a Razorpay order for exactly this amount (paise), with our order's number as its receipt and our id in its notes. */
  createOrder(request: {
    orderId: string;
    receipt: string;
    amount: Money;
  }): Promise<{ id: string; amount: Money }>;
  /** Whether Checkout's signature is Razorpay's over this order and payment (HMAC-SHA256 with the key secret). */
  verifyCheckout(result: { orderId: string; paymentId: string; signature: string }): boolean;
  /** The payment, or undefined when Razorpay does not know the id. */
  getPayment(id: string): Promise<RazorpayPayment | undefined>;
  /** Every payment attempt made against a Razorpay order. */
  paymentsOfOrder(orderId: string): Promise<RazorpayPayment[]>;
  /** Captures an authorised payment for exactly this amount; a payment captured before answers as captured. */
  capture(paymentId: string, amount: Money): Promise<RazorpayCaptureResult>;
  /** Refunds part or all of a captured payment; the same request id answers the same refund. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The refund of this payment made with this request id, or undefined when Razorpay made none. */
  findRefund(paymentId: string, requestId: string): Promise<RazorpayRefund | undefined>;
  /** A refund by its id, or undefined when Razorpay does not know it. */
  getRefund(id: string): Promise<RazorpayRefund | undefined>;
  /** The event when the signature is Razorpay's over these bytes (HMAC-SHA256 with the webhook secret), else undefined. */
  verifyWebhook(signature: string, rawBody: string): RazorpayWebhookEvent | undefined;
}

/**
 * The providers this shop is configured with (create-provider.ts): a payment goes through the one its
 * gateway names, and so does its refund. The test gateway is never beside a real provider.
 */
export interface PaymentProviders {
  test: CardGateway | undefined;
  paypal: CheckoutProvider | undefined;
  razorpay: RazorpayProvider | undefined;
}

/** What gives a payment's money back: the provider of its gateway, when the shop has it configured. */
export function refunderOf(
  providers: PaymentProviders,
  gateway: PaymentGateway,
): Pick<PaymentProvider | RazorpayProvider, "refund"> | undefined {
  if (gateway === "test") return providers.test;
  if (gateway === "paypal") return providers.paypal;
  if (gateway === "razorpay") return providers.razorpay;
  return undefined;
}

/** The provider of a gateway whose refunds the sweep settles by sending them again (PayPal, the test gateway). */
export function repeatableRefundsOf(
  providers: PaymentProviders,
  gateway: PaymentGateway,
): RepeatableRefunds | undefined {
  if (gateway === "test") return providers.test;
  if (gateway === "paypal") return providers.paypal;
  return undefined;
}

/** The provider's status word lower-cased into one of ours; a word we do not know means no money was taken. */
export function paymentStatusOf(providerStatus: string): PaymentStatus {
  const lower = providerStatus.toLowerCase();
  return (PAYMENT_STATUSES as readonly string[]).includes(lower) ? (lower as PaymentStatus) : "failed";
}

export function sameMoney(a: Money | null, b: Money): boolean {
  return a !== null && a.cents === b.cents && a.currency === b.currency;
}

/** Cents as the decimal string providers take ("118.00"). */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A provider's decimal string ("118", "118.5", "118.00") as cents; undefined when it is not one. */
export function parseAmount(value: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * An amount the database holds (numeric(12,2), read as a number) in its smallest unit, from its
 * decimal text: "316.5" is 31650 paise, with no multiplication of a binary fraction on the way.
 */
export function minorUnitsOf(amount: number): number {
  const units = amount >= 0 ? parseAmount(String(amount)) : undefined;
  if (units === undefined) throw new Error(`not an amount of money: ${amount}`);
  return units;
}
