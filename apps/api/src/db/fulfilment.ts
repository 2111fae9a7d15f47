/**
 * An order's fulfilment as SQL, for every module that reads orders (the orders lists and reads, a
 * customer's orders): kept beside the schema so that those modules need not import each other.
 */
import type { Fulfilment } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { orderItems, orders } from "./schema/orders";
import { orderShipmentLines, orderShipments } from "./schema/shipments";

/**
 * How far an order's goods have gone (FULFILMENT_STATES), in the statement that reads the order:
 * shipped and delivered orders are what their status says; any other reads its parcels, the units
 * in them against the units ordered, in one aggregate by index (order_shipments_order_id_idx, the
 * shipment lines' primary key, order_items_order_id_idx).
 */
export const fulfilmentOf = sql<Fulfilment>`case ${orders.status}
  when 'delivered' then 'delivered'
  when 'shipped' then 'shipped'
  else (select case
      when coalesce(sum(sl.quantity), 0) = 0 then 'unfulfilled'
      when sum(sl.quantity) < (select sum(oi.quantity) from ${orderItems} oi where oi.order_id = ${orders.id})
        then 'partially_shipped'
      when bool_or(s.delivered_at is null) then 'shipped'
      else 'delivered' end
    from ${orderShipments} s join ${orderShipmentLines} sl on sl.shipment_id = s.id
    where s.order_id = ${orders.id})
  end`;
