/**
 * Refunds the provider tells the shop about: one made in the provider's own dashboard (a webhook),
 * and what became of a refund the provider accepted as pending (Razorpay pays out later; its
 * webhook, or the payment sweep asking: sweep.ts). Each is recorded through the same steps as the
 * shop's own refunds (service.ts), once, however many times it is told.
 */
import { creditByAmount } from "@shop/shared/credit-note";
import { api, refunds as words } from "@shop/shared/messages";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Refund } from "#api/db/schema/refunds";
import type { MailContext } from "#api/modules/email/service";
import { takeCreditNote } from "#api/modules/invoices/service";
import { actorOf, lockOrder } from "#api/modules/orders/service";
import type { ProviderRefund, RazorpayRefund } from "#api/payments/provider";
import { creditablesOf, refundLineRows } from "./credit";
import {
  dropPendingRefund,
  findPaymentByTransactionId,
  findRefundByProviderId,
  insertRefund,
  insertRefundLines,
  lockPayment,
  pendingRefundCents,
} from "./repo";
import { applyRefund, completeRefund, isTaken } from "./service";

export type ProviderRefundOutcome = "recorded" | "duplicate" | "ignored";

/**
 * A refund made in the provider's own dashboard (PayPal's PAYMENT.CAPTURE.REFUNDED webhook): recorded
 * once, whatever number of times it is delivered (the provider's refund id is unique), with no actor
 * and no stock movement. While a refund of the shop's own is on its way for the same payment, the
 * event is answered 503 so that the provider delivers it again once that refund is recorded.
 */
export async function recordProviderRefund(
  db: Database,
  given: ProviderRefund,
  log: FastifyBaseLogger,
  mail: MailContext,
): Promise<ProviderRefundOutcome> {
  if (await findRefundByProviderId(db, given.id)) return "duplicate";
  const payment = given.captureId ? await findPaymentByTransactionId(db, given.captureId) : undefined;
  if (!isTaken(payment) || !given.amount || given.amount.currency !== payment.currency) {
    log.warn(
      { refund: given.id, capture: given.captureId },
      "refund webhook for an unknown payment; ignored",
    );
    return "ignored";
  }
  const amount = given.amount;
  try {
    return await db.transaction(async (tx): Promise<ProviderRefundOutcome> => {
      const order = await lockOrder(tx, payment.orderId);
      const locked = await lockPayment(tx, payment.id);
      if (!order || !locked) return "ignored";
      if (await findRefundByProviderId(tx, given.id)) return "duplicate";
      if ((await pendingRefundCents(tx, locked.id)) > 0) throw new AppError("UNAVAILABLE", api.unavailable);
      if (amount.cents <= 0 || amount.cents > toCents(locked.amount) - toCents(locked.refundedAmount)) {
        log.error(
          { refund: given.id, payment: locked.id, amount },
          "refund webhook passes what was paid; ignored",
        );
        return "ignored";
      }
      const now = new Date();
      const credit = creditByAmount(await creditablesOf(tx, order), amount.cents);
      if (!credit.ok) {
        log.error(
          { refund: given.id, payment: locked.id, amount },
          "refund webhook passes what the invoice holds; ignored",
        );
        return "ignored";
      }
      const refund = await insertRefund(tx, {
        paymentId: locked.id,
        orderId: order.id,
        status: "completed",
        amount: fromCents(amount.cents),
        currency: amount.currency,
        reason: words.madeAtProvider,
        providerRefundId: given.id,
        ...(await takeCreditNote(tx, now)),
        refundedAt: now,
        ...actorOf(null),
      });
      await insertRefundLines(tx, refundLineRows(refund.id, credit.lines));
      await applyRefund(tx, order, refund, mail);
      return "recorded";
    });
  } catch (error) {
    // The same event delivered twice at the same moment: the unique provider id lets one in.
    if (isPgError(error, UNIQUE_VIOLATION)) return "duplicate";
    throw error;
  }
}

export type SettledRefund = "recorded" | "freed" | "duplicate" | "ignored" | "waiting";

/**
 * What the provider says became of a refund (Razorpay's refund.processed / refund.failed webhook, or
 * the payment sweep asking): a refund of the shop's own waiting for it is completed (processed) or
 * dropped, freeing its amount (failed); a processed refund the shop never asked for was made in the
 * provider's dashboard and is recorded as such (recordProviderRefund). Safe to repeat.
 */
export async function settleProviderRefund(
  db: Database,
  given: RazorpayRefund,
  log: FastifyBaseLogger,
  mail: MailContext,
): Promise<SettledRefund> {
  const known = await findRefundByProviderId(db, given.id);
  if (!known) {
    if (given.status !== "processed") return "ignored";
    return recordProviderRefund(db, given, log, mail);
  }
  return settleKnownRefund(db, known, given, log, mail);
}

/** Settles a refund of the shop's own as the provider's refund says: waiting, completed, or dropped. */
export async function settleKnownRefund(
  db: Database,
  known: Refund,
  given: RazorpayRefund,
  log: FastifyBaseLogger,
  mail: MailContext,
): Promise<SettledRefund> {
  if (known.status === "completed") return "duplicate";
  if (given.status === "pending") return "waiting";
  if (given.status === "failed") {
    await dropPendingRefund(db, known.id);
    log.warn(
      { refund: known.id, order: known.orderId, providerRefund: given.id },
      "the provider failed a refund; its amount is free again",
    );
    return "freed";
  }
  return (await completeRefund(db, known, given.id, null, mail)) ? "recorded" : "duplicate";
}
