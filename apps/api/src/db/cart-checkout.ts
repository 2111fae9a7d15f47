/**
 * What an order does to its shopper's kept cart (docs/decisions/041-cart-kept-by-the-server.md), as
 * data-modifying CTEs that the placement's one write folds in (modules/orders/repo-placement.ts), so
 * that a placement stays three statements: no abandoned-checkout reminder is due any more, and the
 * shopper's latest reminder sent within 7 days before the order, if no live order recovered it yet,
 * is recovered by this one. Kept beside the schema, as the orders module may not reach the carts
 * module's SQL.
 */
import { type SQL, sql } from "drizzle-orm";
import { orders } from "./schema/orders";
import { cartReminders, carts } from "./schema/shoppers-lists";

/** How long after a reminder an order counts as the cart it recovered. */
export const RECOVERY_DAYS = 7;

/**
 * The two statements' text, for `userId` (the order's shopper), `orderId` and `at` (the order's
 * time, as a timestamptz text), each an SQL placeholder of the placement's write.
 */
export function cartCheckoutStatements({ userId, orderId, at }: { userId: SQL; orderId: SQL; at: SQL }): {
  unscheduled: SQL;
  recovered: SQL;
} {
  return {
    unscheduled: sql`
      update ${carts} set checkout_at = null, next_reminder_at = null, reminders_sent = 0
      where ${carts.userId} = ${userId}
        and (${carts.checkoutAt} is not null or ${carts.nextReminderAt} is not null or ${carts.remindersSent} <> 0)
      returning ${carts.userId}`,
    // NOTE: the latest reminder is found by the shopper's index (user_id, sent_at desc).
    recovered: sql`
      update ${cartReminders} as r set recovered_order_id = ${orderId}, recovered_at = ${at}::timestamptz
      from (
        select id from ${cartReminders}
        where ${cartReminders.userId} = ${userId}
          and ${cartReminders.sentAt} > ${at}::timestamptz - make_interval(days => ${sql.raw(String(RECOVERY_DAYS))})
        order by ${cartReminders.sentAt} desc
        limit 1
      ) as latest
      where r.id = latest.id
        and (r.recovered_order_id is null or exists (
          select 1 from ${orders} where ${orders.id} = r.recovered_order_id and ${orders.status} = 'cancelled'))
      returning r.id`,
  };
}
