import {
  PAYMENT_GATEWAYS,
  PAYMENT_STATUSES,
  type PaymentGateway,
  type PaymentStatus,
  TAKEN_PAYMENT_STATUSES,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orders } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

export const payments = pgTable(
  "payments",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text().$type<PaymentStatus>().notNull().default("pending"),
    // The provider's id of the capture; unique so that recording a capture twice fails.
    transactionId: text().notNull().unique("payments_transaction_id_unique"),
    amount: money().notNull(),
    // The sum of the payment's completed refunds; raised only while it stays within the amount, and
    // the status moves with it (partially_refunded, refunded).
    refundedAmount: money().notNull().default(0),
    currency: text().notNull().default("USD"),
    paymentGateway: text().$type<PaymentGateway>().notNull(),
    // The provider's update time and payer email, as the provider reported them.
    updateTime: timestamp({ withTimezone: true }),
    emailAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in (${sqlList(PAYMENT_STATUSES)})`),
    check("payments_payment_gateway_check", sql`${t.paymentGateway} in (${sqlList(PAYMENT_GATEWAYS)})`),
    check(
      "payments_refunded_amount_check",
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
    index("payments_status_created_at_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("payments_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payments_order_id_idx").on(t.orderId),
    // NOTE: an order is never paid twice, whatever the code does (a refund keeps its payment taken).
    uniqueIndex("payments_order_taken_unique")
      .on(t.orderId)
      .where(sql`${t.status} in (${sqlList(TAKEN_PAYMENT_STATUSES)})`),
    // A payment's state follows its refunds.
    check(
      "payments_refund_state_check",
      sql`(${t.status} = 'refunded') = (${t.refundedAmount} > 0 and ${t.refundedAmount} = ${t.amount})
        and (${t.status} = 'partially_refunded') = (${t.refundedAmount} > 0 and ${t.refundedAmount} < ${t.amount})`,
    ),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
