/** SQL for a Shiprocket parcel's tracking: its scans, its tracking fields, staff's NDR list. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { orders } from "#api/db/schema/orders";
import { type OrderShipment, orderShipments, shipmentScans } from "#api/db/schema/shipments";

/** A scan as the webhook keeps it. */
export interface NewScan {
  awb: string;
  shipmentId: string | null;
  statusId: number;
  status: string;
  activity: string | null;
  location: string | null;
  at: Date;
}

/** The parcel booked through Shiprocket with this AWB, as its order's lock is taken by: ids only. */
export async function findParcelByAwb(db: Database, awb: string) {
  const [row] = await db
    .select({ id: orderShipments.id, orderId: orderShipments.orderId })
    .from(orderShipments)
    .where(and(eq(orderShipments.provider, "shiprocket"), eq(orderShipments.trackingNumber, awb)))
    .limit(1);
  return row;
}

/** A parcel by its id; none when unknown. */
export async function findParcel(db: Database, id: string) {
  const [row] = await db.select().from(orderShipments).where(eq(orderShipments.id, id)).limit(1);
  return row;
}

/** Keeps scans, each once: a scan already kept (same AWB, status and time) adds nothing. */
export async function insertScans(db: Database, scans: readonly NewScan[]): Promise<void> {
  if (scans.length === 0) return;
  await db
    .insert(shipmentScans)
    .values([...scans])
    .onConflictDoNothing({ target: [shipmentScans.awb, shipmentScans.statusId, shipmentScans.at] });
}

/** The tracking fields a scan or staff's NDR answer writes. */
export type TrackingFields = Partial<
  Pick<
    OrderShipment,
    | "trackingStatus"
    | "trackedAt"
    | "pickedUpAt"
    | "ndrReason"
    | "ndrAt"
    | "ndrAttempts"
    | "ndrAction"
    | "ndrActionAt"
    | "codCollectedAt"
  >
>;

/** Writes a parcel's tracking fields (its order's row is held by the caller). */
export async function updateTracking(db: Database, shipmentId: string, fields: TrackingFields) {
  await db.update(orderShipments).set(fields).where(eq(orderShipments.id, shipmentId));
}

/**
 * Parcels the courier could not deliver and staff have not answered since, oldest report first, with
 * their order's number and whom it goes to: one statement, on the partial index of undelivered parcels.
 */
export async function listWaitingNdrs(db: Database) {
  return db
    .select({
      shipmentId: orderShipments.id,
      orderId: orderShipments.orderId,
      orderNumber: orders.number,
      shippingAddress: orders.shippingAddress,
      awb: orderShipments.trackingNumber,
      courier: orderShipments.carrier,
      reason: orderShipments.ndrReason,
      ndrAt: orderShipments.ndrAt,
      attempts: orderShipments.ndrAttempts,
    })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(
      and(
        sql`${orderShipments.trackingStatus} = 'undelivered'`,
        isNull(orderShipments.ndrAction),
        sql`${orderShipments.ndrAt} is not null`,
      ),
    )
    .orderBy(asc(orderShipments.ndrAt), asc(orderShipments.id));
}

/** A parcel's scans, oldest first. */
export async function findScansOf(db: Database, shipmentId: string) {
  return db
    .select({
      at: shipmentScans.at,
      statusId: shipmentScans.statusId,
      status: shipmentScans.status,
      activity: shipmentScans.activity,
      location: shipmentScans.location,
    })
    .from(shipmentScans)
    .where(eq(shipmentScans.shipmentId, shipmentId))
    .orderBy(asc(shipmentScans.at), asc(shipmentScans.id));
}
