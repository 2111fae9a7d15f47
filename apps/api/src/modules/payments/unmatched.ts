/**
 * Money a provider took that its order could not take (docs/decisions/046-every-captured-rupee.md):
 * a second payment of an order paid already, or one that landed after the order was closed. It is
 * never a payment of the order (an order is paid once; its invoice, ledger and reports know nothing
 * of this money), but it is recorded once per provider payment, noted in the order's history for
 * staff, and refunded in full through its provider, or held for review when the owner asks so.
 *
 * The refund's request id is `unmatched-<id>`: sent again after an unclear failure, the provider
 * answers the refund it made (PayPal's PayPal-Request-Id, Razorpay's idempotency header, the test
 * gateway's request ids), so it is made once however often it is asked for. An attempt that did not
 * settle (an unclear failure, a refund Razorpay keeps pending) is taken up by the payment sweep.
 */
import type { OnlineGateway, UnmatchedPaymentReason } from "@shop/shared/constants";
import { api, mail as mailWords, unmatchedPayments as words } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import type { UnmatchedPaymentDto } from "@shop/shared/schemas/payment";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { UnmatchedPayment } from "#api/db/schema/unmatched-payments";
import { recordActivity } from "#api/modules/activity/record";
import { type Actor, findOrderRow, insertOrderEvents, orderSubject } from "#api/modules/orders/service";
import { minorUnitsOf, type PaymentProviders, refunderOf } from "#api/payments/provider";
import {
  claimDueUnmatched,
  findUnmatchedByProviderPayment,
  findUnmatchedPayment,
  insertUnmatchedPayment,
  listUnmatchedPayments,
  releaseHeldPayment,
  settleUnmatchedRefund,
} from "./repo-unmatched";

/** What the provider took: its payment, the money, and the order it was meant for. */
export interface TakenPayment {
  provider: OnlineGateway;
  providerPaymentId: string;
  /** In the currency's units, as the shop's money columns hold it. */
  amount: number;
  currency: string;
  order: Pick<Order, "id" | "userId" | "status">;
}

/** How the shop treats such money: the owner's choice, and where to log. */
export interface UnmatchedTerms {
  /** Hold it for staff to review (Settings → Checkout) instead of refunding it at once. */
  hold: boolean;
  log: FastifyBaseLogger;
  locale: string;
}

/** How long an attempt waits before the sweep tries again: a refund pending at the provider, an unclear failure, a refusal. */
const RETRY_PENDING_MS = 60_000;
const RETRY_UNCLEAR_MS = 30_000;
const RETRY_REFUSED_MS = 60 * 60_000;

export const unmatchedRequestId = (row: Pick<UnmatchedPayment, "id">) => `unmatched-${row.id}`;

const moneyOf = (row: Pick<UnmatchedPayment, "amount" | "currency">, locale: string) =>
  formatMoney(row.amount, { code: row.currency, locale });

/**
 * Records money its order could not take (once: a second report of the same provider payment
 * answers the row recorded first), with a note in the order's history, then asks the provider for
 * it back unless the owner holds such payments. Answers the message the shopper is told.
 */
export async function takeUnmatched(
  db: Database,
  providers: PaymentProviders,
  taken: TakenPayment,
  reason: UnmatchedPaymentReason,
  terms: UnmatchedTerms,
): Promise<{ row: UnmatchedPayment; message: string }> {
  const { order } = taken;
  const written = await db.transaction(async (tx) => {
    const row = await insertUnmatchedPayment(tx, {
      provider: taken.provider,
      providerPaymentId: taken.providerPaymentId,
      amount: taken.amount,
      currency: taken.currency,
      orderId: order.id,
      userId: order.userId,
      reason,
      state: terms.hold ? "held" : "refunding",
    });
    if (!row) return undefined;
    // No actor: the system recorded it. A note, so that staff read it and the shopper's history does not.
    await insertOrderEvents(tx, [
      {
        orderId: order.id,
        type: "note",
        status: order.status,
        amount: row.amount,
        note: words.note(
          moneyOf(row, terms.locale),
          mailWords.gateways[row.provider],
          row.providerPaymentId,
          terms.hold,
        ),
      },
    ]);
    return row;
  });
  const row = written ?? (await findUnmatchedByProviderPayment(db, taken.provider, taken.providerPaymentId));
  if (!row) throw new Error("an unmatched payment vanished");
  if (written) {
    terms.log.error(
      { order: order.id, provider: row.provider, payment: row.providerPaymentId, reason, state: row.state },
      "a provider took money its order could not take; recorded as an unmatched payment",
    );
    if (row.state === "refunding") await refundUnmatched(db, providers, row, terms.log);
  }
  const amount = moneyOf(row, terms.locale);
  return {
    row,
    message:
      reason === "second_payment"
        ? api.secondPaymentRefunded(amount)
        : api.closedOrderPaymentRefunded(amount),
  };
}

/**
 * One attempt at giving an unmatched payment back in full, recorded as it ended: refunded; pending
 * at the provider (Razorpay pays it out later: asked again by the sweep); refused or unclear (tried
 * again by the sweep, with the same request id). Never throws for the provider's sake.
 */
