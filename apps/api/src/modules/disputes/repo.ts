/** SQL for disputes: recording what a provider reported, the staff's list, and the report's chargebacks. */
import type { DisputeProvider, DisputeState } from "@shop/shared/constants";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Dispute, disputes, type NewDispute } from "#api/db/schema/disputes";
import { orders, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";

/** A dispute with what its list and page show of its payment and order. */
export interface DisputeRow extends Dispute {
  transactionId: string;
  orderNumber: number;
}

/** The payment a provider's transaction id names, with its order's number; undefined for none of the shop's. */
export async function findPaymentOfTransaction(db: Database, transactionId: string) {
  const [row] = await db
    .select({ id: payments.id, orderId: payments.orderId, orderNumber: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.transactionId, transactionId))
    .limit(1);
  return row;
}

/** The provider's dispute, locked for the change its event brings. */
export async function lockProviderDispute(
  db: Database,
  provider: DisputeProvider,
  providerDisputeId: string,
): Promise<Dispute | undefined> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.provider, provider), eq(disputes.providerDisputeId, providerDisputeId)))
    .for("update")
    .limit(1);
  return row;
}

/** A dispute by its id, locked. */
export async function lockDispute(db: Database, id: string): Promise<Dispute | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).for("update").limit(1);
  return row;
}

/** Records a dispute the shop has not seen; undefined when another delivery recorded it first. */
export async function insertDispute(db: Database, values: NewDispute): Promise<Dispute | undefined> {
  const [row] = await db
    .insert(disputes)
    .values(values)
    .onConflictDoNothing({ target: [disputes.provider, disputes.providerDisputeId] })
    .returning();
  return row;
}

export async function updateDispute(
  db: Database,
  id: string,
  values: Partial<Omit<NewDispute, "id">>,
): Promise<Dispute> {
  const [row] = await db
    .update(disputes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(disputes.id, id))
    .returning();
  if (!row) throw new Error(`dispute ${id} is gone`);
  return row;
}

const listed = {
  dispute: disputes,
  transactionId: payments.transactionId,
  orderNumber: orders.number,
};

const rowOf = (row: { dispute: Dispute; transactionId: string; orderNumber: number }): DisputeRow => ({
  ...row.dispute,
  transactionId: row.transactionId,
  orderNumber: row.orderNumber,
});

/** Disputes in the states given (all when none), newest first, at most `limit` (disputes_state_created_at_idx). */
export async function listDisputes(
  db: Database,
  states: readonly DisputeState[] | undefined,
  limit: number,
): Promise<DisputeRow[]> {
  const rows = await db
    .select(listed)
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(states && states.length > 0 ? inArray(disputes.state, [...states]) : undefined)
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(limit);
  return rows.map(rowOf);
}

export async function findDispute(db: Database, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db
    .select(listed)
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputes.id, id))
    .limit(1);
  return row ? rowOf(row) : undefined;
}

/** The active admins: the owner is told of a dispute that opens. */
export async function findActiveAdmins(db: Database) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, true)));
}

/**
 * The disputes lost from `since` (included) to `before` (excluded), in cents, summed exactly
 * (numeric, answered as text), from disputes_lost_at_idx.
 */
export async function sumLostDisputes(db: Database, since: Date, before: Date): Promise<number> {
  const { rows } = await db.execute<{ cents: string | null }>(sql`
    select (sum(amount) * 100)::bigint as cents from ${disputes}
    where lost_at >= ${since} and lost_at < ${before}`);
  return Number(rows[0]?.cents ?? 0);
}
