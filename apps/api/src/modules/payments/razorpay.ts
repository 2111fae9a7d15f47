/**
 * Paying with Razorpay (docs/decisions/030-razorpay.md): the Razorpay order made for the server's
 * total, and the payments Razorpay reports outside the shopper's request, by webhook or when the
 * payment sweep asks. Each is recorded once, through the same recording as the browser's result
 * and PayPal's (recordCompletedCapture, recordOrderPayment): one payment, one invoice, one email.
 */

import { RAZORPAY_CURRENCY } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { RazorpayOrderDto } from "@shop/shared/schemas/payment";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { CodTerms } from "#api/modules/cod/rules";
import { recordProviderDispute } from "#api/modules/disputes/service";
import type { MailContext } from "#api/modules/email/service";
import { findOrderById } from "#api/modules/orders/service";
import { settleProviderRefund } from "#api/modules/refunds/provider-refunds";
import {
  type PaymentProviders,
  type RazorpayPayment,
  type RazorpayProvider,
  sameMoney,
} from "#api/payments/provider";
import { totalOf } from "./amounts";
import { captureOf, holdRazorpayPayment, razorpayOf } from "./razorpay-checkout";
import { findPaymentByTransactionId } from "./repo";
import {
  claimUnpaidRazorpayOrders,
  findRazorpayOrder,
  findRazorpayOrderFor,
  forgetRazorpayEvents,
  keepRazorpayOrder,
  rememberRazorpayEvent,
  seenRazorpayEvent,
} from "./repo-razorpay";
import { claimOrderForPayment, releaseOrderClaim } from "./repo-unmatched";
import { orderToPayOnline, type Payer, paymentValues, recordFailure, takenBy } from "./service";
import { takeUnmatched } from "./unmatched";
import { type CaptureContext, recordCompletedCapture, type WebhookOutcome } from "./webhook";

/**
 * The Razorpay order Checkout opens for the caller's pending order, for the server's total in paise:
 * made once per order and amount (asked again, the same one answers; a total that changed gets a
 * new one), with our order's number as its receipt and our id in its notes. 409 for an order not in
 * rupees, or not payable; 404 for someone else's.
 */
export async function createRazorpayOrder(
  db: Database,
  providers: PaymentProviders,
  payer: Payer,
  orderId: string,
  terms?: CodTerms,
): Promise<RazorpayOrderDto> {
  const razorpay = razorpayOf(providers);
  const order = await orderToPayOnline(db, payer, orderId, terms, (found) => {
    if (found.currency !== RAZORPAY_CURRENCY) throw new AppError("CONFLICT", api.razorpayRupeesOnly);
  });
  const total = totalOf(order);
  const answer = (id: string) => ({
    razorpayOrderId: id,
    keyId: razorpay.keyId,
    amount: total.cents,
    currency: total.currency,
  });
  const made = await findRazorpayOrderFor(db, order.id, total);
  if (made) return answer(made.id);
  const created = await razorpay.createOrder({
    orderId: order.id,
    receipt: String(order.number),
    amount: total,
  });
  if (!sameMoney(created.amount, total)) throw new AppError("BAD_GATEWAY", api.paymentProviderUnavailable);
  const kept = await keepRazorpayOrder(db, {
    id: created.id,
    orderId: order.id,
    amount: total.cents,
    currency: total.currency,
  });
  return answer(kept.id);
}

/**
 * A payment Razorpay reports (webhook, or the sweep asking): recorded once for the order its Razorpay
 * order was made for, when it is for exactly the order's total. An authorised one is captured first,
 * under a claim on the order (repo-unmatched.ts) so that one capture at a time is made for it; one
 * the order cannot take (paid by another payment, closed, or another being captured) is captured and
 * refunded in full as an unmatched payment (decision 046). A failed one is recorded as a failed
 * attempt. Payments the shop cannot match are logged and ignored.
 */
export async function settleRazorpayPayment(
  db: Database,
  payment: RazorpayPayment,
  context: CaptureContext,
): Promise<WebhookOutcome> {
  const { log, providers } = context;
  const razorpay = razorpayOf(providers);
  const made = payment.orderId ? await findRazorpayOrder(db, payment.orderId) : undefined;
  const found = made ? await findOrderById(db, made.orderId) : undefined;
  if (!found) {
    log.warn(
      { payment: payment.id, razorpayOrder: payment.orderId },
      "a Razorpay payment of no order of the shop",
    );
    return "ignored";
  }
  const { order, user } = found;
  if (payment.status === "failed") {
    await recordFailure(db, paymentValues(order, order.userId, "razorpay", captureOf(payment, order)));
    return "recorded";
  }
  const total = totalOf(order);
  if (!sameMoney(payment.amount, total)) {
    log.error(
      { payment: payment.id, order: order.id, amount: payment.amount },
      "a Razorpay payment does not match its order; nothing recorded",
    );
    return "ignored";
  }
  if (await findPaymentByTransactionId(db, payment.id)) return "duplicate";
  let captured = payment;
  if (payment.status === "authorized") {
    const claimed = await claimOrderForPayment(db, {
      orderId: order.id,
      userId: order.userId,
      claim: `razorpay:${payment.id}`,
    });
    if (!claimed) {
      // Paid by another payment, closed, or another being captured now: the money goes back.
      const held = await holdRazorpayPayment(db, razorpay, payment.orderId ?? "", payment.id, order, log);
      if (!held) return "ignored";
      await takeUnmatched(
        db,
        providers,
        takenBy("razorpay", held.id, order, held.amount),
        order.status === "pending" || order.paymentId ? "second_payment" : "order_closed",
        { hold: context.holdUnmatched, log, locale: context.mail.locale },
      );
      return "recorded";
    }
    const result = await razorpay.capture(payment.id, total);
    if (result.outcome === "refused") {
      log.warn(
        { payment: payment.id, issue: result.issue },
        "Razorpay refused to capture an authorised payment",
      );
      await releaseOrderClaim(db, order.id, `razorpay:${payment.id}`);
      return "ignored";
    }
    captured = result.payment;
  }
  if (captured.status !== "captured" || !sameMoney(captured.amount, total)) return "ignored";
  const values = paymentValues(order, order.userId, "razorpay", captureOf(captured, order));
  return recordCompletedCapture(db, { order, shopper: user, values }, context);
}

