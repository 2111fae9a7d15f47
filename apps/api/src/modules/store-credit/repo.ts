/** SQL for store credit: the shopper's balance on their row, and the ledger of its movements. */
import type { StoreCreditKind } from "@shop/shared/constants";
import { fromCents } from "@shop/shared/pricing";
import { and, desc, eq, sql } from "drizzle-orm";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { orders } from "#api/db/schema/orders";
import { storeCreditEntries } from "#api/db/schema/store-credit";
import { users } from "#api/db/schema/users";

/** One movement as its writer gives it: cents signed (+ gives, − uses), and what it is about. */
export interface CreditMovement {
  userId: string;
  cents: number;
  kind: StoreCreditKind;
  reason: string;
  orderId?: string | null;
  refundId?: string | null;
  actor?: { id: string; name: string; role: "admin" | "manager" | "customer" } | null;
}

/**
 * Moves the user's balance by the movement and writes its entry with the balance after it. The update
 * holds the user's row until the transaction ends and refuses to go below zero: answers undefined
 * then (or for a missing user), with nothing written. NOTE: two statements, so the caller's
 * transaction makes them one.
 */
export async function moveCredit(db: Database, movement: CreditMovement) {
  const [moved] = await db
    .update(users)
    .set({ storeCredit: sql`${users.storeCredit} + ${fromCents(movement.cents)}::numeric` })
    .where(
      and(
        eq(users.id, movement.userId),
        sql`${users.storeCredit} + ${fromCents(movement.cents)}::numeric >= 0`,
      ),
    )
    .returning({ balance: users.storeCredit });
  if (!moved) return undefined;
  const [entry] = await db
    .insert(storeCreditEntries)
    .values({
      id: newId(),
      userId: movement.userId,
      amount: fromCents(movement.cents),
      balanceAfter: moved.balance,
      kind: movement.kind,
      reason: movement.reason,
      orderId: movement.orderId ?? null,
      refundId: movement.refundId ?? null,
      actorId: movement.actor?.id ?? null,
      actorName: movement.actor?.name ?? null,
      actorRole: movement.actor?.role ?? null,
    })
    .returning();
  if (!entry) throw new Error("insert returned no row");
  return entry;
}

/** The user's balance, or undefined for a missing user. */
export async function findBalance(db: Database, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ balance: users.storeCredit })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.balance;
}

/** The user's latest entries, newest first, with the number of the order each names (one index range). */
export async function findEntries(db: Database, userId: string, limit: number) {
  return db
    .select({ entry: storeCreditEntries, orderNumber: orders.number })
    .from(storeCreditEntries)
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id))
    .limit(limit);
}

/** What refunds of the order gave to its shopper's credit so far, in cents. */
export async function refundedToCreditCents(db: Database, userId: string, orderId: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${storeCreditEntries.amount}) * 100, 0)::bigint`.mapWith(Number),
    })
    .from(storeCreditEntries)
    .where(
      and(
        eq(storeCreditEntries.userId, userId),
        eq(storeCreditEntries.orderId, orderId),
        eq(storeCreditEntries.kind, "refund"),
      ),
    );
  return row?.cents ?? 0;
}

/** Sets what the order's store credit pays of it. */
export async function setOrderCreditUsed(db: Database, orderId: string, cents: number) {
  await db
    .update(orders)
    .set({ storeCreditUsed: fromCents(cents), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * The period's store credit figures in cents: used (orders' entries less the reversals that gave
 * them back) and given by refunds. Reads the entries by their moment (an index range of
 * store_credit_entries_created_at_idx).
 */
export async function creditFiguresOf(db: Database, period: { since: Date; before: Date }) {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(-sum(${storeCreditEntries.amount}) filter (where ${storeCreditEntries.kind} in ('order', 'reversal')) * 100, 0)::bigint`.mapWith(
        Number,
      ),
      refunded:
        sql<number>`coalesce(sum(${storeCreditEntries.amount}) filter (where ${storeCreditEntries.kind} = 'refund') * 100, 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(storeCreditEntries)
    .where(
      and(
        sql`${storeCreditEntries.createdAt} >= ${period.since.toISOString()}::timestamptz`,
        sql`${storeCreditEntries.createdAt} < ${period.before.toISOString()}::timestamptz`,
      ),
    );
  return { usedCents: row?.used ?? 0, refundedCents: row?.refunded ?? 0 };
}

/** Who a user is, as the activity log names them; undefined for a missing user. */
export async function findUserLabel(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
