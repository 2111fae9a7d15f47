/**
 * Shiprocket's tracking webhook (docs/shiprocket.md, "Tracking webhook"): every scan of an update is
 * kept, and the update moves its parcel, in one transaction under the order's row lock, so that two
 * instances given the same update make one change. An update no newer than the parcel's last
 * (`trackedAt`: seen already, or out of order) changes nothing. Delivered and returned to origin go
 * through the flows staff use (fulfilment), the system as their actor; a delivered cash on delivery
 * order's cash is collected as staff collect it (payments). Each change is a row of the order's history.
 */
import type { TrackingStatus } from "@shop/shared/constants";
import { api, orderHistory, trackingHistory } from "@shop/shared/messages";
import type { TrackingScan, TrackingUpdate } from "@shop/shared/schemas/tracking";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { outForDeliveryEmail } from "#api/modules/email/order-messages";
import type { MailContext } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { returnParcelToOrigin } from "#api/modules/fulfilment/returned-to-origin";
import { deliverParcel } from "#api/modules/fulfilment/shipments";
import {
  actorOf,
  findOrdersByIds,
  findShipmentsOfOrders,
  insertOrderEvents,
  lockOrder,
  type ShipmentWithLines,
} from "#api/modules/orders/service";
import { collectLockedCash } from "#api/modules/payments/cash-on-delivery";
import { parseScanTime, parseUpdateTime, rtoReasonOf, trackingStatusOf } from "./codes";
import { findParcelByAwb, insertScans, type NewScan, type TrackingFields, updateTracking } from "./repo";

/** What an update did: an AWB the shop does not know, an update seen or older, a scan kept, a parcel moved. */
export type TrackingOutcome = "unknown" | "stale" | "recorded" | "moved";

export interface TrackingContext {
  mail: MailContext;
  /** The owner's cod.blockAfterRefusal: a parcel refused at the door bars its shopper from cash on delivery. */
  barOnRefusal: boolean;
}

/** A status code as Shiprocket wrote it; 0 for a scan it left unmapped ("NA"). */
function codeOf(value: number | string | null | undefined): number {
  const code = Number(value);
  return Number.isInteger(code) && code >= 0 ? code : 0;
}

