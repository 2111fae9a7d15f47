/** SQL for refunds: reserving an amount on a payment, completing or dropping it, and stock coming back. */
import type { PaymentGateway } from "@shop/shared/constants";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { keepPaymentState } from "#api/db/payment-state";
import { addSoldUnits } from "#api/db/product-sales";
import { idValue } from "#api/db/schema/columns";
import { orderItems, payments } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import {
  type NewRefund,
  type NewRefundLine,
  type Refund,
  type RefundLine,
  type RefundLineKind,
  refundLines,
  refunds,
} from "#api/db/schema/refunds";
import { orderReturnLines, orderReturns } from "#api/db/schema/returns";
import { type StockContext, stockCauseFrom } from "#api/db/stock-cause";
import { lockVariants } from "#api/db/variant-locks";

/** Locks a payment row for the rest of the transaction: refunds of one payment queue here. */
export async function lockPayment(db: Database, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for("update").limit(1);
  return row;
}

export async function findPayment(db: Database, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function findPaymentByTransactionId(db: Database, transactionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  return row;
}

/** The amounts of a payment's refunds still waiting for the provider, in cents. */
export async function pendingRefundCents(db: Database, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amount} * 100), 0)::bigint` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending")));
  return Number(row?.cents ?? 0);
}

/** What a payment's refunds still waiting for the provider ask of it, in cents: their amounts less their store credit parts. */
export async function pendingToPaymentCents(db: Database, paymentId: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum((${refunds.amount} - ${refunds.storeCreditAmount}) * 100), 0)::bigint`,
    })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending")));
  return Number(row?.cents ?? 0);
}

/**
 * Units of each line of an order already back in stock or on their way there, by line id: those of its
 * refunds (pending ones included) and those its received returns restocked. A unit goes back once.
 */
export async function restockedUnits(db: Database, orderId: string): Promise<Map<string, number>> {
  const rows = await db.execute<{ item_id: string; quantity: number }>(sql`
    select item_id, sum(quantity)::integer as quantity from (
      select r.value->>'itemId' as item_id, (r.value->>'quantity')::integer as quantity
      from ${refunds} rf, jsonb_array_elements(rf.restock) r
      where rf.order_id = ${orderId}
      union all
      select l.item_id, l.restocked
      from ${orderReturnLines} l join ${orderReturns} x on x.id = l.return_id
      where x.order_id = ${orderId} and l.restocked > 0
    ) units
    group by item_id`);
  return new Map(rows.rows.map((row) => [row.item_id, Number(row.quantity)]));
}

