/**
 * A Shiprocket parcel cancelled before the courier picks it up: Shiprocket cancels its AWB first
 * (POST /orders/cancel/shipment/awbs), then the parcel goes: its units are to ship again, a shipped
 * order is back to processing, and the history and the activity log say so. After pickup it can only
 * come back as a return to origin (RTO): 409.
 */
import { api, shipping } from "@shop/shared/messages";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { OrderShipment } from "#api/db/schema/shipments";
import { recordActivity } from "#api/modules/activity/record";
import {
  type Actor,
  actorOf,
  insertOrderEvents,
  lockOrder,
  orderSubject,
  setOrderStatus,
} from "#api/modules/orders/service";
import type { ShiprocketClient } from "#api/shipping/shiprocket/client";
import { deleteCancelledParcel, findBookedParcels, findParcelOfOrder } from "./repo";

/** Whether the courier has the parcel already: a scan says so. */
export const pickedUp = (parcel: Pick<OrderShipment, "pickedUpAt" | "trackingStatus" | "deliveredAt">) =>
  parcel.pickedUpAt !== null || parcel.trackingStatus !== null || parcel.deliveredAt !== null;

/** The order's parcel, under the order's lock: 404 when either is not there, 409 when it cannot be cancelled. */
async function lockCancellable(tx: Database, orderId: string, shipmentId: string) {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
  const parcel = await findParcelOfOrder(tx, order.id, shipmentId);
  if (!parcel) throw new AppError("NOT_FOUND", api.shipmentNotFound);
  if (parcel.provider !== "shiprocket" || !parcel.trackingNumber)
    throw new AppError("CONFLICT", shipping.cancelNotBooked);
  if (parcel.returnedToOriginAt) throw new AppError("CONFLICT", api.shipmentAlreadyReturned);
  if (pickedUp(parcel)) throw new AppError("CONFLICT", shipping.cancelAfterPickup);
  return { order, parcel, awb: parcel.trackingNumber };
}

/** Removes a cancelled parcel from its locked order (the caller's transaction); answers the order's status after. */
export async function removeCancelledParcel(
  tx: Database,
  actor: Actor,
  order: Order,
  parcel: OrderShipment,
): Promise<Order["status"]> {
  await deleteCancelledParcel(tx, parcel.id);
  // A shipped order had every unit in a parcel; without this one, some are to ship again.
  const status = order.status === "shipped" ? "processing" : order.status;
  if (status !== order.status) await setOrderStatus(tx, order.id, status);
  const awb = parcel.trackingNumber ?? "";
  await insertOrderEvents(tx, [
    {
      orderId: order.id,
      type: "shipment",
      status,
      note: shipping.parcelCancelledNote(parcel.carrier, awb),
      ...actorOf(actor),
    },
  ]);
  await recordActivity(
    tx,
    actor,
    "shipment.cancelled",
    orderSubject(order),
    { status: order.status, shipment: { carrier: parcel.carrier, trackingNumber: awb } },
    { status },
  );
  return status;
}

/** POST /orders/{orderId}/shipments/{shipmentId}/cancel. */
export async function cancelParcel(
  db: Database,
  client: ShiprocketClient,
  actor: Actor,
  orderId: string,
  shipmentId: string,
): Promise<void> {
  const { awb } = await db.transaction((tx) => lockCancellable(tx, orderId, shipmentId));
  // Shiprocket first: a parcel it would not cancel stays as it was.
  await client.cancelShipments([awb]);
  await db.transaction(async (tx) => {
    const { order, parcel } = await lockCancellable(tx, orderId, shipmentId);
    await removeCancelledParcel(tx, actor, order, parcel);
  });
}

/**
 * Before an order is cancelled: its Shiprocket parcels not yet picked up are cancelled with the courier
 * and removed, so that the cancellation finds nothing shipped. A parcel picked up stops it (409: it
 * can only come back as RTO); a parcel shipped by hand is left to the cancellation's own rule.
 */
export async function cancelParcelsOfOrder(
  db: Database,
  client: ShiprocketClient | undefined,
  actor: Actor,
  orderId: string,
): Promise<void> {
  const parcels = await findBookedParcels(db, orderId);
  const open = parcels.filter((parcel) => !parcel.returnedToOriginAt);
  if (open.length === 0) return;
  if (open.some(pickedUp))
    throw new AppError("CONFLICT", shipping.cancelAfterPickup, { status: shipping.cancelAfterPickup });
  if (!client) throw new AppError("UNAVAILABLE", shipping.notConnected);
  for (const parcel of open) await cancelParcel(db, client, actor, orderId, parcel.id);
}
