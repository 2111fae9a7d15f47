/** SQL for payments: recording what a provider confirmed, finding a capture again, the staff lists. */
import type { PaymentStatus } from "@shop/shared/constants";
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { escapeLike } from "#api/db/like";
import { countUpTo } from "#api/db/paging";
import { keepPaymentState, stateOfPayment } from "#api/db/payment-state";
import { type NewPayment, orders, type Payment, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";

/** Records a payment (an attempt, or one taken) and keeps its order's payment state in the same statement. */
export async function insertPayment(db: Database, values: NewPayment): Promise<Payment> {
  const written = db.$with("written").as(db.insert(payments).values(values).returning());
  const [row] = await db.with(written, keepPaymentState(db, written)).select().from(written);
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPaymentByTransactionId(db: Database, transactionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  return row;
}

/** Moves a payment the provider reported as pending to its final status. */
export async function settlePayment(
  db: Database,
  id: string,
  values: { status: PaymentStatus; updateTime: Date | null },
) {
  const written = db.$with("written").as(
    db
      .update(payments)
      .set({ status: values.status, ...(values.updateTime ? { updateTime: values.updateTime } : {}) })
      .where(and(eq(payments.id, id), eq(payments.status, "pending")))
      .returning(),
  );
  const [row] = await db.with(written, keepPaymentState(db, written)).select().from(written);
  return row;
}

/** A payment of the order still waiting for the provider (a PayPal capture it has not settled). */
export async function findPendingPaymentOf(db: Database, orderId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "pending")))
    .limit(1);
  return row;
}

/**
 * A pending order the shopper will pay in cash on delivery: the fee added to its total, linked to
 * its pending payment, and processing, waiting for the shopper's confirmation (the sha-256 of its
 * link's token kept) before it is ready to ship. Answers false when it was no longer pending.
 */
export async function markOrderCashOnDelivery(
  db: Database,
  orderId: string,
  values: {
    codFee: number;
    codFeeTaxable: number;
    codFeeTaxRate: number;
    codFeeCgst: number;
    codFeeSgst: number;
    codFeeIgst: number;
    taxAmount: number;
    roundOff: number;
    totalAmount: number;
    paymentId: string;
    codConfirmTokenHash: string;
  },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      ...values,
      codConfirmation: "pending",
      status: "processing",
      paymentState: stateOfPayment(values.paymentId),
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), isNull(orders.paymentId)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Completes a pending payment as of `at`. NOTE: its `created_at` moves to `at` too: the sales ledger
 * (migration 0017's trigger) dates a payment by it, and cash on delivery is taken when it is collected.
 */
export async function completePendingPayment(db: Database, id: string, at: Date) {
  const written = db.$with("written").as(
    db
      .update(payments)
      .set({ status: "completed", updateTime: at, createdAt: at })
      .where(and(eq(payments.id, id), eq(payments.status, "pending")))
      .returning(),
  );
  const [row] = await db.with(written, keepPaymentState(db, written)).select().from(written);
  return row;
}

const paymentColumns = {
  payment: payments,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  // What the order's store credit paid of it: the payment's tenders (decision 042).
  storeCreditUsed: orders.storeCreditUsed,
};

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentRow>>>;

export async function findPaymentRow(db: Database, id: string) {
  const [row] = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, id))
    .limit(1);
  return row;
}

export interface PaymentFilter {
  status?: PaymentStatus;
  keyword?: string;
}

/**
 * A page of payments, newest first; the keyword matches the transaction id, an email, or an exact
 * order/payment id. How many match is counted up to `cap` (db/paging.ts).
 */
export async function listPayments(
  db: Database,
  filter: PaymentFilter,
  page: { limit: number; offset: number },
  cap?: number,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const exact = filter.keyword.toLowerCase();
    const match = or(
      ilike(payments.transactionId, pattern),
      ilike(payments.emailAddress, pattern),
      ilike(users.email, pattern),
      eq(payments.orderId, exact),
      eq(payments.id, exact),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // NOTE: the payer's email is only needed for a keyword (every payment has its payer: a foreign key,
  // not null); without one the count reads the payments' index alone.
  const matching = filter.keyword
    ? db.select({ one: sql`1` }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where)
    : db.select({ one: sql`1` }).from(payments).where(where);
  const [rows, counted] = await Promise.all([
    db
      .select(paymentColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, matching, cap),
  ]);
  return { rows, ...counted };
}
