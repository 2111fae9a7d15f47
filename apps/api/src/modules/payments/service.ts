/**
 * Paying orders (DESIGN.md section 5). A payment is recorded only after the provider confirmed it on
 * the server, for the amount and currency of the order; the order then becomes processing and links
 * it, in one transaction that holds the order's row. The database backs this up: a transaction id is
 * unique and an order has at most one completed payment, so a repeated capture records nothing new.
 */
import { CURRENCY, type PaymentGateway } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { toCents } from "@shop/shared/pricing";
import type { PaymentDto, PaymentInput, PaymentProviderDto } from "@shop/shared/schemas/payment";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { isPgError, UNIQUE_VIOLATION } from "../../db/errors";
import { isId } from "../../db/ids";
import type { Order } from "../../db/schema/orders";
import type { NewPayment } from "../../db/schema/payments";
import type { User } from "../../db/schema/users";
import { offsetOf } from "../../http/envelope";
import { AppError } from "../../http/errors";
import {
  type CheckoutProvider,
  type Money,
  type PaymentProvider,
  type ProviderCapture,
  sameMoney,
  type WebhookHeaders,
} from "../../payments/provider";
import { findOrderById, lockOrder } from "../orders/repo";
import { markOrderPaid } from "../orders/service";
import {
  findPaymentByTransactionId,
  findPaymentRow,
  insertPayment,
  listPayments,
  type PaymentFilter,
  type PaymentRow,
  settlePayment,
} from "./repo";

type Payer = Pick<User, "id" | "email">;

function toPaymentDto({ payment, user }: PaymentRow): PaymentDto {
  return {
    _id: payment.id,
    user: { _id: user.id, name: { firstName: user.firstName, lastName: user.lastName }, email: user.email },
    order: payment.orderId,
    status: payment.status,
    transactionId: payment.transactionId,
    amount: payment.amount,
    currency: payment.currency,
    paymentGateway: payment.paymentGateway,
    update_time: payment.updateTime?.toISOString() ?? null,
    email_address: payment.emailAddress,
    createdAt: payment.createdAt.toISOString(),
  };
}

/** Which provider the pay page should offer, and PayPal's public client id. */
export function paymentProviderInfo(provider: PaymentProvider): PaymentProviderDto {
  return provider.name === "paypal"
    ? { provider: "paypal", clientId: provider.clientId, currency: CURRENCY }
    : { provider: "test", clientId: null, currency: CURRENCY };
}

const totalOf = (order: Order): Money => ({ cents: toCents(order.totalAmount), currency: order.currency });

function assertPayable(order: Pick<Order, "paymentId" | "status">) {
  if (order.paymentId) throw new AppError("CONFLICT", api.alreadyPaid);
  if (order.status !== "pending") throw new AppError("CONFLICT", api.orderNotPayable);
}