export async function findOrderItems(db: Database, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

export async function insertRefund(db: Database, values: NewRefund): Promise<Refund> {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findRefund(db: Database, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

export async function findRefundByKey(db: Database, orderId: string, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findRefundByProviderId(db: Database, providerRefundId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId))
    .limit(1);
  return row;
}

/** Drops a reservation the provider refused; a completed refund is never removed. */
export async function dropPendingRefund(db: Database, id: string) {
  await db.delete(refunds).where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
}

/** Keeps the provider's id on a refund it accepted but has not paid out; answers undefined when it is no longer pending. */
export async function setPendingProviderRefundId(db: Database, id: string, providerRefundId: string) {
  const [row] = await db
    .update(refunds)
    .set({ providerRefundId })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
    .returning();
  return row;
}

/** Refunds of a gateway's payments still pending since before `before`, oldest first, with their payment's transaction id. */
export async function findStalePendingRefunds(
  db: Database,
  gateway: PaymentGateway,
  before: Date,
  limit = 50,
): Promise<{ refund: Refund; transactionId: string }[]> {
  return db
    .select({ refund: refunds, transactionId: payments.transactionId })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(eq(refunds.status, "pending"), eq(payments.paymentGateway, gateway), lt(refunds.createdAt, before)),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
}

/** Completes a pending refund; answers undefined when it was not pending any more (another request did it). */
export async function completePendingRefund(
  db: Database,
  id: string,
  values: Pick<
    NewRefund,
    "providerRefundId" | "creditNoteNumber" | "creditNoteSupplier" | "creditNoteGstin" | "refundedAt"
  >,
) {
  const [row] = await db
    .update(refunds)
    .set({ status: "completed", ...values })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
    .returning();
  return row;
}

/**
 * Adds a refund to its payment's refunded amount, only while the sum stays within what was paid, and
 * moves the payment to partially_refunded or, once all of it went back, refunded; answers the payment
 * after it, or undefined when it would pass what was paid.
 */
export async function raiseRefundedAmount(db: Database, paymentId: string, amount: number) {
  const written = db.$with("written").as(
    db
      .update(payments)
      .set({
        refundedAmount: sql`${payments.refundedAmount} + ${amount}`,
        status: sql`case when ${payments.refundedAmount} + ${amount} = ${payments.amount} then 'refunded' else 'partially_refunded' end`,
      })
      .where(
        and(eq(payments.id, paymentId), sql`${payments.refundedAmount} + ${amount} <= ${payments.amount}`),
      )
      .returning(),
  );
  // The order's payment state follows its payment's (db/payment-state.ts).
  const [row] = await db.with(written, keepPaymentState(db, written)).select().from(written);
  return row;
}

/**
 * Puts units back in stock, variant by variant (locked in the order every stock writer keeps), and
 * takes them off their products' best-seller counts.
 */
export async function restock(
  db: Database,
  lines: readonly { variantId: string; quantity: number }[],
  why: StockContext,
) {
  if (lines.length === 0) return;
  await lockVariants(
    db,
    lines.map((line) => line.variantId),
  );
  const values = lines.map((line) => sql`(${idValue(line.variantId)}, ${line.quantity}::integer)`);
  await db.execute(sql`
    update ${productVariants} v set stock = v.stock + x.quantity
    from (select id, sum(quantity)::integer as quantity from (values ${sql.join(values, sql`, `)}) as y(id, quantity) group by id) as x,
      ${stockCauseFrom(why)}
    where v.id = x.id`);
  await addSoldUnits(
    db,
    sql`select v.product_id, -sum(y.quantity)::integer
      from (values ${sql.join(values, sql`, `)}) as y(id, quantity)
      join ${productVariants} v on v.id = y.id group by v.product_id`,
  );
}

/** A credit note's lines, in their order. */
export async function findRefundLines(db: Database, refundId: string): Promise<RefundLine[]> {
  return db
    .select()
    .from(refundLines)
    .where(eq(refundLines.refundId, refundId))
    .orderBy(refundLines.position);
}

export async function insertRefundLines(db: Database, rows: readonly NewRefundLine[]) {
  if (rows.length > 0) await db.insert(refundLines).values([...rows]);
}

/** What the credit notes of an order's refunds (pending ones included: their amounts are reserved) gave back, by line. */
export interface CreditedRow {
  kind: RefundLineKind;
  itemId: string | null;
  quantity: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  outsideGst: number;
}

export async function creditedOfOrder(db: Database, orderId: string): Promise<CreditedRow[]> {
  return db
    .select({
      kind: refundLines.kind,
      itemId: refundLines.itemId,
      quantity: sql<number>`sum(${refundLines.quantity})::integer`.mapWith(Number),
      taxableValue: sql<number>`sum(${refundLines.taxableValue})`.mapWith(Number),
      cgst: sql<number>`sum(${refundLines.cgst})`.mapWith(Number),
      sgst: sql<number>`sum(${refundLines.sgst})`.mapWith(Number),
      igst: sql<number>`sum(${refundLines.igst})`.mapWith(Number),
      outsideGst: sql<number>`sum(${refundLines.outsideGst})`.mapWith(Number),
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(eq(refunds.orderId, orderId))
    .groupBy(refundLines.kind, refundLines.itemId);
}

/** Refunds whose credit note has no lines (made before credit notes listed them), oldest first. */
export async function findRefundsWithoutLines(db: Database): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select r.id from ${refunds} r
    where not exists (select 1 from ${refundLines} l where l.refund_id = r.id)
    order by r.created_at, r.id`);
  return rows.rows.map((row) => row.id);
}

/** Writes a refund's ledger row again from its credit note's lines (the function its trigger calls). */
export async function rewriteRefundLedger(db: Database, refundId: string): Promise<void> {
  await db.execute(sql`select sales_ledger_record_refund(${refundId}::char(24))`);
}
