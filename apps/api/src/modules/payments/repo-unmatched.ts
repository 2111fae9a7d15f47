/** SQL for a payment's claim on its order and for the money a provider took that no order could take (decision 046). */
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { claimIsStale } from "#api/db/payment-claims";
import { type Order, orders } from "#api/db/schema/orders";
import {
  type NewUnmatchedPayment,
  type UnmatchedPayment,
  unmatchedPayments,
} from "#api/db/schema/unmatched-payments";

/**
 * Claims the shopper's pending, unpaid order for one provider payment (`claim`) in one statement
 * under the order's row lock: taken when no other claim is fresh (the same claim again is taken).
 * Answers the order as claimed, or undefined when it is not the shopper's, not payable, or held by
 * another fresh claim.
 */
export async function claimOrderForPayment(
  db: Database,
  { orderId, userId, claim }: { orderId: string; userId: string; claim: string },
): Promise<Order | undefined> {
  const [row] = await db
    .update(orders)
    .set({ paymentClaim: claim, paymentClaimedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(orders.status, "pending"),
        isNull(orders.paymentId),
        or(isNull(orders.paymentClaim), eq(orders.paymentClaim, claim), claimIsStale),
      ),
    )
    .returning();
  return row;
}

/** Lets go of a claim whose capture was refused, so that the shopper can pay again at once. */
export async function releaseOrderClaim(db: Database, orderId: string, claim: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentClaim: null, paymentClaimedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentClaim, claim), isNull(orders.paymentId)));
}

/**
 * Records money that no order could take, once per provider payment: answers the row written, or
 * undefined when that payment was recorded already (by another report of it).
 */
export async function insertUnmatchedPayment(
  db: Database,
  values: NewUnmatchedPayment,
): Promise<UnmatchedPayment | undefined> {
  const [row] = await db.insert(unmatchedPayments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findUnmatchedPayment(db: Database, id: string) {
  const [row] = await db.select().from(unmatchedPayments).where(eq(unmatchedPayments.id, id)).limit(1);
  return row;
}

export async function findUnmatchedByProviderPayment(
  db: Database,
  provider: string,
  providerPaymentId: string,
) {
  const [row] = await db
    .select()
    .from(unmatchedPayments)
    .where(
      and(
        eq(unmatchedPayments.provider, provider as UnmatchedPayment["provider"]),
        eq(unmatchedPayments.providerPaymentId, providerPaymentId),
      ),
    )
    .limit(1);
  return row;
}

/** Moves a held payment to refunding; answers it, or undefined when it was not held. */
export async function releaseHeldPayment(db: Database, id: string) {
  const [row] = await db
    .update(unmatchedPayments)
    .set({ state: "refunding", nextAttemptAt: sql`now()` })
    .where(and(eq(unmatchedPayments.id, id), eq(unmatchedPayments.state, "held")))
    .returning();
  return row;
}

/**
 * Takes up to `limit` refunds due for an attempt, pushing each one's next attempt `leaseMs` ahead in
 * the same statement, so that sweeps of other instances take other rows.
 */
export async function claimDueUnmatched(
  db: Database,
  { leaseMs, limit }: { leaseMs: number; limit: number },
) {
  const due = db
    .select({ id: unmatchedPayments.id })
    .from(unmatchedPayments)
    .where(and(eq(unmatchedPayments.state, "refunding"), lte(unmatchedPayments.nextAttemptAt, sql`now()`)))
    .orderBy(unmatchedPayments.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(unmatchedPayments)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(sql`${unmatchedPayments.id} in (${due})`)
    .returning();
}

/** What an attempt at the refund came to: refunded, accepted as pending, or not made (tried again later). */
export async function settleUnmatchedRefund(
  db: Database,
  id: string,
  outcome:
    | { refunded: true; providerRefundId: string }
    | { refunded: false; providerRefundId: string | null; error: string | null; retryInMs: number },
) {
  const set = outcome.refunded
    ? {
        state: "refunded" as const,
        providerRefundId: outcome.providerRefundId,
        refundedAt: sql`now()`,
        lastError: null,
      }
    : {
        providerRefundId: outcome.providerRefundId,
        lastError: outcome.error,
        attempts: sql`${unmatchedPayments.attempts} + ${outcome.error ? 1 : 0}`,
        nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`,
      };
  const [row] = await db
    .update(unmatchedPayments)
    .set(set)
    .where(and(eq(unmatchedPayments.id, id), eq(unmatchedPayments.state, "refunding")))
    .returning();
  return row;
}

/** The staff list, newest first, with each one's order number. */
export async function listUnmatchedPayments(db: Database, limit: number) {
  return db
    .select({ payment: unmatchedPayments, orderNumber: orders.number })
    .from(unmatchedPayments)
    .innerJoin(orders, eq(orders.id, unmatchedPayments.orderId))
    .orderBy(desc(unmatchedPayments.createdAt), desc(unmatchedPayments.id))
    .limit(limit);
}
