/**
 * An order's payment state (orders.payment_state) as the statements that write payments keep it:
 * the taken payment's status (orders.payment_id), else the latest attempt's (by created_at, id),
 * else 'none'. Kept beside the schema so that the payments, refunds and orders repos share it.
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Database } from "./client";
import { orders, payments } from "./schema/orders";

/** A statement's CTE "written" of the payments it writes (`insert ... returning()` or `update ... returning()`). */
export type WrittenPayments = WithSubqueryWithSelection<(typeof payments)["_"]["columns"], "written">;

/**
 * The CTE that keeps the order's payment state after the payments `written` by the same statement:
 * the order takes a written payment's status when that payment names its state, its taken payment,
 * or, while it has none, its latest attempt. NOTE: a CTE of that statement, not a statement of its
 * own (the checkout counts them); the other attempts it compares with are read as they were before
 * the statement, so the written payment itself is left out of them by id.
 */
export function keepPaymentState(db: Database, written: WrittenPayments) {
  const later = sql`exists (select 1 from ${payments} later where later.order_id = ${written.orderId}
    and later.id <> ${written.id} and (later.created_at, later.id) > (${written.createdAt}, ${written.id}))`;
  return db.$with("payment_state_kept").as(
    db
      .update(orders)
      .set({ paymentState: sql`${written.status}` })
      .from(written)
      .where(
        and(
          eq(orders.id, written.orderId),
          or(eq(orders.paymentId, written.id), and(sql`${orders.paymentId} is null`, sql`not ${later}`)),
        ),
      )
      .returning({ id: orders.id }),
  );
}

/** The state an order takes when `paymentId` becomes its taken payment (a payment written by an earlier statement). */
export function stateOfPayment(paymentId: string) {
  return sql`(select ${payments.status} from ${payments} where ${payments.id} = ${paymentId})`;
}

/**
 * Closes a cash on delivery payment whose cash will never come (its goods came back refused, or its
 * order was cancelled before they left): pending → failed, with its order's payment state in the same
 * statement; answers whether it was still pending. Any other payment is left as it is.
 */
export async function failUncollectedPayment(db: Database, id: string): Promise<boolean> {
  const written = db.$with("written").as(
    db
      .update(payments)
      .set({ status: "failed", updateTime: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, "pending"), eq(payments.paymentGateway, "cod")))
      .returning(),
  );
  const rows = await db.with(written, keepPaymentState(db, written)).select({ id: written.id }).from(written);
  return rows.length === 1;
}