export async function refundUnmatched(
  db: Database,
  providers: PaymentProviders,
  row: UnmatchedPayment,
  log: FastifyBaseLogger,
): Promise<UnmatchedPayment | undefined> {
  const refunder = refunderOf(providers, row.provider);
  if (!refunder) {
    return settleUnmatchedRefund(db, row.id, {
      refunded: false,
      providerRefundId: row.providerRefundId,
      error: api.refundProviderMissing,
      retryInMs: RETRY_REFUSED_MS,
    });
  }
  try {
    // A refund Razorpay accepted as pending is asked about, not made again.
    if (row.provider === "razorpay" && row.providerRefundId && providers.razorpay) {
      const made = await providers.razorpay.getRefund(row.providerRefundId);
      if (made?.status === "processed")
        return settleUnmatchedRefund(db, row.id, { refunded: true, providerRefundId: made.id });
      if (made?.status !== "failed")
        return settleUnmatchedRefund(db, row.id, {
          refunded: false,
          providerRefundId: row.providerRefundId,
          error: null,
          retryInMs: RETRY_PENDING_MS,
        });
    }
    const result = await refunder.refund({
      captureId: row.providerPaymentId,
      amount: { cents: minorUnitsOf(row.amount), currency: row.currency },
      requestId: unmatchedRequestId(row),
      note: words.title,
    });
    if (result.outcome === "refunded")
      return settleUnmatchedRefund(db, row.id, { refunded: true, providerRefundId: result.refund.id });
    if (result.outcome === "pending")
      return settleUnmatchedRefund(db, row.id, {
        refunded: false,
        providerRefundId: result.refund.id,
        error: null,
        retryInMs: RETRY_PENDING_MS,
      });
    log.error(
      { unmatched: row.id, issue: result.issue },
      "the provider refused to refund an unmatched payment",
    );
    return settleUnmatchedRefund(db, row.id, {
      refunded: false,
      providerRefundId: row.providerRefundId,
      error: result.issue,
      retryInMs: RETRY_REFUSED_MS,
    });
  } catch (error) {
    // Unclear: the provider may have made it. The same request id asks again; nothing is sent twice.
    log.warn(
      { err: error, unmatched: row.id },
      "could not refund an unmatched payment; the sweep tries again",
    );
    return settleUnmatchedRefund(db, row.id, {
      refunded: false,
      providerRefundId: row.providerRefundId,
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      retryInMs: RETRY_UNCLEAR_MS,
    });
  }
}

/** The sweep's part: unmatched payments whose refund is due for an attempt, a batch at a time. Answers how many it refunded. */
export async function sweepUnmatchedPayments(
  db: Database,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
): Promise<number> {
  const due = await claimDueUnmatched(db, { leaseMs: 5 * 60_000, limit: 20 });
  let refunded = 0;
  for (const row of due) {
    const settled = await refundUnmatched(db, providers, row, log);
    if (settled?.state === "refunded") refunded += 1;
  }
  return refunded;
}

/** Staff refund a payment held for review: 404 unknown, 409 when it is not held; answers it after the attempt. */
export async function refundHeldPayment(
  db: Database,
  providers: PaymentProviders,
  actor: Actor,
  id: string,
  log: FastifyBaseLogger,
): Promise<UnmatchedPaymentDto> {
  const found = await findUnmatchedPayment(db, id);
  if (!found) throw new AppError("NOT_FOUND", api.unmatchedPaymentNotFound);
  const released = await db.transaction(async (tx) => {
    const row = await releaseHeldPayment(tx, id);
    if (!row) return undefined;
    await recordActivity(
      tx,
      actor,
      "payment.unmatched_refunded",
      orderSubject({ id: row.orderId, number: await orderNumberOf(tx, row.orderId) }),
      { unmatchedPayment: row.id, state: "held" },
      { unmatchedPayment: row.id, state: "refunding", amount: row.amount, currency: row.currency },
    );
    return row;
  });
  if (!released) throw new AppError("CONFLICT", api.unmatchedPaymentNotHeld);
  const settled = (await refundUnmatched(db, providers, released, log)) ?? released;
  return toUnmatchedDto({ payment: settled, orderNumber: await orderNumberOf(db, settled.orderId) });
}

async function orderNumberOf(db: Database, orderId: string): Promise<number> {
  const order = await findOrderRow(db, orderId);
  if (!order) throw new Error("the order of an unmatched payment vanished");
  return order.number;
}

export function toUnmatchedDto({
  payment,
  orderNumber,
}: {
  payment: UnmatchedPayment;
  orderNumber: number;
}): UnmatchedPaymentDto {
  return {
    _id: payment.id,
    provider: payment.provider,
    providerPaymentId: payment.providerPaymentId,
    amount: payment.amount,
    currency: payment.currency,
    order: payment.orderId,
    orderNumber,
    reason: payment.reason,
    state: payment.state,
    lastError: payment.lastError,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
  };
}

/** The staff list (the latest 200: each is rare, and most are refunded within minutes). */
export async function listUnmatched(db: Database): Promise<UnmatchedPaymentDto[]> {
  const rows = await listUnmatchedPayments(db, 200);
  return rows.map(toUnmatchedDto);
}
