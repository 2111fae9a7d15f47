/** The PIN code lists of shipping methods (db/schema/delivery.ts): the look-up of a PIN code, a list's page, its replacement. */
import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { shippingPincodes } from "#api/db/schema/delivery";
import { products } from "#api/db/schema/products";

/** One PIN code of a method's list: the days a parcel takes there and whether COD is possible. */
export interface PincodeRow {
  pincode: string;
  days: number;
  cod: boolean;
}

/** Rows written per statement when a list is replaced: three arrays of this many values. */
const INSERT_BATCH = 10_000;

/**
 * The rows of one PIN code across the methods named: one look-up of the primary key, whose first
 * column is the PIN code (a few rows at most, one per method listing it).
 */
export async function pincodeRows(
  db: Database,
  pincode: string,
  methodIds: readonly string[],
): Promise<(Omit<PincodeRow, "pincode"> & { methodId: string })[]> {
  if (methodIds.length === 0) return [];
  return db
    .select({ methodId: shippingPincodes.methodId, days: shippingPincodes.days, cod: shippingPincodes.cod })
    .from(shippingPincodes)
    .where(and(eq(shippingPincodes.pincode, pincode), inArray(shippingPincodes.methodId, [...methodIds])));
}

/** The PIN codes from `from` to `to` (both included) of a method's list: the search by first digits, on its index. */
function ofMethod(methodId: string, range: { from: string; to: string } | undefined) {
  const method = eq(shippingPincodes.methodId, methodId);
  return range
    ? and(method, gte(shippingPincodes.pincode, range.from), lte(shippingPincodes.pincode, range.to))
    : method;
}

/** A page of a method's list in PIN code order, and how many codes match. */
export async function listPincodes(
  db: Database,
  methodId: string,
  range: { from: string; to: string } | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: PincodeRow[]; total: number }> {
  const where = ofMethod(methodId, range);
  const [rows, [total]] = await Promise.all([
    db
      .select({ pincode: shippingPincodes.pincode, days: shippingPincodes.days, cod: shippingPincodes.cod })
      .from(shippingPincodes)
      .where(where)
      .orderBy(asc(shippingPincodes.pincode))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(shippingPincodes).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** How many PIN codes a method's list holds, and how many of them take cash on delivery. */
export async function countPincodes(db: Database, methodId: string): Promise<{ rows: number; cod: number }> {
  const [row] = await db
    .select({ rows: count(), cod: sql<number>`count(*) filter (where ${shippingPincodes.cod})::integer` })
    .from(shippingPincodes)
    .where(eq(shippingPincodes.methodId, methodId));
  return { rows: row?.rows ?? 0, cod: row?.cod ?? 0 };
}

/**
 * Replaces a method's list with `rows` (checked, no PIN code twice), in the caller's transaction:
 * one delete, then one set-based insert per INSERT_BATCH rows.
 */
export async function replacePincodes(
  db: Database,
  methodId: string,
  rows: readonly PincodeRow[],
): Promise<void> {
  await db.delete(shippingPincodes).where(eq(shippingPincodes.methodId, methodId));
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const part = rows.slice(start, start + INSERT_BATCH);
    await db.execute(sql`
      insert into ${shippingPincodes} (method_id, pincode, days, cod)
      select ${methodId}::char(24), r.pincode, r.days, r.cod
      from unnest(${sql.param(part.map((row) => row.pincode))}::char(6)[],
        ${sql.param(part.map((row) => row.days))}::smallint[],
        ${sql.param(part.map((row) => row.cod))}::boolean[]) as r(pincode, days, cod)`);
  }
}

/** Deletes the lists of these methods (removed from the settings), in the caller's transaction. */
export async function deleteListsOfMethods(db: Database, methodIds: readonly string[]): Promise<void> {
  if (methodIds.length === 0) return;
  await db.delete(shippingPincodes).where(inArray(shippingPincodes.methodId, [...methodIds]));
}

/**
 * Whether a product is active, and its weight (kg, null when it gives none); undefined when there is
 * none of this id (the delivery answer's `product`).
 */
export async function productForDelivery(
  db: Database,
  productId: string,
): Promise<{ isActive: boolean; weightKg: number | null } | undefined> {
  const [row] = await db
    .select({ isActive: products.isActive, weightKg: products.weightKg })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}
