/** PayPal's webhooks: verified with PayPal, then recorded once, as the capture call would have (Razorpay's share the recording). */
import type { UnmatchedPaymentReason } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import { isId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Order } from "#api/db/schema/orders";
import { recordProviderDispute } from "#api/modules/disputes/service";
import type { MailContext } from "#api/modules/email/service";
import { findOrderById, lockOrder, recordOrderPayment } from "#api/modules/orders/service";
import { recordProviderRefund } from "#api/modules/refunds/provider-refunds";
import { type PaymentProviders, sameMoney, type WebhookHeaders } from "#api/payments/provider";
import { totalOf } from "./amounts";
import { findPaymentByTransactionId, insertPayment, settlePayment } from "./repo";
import { type Payer, type PaymentValues, paymentValues, recordFailure, takenBy } from "./service";
import { takeUnmatched } from "./unmatched";

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

/** What a webhook did: "paid" when a completed capture paid its order, "recorded" for any other change. */
export type WebhookOutcome = "paid" | "recorded" | "duplicate" | "ignored";

/**
 * Acts on a PayPal webhook once PayPal confirmed it sent it: a completed capture is recorded (once)
 * and pays its order, a denied one is recorded as failed, a refund made in PayPal's dashboard is
 * recorded once (modules/refunds), a customer dispute is recorded or moved (modules/disputes).
 * Events about something the shop does not
 * know, or for another amount, are logged and acknowledged so that PayPal stops resending them.
 * A capture that pays its order tells the shopper, in the transaction that records it.
 */
export async function handlePaypalWebhook(
  db: Database,
  request: { headers: Record<string, string | string[] | undefined>; rawBody: string },
  context: CaptureContext,
): Promise<WebhookOutcome> {
  const { providers, log, mail } = context;
  const provider = providers.paypal;
  if (!provider?.acceptsWebhooks) throw new AppError("BAD_REQUEST", api.webhookRejected);
  const headers = webhookHeadersOf(request.headers);
  if (!headers) throw new AppError("BAD_REQUEST", api.webhookRejected);
  const event = await provider.verifyWebhook(headers, request.rawBody);
  if (!event) throw new AppError("UNAUTHORIZED", api.webhookRejected);
  if (event.type === "ignored") return "ignored";
  if (event.type === "capture.refunded") return recordProviderRefund(db, event.refund, log, mail);
  if (event.type === "dispute") return recordProviderDispute(db, event.dispute, log, mail);

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
    // NOTE: the order's lock first, as every writer of an order's payments takes it: the payment's
    // statement also writes the order's payment state, and a "completed" webhook for the same capture
    // locks the order before the payment.
    return db.transaction(async (tx): Promise<WebhookOutcome> => {
      if (!(await lockOrder(tx, order.id))) return "ignored";
      const existing = await findPaymentByTransactionId(tx, capture.id);
      if (existing) {
        const settled = await settlePayment(tx, existing.id, {
          status: "failed",
          updateTime: capture.updateTime,
        });
        return settled ? "recorded" : "duplicate";
      }
      await recordFailure(tx, values);
      return "recorded";
    });
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
  return recordCompletedCapture(db, { order, shopper: found.user, values }, context);
}

/** What recording money reported outside the shopper's request needs beside the database. */
export interface CaptureContext {
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  mail: MailContext;
  /** The owner's choice for money an order cannot take (Settings → Checkout). */
  holdUnmatched: boolean;
}

/**
 * Records a completed capture the provider reported outside the shopper's request (PayPal's or
 * Razorpay's webhook, the payment sweep) once, as the payment call would have: under the order's
 * lock, a payment it left pending is settled or the capture inserted, and a pending order is paid
 * through recordOrderPayment (history, invoice, ledger, the shopper's email). A capture recorded
 * already is a duplicate. A capture the order cannot take (it was paid otherwise, or closed
 * meanwhile) is an unmatched payment, refunded in full (unmatched.ts, decision 046).
 */
export async function recordCompletedCapture(
  db: Database,
  { order, shopper, values }: { order: Order; shopper: Payer; values: PaymentValues },
  { providers, log, mail, holdUnmatched }: CaptureContext,
): Promise<WebhookOutcome> {
  let outcome: WebhookOutcome | UnmatchedPaymentReason;
  try {
    outcome = await db.transaction(async (tx): Promise<WebhookOutcome | UnmatchedPaymentReason> => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) return "ignored";
      const existing = await findPaymentByTransactionId(tx, values.transactionId);
      if (existing && existing.status !== "pending") return "duplicate";
      if (!existing && locked.paymentId) return "second_payment";
      if (!existing && locked.status !== "pending") return "order_closed";
      const paymentId = existing
        ? (await settlePayment(tx, existing.id, { status: "completed", updateTime: values.updateTime }))?.id
        : (await insertPayment(tx, { ...values, status: "completed" })).id;
      if (!paymentId) return "duplicate";
      if (locked.status === "pending" && !locked.paymentId) {
        await recordOrderPayment(
          tx,
          {
            order: locked,
            shopper,
            payment: { id: paymentId },
            received: {
              amount: values.amount,
              gateway: values.paymentGateway,
              transactionId: values.transactionId,
            },
            pays: true,
          },
          mail,
        );
        return "paid";
      }
      // NOTE: a capture PayPal reported pending while the order was open, completed after it closed:
      // the payment was recorded then, and stays its (refunded from the order page).
      log.error(
        { order: order.id, payment: paymentId },
        "a pending capture completed for an order no longer pending",
      );
      return "recorded";
    });
  } catch (error) {
    // The payment call recorded the same capture at the same moment.
    if (isPgError(error, UNIQUE_VIOLATION)) return "duplicate";
    throw error;
  }
  if (outcome !== "second_payment" && outcome !== "order_closed") return outcome;
  const gateway = values.paymentGateway;
  if (gateway !== "razorpay" && gateway !== "paypal" && gateway !== "test") return "ignored";
  const current = (await findOrderById(db, order.id))?.order ?? order;
  const { row } = await takeUnmatched(
    db,
    providers,
    takenBy(gateway, values.transactionId, current, null),
    outcome,
    { hold: holdUnmatched, log, locale: mail.locale },
  );
  return row ? "recorded" : "ignored";
}
