import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { idRef } from "./columns";
import { orders } from "./orders";

/**
 * The Razorpay orders the shop created (docs/decisions/030-razorpay.md): Checkout pays one of them,
 * and a payment names it, so it is how a payment (from the browser, a webhook or the sweeper) finds
 * our order. One per order and amount: asked again for the same total, the shop answers the same
 * Razorpay order; a total that changed gets a new one.
 */
export const razorpayOrders = pgTable(
  "razorpay_orders",
  {
    /** Razorpay's id, "order_…". */
    id: text().primaryKey(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** In paise (the currency's smallest unit), as Razorpay holds it. */
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the sweeper last asked Razorpay about it; a sweeper takes it only when this is old enough. */
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("razorpay_orders_amount_check", sql`${t.amount} > 0`),
    unique("razorpay_orders_order_amount_unique").on(t.orderId, t.amount, t.currency),
    index("razorpay_orders_created_at_idx").on(t.createdAt),
  ],
);

export type RazorpayOrder = typeof razorpayOrders.$inferSelect;

/**
 * Webhook events handled, by Razorpay's event id (X-Razorpay-Event-Id): Razorpay delivers an event
 * again until it gets a 2xx, and one seen here is answered without acting again.
 */
export const razorpayEvents = pgTable(
  "razorpay_events",
  {
    id: text().primaryKey(),
    event: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("razorpay_events_received_at_idx").on(t.receivedAt)],
);