/** The caller's order while it can be paid: 404 for a missing or someone else's order, 409 for a paid or closed one. */
async function payableOrderOf(db: Database, payer: Payer, orderId: string): Promise<Order> {
  const row = await findOrderById(db, orderId);
  if (!row || row.order.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
  assertPayable(row.order);
  return row.order;
}

function paypalOf(provider: PaymentProvider): CheckoutProvider {
  if (provider.name !== "paypal") throw new AppError("BAD_REQUEST", api.paypalNotConfigured);
  return provider;
}

/** Creates the PayPal order for the server's total of the caller's pending order; the client never names an amount. */
export async function createPaypalOrder(
  db: Database,
  provider: PaymentProvider,
  payer: Payer,
  orderId: string,
): Promise<{ id: string }> {
  const paypal = paypalOf(provider);
  const order = await payableOrderOf(db, payer, orderId);
  return paypal.createOrder({ orderId: order.id, amount: totalOf(order) });
}

/**
 * Looks the PayPal order up, checks it was made for this order and total, captures it (idempotent)
 * and checks what was captured. Nothing is recorded when anything disagrees.
 */
async function capturePaypalOrder(
  paypal: CheckoutProvider,
  paypalOrderId: string,
  order: Order,
  log: FastifyBaseLogger,
): Promise<ProviderCapture> {
  const total = totalOf(order);
  const paypalOrder = await paypal.getOrder(paypalOrderId);
  if (!paypalOrder) throw new AppError("NOT_FOUND", api.paymentNotFound);
  if (paypalOrder.customId !== order.id || !sameMoney(paypalOrder.amount, total)) {
    log.warn(
      {
        order: order.id,
        paypalOrder: paypalOrder.id,
        customId: paypalOrder.customId,
        amount: paypalOrder.amount,
      },
      "refused a PayPal order made for another order or amount",
    );
    throw new AppError("BAD_REQUEST", api.paymentMismatch);
  }
  const result = await paypal.captureOrder(paypalOrder.id);
  if (result.outcome === "refused") throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
  const { capture } = result;
  const otherOrder = capture.customId !== null && capture.customId !== order.id;
  if (otherOrder || (capture.status !== "failed" && !sameMoney(capture.amount, total))) {
    // NOTE: PayPal took money the shop did not ask for; it is left unrecorded and must be refunded by hand.
    log.error(
      { order: order.id, paypalOrder: paypalOrder.id, capture: capture.id, amount: capture.amount },
      "PayPal capture does not match the order; nothing recorded",
    );
    throw new AppError("BAD_REQUEST", api.paymentMismatch);
  }
  return { ...capture, payerEmail: capture.payerEmail ?? paypalOrder.payerEmail };
}

/** The charge or capture for the gateway the client chose, refused when that gateway is not the active one. */
function chargeFor(
  provider: PaymentProvider,
  input: PaymentInput,
  log: FastifyBaseLogger,
): (order: Order) => Promise<ProviderCapture> {
  if (input.paymentGateway === "test") {
    // NOTE: a shop with PayPal configured is a real shop: it never takes test cards.
    if (provider.name !== "test") throw new AppError("BAD_REQUEST", api.testGatewayDisabled);
    return (order) => provider.charge({ card: input.card, amount: totalOf(order), reference: order.id });
  }
  const paypal = paypalOf(provider);
  return (order) => capturePaypalOrder(paypal, input.transactionId, order, log);
}

function paymentValues(
  order: Order,
  userId: string,
  gateway: PaymentGateway,
  capture: ProviderCapture,
): Omit<NewPayment, "status"> {
  return {
    userId,
    orderId: order.id,
    transactionId: capture.id,
    amount: order.totalAmount,
    currency: order.currency,
    paymentGateway: gateway,
    updateTime: capture.updateTime,
    emailAddress: capture.payerEmail,
  };
}

/** Records a refused attempt; the same declined capture reported twice is recorded once. */
async function recordFailure(db: Database, values: Omit<NewPayment, "status">) {
  try {
    await insertPayment(db, { ...values, status: "failed" });
  } catch (error) {
    if (!isPgError(error, UNIQUE_VIOLATION)) throw error;
  }
}

async function paymentDto(db: Database, id: string): Promise<PaymentDto> {
  const row = await findPaymentRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", api.paymentNotFound);
  return toPaymentDto(row);
}

export interface PaymentResult {
  payment: PaymentDto;
  /** The provider has not settled the capture yet (PayPal PENDING); the order waits for its webhook. */
  pending: boolean;
}

/**
 * Pays the caller's pending order through the active provider. A decline records a failed payment
 * and answers 402 with the order still payable; a repeated capture or a second payment answers 409
 * and records nothing.
 */
export async function payOrder(
  db: Database,
  provider: PaymentProvider,
  payer: Payer,
  input: PaymentInput,
  log: FastifyBaseLogger,
): Promise<PaymentResult> {
  const charge = chargeFor(provider, input, log);
  const order = await payableOrderOf(db, payer, input.order);
  const capture = await charge(order);
  const values = paymentValues(order, payer.id, input.paymentGateway, {
    ...capture,
    // The test gateway has no payer account of its own: the shopper paid.
    payerEmail: capture.payerEmail ?? (input.paymentGateway === "test" ? payer.email : null),
  });

  if (capture.status === "failed") {
    await recordFailure(db, values);
    throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
  }

  let recorded: { paymentId: string; linked: boolean };
  try {
    recorded = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw new AppError("NOT_FOUND", api.orderNotFound);
      if (locked.paymentId) throw new AppError("CONFLICT", api.alreadyPaid);
      const payment = await insertPayment(tx, { ...values, status: capture.status });
      const linked = capture.status === "completed" && locked.status === "pending";
      if (linked) await markOrderPaid(tx, locked.id, payment.id);
      return { paymentId: payment.id, linked };
    });
  } catch (error) {
    if (isPgError(error, UNIQUE_VIOLATION)) throw new AppError("CONFLICT", api.alreadyPaid);
    throw error;
  }

  if (capture.status === "completed" && !recorded.linked) {
    // NOTE: the order was closed (e.g. by the hold sweep) while the provider took the money. The payment
    // is kept so that staff see it and refund it; the order is not reopened.
    log.error(
      { order: order.id, payment: recorded.paymentId },
      "payment captured for an order no longer pending",
    );
    throw new AppError("CONFLICT", api.orderNotPayable);
  }
  return { payment: await paymentDto(db, recorded.paymentId), pending: capture.status === "pending" };
}

