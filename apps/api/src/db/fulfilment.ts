/**
 * An order's fulfilment as SQL, for every module that reads orders (the orders lists and reads, a
 * customer's orders): kept beside the schema so that those modules need not import each other.
 */
import { type Fulfilment, ORDER_STATUSES } from "@shop/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { orderItems, orders } from "./schema/orders";
import { orderShipmentLines, orderShipments } from "./schema/shipments";
import { sqlList } from "./schema/sql-lists";

/** The statuses whose fulfilment is the status itself: goods that left are what their status says. */
const SAID_BY_STATUS = ["shipped", "delivered"] as const satisfies readonly Fulfilment[];

/** Every other status: its fulfilment is read from its parcels. */
const READ_FROM_PARCELS = ORDER_STATUSES.filter(
  (status) => !(SAID_BY_STATUS as readonly string[]).includes(status),
);

/**
 * The fulfilment of an order whose status does not say it: the units in its parcels against the
 * units ordered, in one aggregate by index (order_shipments_order_id_idx, the shipment lines'
 * primary key, order_items_order_id_idx).
 */
const fromParcels = sql<Fulfilment>`(select case
      when coalesce(sum(sl.quantity), 0) = 0 then 'unfulfilled'
      when sum(sl.quantity) < (select sum(oi.quantity) from ${orderItems} oi where oi.order_id = ${orders.id})
        then 'partially_shipped'
      when bool_or(s.delivered_at is null) then 'shipped'
      else 'delivered' end
    from ${orderShipments} s join ${orderShipmentLines} sl on sl.shipment_id = s.id
    where s.order_id = ${orders.id})`;

/**
 * How far an order's goods have gone (FULFILMENT_STATES), in the statement that reads the order:
 * shipped and delivered orders are what their status says; any other reads its parcels.
 */
export const fulfilmentOf = sql<Fulfilment>`case ${orders.status}
  when 'delivered' then 'delivered'
  when 'shipped' then 'shipped'
  else ${fromParcels}
  end`;

/**
 * The orders whose fulfilment (fulfilmentOf) is `state`, as a filter. NOTE: the statuses that decide
 * it alone, or the others with their parcels' subquery, each side a range of the status index:
 * `fulfilmentOf = state` ran the subquery on every order not shipped or delivered that a list or
 * its capped count walked past (300 ms at a million orders, to count fewer than 10,001).
 */
export function fulfilmentIs(state: Fulfilment): SQL {
  const readFromParcels = sql`${orders.status} in (${sqlList(READ_FROM_PARCELS)})`;
  // NOTE: nothing shipped is no parcel line (their quantities are above zero), as a NOT EXISTS
  // PostgreSQL counts rightly: as `fromParcels = 'unfulfilled'` it guessed a few dozen orders of a
  // million and sorted all 14 000 candidates for a page (75 ms), where the newest orders it walks
  // are the answer (1 ms). `offset 0` keeps it a test of each candidate by the parcels' order index:
  // as an anti-join, the capped count hashed every parcel line of the shop (240,000 at a million
  // orders, 339 ms) to count 10,001 candidates.
  if (state === "unfulfilled") {
    return sql`(${readFromParcels} and not exists (select 1 from ${orderShipments} s
      join ${orderShipmentLines} sl on sl.shipment_id = s.id where s.order_id = ${orders.id} offset 0))`;
  }
  const byParcels = sql`(${readFromParcels} and ${fromParcels} = ${state})`;
  return (SAID_BY_STATUS as readonly string[]).includes(state)
    ? sql`(${orders.status} = ${state} or ${byParcels})`
    : byParcels;
}