/** A Razorpay webhook as its route passes it on: the event its signature vouched for, and its id. */
export interface RazorpayWebhookRequest {
  /** X-Razorpay-Event-Id: the same at every delivery of one event; absent, the event is acted on (idempotently) anyway. */
  eventId: string | undefined;
  event: NonNullable<ReturnType<RazorpayProvider["verifyWebhook"]>>;
}

/**
 * Acts on a verified Razorpay webhook once: an event id seen before is a duplicate; a payment event
 * records its payment (settleRazorpayPayment); a refund event completes or frees the shop's refund,
 * or records one made in Razorpay's dashboard (settleProviderRefund); a dispute event records or
 * moves the payment's dispute (modules/disputes). The event id is remembered
 * once acted on, so that a delivery that failed half-way is acted on again.
 */
export async function handleRazorpayWebhook(
  db: Database,
  { eventId, event }: RazorpayWebhookRequest,
  context: CaptureContext,
): Promise<WebhookOutcome> {
  const { log, mail } = context;
  if (eventId && (await seenRazorpayEvent(db, eventId))) return "duplicate";
  let outcome: WebhookOutcome;
  if (event.type === "payment") {
    outcome = await settleRazorpayPayment(db, event.payment, context);
  } else if (event.type === "refund") {
    const settled = await settleProviderRefund(db, event.refund, log, mail);
    outcome =
      settled === "recorded" || settled === "freed"
        ? "recorded"
        : settled === "duplicate"
          ? "duplicate"
          : "ignored";
  } else if (event.type === "dispute") {
    outcome = await recordProviderDispute(db, event.dispute, log, mail);
  } else {
    outcome = "ignored";
  }
  if (eventId) await rememberRazorpayEvent(db, eventId, event.event);
  return outcome;
}

/** How long Razorpay is left to tell before a sweep asks, and how far back a sweep looks. */
export interface RazorpaySweepTerms {
  /** The owner's choice for money an order cannot take (Settings → Checkout). */
  holdUnmatched: boolean;
  /** A Razorpay order (or a pending refund) younger than this is left to the browser and the webhooks. */
  olderThanMs: number;
  /** Razorpay orders made longer ago than this are not asked about (their orders are past the hold). */
  withinMs: number;
  log: FastifyBaseLogger;
  mail: MailContext;
}

/**
 * Asks Razorpay about the unpaid orders' Razorpay orders that nobody reported on (a shopper who
 * closed the tab, a webhook lost): each captured or authorised payment is recorded as its webhook
 * would have (settleRazorpayPayment). Claimed rows are marked checked, so that instances share the
 * work and an order is asked about again only after `olderThanMs`. Also forgets webhook events
 * older than a week. Answers how many orders it paid.
 */
export async function sweepRazorpayOrders(
  db: Database,
  providers: PaymentProviders,
  { olderThanMs, withinMs, log, mail, holdUnmatched }: RazorpaySweepTerms,
): Promise<number> {
  const razorpay = providers.razorpay;
  if (!razorpay) return 0;
  const now = Date.now();
  await forgetRazorpayEvents(db, new Date(now - 7 * 24 * 60 * 60_000));
  const claimed = await claimUnpaidRazorpayOrders(db, {
    createdAfter: new Date(now - withinMs),
    createdBefore: new Date(now - olderThanMs),
    checkedBefore: new Date(now - olderThanMs),
    limit: 20,
  });
  let paid = 0;
  for (const made of claimed) {
    try {
      const payments = await razorpay.paymentsOfOrder(made.id);
      // A captured payment first: it holds the money already; an authorised one is captured only when none is.
      const ranked = [...payments].sort((a, b) => rank(a) - rank(b));
      for (const payment of ranked) {
        if (rank(payment) > 2) continue;
        const outcome = await settleRazorpayPayment(db, payment, { providers, log, mail, holdUnmatched });
        if (outcome === "paid") paid += 1;
      }
    } catch (error) {
      log.error(
        { err: error, razorpayOrder: made.id },
        "could not ask Razorpay about an order; the next sweep tries again",
      );
    }
  }
  return paid;
}

/** The order in which a sweep settles an order's payments; any other status it leaves alone. */
const RANKS: Readonly<Record<string, number>> = { captured: 0, authorized: 1, failed: 2 };
const rank = (payment: RazorpayPayment) => RANKS[payment.status] ?? 3;
