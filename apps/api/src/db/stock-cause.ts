/**
 * Why the stock of variants changes in this transaction: the settings the stock-movement trigger of
 * product_variants reads (migration 0023, db/schema/inventory.ts). Set local to the transaction
 * (`set_config(..., true)`), so they end with it; a statement the transaction already runs carries
 * them as a one-row subquery (`stockCauseFrom`) where it can, or `stockCauseSelect` runs on its own.
 */
import type { StockCause } from "@shop/shared/schemas/inventory";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";

export interface StockContext {
  cause: StockCause;
  reason?: string | null;
  note?: string | null;
  actor?: { id: string; name: string } | null;
  /** The order the change belongs to (a cancellation, an expiry, a refund, a return). */
  orderId?: string | null;
  /** The return whose units came back. */
  returnId?: string | null;
}

function setters(context: StockContext): SQL {
  return sql`set_config('shop.stock_cause', ${context.cause}::text, true),
    set_config('shop.stock_reason', ${context.reason ?? ""}::text, true),
    set_config('shop.stock_note', ${context.note ?? ""}::text, true),
    set_config('shop.stock_actor_id', ${context.actor?.id ?? ""}::text, true),
    set_config('shop.stock_actor_name', ${context.actor?.name ?? ""}::text, true),
    set_config('shop.stock_order_id', ${context.orderId ?? ""}::text, true),
    set_config('shop.stock_return_id', ${context.returnId ?? ""}::text, true)`;
}

/** `select set_config(...)`: a statement of its own. */
export function stockCauseSelect(context: StockContext): SQL {
  return sql`select ${setters(context)}`;
}

/**
 * A one-row subquery to join in the FROM of the statement that changes the stock (`update ... from x,
 * ${stockCauseFrom(...)}`): it runs as the statement reads its rows, before the row triggers
 * fire at the statement's end.
 */
export function stockCauseFrom(context: StockContext): SQL {
  return sql`(select ${setters(context)}) as stock_cause`;
}

/** Sets the cause on its own, for a transaction whose stock changes are spread over many statements. */
export async function setStockCause(db: Database, context: StockContext): Promise<void> {
  await db.execute(stockCauseSelect(context));
}
