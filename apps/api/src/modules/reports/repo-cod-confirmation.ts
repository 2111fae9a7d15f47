/**
 * SQL for the report's cash on delivery confirmation: the COD orders placed in the period, by their
 * confirmation (orders.cod_confirmation: null when none was asked, as before it existed) and the
 * channel that confirmed them (orders.cod_confirmed_via), with how many of them shipped and how many
 * of those came back (returned to origin). An order counts once, however many parcels.
 */
import type { CodConfirmation } from "@shop/shared/constants";
import type { CodConfirmedVia } from "@shop/shared/messaging";
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { Period } from "./repo";

export interface CodConfirmationRow {
  /** Null: the order asked for no confirmation (placed before it existed). */
  confirmation: CodConfirmation | null;
  /** Null: not confirmed, or confirmed before the channel was kept. */
  via: CodConfirmedVia | null;
  orders: number;
  /** Of them, those with a cash on delivery parcel, and those whose parcel came back. */
  shipped: number;
  returned: number;
}

/**
 * One statement, a row per confirmation and channel. The period's orders are read by their date
 * index (orders_created_at_idx), as the report's orders placed are (repo.ts readPeriod); each one's
 * cash on delivery parcels by theirs (order_shipments_order_id_idx). An order that asked for no
 * confirmation counts only when it shipped cash on delivery (the parcel says so, db/schema/shipments.ts):
 * a prepaid order asks for none either. NOTE: every order of the period is looked up among the
 * parcels, since only its parcel tells an old COD order from a prepaid one: 30 days of 400 000 orders
 * (28 800 of them, 137 000 COD parcels in all) took 250 ms warm on PostgreSQL 15, as EXPLAIN showed
 * it: the orders by their date index, then a probe of the parcels' order index for each.
 */
export async function readCodConfirmation(db: Database, period: Period): Promise<CodConfirmationRow[]> {
  const rows = await db.execute<{
    confirmation: CodConfirmation | null;
    via: CodConfirmedVia | null;
    orders: string;
    shipped: string;
    returned: string;
  }>(sql`
    select o.cod_confirmation as confirmation, o.cod_confirmed_via as via, count(*) as orders,
           count(*) filter (where p.parcels > 0) as shipped, count(*) filter (where p.returned) as returned
    from orders o
    cross join lateral (
      select count(*) as parcels, bool_or(s.returned_to_origin_at is not null) as returned
      from order_shipments s
      where s.order_id = o.id and s.cash_on_delivery
    ) p
    where o.created_at >= ${period.since} and o.created_at < ${period.before}
      and (o.cod_confirmation is not null or p.parcels > 0)
    group by 1, 2`);
  return rows.rows.map((row) => ({
    confirmation: row.confirmation,
    via: row.via,
    orders: Number(row.orders),
    shipped: Number(row.shipped),
    returned: Number(row.returned),
  }));
}
