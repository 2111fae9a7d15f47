/** SQL for Razorpay: the Razorpay orders made for our orders, the webhook events handled, the sweep's claims. */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { orders } from "#api/db/schema/orders";
import { type RazorpayOrder, razorpayEvents, razorpayOrders } from "#api/db/schema/razorpay";

/** The Razorpay order made for this order and amount (paise), if one was. */
export async function findRazorpayOrderFor(
  db: Database,
  orderId: string,
  amount: { cents: number; currency: string },
) {
  const [row] = await db
    .select()
    .from(razorpayOrders)
    .where(
      and(
        eq(razorpayOrders.orderId, orderId),
        eq(razorpayOrders.amount, amount.cents),
        eq(razorpayOrders.currency, amount.currency),
      ),
    )
    .limit(1);
  return row;
}

export async function findRazorpayOrder(db: Database, id: string) {
  const [row] = await db.select().from(razorpayOrders).where(eq(razorpayOrders.id, id)).limit(1);
  return row;
}

/**
 * Keeps a Razorpay order made for our order and amount; answers the one kept for them, which is
 * another when a request asking at the same moment kept its own first (that one is then the answer).
 */
export async function keepRazorpayOrder(
  db: Database,
  values: { id: string; orderId: string; amount: number; currency: string },
): Promise<RazorpayOrder> {
  const [row] = await db.insert(razorpayOrders).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const kept = await findRazorpayOrderFor(db, values.orderId, {
    cents: values.amount,
    currency: values.currency,
  });
  if (!kept) throw new Error("a Razorpay order was neither kept nor found");
  return kept;
}

/**
 * Claims, for one sweep, Razorpay orders made between `createdAfter` and `createdBefore` whose order
 * is still pending and unpaid and which no sweep asked about since `checkedBefore`: each is marked
 * checked now, so that another instance's sweep skips it (rows locked by one are skipped by the other).
 */
export async function claimUnpaidRazorpayOrders(
  db: Database,
  window: { createdAfter: Date; createdBefore: Date; checkedBefore: Date; limit: number },
): Promise<RazorpayOrder[]> {
  const claimed = await db.execute<{ id: string }>(sql`
    update ${razorpayOrders} r set checked_at = now()
    where r.id in (
      select c.id from ${razorpayOrders} c join ${orders} o on o.id = c.order_id
      where c.created_at > ${window.createdAfter.toISOString()}::timestamptz
        and c.created_at < ${window.createdBefore.toISOString()}::timestamptz
        and (c.checked_at is null or c.checked_at < ${window.checkedBefore.toISOString()}::timestamptz)
        and o.status = 'pending' and o.payment_id is null
      order by c.created_at
      limit ${window.limit}
      for update of c skip locked
    )
    returning r.id`);
  const ids = claimed.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(razorpayOrders)
    .where(inArray(razorpayOrders.id, ids))
    .orderBy(razorpayOrders.createdAt);
}

/** Whether a webhook event with this id was handled before. */
export async function seenRazorpayEvent(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: razorpayEvents.id })
    .from(razorpayEvents)
    .where(eq(razorpayEvents.id, id))
    .limit(1);
  return row !== undefined;
}

/** Remembers a webhook event as handled (a second delivery racing the first writes nothing). */
export async function rememberRazorpayEvent(db: Database, id: string, event: string): Promise<void> {
  await db.insert(razorpayEvents).values({ id, event }).onConflictDoNothing();
}

/** Forgets the events handled before `before`: Razorpay stops delivering an event again long before. */
export async function forgetRazorpayEvents(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(razorpayEvents)
    .where(lt(razorpayEvents.receivedAt, before))
    .returning({ id: razorpayEvents.id });
  return rows.length;
}
