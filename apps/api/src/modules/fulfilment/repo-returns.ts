/** SQL for returns: the rows with their lines, what was already asked back, status changes. */
import type { ReturnStatus } from "@shop/shared/constants";
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { countUpTo, descNullsLast } from "#api/db/paging";
import { orderItems, orders, payments } from "#api/db/schema/orders";
import { type OrderReturn, orderReturnLines, orderReturns } from "#api/db/schema/returns";
import { users } from "#api/db/schema/users";

/** An order's lines as a return needs them: what was bought, at what, and the variant to restock. */
export async function findReturnableLines(db: Database, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      name: orderItems.name,
      variantOptions: orderItems.variantOptions,
      quantity: orderItems.quantity,
      price: orderItems.price,
      discountShare: orderItems.discountShare,
      taxAmount: orderItems.taxAmount,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Units of each line of an order already in a return that was not rejected. */
export async function askedBackUnits(db: Database, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      itemId: orderReturnLines.itemId,
      quantity: sql<number>`sum(${orderReturnLines.quantity})::int`,
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, "rejected")))
    .groupBy(orderReturnLines.itemId);
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}

export async function insertReturn(
  db: Database,
  row: Pick<OrderReturn, "orderId" | "userId" | "reason" | "note" | "amount">,
  lines: readonly { itemId: string; quantity: number }[],
) {
  const [stored] = await db.insert(orderReturns).values(row).returning();
  if (!stored) throw new Error("insert returned no row");
  await db.insert(orderReturnLines).values(lines.map((line) => ({ ...line, returnId: stored.id })));
  return stored;
}

/** Records how many units of each line receiving the return put back in stock. */
export async function setRestocked(
  db: Database,
  returnId: string,
  lines: readonly { itemId: string; restocked: number }[],
) {
  for (const line of lines)
    await db
      .update(orderReturnLines)
      .set({ restocked: line.restocked })
      .where(and(eq(orderReturnLines.returnId, returnId), eq(orderReturnLines.itemId, line.itemId)));
}

/** Locks a return's row for the rest of the transaction. */
export async function lockReturn(db: Database, id: string) {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).for("update").limit(1);
  return row;
}

export async function findReturn(db: Database, id: string) {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).limit(1);
  return row;
}

export async function setReturnStatus(
  db: Database,
  id: string,
  change: { status: ReturnStatus; message?: string | undefined; refundId?: string; amount?: number },
) {
  await db
    .update(orderReturns)
    .set({
      status: change.status,
      ...(change.message !== undefined ? { message: change.message } : {}),
      ...(change.refundId ? { refundId: change.refundId } : {}),
      ...(change.amount !== undefined ? { amount: change.amount } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orderReturns.id, id));
}

const returnColumns = {
  ret: orderReturns,
  order: {
    id: orders.id,
    number: orders.number,
    currency: orders.currency,
    cashOnDelivery: sql<boolean>`coalesce(${payments.paymentGateway} = 'cod', false)`,
  },
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

export type ReturnRow = Awaited<ReturnType<typeof findReturnsByIds>>[number];

/** Returns with their order, shopper and lines (named as the order line was), newest first. */
export async function findReturnsByIds(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(returnColumns)
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .innerJoin(users, eq(users.id, orderReturns.userId))
    .where(inArray(orderReturns.id, [...ids]))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
  const lines = await db
    .select({
      returnId: orderReturnLines.returnId,
      itemId: orderReturnLines.itemId,
      quantity: orderReturnLines.quantity,
      name: orderItems.name,
      options: orderItems.variantOptions,
    })
    .from(orderReturnLines)
    .innerJoin(orderItems, eq(orderItems.id, orderReturnLines.itemId))
    .where(inArray(orderReturnLines.returnId, [...ids]))
    .orderBy(asc(orderReturnLines.itemId));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.returnId === row.ret.id) }));
}

/** A keyword's match: the order's number ("1001" or "#1001"), the shopper's name or email. */
function keywordMatch(keyword: string): SQL | undefined {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const number = /^#?\s*(\d{1,9})$/.exec(keyword.trim())?.[1];
  return or(
    ...(number ? [eq(orders.number, Number(number))] : []),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
  );
}

/** A page of returns, newest first, in one status or all, matching a keyword; counted up to `cap` (db/paging.ts). */
export async function listReturnIds(
  db: Database,
  filter: { status?: ReturnStatus | undefined; keyword?: string | undefined },
  page: { limit: number; offset: number },
  cap?: number,
) {
  const where = and(
    filter.status ? eq(orderReturns.status, filter.status) : undefined,
    filter.keyword ? keywordMatch(filter.keyword) : undefined,
  );
  // NOTE: the order and shopper are only needed for a keyword (every return has both: foreign keys,
  // not null); without one the count reads the returns' index alone.
  const matching = filter.keyword
    ? db
        .select({ one: sql`1` })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .innerJoin(users, eq(users.id, orderReturns.userId))
        .where(where)
    : db.select({ one: sql`1` }).from(orderReturns).where(where);
  const [rows, counted] = await Promise.all([
    db
      .select({ id: orderReturns.id })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .innerJoin(users, eq(users.id, orderReturns.userId))
      .where(where)
      .orderBy(descNullsLast(orderReturns.createdAt), descNullsLast(orderReturns.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, matching, cap),
  ]);
  return { ids: rows.map((row) => row.id), ...counted };
}
