/** SQL for delivery addresses; every query is scoped to its owner. */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Address, addresses } from "#api/db/schema/addresses";

export type AddressValues = Omit<typeof addresses.$inferInsert, "id" | "userId" | "createdAt" | "updatedAt">;

export function listAddressesOfUser(db: Database, userId: string): Promise<Address[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id));
}

export async function insertAddress(db: Database, userId: string, values: AddressValues): Promise<Address> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateAddressOfUser(db: Database, userId: string, id: string, values: AddressValues) {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddressOfUser(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

export async function deleteAddressesOfUser(db: Database, userId: string) {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}

export async function findAddressOfUser(
  db: Database,
  userId: string,
  id: string,
): Promise<Address | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}
