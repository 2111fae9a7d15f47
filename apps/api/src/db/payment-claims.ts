/**
 * A payment's claim on its order (orders.payment_claim, payment_claimed_at): taken under the order's
 * lock before a provider is asked to capture (modules/payments/repo-unmatched.ts), and read by the
 * hold sweep, which leaves an order alone while its money is on its way (modules/orders/repo.ts).
 */
import { PAYMENT_CLAIM_SECONDS } from "@shop/shared/constants";
import { isNull, or, sql } from "drizzle-orm";
import { orders } from "#api/db/schema/orders";

/** A claim older than PAYMENT_CLAIM_SECONDS is stale: its capture ended long ago, one way or another. */
export const claimIsStale = sql`${orders.paymentClaimedAt} < now() - make_interval(secs => ${PAYMENT_CLAIM_SECONDS})`;

/** An order without a fresh claim: no capture of it is under way. */
export const noFreshClaim = or(isNull(orders.paymentClaimedAt), claimIsStale);