const WEBHOOK_HEADERS = {
  authAlgo: "paypal-auth-algo",
  certUrl: "paypal-cert-url",
  transmissionId: "paypal-transmission-id",
  transmissionSig: "paypal-transmission-sig",
  transmissionTime: "paypal-transmission-time",
} as const satisfies Record<keyof WebhookHeaders, string>;

function webhookHeadersOf(
  headers: Record<string, string | string[] | undefined>,
): WebhookHeaders | undefined {
  const picked: Partial<WebhookHeaders> = {};
  for (const [key, name] of Object.entries(WEBHOOK_HEADERS) as [keyof WebhookHeaders, string][]) {
    const value = headers[name];
    if (typeof value !== "string" || value.length === 0 || value.length > 2000) return undefined;
    picked[key] = value;
  }
  return picked as WebhookHeaders;
}

export type WebhookOutcome = "recorded" | "duplicate" | "ignored";

/**
 * Acts on a PayPal webhook once PayPal confirmed it sent it: a completed capture is recorded (once)
 * and pays its order, a denied one is recorded as failed. Events about something the shop does not
 * know, or for another amount, are logged and acknowledged so that PayPal stops resending them.
 */
export async function handlePaypalWebhook(
  db: Database,
  provider: PaymentProvider,
  request: { headers: Record<string, string | string[] | undefined>; rawBody: string },
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  if (provider.name !== "paypal" || !provider.acceptsWebhooks)
    throw new AppError("BAD_REQUEST", api.webhookRejected);
  const headers = webhookHeadersOf(request.headers);
  if (!headers) throw new AppError("BAD_REQUEST", api.webhookRejected);
  const event = await provider.verifyWebhook(headers, request.rawBody);
  if (!event) throw new AppError("UNAUTHORIZED", api.webhookRejected);
  if (event.type === "ignored") return "ignored";

  const { capture } = event;
  const found =
    capture.customId && isId(capture.customId) ? await findOrderById(db, capture.customId) : undefined;
  if (!found) {
    log.warn(
      { event: event.id, capture: capture.id, customId: capture.customId },
      "webhook for an unknown order",
    );
    return "ignored";
  }
  const order = found.order;
  const values = paymentValues(order, order.userId, "paypal", capture);

  if (event.type === "capture.denied") {
    const existing = await findPaymentByTransactionId(db, capture.id);
    if (existing) {
      const settled = await settlePayment(db, existing.id, {
        status: "failed",
        updateTime: capture.updateTime,
      });
      return settled ? "recorded" : "duplicate";
    }
    await recordFailure(db, values);
    return "recorded";
  }

  if (capture.status !== "completed" || !sameMoney(capture.amount, totalOf(order))) {
    log.error(
      {
        event: event.id,
        order: order.id,
        capture: capture.id,
        status: capture.providerStatus,
        amount: capture.amount,
      },
      "webhook capture does not match the order; nothing recorded",
    );
    return "ignored";
  }
  try {
    return await db.transaction(async (tx): Promise<WebhookOutcome> => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) return "ignored";
      const existing = await findPaymentByTransactionId(tx, capture.id);
      if (existing && existing.status !== "pending") return "duplicate";
      if (!existing && locked.paymentId) {
        log.error(
          { order: order.id, capture: capture.id },
          "a second capture for a paid order; refund it by hand",
        );
        return "ignored";
      }
      const paymentId = existing
        ? (await settlePayment(tx, existing.id, { status: "completed", updateTime: capture.updateTime }))?.id
        : (await insertPayment(tx, { ...values, status: "completed" })).id;
      if (!paymentId) return "duplicate";
      if (locked.status === "pending" && !locked.paymentId) await markOrderPaid(tx, locked.id, paymentId);
      else
        log.error({ order: order.id, payment: paymentId }, "payment captured for an order no longer pending");
      return "recorded";
    });
  } catch (error) {
    // The capture call recorded the same capture at the same moment.
    if (isPgError(error, UNIQUE_VIOLATION)) return "duplicate";
    throw error;
  }
}

/** A page of payments for the dashboard, newest first. */
export async function listPaymentDtos(
  db: Database,
  filter: PaymentFilter,
  page: { page: number; size: number },
): Promise<{ items: PaymentDto[]; total: number }> {
  const { rows, total } = await listPayments(db, filter, { limit: page.size, offset: offsetOf(page) });
  return { items: rows.map(toPaymentDto), total };
}

/** One payment for the dashboard. */
export function getPayment(db: Database, id: string): Promise<PaymentDto> {
  return paymentDto(db, id);
}
