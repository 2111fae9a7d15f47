import {
  NDR_ACTIONS,
  type NdrActionName,
  RTO_REASONS,
  type RtoReason,
  TRACKING_STATUSES,
  type TrackingStatus,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
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
    // Booked through Shiprocket (its AWB is the tracking number): the courier's scans move it. Null for
    // a parcel staff shipped by hand.
    provider: text().$type<"shiprocket">(),
    // Where the courier's last scan put it, and that scan's time: an update older than it is ignored.
    trackingStatus: text().$type<TrackingStatus>(),
    trackedAt: timestamp({ withTimezone: true }),
    pickedUpAt: timestamp({ withTimezone: true }),
    // A non-delivery report (NDR) waiting on staff: the courier's reason and when; the action staff
    // asked last (re-attempt or return) and when. Cleared of "waiting" by the action or the next scan.
    ndrReason: text(),
    ndrAt: timestamp({ withTimezone: true }),
    ndrAttempts: integer().notNull().default(0),
    ndrAction: text().$type<NdrActionName>(),
    ndrActionAt: timestamp({ withTimezone: true }),
    // A cash on delivery parcel's cash: what the courier is to collect, when it did (delivered), and
    // when the aggregator paid it to the shop (a remittance file's row).
    codAmount: money(),
    codCollectedAt: timestamp({ withTimezone: true }),
    codRemittedAt: timestamp({ withTimezone: true }),
    // The courier's label (a PDF at Shiprocket) of a booked parcel.
    labelUrl: text(),
    // The e-way bill of a parcel whose invoice value is above ₹50,000, printed on its invoice.
    ewaybillNo: text(),
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
    // One parcel per AWB: a tracking update finds its parcel by it.
    uniqueIndex("order_shipments_awb_idx").on(t.trackingNumber).where(sql`${t.provider} = 'shiprocket'`),
    // Staff's list of parcels needing action (GET /shipments/ndr).
    index("order_shipments_ndr_idx").on(t.ndrAt).where(sql`${t.trackingStatus} = 'undelivered'`),
    // COD cash the courier holds: awaiting remittance.
    index("order_shipments_cod_awaiting_idx")
      .on(t.codCollectedAt)
      .where(sql`${t.codCollectedAt} is not null and ${t.codRemittedAt} is null`),
    check(
      "order_shipments_tracking_status_check",
      sql`${t.trackingStatus} is null or ${t.trackingStatus} in (${sqlList(TRACKING_STATUSES)})`,
    ),
    check(
      "order_shipments_ndr_action_check",
      sql`${t.ndrAction} is null or ${t.ndrAction} in (${sqlList(NDR_ACTIONS)})`,
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

/**
 * A booking with Shiprocket, written before each call it makes (Shiprocket has no idempotency key):
 * the parcel's units and size, our `order_id` sent (unique: what a lost create is found by), then
 * Shiprocket's order and shipment ids, the AWB and courier, the label and the pickup as each answers.
 * `booking` until the parcel is recorded (shipmentId), or `cancelled`; a booking that stopped half-way
 * is taken up again where it stopped, never made twice.
 */
export const shiprocketBookings = pgTable(
  "shiprocket_bookings",
  {
    id: primaryId(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Ours, as Shiprocket's `order_id`: "<order number>-<parcel>". */
    channelOrderId: text().notNull().unique(),
    state: text().$type<"booking" | "booked" | "cancelled">().notNull().default("booking"),
    lines: jsonb().$type<{ itemId: string; quantity: number }[]>().notNull(),
    weightKg: numeric({ precision: 9, scale: 3, mode: "number" }).notNull(),
    dimensionsCm: jsonb().$type<{ length: number; breadth: number; height: number }>().notNull(),
    courierId: integer(),
    ewaybillNo: text(),
    srOrderId: bigint({ mode: "number" }),
    srShipmentId: bigint({ mode: "number" }),
    awb: text(),
    courierName: text(),
    labelUrl: text(),
    pickupScheduledFor: text(),
    /** The parcel recorded once the booking is done. */
    shipmentId: idRef()
      .unique()
      .references(() => orderShipments.id, { onDelete: "set null" }),
    /** Why the last step failed, in Shiprocket's words. */
    error: text(),
    /** While a request books it (its calls to Shiprocket under way): another waits rather than book it twice. */
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shiprocket_bookings_order_id_idx").on(t.orderId),
    check("shiprocket_bookings_state_check", sql`${t.state} in ('booking', 'booked', 'cancelled')`),
  ],
);

/**
 * The courier's scans of a parcel, as Shiprocket's tracking webhook sends them: one row per AWB, status
 * and time (an update seen again adds nothing). `shipmentId` is null for an AWB the shop does not know.
 */
export const shipmentScans = pgTable(
  "shipment_scans",
  {
    id: primaryId(),
    awb: text().notNull(),
    shipmentId: idRef().references(() => orderShipments.id, { onDelete: "cascade" }),
    /** Shiprocket's shipment status code (SHIPROCKET.md), and its words. */
    statusId: integer().notNull(),
    status: text().notNull(),
    activity: text(),
    location: text(),
    at: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shipment_scans_awb_status_at_idx").on(t.awb, t.statusId, t.at),
    index("shipment_scans_shipment_id_idx").on(t.shipmentId, t.at),
  ],
);

/**
 * A COD remittance file's rows as uploaded (PUT /cod-remittances): the AWB, the amount the aggregator
 * paid for it, the date and the bank reference (UTR); the parcel it matched and what it expected.
 */
export const codRemittances = pgTable(
  "cod_remittances",
  {
    id: primaryId(),
    awb: text().notNull(),
    shipmentId: idRef().references(() => orderShipments.id, { onDelete: "set null" }),
    amount: money().notNull(),
    /** What the parcel's courier was to collect; null for an AWB of no COD parcel. */
    expected: money(),
    remittedOn: date({ mode: "string" }).notNull(),
    utr: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cod_remittances_awb_utr_idx").on(t.awb, t.utr),
    index("cod_remittances_shipment_id_idx").on(t.shipmentId),
  ],
);

export type ShiprocketBooking = typeof shiprocketBookings.$inferSelect;
export type ShipmentScan = typeof shipmentScans.$inferSelect;
export type CodRemittance = typeof codRemittances.$inferSelect;
export type OrderShipment = typeof orderShipments.$inferSelect;
export type OrderShipmentLine = typeof orderShipmentLines.$inferSelect;
