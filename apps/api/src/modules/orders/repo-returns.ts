/** The returns of an order as its read carries them (the returns module writes them). */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type OrderReturn, orderReturnLines, orderReturns } from "#api/db/schema/returns";

export interface ReturnWithLines extends OrderReturn {
  lines: { itemId: string; quantity: number }[];
}

/** An order's returns with their lines, newest first. */
export async function findReturnsOfOrder(db: Database, orderId: string): Promise<ReturnWithLines[]> {
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderReturnLines)
    .where(
      inArray(
        orderReturnLines.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderReturnLines.itemId));
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter((line) => line.returnId === row.id)
      .map(({ itemId, quantity }) => ({ itemId, quantity })),
  }));
}
