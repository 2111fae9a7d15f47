/**
 * SQL for the report's cash on delivery parcels that came back (returned to origin, RTO): the COD
 * orders whose first parcel left in the period, by the month it left (the shop's clock) and by the
 * state they ship to, with how many of them came back. An order counts once, however many parcels.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { Period } from "./repo";

export interface RtoRow {
  /** The month ("2026-11"), or null on a state's row. */
  month: string | null;
  /** The shipping address's state, or null on a month's row; both null on the period's row. */
  state: string | null;
  shipped: number;
  returnedToOrigin: number;
}

/**
 * One statement: the period's row, a row per month and a row per state (grouping sets). The period's
 * first cash on delivery parcels are found by their own date index (a parcel is marked so when it is
 * written, db/schema/shipments.ts), then each order's earlier parcels rule it out (it shipped first in
 * an earlier period). NOTE: reading every parcel of the period with its order and payment to find
 * the COD ones took 3 s at a million orders (40 000 of each for 30 days, read from disk).
 */
export async function readReturnedToOrigin(db: Database, period: Period): Promise<RtoRow[]> {
  const rows = await db.execute<{
    month: string | null;
    state: string | null;
    shipped: string;
    returned: string;
  }>(sql`
    with cod_orders as (
      select o.id,
             coalesce(o.shipping_address ->> 'state', '') as state,
             min(s.shipped_at) as first_shipped,
             bool_or(s.returned_to_origin_at is not null) as returned
      from order_shipments s
      join orders o on o.id = s.order_id
      where s.cash_on_delivery and s.shipped_at >= ${period.since} and s.shipped_at < ${period.before}
        and not exists (
          select 1 from order_shipments earlier
          where earlier.order_id = s.order_id and earlier.shipped_at < ${period.since}
        )
      group by o.id
    )
    select to_char((first_shipped at time zone 'UTC') + ${period.utcOffset}::interval, 'YYYY-MM') as month,
           null::text as state, count(*) as shipped, count(*) filter (where returned) as returned
    from cod_orders group by 1
    union all
    select null, state, count(*), count(*) filter (where returned) from cod_orders group by state
    union all
    select null, null, count(*), count(*) filter (where returned) from cod_orders
  `);
  return rows.rows.map((row) => ({
    month: row.month,
    state: row.state,
    shipped: Number(row.shipped),
    returnedToOrigin: Number(row.returned),
  }));
}
