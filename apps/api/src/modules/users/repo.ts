/** SQL for users. */

import type { Fulfilment, OrderStatus, Role } from "@shop/shared/constants";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { fulfilmentOf } from "#api/db/fulfilment";
import { escapeLike } from "#api/db/like";
import { countUpTo, cursorTime, type NewestKey, newestAfter } from "#api/db/paging";
import { orders } from "#api/db/schema/orders";
import { salesLedger } from "#api/db/schema/sales";
import { type CustomerNote, customerNotes, type User, users } from "#api/db/schema/users";

export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Records when a cash on delivery parcel of the user's came back refused (return to origin), and its order. */
export async function markCodRefused(db: Database, userId: string, at: Date, orderId: string): Promise<void> {
  await db
    .update(users)
    .set({ codRefusedAt: at, codBarReason: "refused", codBarOrderId: orderId })
    .where(eq(users.id, userId));
}

/** Forgets the user's cash on delivery bar; answers whether they had one. */
export async function clearCodBar(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ codRefusedAt: null, codBarReason: null, codBarOrderId: null })
    .where(and(eq(users.id, userId), sql`${users.codRefusedAt} is not null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The number of an order, by id (the order of a cash on delivery bar); undefined when it is gone. */
export async function findOrderNumber(db: Database, orderId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.number;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Database, values: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The columns of a user's row that change after it is made. */
export type UserChange = Partial<
  Pick<
    NewUser,
    | "firstName"
    | "lastName"
    | "email"
    | "passwordHash"
    | "avatarUrl"
    | "role"
    | "status"
    | "twoFactorSecret"
    | "twoFactorEnabledAt"
    | "twoFactorLastStep"
  >
>;

/**
 * Writes a user's row. The server changes it through users/service.ts updateUser, which forgets the
 * user's cached sessions first.
 */
export async function updateUserRow(db: Database, id: string, values: UserChange): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export interface UserFilter {
  keyword?: string;
  status?: boolean;
  role?: Role;
}

/**
 * A page of users, newest first by (created_at, id), each with the sort key a cursor keeps (`at`),
 * after `after` by keyset when given; and how many match, counted up to `cap` (db/paging.ts).
 */
export async function listUsers(
  db: Database,
  filter: UserFilter,
  page: { limit: number; offset: number },
  after?: NewestKey,
  cap?: number,
) {
  const conditions: SQL[] = [];
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // NOTE: the page's ids first, from the list's index alone: an offset then skips index entries,
  // not whole rows (page 1000 of the customers read 20,000 rows to keep 20).
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(and(where, newestAfter(users.createdAt, users.id, after)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [rows, counted] = await Promise.all([
    db
      .select({ user: users, at: cursorTime(users.createdAt) })
      .from(users)
      .where(inArray(users.id, pageIds))
      .orderBy(desc(users.createdAt), desc(users.id)),
    countUpTo(db, db.select({ one: sql`1` }).from(users).where(where), cap),
  ]);
  return { rows, ...counted };
}

/**
 * Sets a user's avatar URL and returns the row with the URL it replaced, reading and writing under
 * a row lock so that of two concurrent changes each learns the URL the other one replaced. The
 * caller forgets the user's cached sessions, as updateUser does.
 */
export async function replaceAvatarUrl(
  db: Database,
  id: string,
  avatarUrl: string,
): Promise<{ user: User; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!current) return undefined;
    const user = await updateUserRow(tx, id, { avatarUrl });
    return user ? { user, previous: current.avatarUrl } : undefined;
  });
}

/** An order as the customer page lists it. */
export interface CustomerOrderRow {
  id: string;
  number: number;
  createdAt: Date;
  status: OrderStatus;
  fulfilment: Fulfilment;
  totalAmount: number;
  currency: string;
}

const customerOrderColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  fulfilment: fulfilmentOf,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
};

/** The newest orders of a customer, of every status. */
export function listOrdersOfCustomer(
  db: Database,
  userId: string,
  limit: number,
): Promise<CustomerOrderRow[]> {
  return db
    .select(customerOrderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** A customer's money in one currency: the orders with a payment taken, payments taken minus refunds in cents. */
export interface CustomerMoneyRow {
  currency: string;
  paidOrders: number;
  netCents: number;
}

/**
 * What the ledger holds for a customer's orders (decision 017), a row per currency their orders were
 * placed in: the orders with a payment taken, and payments taken minus refunds in cents, the figure
 * the sales report sums.
 */
export async function customerMoney(db: Database, userId: string): Promise<CustomerMoneyRow[]> {
  const rows = await db
    .select({
      currency: salesLedger.currency,
      paidOrders: sql<number>`count(distinct ${salesLedger.orderId}) filter (where ${salesLedger.kind} = 'payment')::int`,
      // The money alone: an invoice's row is what it charged, not what was paid.
      netCents: sql<string>`coalesce(sum(case ${salesLedger.kind} when 'payment' then ${salesLedger.amount} when 'refund' then -${salesLedger.amount} else 0 end), 0)::bigint`,
    })
    .from(salesLedger)
    .innerJoin(orders, eq(orders.id, salesLedger.orderId))
    .where(eq(orders.userId, userId))
    .groupBy(salesLedger.currency)
    .orderBy(salesLedger.currency);
  return rows.map((row) => ({
    currency: row.currency,
    paidOrders: Number(row.paidOrders),
    netCents: Number(row.netCents),
  }));
}

/** The first (or last) order of a customer with a payment taken. */
export async function findPaidOrderOfCustomer(
  db: Database,
  userId: string,
  which: "first" | "last",
  currency: string,
): Promise<CustomerOrderRow | undefined> {
  const order =
    which === "first" ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  const [row] = await db
    .select(customerOrderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.currency, currency),
        sql`exists (select 1 from ${salesLedger} where ${salesLedger.orderId} = ${orders.id} and ${salesLedger.kind} = 'payment')`,
      ),
    )
    .orderBy(...order)
    .limit(1);
  return row;
}

/** A customer's staff notes, newest first. */
export function listCustomerNotes(db: Database, userId: string): Promise<CustomerNote[]> {
  return db
    .select()
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.at), desc(customerNotes.id));
}

/** Appends a staff note on a customer (the table is append-only). */
export async function insertCustomerNote(
  db: Database,
  values: { userId: string; authorId: string; authorName: string; note: string },
): Promise<CustomerNote> {
  const [row] = await db.insert(customerNotes).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
