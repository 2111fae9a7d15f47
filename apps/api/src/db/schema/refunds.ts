import { REFUND_STATUSES, type RefundStatus, ROLES, type Role } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orders, payments } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/** Units of one order line that went back to stock with a refund (the line's variant at the time). */
export interface RestockedLine {
  itemId: string;
  variantId: string;
  quantity: number;
}

/**
 * Money given back on a payment. A refund made through the shop is first written as `pending` (its
 * amount reserved, so that two refunds can never together pass what was paid), then the provider is
 * asked, then it is completed with the provider's id, or removed when the provider refused.
 * A refund made in the provider's own dashboard arrives by webhook, completed.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: primaryId(),
    paymentId: idRef()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text().$type<RefundStatus>().notNull().default("pending"),
    amount: money().notNull(),
    currency: text().notNull().default("USD"),
    reason: text().notNull(),
    // The provider's id of the refund: unique, so that a refund reported twice is recorded once.
    providerRefundId: text().unique("refunds_provider_refund_id_unique"),
    // A manual refund's reference (cash on delivery: the bank transfer or UPI payment that returned it).
    reference: text(),
    restock: jsonb().$type<RestockedLine[]>().notNull().default([]),
    // Who refunded, as they were then; none when it was made in the provider's dashboard.
    actorId: idRef().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    actorRole: text().$type<Role>(),
    // A retried request with the same key finds this refund instead of making a second one.
    idempotencyKey: text(),
    idempotencyFingerprint: text(),
    // "CN/2026-27/000001", given when the refund completes.
    creditNoteNumber: text().unique("refunds_credit_note_number_unique"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_status_check", sql`${t.status} in (${sqlList(REFUND_STATUSES)})`),
    check("refunds_actor_role_check", sql`${t.actorRole} is null or ${t.actorRole} in (${sqlList(ROLES)})`),
    // NOTE: a completed refund always has its provider id and credit note.
    check(
      "refunds_completed_check",
      sql`${t.status} <> 'completed' or (${t.providerRefundId} is not null and ${t.creditNoteNumber} is not null and ${t.refundedAt} is not null)`,
    ),
    unique("refunds_order_idempotency_key_unique").on(t.orderId, t.idempotencyKey),
    index("refunds_payment_id_idx").on(t.paymentId),
    index("refunds_order_id_idx").on(t.orderId),
    // The reports and the dashboard read refunds by the moment they were given.
    index("refunds_refunded_at_idx").on(t.refundedAt).where(sql`${t.status} = 'completed'`),
  ],
);

export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
