/**
 * The payment sweep's refunds (docs/decisions/030-razorpay.md, 033-refund-sweep-every-provider.md):
 * a refund still pending after the sweep's delay was reserved by a process that died before or while
 * asking its provider, or was accepted by Razorpay to be paid out later. Each is settled as its
 * provider says, through the same steps as the shop's own refunds, so that nothing is refunded twice
 * and nothing stays reserved:
 *
 * - Razorpay is asked without refunding: the refund by its id, or found by its request id; one it
 *   never heard of is dropped, freeing its amount.
 * - PayPal (and the test gateway, in the same way) cannot be asked about a refund it may not have
 *   made, so the very request is sent again with the same request id: PayPal answers the refund it
 *   made then, or makes it now as staff asked; a refusal frees the amount.
 *
 * Several instances may sweep at once: every change is conditional on the refund still pending, and
 * a request sent twice at once is the same refund at the provider.
 */
import type { PaymentGateway } from "@shop/shared/constants";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "#api/db/client";
import type { Refund } from "#api/db/schema/refunds";
import type { MailContext } from "#api/modules/email/service";
import {
  type PaymentProviders,
  type RazorpayProvider,
  type RepeatableRefunds,
  repeatableRefundsOf,
  sameMoney,
} from "#api/payments/provider";
import { recordProviderRefund, type SettledRefund, settleKnownRefund } from "./provider-refunds";
import { dropPendingRefund, findRefund, findStalePendingRefunds, setPendingProviderRefundId } from "./repo";
import { completeRefund, providerRequestId, refundRequestOf } from "./service";

interface Stale {
  refund: Refund;
  transactionId: string;
}

interface SweepContext {
  log: FastifyBaseLogger;
  mail: MailContext;
}

type Settle = (db: Database, stale: Stale, context: SweepContext) => Promise<SettledRefund>;

/** The gateways whose refunds go through a provider (cash on delivery's are recorded at once). */
const SWEPT: readonly Exclude<PaymentGateway, "cod">[] = ["razorpay", "paypal", "test"];

/**
 * Settles every refund of a configured provider's payments still pending after `olderThanMs`, each
 * outcome logged; a younger one is left to the request that reserved it. Answers how many changed
 * (recorded or freed). An error leaves the refund to the next sweep.
 */
export async function sweepPendingRefunds(
  db: Database,
  providers: PaymentProviders,
  { olderThanMs, log, mail }: { olderThanMs: number } & SweepContext,
): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  let changed = 0;
  for (const gateway of SWEPT) {
    const settle = settlerOf(providers, gateway);
    if (!settle) continue;
    for (const stale of await findStalePendingRefunds(db, gateway, before)) {
      const about = { refund: stale.refund.id, order: stale.refund.orderId, gateway };
      let outcome: SettledRefund;
      try {
        outcome = await settle(db, stale, { log, mail });
      } catch (error) {
        log.error({ ...about, err: error }, "could not settle a pending refund; the next sweep tries again");
        continue;
      }
      // A freed or ignored refund was logged with its reason where it was settled.
      if (outcome === "recorded") log.info(about, "the payment sweep recorded a refund its provider made");
      else if (outcome === "duplicate")
        log.info(about, "a pending refund was settled meanwhile; nothing to do");
      else if (outcome === "waiting") log.debug(about, "a refund still waits for its provider");
      if (outcome === "recorded" || outcome === "freed") changed += 1;
    }
  }
  return changed;
}

function settlerOf(providers: PaymentProviders, gateway: Exclude<PaymentGateway, "cod">): Settle | undefined {
  if (gateway === "razorpay") {
    const razorpay = providers.razorpay;
    return razorpay && ((db, stale, context) => askRazorpay(db, razorpay, stale, context));
  }
  const provider = repeatableRefundsOf(providers, gateway);
  return provider && ((db, stale, context) => sendAgain(db, provider, stale, context));
}

/**
 * Razorpay is asked about the refund by its id, or it is found by its request id (a process that
 * died after Razorpay made it stored no id); one Razorpay never heard of is dropped.
 */
async function askRazorpay(
  db: Database,
  razorpay: RazorpayProvider,
  { refund, transactionId }: Stale,
  { log, mail }: SweepContext,
): Promise<SettledRefund> {
  const given = refund.providerRefundId
    ? await razorpay.getRefund(refund.providerRefundId)
    : await razorpay.findRefund(transactionId, providerRequestId(refund));
  if (given) {
    // A reservation whose process died after Razorpay made the refund keeps Razorpay's id first.
    if (!refund.providerRefundId) await setPendingProviderRefundId(db, refund.id, given.id);
    return settleKnownRefund(db, { ...refund, providerRefundId: given.id }, given, log, mail);
  }
  if (refund.providerRefundId) {
    log.error(
      { refund: refund.id, providerRefund: refund.providerRefundId },
      "Razorpay does not know a refund it accepted",
    );
    return "ignored";
  }
  await dropPendingRefund(db, refund.id);
  log.warn(
    { refund: refund.id, order: refund.orderId },
    "a refund reserved but never sent to Razorpay; its amount is free again",
  );
  return "freed";
}

/**
 * The refund request sent again, the same in every field (refundRequestOf): the provider answers the
 * refund it made for that request id, or makes it now. Completed: recorded as the shop's own refunds
 * are (credit note, stock, history, email); refused: dropped, freeing the amount. A refund older than
 * the provider keeps request ids is never sent again (it could be made twice): it is logged for a person.
 */
async function sendAgain(
  db: Database,
  provider: RepeatableRefunds,
  { refund: listed, transactionId }: Stale,
  { log, mail }: SweepContext,
): Promise<SettledRefund> {
  if (Date.now() - listed.createdAt.getTime() >= provider.refundRequestIdsKeptMs) {
    log.error(
      { refund: listed.id, order: listed.orderId, requestId: providerRequestId(listed) },
      "a refund left pending longer than its provider keeps request ids; settle it by hand",
    );
    return "ignored";
  }
  // Read again: another instance's sweep, or staff retrying with the same key, may have settled it.
  const refund = await findRefund(db, listed.id);
  if (refund?.status !== "pending") return "duplicate";
  const result = await provider.refund(refundRequestOf(transactionId, refund));
  if (result.outcome === "refused") {
    await dropPendingRefund(db, refund.id);
    log.warn(
      { refund: refund.id, order: refund.orderId, issue: result.issue },
      "the provider refused a refund sent again; its amount is free again",
    );
    return "freed";
  }
  const requested = refundRequestOf(transactionId, refund).amount;
  if (result.refund.amount && !sameMoney(result.refund.amount, requested)) {
    log.error(
      { refund: refund.id, providerRefund: result.refund.id, given: result.refund.amount, requested },
      "the provider answered a refund of another amount for this request id; settle it by hand",
    );
    return "ignored";
  }
  if (result.outcome === "pending") {
    await setPendingProviderRefundId(db, refund.id, result.refund.id);
    return "waiting";
  }
  if (await completeRefund(db, refund, result.refund.id, null, mail)) return "recorded";
  // NOTE: not pending any more: completed by another sweep (the same refund: a duplicate), or dropped
  // by a request that failed meanwhile, when the money the provider gave back is still the shop's to
  // record, as a refund made at the provider.
  return recordProviderRefund(db, result.refund, log, mail);
}