/** The update's scans as rows, oldest first; a scan whose time cannot be read is left out. */
function scansOf(awb: string, scans: readonly TrackingScan[]): Omit<NewScan, "shipmentId">[] {
  return scans
    .flatMap((scan) => {
      const at = parseScanTime(scan.date);
      if (!at) return [];
      const statusId = codeOf(scan["sr-status"]);
      const status = scan["sr-status-label"] || scan.status || String(statusId);
      return [
        { awb, statusId, status, activity: scan.activity ?? null, location: scan.location ?? null, at },
      ];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Records one tracking update; 400 for a time it cannot read (nothing is written then). */
export async function receiveTrackingUpdate(
  db: Database,
  update: TrackingUpdate,
  context: TrackingContext,
): Promise<TrackingOutcome> {
  const at = parseUpdateTime(update.current_timestamp);
  if (!at) throw new AppError("BAD_REQUEST", api.webhookRejected);
  const awb = String(update.awb);
  const scans = scansOf(awb, update.scans ?? []);
  const found = await findParcelByAwb(db, awb);
  if (!found) {
    await insertScans(
      db,
      scans.map((scan) => ({ ...scan, shipmentId: null })),
    );
    return "unknown";
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const parcel = order && (await findShipmentsOfOrders(tx, [order.id])).find((row) => row.id === found.id);
    await insertScans(
      tx,
      scans.map((scan) => ({ ...scan, shipmentId: parcel ? found.id : null })),
    );
    if (!order || !parcel) return "unknown";
    if (parcel.trackedAt && at.getTime() <= parcel.trackedAt.getTime()) return "stale";
    const next = trackingStatusOf(codeOf(update.shipment_status_id));
    // A parcel delivered, or back at the shop, has arrived: a later scan of it only keeps its scan.
    if (!next || parcel.trackingStatus === "delivered" || parcel.trackingStatus === "rto_delivered")
      return "recorded";
    const newest = scans.at(-1)?.activity;
    const reason = newest || update.current_status || trackingHistory.noReason;
    await moveParcel(tx, { order, parcel, next, at, reason }, context);
    return "moved";
  });
}

interface Move {
  order: Order;
  parcel: ShipmentWithLines;
  next: TrackingStatus;
  at: Date;
  /** The courier's words of the update: an NDR's reason. */
  reason: string;
}

/** A parcel as the history names it: "Delhivery Surface 19041424751540, 2 units". */
export const parcelNote = (parcel: ShipmentWithLines) =>
  orderHistory.shipmentNote(
    parcel.carrier,
    parcel.trackingNumber,
    parcel.lines.reduce((sum, line) => sum + line.quantity, 0),
  );

/** Moves a parcel where its update says, under its order's lock. */
async function moveParcel(tx: Database, move: Move, context: TrackingContext): Promise<void> {
  const { order, parcel, next, at } = move;
  const fields: TrackingFields = { trackingStatus: next, trackedAt: at };
  let note: string | undefined;
  const changes = parcel.trackingStatus !== next;
  switch (next) {
    case "picked_up":
      fields.pickedUpAt = parcel.pickedUpAt ?? at;
      if (changes) note = trackingHistory.picked_up(parcelNote(parcel));
      break;
    case "in_transit":
    case "rto_initiated":
      if (changes) note = trackingHistory[next](parcelNote(parcel));
      break;
    case "out_for_delivery":
      if (changes) {
        note = trackingHistory.out_for_delivery(parcelNote(parcel));
        await tellOutForDelivery(tx, order, parcel, context.mail);
      }
      break;
    case "undelivered": {
      // Each report is a new attempt waiting on staff: the answer to the one before is done with.
      const attempt = parcel.ndrAttempts + 1;
      Object.assign(fields, {
        ndrReason: move.reason,
        ndrAt: at,
        ndrAttempts: attempt,
        ndrAction: null,
        ndrActionAt: null,
      });
      note = trackingHistory.undelivered(parcelNote(parcel), attempt, move.reason);
      break;
    }
    case "delivered":
      await delivered(tx, move, context.mail, fields);
      break;
    case "rto_delivered": {
      const reason = rtoReasonOf(parcel.ndrReason);
      const flow = { reason, barOnRefusal: context.barOnRefusal };
      const returned = await unlessRefused(tx, (sp) =>
        returnParcelToOrigin(sp, null, order.id, parcel.id, flow, context.mail),
      );
      // A parcel that flow refuses (a paid order's: it comes back as a return) is only marked.
      if (!returned) note = trackingHistory.rto_delivered(parcelNote(parcel));
      break;
    }
  }
  await updateTracking(tx, parcel.id, fields);
  if (note)
    await insertOrderEvents(tx, [
      { orderId: order.id, type: "shipment", status: order.status, note, ...actorOf(null) },
    ]);
}

/**
 * The courier delivered the parcel: delivered as staff deliver it (the order once every parcel is);
 * a cash on delivery parcel's cash is with the courier, and the order's payment completes once the
 * order is delivered. A parcel staff marked delivered already, or of an order closed since, keeps
 * only the courier's word.
 */
async function delivered(tx: Database, move: Move, mail: MailContext, fields: TrackingFields) {
  const { order, parcel, at } = move;
  const done = await unlessRefused(tx, (sp) => deliverParcel(sp, null, order.id, parcel.id, mail));
  if (parcel.cashOnDelivery) fields.codCollectedAt = parcel.codCollectedAt ?? at;
  // Staff may have marked the parcel delivered by hand without recording the cash: the courier's word
  // that it has the cash completes the payment of a delivered order all the same.
  const status = done?.status ?? order.status;
  if (status === "delivered" && parcel.cashOnDelivery && order.paymentId) {
    const paymentId = order.paymentId;
    await unlessRefused(tx, (sp) => collectLockedCash(sp, null, { ...order, status }, paymentId, mail));
  }
}

/** The shopper told that a parcel is out for delivery (with the cash to keep ready). */
async function tellOutForDelivery(tx: Database, order: Order, parcel: ShipmentWithLines, mail: MailContext) {
  const [told] = await findOrdersByIds(tx, [order.id]);
  if (!told) throw new Error("order vanished under its lock");
  const pending = told.payment?.paymentGateway === "cod" && told.payment.status === "pending";
  await queueMessages(tx, mail, [
    outForDeliveryEmail(
      told.user,
      told.order,
      {
        id: parcel.id,
        carrier: parcel.carrier,
        trackingNumber: parcel.trackingNumber,
        trackingUrl: parcel.trackingUrl,
        codAmount: parcel.cashOnDelivery && pending ? parcel.codAmount : null,
      },
      mail,
    ),
  ]);
}

/**
 * Runs a flow staff also use, within a savepoint: a refusal of it (an AppError: the parcel delivered
 * by hand already, an order closed, a paid order's parcel back) undoes its writes and answers
 * undefined, leaving the update's own.
 */
async function unlessRefused<T>(tx: Database, work: (sp: Database) => Promise<T>): Promise<T | undefined> {
  try {
    return await tx.transaction(work);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}
