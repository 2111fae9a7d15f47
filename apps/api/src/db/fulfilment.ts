/**
 * An order's fulfilment as SQL, for every module that reads orders (the orders lists and reads, a
 * customer's orders): kept beside the schema so that those modules need not import each other.
 */
import type { Fulfilment } from "@shop/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { orders, STATUSES_FULFILLED_BY_PARCELS } from "./schema/orders";
import { sqlList } from "./schema/sql-lists";

/** The statuses whose fulfilment is the status itself: goods that left are what their status says. */
const SAID_BY_STATUS = ["shipped", "delivered"] as const satisfies readonly Fulfilment[];

/**
 * How far an order's goods have gone (FULFILMENT_STATES), in the statement that reads the order:
 * shipped and delivered orders are what their status says; any other what its parcels say (the
 * order's `parcel_state`, which the database keeps from them), unfulfilled while none holds a unit.
 */
export const fulfilmentOf = sql<Fulfilment>`case ${orders.status}
  when 'delivered' then 'delivered'
  when 'shipped' then 'shipped'
  else coalesce(${orders.parcelState}, 'unfulfilled')
  end`;

/** The orders whose status leaves their fulfilment to their parcels. */
const decidedByParcels = sql`${orders.status} in (${sqlList(STATUSES_FULFILLED_BY_PARCELS)})`;

/** The orders whose parcels decide their fulfilment and say `state` (not 'unfulfilled'). */
const byParcels = (state: Fulfilment) =>
  sql`(${orders.parcelState} is not null and ${decidedByParcels} and ${orders.parcelState} = ${state})`;

/**
 * The two sides of a fulfilment that a status can say (shipped, delivered): the orders whose status
 * says it, and those whose parcels do; none for the others, which only parcels decide. NOTE: the
 * parcels' side is written exactly as the partial index orders_parcel_state_created_at_idx is (its
 * predicate then holds for the planner): a range of the few orders whose parcels decide it, where a
 * subquery over the parcels of every order not shipped or delivered cost 60 ms at a million orders.
 * A list walks each side apart, newest first (modules/orders/repo.ts): as one OR, the delivered
 * orders' first page walked the newest 15 000 orders of every status.
 */
export function fulfilmentSides(state: Fulfilment): readonly [SQL, SQL] | undefined {
  if (!(SAID_BY_STATUS as readonly string[]).includes(state)) return undefined;
  return [sql`${orders.status} = ${state}`, byParcels(state)];
}

/** The orders whose fulfilment (fulfilmentOf) is `state`, as a filter. */
export function fulfilmentIs(state: Fulfilment): SQL {
  if (state === "unfulfilled") return sql`(${decidedByParcels} and ${orders.parcelState} is null)`;
  const sides = fulfilmentSides(state);
  return sides ? sql`(${sides[0]} or ${sides[1]})` : byParcels(state);
}
