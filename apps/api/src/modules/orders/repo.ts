/** SQL for orders: placement (with the atomic stock take), lists, one order, status changes, the sweep. */
import type { OrderStatus } from "@shop/shared/constants";
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Media, media } from "#api/db/schema/media";
import { type NewOrder, type NewOrderItem, orderItems, orders } from "#api/db/schema/orders";
import { payments } from "#api/db/schema/payments";
import { products } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";

export function findProductsForOrder(db: Database, ids: readonly string[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      onSale: products.onSale,
      salePrice: products.salePrice,
      stock: products.stock,
      isActive: products.isActive,
    })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/**
 * Takes `quantity` units of an active product, or nothing: the condition and the decrement are one
 * statement, so two buyers can never both get the last unit.
 */
export async function takeStock(db: Database, productId: string, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(
      and(eq(products.id, productId), eq(products.isActive, true), sql`${products.stock} >= ${quantity}`),
    )
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function currentStock(db: Database, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? 0;
}

/** Gives an order's units back to stock; a paid order also takes them off the best-seller count. */
export async function returnStock(db: Database, orderId: string, { wasPaid }: { wasPaid: boolean }) {
  await db.execute(sql`
    update ${products} p
    set stock = p.stock + oi.quantity,
        sold_count = greatest(0, p.sold_count - ${wasPaid ? sql`oi.quantity` : sql`0`})
    from ${orderItems} oi
    where oi.order_id = ${orderId} and p.id = oi.product_id`);
}

/** Raises the best-seller count of a paid order's products. */
export async function countSold(db: Database, orderId: string) {
  await db.execute(sql`
    update ${products} p set sold_count = p.sold_count + oi.quantity
    from ${orderItems} oi
    where oi.order_id = ${orderId} and p.id = oi.product_id`);
}

export async function insertOrder(db: Database, order: NewOrder, items: Omit<NewOrderItem, "orderId">[]) {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error("insert returned no row");
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row;
}

/** The order a shopper placed with an idempotency key, and the fingerprint of the body it came with. */
export async function findOrderByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Locks the shopper's row (placements of one shopper queue here) and counts their unpaid pending orders. */
export async function lockAndCountUnpaidOrders(db: Database, userId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending"), isNull(orders.paymentId)));
  return row?.total ?? 0;
}

const orderColumns = {
  order: orders,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  payment: {
    id: payments.id,
    status: payments.status,
    paymentGateway: payments.paymentGateway,
    amount: payments.amount,
    transactionId: payments.transactionId,
  },
};

export type OrderRow = Awaited<ReturnType<typeof findOrderById>>;

export async function findOrderById(db: Database, id: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrder(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update").limit(1);
  return row;
}

export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

export async function findOrderLines(db: Database, orderId: string) {
  return db
    .select({ item: orderItems, thumbnail: media })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id) as Promise<{ item: typeof orderItems.$inferSelect; thumbnail: Media | null }[]>;
}

export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  keyword?: string;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listOrders(db: Database, filter: OrderFilter, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const match = or(
      eq(orders.id, filter.keyword.toLowerCase()),
      ilike(users.email, pattern),
      sql`(${orders.shippingAddress}->'name'->>'firstName') || ' ' || (${orders.shippingAddress}->'name'->>'lastName') ilike ${pattern}`,
      sql`${orders.shippingAddress}->>'phoneNumber' like ${pattern}`,
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const [rows, totals] = await Promise.all([
    db
      .select({ ...orderColumns, itemCount })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(payments, eq(payments.id, orders.paymentId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function setOrderStatus(db: Database, id: string, status: OrderStatus, paymentId?: string) {
  const [row] = await db
    .update(orders)
    .set({ status, ...(paymentId ? { paymentId } : {}), updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/**
 * Unpaid pending orders placed before `cutoff`, locked; rows another instance holds are skipped,
 * so that two sweeps running at once never cancel the same order twice.
 */
export async function lockExpiredPendingOrders(db: Database, cutoff: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        sql`${orders.paymentId} is null`,
        sql`${orders.createdAt} < ${cutoff}`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}
