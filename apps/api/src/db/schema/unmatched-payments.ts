import {
  ONLINE_GATEWAYS,
  type OnlineGateway,
  UNMATCHED_PAYMENT_REASONS,
  UNMATCHED_PAYMENT_STATES,
  type UnmatchedPaymentReason,
  type UnmatchedPaymentState,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orders } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/**
 * Money a provider took that its order could not take (decision 046): a second capture of a paid
 * order, or one that landed after the order was closed. It is never a payment of the order (the
 * order is paid once, and its documents, ledger and reports know nothing of this), but it is recorded
 * so that it is refunded once, through its provider, and staff see it (Payments → Unmatched).
 */
export const unmatchedPayments = pgTable(
  "unmatched_payments",
  {
    id: primaryId(),
    provider: text().$type<OnlineGateway>().notNull(),
    /** The provider's id of what it took (Razorpay's payment, PayPal's capture, a test charge). */
    providerPaymentId: text().notNull(),
    amount: money().notNull(),
    currency: text().notNull(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text().$type<UnmatchedPaymentReason>().notNull(),
    state: text().$type<UnmatchedPaymentState>().notNull(),
    /** The provider's refund, once it accepted one; its request id is `unmatched-<id>`, so a retry never refunds twice. */
    providerRefundId: text(),
    /** How many times the refund was asked for and not settled; the sweep tries again. */
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When the sweep may ask again (after an unclear failure or a refund the provider keeps pending). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("unmatched_payments_provider_check", sql`${t.provider} in (${sqlList(ONLINE_GATEWAYS)})`),
    check("unmatched_payments_reason_check", sql`${t.reason} in (${sqlList(UNMATCHED_PAYMENT_REASONS)})`),
    check("unmatched_payments_state_check", sql`${t.state} in (${sqlList(UNMATCHED_PAYMENT_STATES)})`),
    check("unmatched_payments_amount_check", sql`${t.amount} > 0`),
    check(
      "unmatched_payments_refunded_check",
      sql`(${t.state} = 'refunded') = (${t.refundedAt} is not null)`,
    ),
    // NOTE: what a provider took is recorded once, whoever reports it (the browser, a webhook, the sweep).
    unique("unmatched_payments_provider_payment_unique").on(t.provider, t.providerPaymentId),
    index("unmatched_payments_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    // The sweep's work: the refunds still to make or to confirm.
    index("unmatched_payments_refunding_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'refunding'`),
  ],
);

export type UnmatchedPayment = typeof unmatchedPayments.$inferSelect;
export type NewUnmatchedPayment = typeof unmatchedPayments.$inferInsert;
