/** The discounts tables: codes, what they apply to, and their uses by orders. */
import type { DiscountStatus } from "@shop/shared/constants";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import {
  type Discount,
  discountCategories,
  discountProducts,
  discounts,
  type NewDiscount,
} from "#api/db/schema/discounts";
import { orders } from "#api/db/schema/orders";

export interface DiscountTargets {
  categories: string[];
  products: string[];
}

export type DiscountWithTargets = Discount & DiscountTargets;

/** The status of a code at the time of the query, in the order the dashboard names them. */
const statusSql = sql<DiscountStatus>`case
  when not ${discounts.isActive} then 'inactive'
  when ${discounts.startsAt} > now() then 'scheduled'
  when ${discounts.endsAt} <= now() then 'expired'
  when ${discounts.usageLimit} is not null and ${discounts.usedCount} >= ${discounts.usageLimit} then 'used-up'
  else 'active' end`;

async function targetsOf(db: Database, ids: readonly string[]): Promise<Map<string, DiscountTargets>> {
  const out = new Map<string, DiscountTargets>(ids.map((id) => [id, { categories: [], products: [] }]));
  if (ids.length === 0) return out;
  // NOTE: one after another: an order's transaction reads a code's targets, and a transaction is one
  // connection, which runs one query at a time.
  const cats = await db
    .select()
    .from(discountCategories)
    .where(inArray(discountCategories.discountId, [...ids]))
    .orderBy(asc(discountCategories.categoryId));
  const prods = await db
    .select()
    .from(discountProducts)
    .where(inArray(discountProducts.discountId, [...ids]))
    .orderBy(asc(discountProducts.productId));
  for (const row of cats) out.get(row.discountId)?.categories.push(row.categoryId);
  for (const row of prods) out.get(row.discountId)?.products.push(row.productId);
  return out;
}

async function withTargets(
  db: Database,
  row: Discount | undefined,
): Promise<DiscountWithTargets | undefined> {
  if (!row) return undefined;
  const targets = (await targetsOf(db, [row.id])).get(row.id) ?? { categories: [], products: [] };
  return { ...row, ...targets };
}

async function writeTargets(db: Database, id: string, targets: DiscountTargets) {
  await db.delete(discountCategories).where(eq(discountCategories.discountId, id));
  await db.delete(discountProducts).where(eq(discountProducts.discountId, id));
  if (targets.categories.length > 0)
    await db
      .insert(discountCategories)
      .values(targets.categories.map((categoryId) => ({ discountId: id, categoryId })))
      .onConflictDoNothing();
  if (targets.products.length > 0)
    await db
      .insert(discountProducts)
      .values(targets.products.map((productId) => ({ discountId: id, productId })))
      .onConflictDoNothing();
}

export async function insertDiscount(db: Database, values: NewDiscount, targets: DiscountTargets) {
  const [row] = await db.insert(discounts).values(values).returning();
  if (!row) throw new Error("discount insert returned no row");
  await writeTargets(db, row.id, targets);
  return { ...row, ...targets };
}

export async function updateDiscount(
  db: Database,
  id: string,
  values: Partial<NewDiscount>,
  targets?: DiscountTargets,
): Promise<DiscountWithTargets | undefined> {
  const [row] = await db.update(discounts).set(values).where(eq(discounts.id, id)).returning();
  if (!row) return undefined;
  if (targets) {
    await writeTargets(db, id, targets);
    return { ...row, ...targets };
  }
  return withTargets(db, row);
}

export async function findDiscount(db: Database, id: string) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return withTargets(db, row);
}

/** A code by its upper-cased text, locked for the placement's transaction when `lock` is set. */
export async function findDiscountByCode(db: Database, code: string, { lock = false } = {}) {
  const query = db.select().from(discounts).where(eq(discounts.code, code));
  const [row] = lock ? await query.for("update") : await query;
  return withTargets(db, row);
}

export function statusOf(
  row: Pick<Discount, "isActive" | "startsAt" | "endsAt" | "usageLimit" | "usedCount">,
  now = new Date(),
): DiscountStatus {
  if (!row.isActive) return "inactive";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  if (row.endsAt && row.endsAt <= now) return "expired";
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return "used-up";
  return "active";
}

export interface DiscountFilter {
  keyword?: string | undefined;
  status?: DiscountStatus | undefined;
}

export async function listDiscounts(
  db: Database,
  filter: DiscountFilter,
  page: { limit: number; offset: number },
) {
  const pattern = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where: SQL | undefined = and(
    pattern ? ilike(discounts.code, pattern) : undefined,
    filter.status ? sql`${statusSql} = ${filter.status}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(discounts)
      .where(where)
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(discounts).where(where),
  ]);
  const targets = await targetsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, ...(targets.get(row.id) ?? { categories: [], products: [] }) })),
    total: total?.total ?? 0,
  };
}

/** The shopper's orders that hold a use of the code (placed, not cancelled). */
export async function countCustomerUses(db: Database, discountId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.discountId, discountId), eq(orders.userId, userId), ne(orders.status, "cancelled")));
  return row?.total ?? 0;
}

/** Takes one use of a code whose row the caller holds locked. */
export async function takeUse(db: Database, discountId: string) {
  await db
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(eq(discounts.id, discountId));
}

/** Gives back the uses of cancelled orders, one per order that used a code. */
export async function giveUsesBack(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await db.execute(sql`
    update ${discounts} d set used_count = greatest(0, d.used_count - o.uses)
    from (select discount_id, count(*)::integer as uses from ${orders}
          where ${inArray(orders.id, [...orderIds])} and discount_id is not null group by discount_id) o
    where d.id = o.discount_id`);
}

/** Whether any order, cancelled or not, names the code (such a code is kept for its orders). */
export async function isDiscountOrdered(db: Database, discountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.discountId, discountId))
    .limit(1);
  return row !== undefined;
}

export async function deleteDiscount(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id });
  return rows.length > 0;
}

/** The paid orders (processing, shipped, delivered) that used the code, and what they came to. */
export async function revenueOf(db: Database, discountId: string) {
  const [row] = await db
    .select({ paidOrders: count(), revenue: sql<string | null>`sum(${orders.totalAmount})` })
    .from(orders)
    .where(
      and(eq(orders.discountId, discountId), inArray(orders.status, ["processing", "shipped", "delivered"])),
    );
  return { paidOrders: row?.paidOrders ?? 0, revenue: Number(row?.revenue ?? 0) };
}
