import { RTO_REASONS, type RtoReason } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { orderItems, orders } from "./orders";
import { sqlList } from "./sql-lists";

/**
 * A parcel of an order (docs/design.md section 8, Fulfilment): the carrier's name as it was then,
 * the tracking number and its link (none for "Other", or a shipment the status dialog recorded
 * without a number), when it left and when it was delivered.
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: primaryId(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text().notNull(),
    trackingNumber: text(),
    trackingUrl: text(),
    shippedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    deliveredAt: timestamp({ withTimezone: true }),
    // When the carrier brought the parcel back undelivered (return to origin, RTO), and why as staff
    // marked it (null for a parcel marked before they were asked).
    returnedToOriginAt: timestamp({ withTimezone: true }),
    returnedToOriginReason: text().$type<RtoReason>(),
    // Whether the parcel left to be paid in cash on delivery: its order's payment was cash on delivery
    // when it was written (set by the database, migration 0058). The report's COD parcels read these.
    cashOnDelivery: boolean().notNull().default(false),
  },
  (t) => [
    index("order_shipments_order_id_idx").on(t.orderId, t.shippedAt),
    // The report's cash on delivery parcels that left in a period (modules/reports/repo-rto.ts), not
    // every parcel of it with its order and payment (40 000 of each for 30 days at a million orders).
    index("order_shipments_cod_shipped_at_idx").on(t.shippedAt).where(sql`${t.cashOnDelivery}`),
    check(
      "order_shipments_rto_reason_check",
      sql`${t.returnedToOriginReason} is null or ${t.returnedToOriginReason} in (${sqlList(RTO_REASONS)})`,
    ),
    check(
      "order_shipments_delivered_check",
      sql`${t.deliveredAt} is null or ${t.deliveredAt} >= ${t.shippedAt}`,
    ),
  ],
);

/** The units of each order line a shipment holds. */
export const orderShipmentLines = pgTable(
  "order_shipment_lines",
  {
    shipmentId: idRef()
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    itemId: idRef()
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.itemId] }),
    check("order_shipment_lines_quantity_check", sql`${t.quantity} > 0`),
    index("order_shipment_lines_item_id_idx").on(t.itemId),
  ],
);

export type OrderShipment = typeof orderShipments.$inferSelect;
export type OrderShipmentLine = typeof orderShipmentLines.$inferSelect;
