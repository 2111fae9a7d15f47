/**
 * The ledger's sums by slot (db/schema/sales.ts salesSlots) brought up to date: the changes the
 * ledger's trigger wrote since the last fold, added up into their slots.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";

const SUMS = [
  "rows",
  "amount",
  "gross_sales",
  "sale_discounts",
  "code_discounts",
  "returns",
  "shipping",
  "cod_fees",
  "units",
  "tax",
  "cgst",
  "sgst",
  "igst",
] as const;

const listed = (format: (column: string) => string) => sql.raw(SUMS.map(format).join(", "));

/**
 * Adds the ledger's changes written since the last fold into their slots and removes them, in one
 * statement; answers the slots changed. Safe beside another fold (each change is deleted, so added,
 * once; their upserts of a slot wait on each other) and beside the checkout, which only inserts
 * changes and never touches a slot.
 */
export async function foldSalesSlots(db: Database): Promise<number> {
  const result = await db.execute<{ changed: number }>(sql`
    with taken as (delete from sales_slot_changes returning *),
    changed as (
      insert into sales_slots (slot, kind, discount_code, currency, ${listed((column) => column)})
      select slot, kind, discount_code, currency, ${listed((column) => `sum(${column})::bigint`)}
      from taken group by slot, kind, discount_code, currency
      on conflict (slot, kind, discount_code, currency) do update set
        ${listed((column) => `${column} = sales_slots.${column} + excluded.${column}`)}
      returning 1
    )
    select count(*)::integer as changed from changed`);
  return result.rows[0]?.changed ?? 0;
}
