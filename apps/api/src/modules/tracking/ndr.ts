/**
 * What staff do with a Shiprocket parcel the courier could not deliver (a non-delivery report, NDR):
 * the list of those waiting on them, and their answer (deliver again, or return it to the shop) sent
 * to Shiprocket, then kept on the parcel with a row of the order's history. Also the parcel's scans,
 * which its shopper and staff read as its timeline.
 */

import type { NdrActionName } from "@shop/shared/constants";
import { api, ndrActionWords, trackingApi, trackingHistory } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { isStaff, type SignedInViewer } from "@shop/shared/roles";
import type { NdrActionDto, NdrListDto, ScansDto } from "@shop/shared/schemas/tracking";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { OrderShipment } from "#api/db/schema/shipments";
import { recordActivity } from "#api/modules/activity/record";
import {
  type Actor,
  actorOf,
  findOrderRow,
  findShipmentsOfOrders,
  insertOrderEvents,
  lockOrder,
  orderSubject,
} from "#api/modules/orders/service";
import type { ShiprocketClient } from "#api/shipping/shiprocket/client";
import { findParcel, findScansOf, listWaitingNdrs, updateTracking } from "./repo";
import { parcelNote } from "./update";

/** Staff's list: parcels reported undelivered and not answered since, oldest report first. */
export async function listNdrs(db: Database): Promise<NdrListDto> {
  const rows = await listWaitingNdrs(db);
  return {
    items: rows.map((row) => ({
      shipmentId: row.shipmentId,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      customerName: fullName(row.shippingAddress.name),
      awb: row.awb ?? "",
      courier: row.courier,
      reason: row.reason,
      ndrAt: (row.ndrAt ?? new Date(0)).toISOString(),
      attempts: row.attempts,
    })),
  };
}

/** 409 unless the courier reported the parcel undelivered and staff have not answered since. */
function assertWaiting(parcel: OrderShipment): void {
  if (parcel.trackingStatus !== "undelivered") throw new AppError("CONFLICT", trackingApi.ndrNotUndelivered);
  if (parcel.ndrAction)
    throw new AppError("CONFLICT", trackingApi.ndrAlreadyAsked(ndrActionWords[parcel.ndrAction]));
}

/**
 * Staff answer an NDR: Shiprocket is asked first (503 when it is not configured; its refusals as the
 * client maps them), then the answer is kept with its history row and activity entry. 404 for a parcel
 * not booked through Shiprocket, 409 for one not waiting on an answer.
 */
export async function answerNdr(
  db: Database,
  shiprocket: ShiprocketClient | undefined,
  actor: Actor,
  shipmentId: string,
  action: NdrActionName,
): Promise<NdrActionDto> {
  if (!shiprocket) throw new AppError("UNAVAILABLE", trackingApi.shiprocketNotConfigured);
  const parcel = await findParcel(db, shipmentId);
  const awb = parcel?.trackingNumber;
  if (parcel?.provider !== "shiprocket" || !awb) throw new AppError("NOT_FOUND", api.shipmentNotFound);
  assertWaiting(parcel);
  await shiprocket.ndrAction(
    awb,
    action === "reattempt" ? "re-attempt" : "return",
    trackingApi.ndrComments[action],
  );
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, parcel.orderId);
    const shipment =
      order && (await findShipmentsOfOrders(tx, [order.id])).find((row) => row.id === parcel.id);
    if (!order || !shipment) throw new AppError("NOT_FOUND", api.shipmentNotFound);
    // NOTE: another answer (or a new report) may have come while Shiprocket was asked.
    assertWaiting(shipment);
    const at = new Date();
    await updateTracking(tx, shipment.id, { ndrAction: action, ndrActionAt: at });
    const note = trackingHistory.ndrAction(parcelNote(shipment), action);
    await insertOrderEvents(tx, [
      { orderId: order.id, type: "shipment", status: order.status, note, ...actorOf(actor) },
    ]);
    const summary = { carrier: shipment.carrier, trackingNumber: awb };
    await recordActivity(
      tx,
      actor,
      "shipment.ndr_action",
      orderSubject(order),
      { shipment: { ...summary, ndrAction: null } },
      { shipment: { ...summary, ndrAction: action } },
    );
    return { shipmentId: shipment.id, action, actionAt: at.toISOString() };
  });
}

/**
 * A parcel's scans, oldest first, for its order's shopper or staff: anyone else gets the same 404 as
 * for an order that is not there; a parcel of another order is 404.
 */
export async function parcelScans(
  db: Database,
  viewer: SignedInViewer,
  orderId: string,
  shipmentId: string,
): Promise<ScansDto> {
  const order = await findOrderRow(db, orderId);
  if (!order || (order.userId !== viewer.id && !isStaff(viewer)))
    throw new AppError("NOT_FOUND", api.orderNotFound);
  const parcel = await findParcel(db, shipmentId);
  if (!parcel || parcel.orderId !== order.id) throw new AppError("NOT_FOUND", api.shipmentNotFound);
  const scans = await findScansOf(db, parcel.id);
  return { items: scans.map((scan) => ({ ...scan, at: scan.at.toISOString() })) };
}
