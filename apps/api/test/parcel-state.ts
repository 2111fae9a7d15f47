/**
 * The oracle of orders.parcel_state: the state as the orders lists worked it out from each order's
 * parcels before it was kept on the order (the units in its parcels against the units ordered, and
 * whether every parcel arrived). A test file that writes parcels ends with `itKeepsParcelStates`, so
 * that a way of writing parcels the database's triggers miss fails there.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { TestApp } from "./app";

/** The state worked out from the parcels, for the order `o` (the lists' expression until the column). */
const parcelStateOf = sql`(select case
    when coalesce(sum(sl.quantity), 0) = 0 then null
    when sum(sl.quantity) < (select sum(oi.quantity) from order_items oi where oi.order_id = o.id)
      then 'partially_shipped'
    when bool_or(s.delivered_at is null) then 'shipped'
    else 'delivered' end
  from order_shipments s join order_shipment_lines sl on sl.shipment_id = s.id
  where s.order_id = o.id)`;

/** A test, last in a file, that every order's kept parcel state is the one its parcels give. */
export function itKeepsParcelStates(app: () => TestApp) {
  it("has kept every order's parcel state as its parcels give it", async () => {
    const { db } = app().database;
    const { rows: astray } = await db.execute<{
      id: string;
      kept: string | null;
      expected: string | null;
    }>(sql`
      select o.id, o.parcel_state as kept, ${parcelStateOf} as expected
      from orders o where o.parcel_state is distinct from ${parcelStateOf} order by o.id`);
    expect(astray).toEqual([]);
    // Not vacuous: the file's tests put goods in parcels.
    const { rows } = await db.execute<{ count: number }>(
      sql`select count(*)::integer as count from orders where parcel_state is not null`,
    );
    expect(Number(rows[0]?.count ?? 0)).toBeGreaterThan(0);
  });
}
