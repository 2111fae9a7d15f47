/**
 * Runs the payment sweep on a timer: nothing stays pending (docs/decisions/030-razorpay.md, and
 * 033-refund-sweep-every-provider.md for the refunds of every provider), nor a cash on delivery order
 * unconfirmed past the owner's hours (037). Every instance may run it:
 * a Razorpay order is claimed by one sweep at a time (repo-razorpay.ts), and a pending refund
 * changes only while it is still pending.
 */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { sweepUnconfirmedCod } from "#api/modules/cod/confirmation";
import type { MailContext } from "#api/modules/email/service";
import { sweepPendingRefunds } from "#api/modules/refunds/sweep";
import type { PaymentProviders } from "#api/payments/provider";
import { sweepRazorpayOrders } from "./razorpay";
import { sweepUnmatchedPayments } from "./unmatched";

/** What a sweep reads as it starts: the hold (orders past it are cancelled, not asked about) and the shop's details. */
export interface PaymentSweepTerms {
  holdMinutes: number;
  /** Cash on delivery's hours to confirm (the owner's): orders left unconfirmed longer are cancelled. */
  codConfirmHours?: number;
  /** The owner's choice for money an order cannot take (Settings → Checkout); refunded at once by default. */
  holdUnmatched?: boolean;
  mail: MailContext;
}

/**
 * One sweep: the unpaid orders' Razorpay orders, every provider's refunds still pending, the refunds
 * of unmatched payments still to make or confirm (decision 046), then the cash on delivery orders
 * left unconfirmed (decision 037). Answers what changed.
 */
export async function sweepPayments(
  db: Database,
  providers: PaymentProviders,
  { holdMinutes, codConfirmHours, holdUnmatched = false, mail }: PaymentSweepTerms,
  { afterMs, log }: { afterMs: number; log: FastifyBaseLogger },
): Promise<{ paid: number; refunds: number; unmatched: number; unconfirmed: number }> {
  const paid = await sweepRazorpayOrders(db, providers, {
    olderThanMs: afterMs,
    // A little past the hold: an order the hold sweep has not reached yet is still asked about.
    withinMs: holdMinutes * 60_000 + 2 * afterMs,
    log,
    mail,
    holdUnmatched,
  });
  const refunds = await sweepPendingRefunds(db, providers, { olderThanMs: afterMs, log, mail });
  const unmatched = await sweepUnmatchedPayments(db, providers, log);
  const unconfirmed =
    codConfirmHours === undefined ? 0 : await sweepUnconfirmedCod(db, codConfirmHours, mail);
  return { paid, refunds, unmatched, unconfirmed };
}

/**
 * Sweeps every half of `afterMs` (at least every second, at most every minute), whichever providers
 * are configured: a refund reserved through any of them may be left pending by a process that died.
 * Each sweep reads the hold and the shop's details as they are then (`terms`).
 */
export function startPaymentSweep(
  db: Database,
  providers: PaymentProviders,
  terms: () => Promise<PaymentSweepTerms>,
  { afterMs, log, wakeMailer }: { afterMs: number; log: FastifyBaseLogger; wakeMailer: () => void },
): () => Promise<void> {
  const everyMs = Math.min(60_000, Math.max(1_000, afterMs / 2));
  const polling = startPolling(
    () =>
      terms()
        .then((now) => sweepPayments(db, providers, now, { afterMs, log }))
        .then(({ paid, refunds, unmatched, unconfirmed }) => {
          if (paid === 0 && refunds === 0 && unmatched === 0 && unconfirmed === 0) return;
          if (paid + refunds + unmatched > 0)
            log.info({ paid, refunds, unmatched }, "payment sweep recorded what the providers said happened");
          if (unconfirmed > 0)
            log.info({ unconfirmed }, "cancelled cash on delivery orders left unconfirmed");
          wakeMailer();
        })
        .catch((error: unknown) => log.warn({ err: error }, "payment sweep failed")),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
