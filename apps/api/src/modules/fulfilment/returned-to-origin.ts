/**
 * A parcel the carrier brought back undelivered (return to origin, RTO): a cash on delivery parcel the
 * shopper refused or could not be found for. Staff mark it with why; a refusal at the door alone bars
 * the shopper from cash on delivery (while the owner's cod.blockAfterRefusal is on; lifted on the
 * customer's page). Once no parcel of the order is
 * still on its way, the order is cancelled with nothing to refund: its invoice (issued when the goods
 * left, decision 025) is reversed by a credit note that gives no money back, every unit goes back to
 * stock, the discount code's use is given back, the cash that never came is closed, and the shopper is
 * told. Only an unpaid cash on delivery order comes back this way: a paid order's goods come back as a
 * return, with its refund.
 */
import type { RtoReason } from "@shop/shared/constants";
import { api, orderHistory } from "@shop/shared/messages";
import type { ShipmentDto } from "@shop/shared/schemas/order";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { recordActivity } from "#api/modules/activity/record";
import { closeUncollectedPayment } from "#api/modules/cod/uncollected";
import { giveUsesBack } from "#api/modules/discounts/service";
import { orderCancelledEmail } from "#api/modules/email/order-messages";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import { toShipmentDto } from "#api/modules/orders/dto";
import {
  type Actor,
  actorOf,
  findOrdersByIds,
  insertOrderEvents,
  markShipmentReturned,
  orderSubject,
  returnStock,
  type ShipmentWithLines,
  setOrderStatus,
} from "#api/modules/orders/service";
import { creditUnpaidReturn } from "#api/modules/refunds/unpaid-return";
import { recordCodRefusal } from "#api/modules/users/service";
import { lockParcelOnItsWay } from "./shipments";

const unitsOf = (shipment: ShipmentWithLines) => shipment.lines.reduce((sum, line) => sum + line.quantity, 0);

/** Why a parcel came back, and whether the owner bars shoppers who refused one (cod.blockAfterRefusal). */
export interface ReturnToOrigin {
  reason: RtoReason;
  barOnRefusal: boolean;
}

/** Staff record that a parcel came back undelivered, and why; answers the parcel as it is now. */
export async function returnShipmentToOrigin(
  db: Database,
  actor: Actor,
  orderId: string,
  shipmentId: string,
  { reason, barOnRefusal }: ReturnToOrigin,
  mail: MailContext,
): Promise<ShipmentDto> {
  const returned = await db.transaction((tx) =>
    returnParcelToOrigin(tx, actor, orderId, shipmentId, { reason, barOnRefusal }, mail),
  );
  return toShipmentDto(returned);
}

/**
 * A parcel came back undelivered, in the caller's transaction (staff's route, or the courier's
 * tracking update with no actor: the system); answers the parcel as it is now. 409 for a parcel of an
 * order that is not an unpaid cash on delivery one, or one of whose parcels was delivered.
 */
export async function returnParcelToOrigin(
  tx: Database,
  actor: Actor | null,
  orderId: string,
  shipmentId: string,
  { reason, barOnRefusal }: ReturnToOrigin,
  mail: MailContext,
): Promise<ShipmentWithLines> {
  const { order, shipments, shipment } = await lockParcelOnItsWay(tx, orderId, shipmentId);
  if (shipments.some((other) => other.deliveredAt))
    throw new AppError("CONFLICT", api.returnToOriginAfterDelivery);
  const [row] = await findOrdersByIds(tx, [order.id]);
  if (!row) throw new Error("order vanished under its lock");
  const { payment, user } = row;
  const unpaidCod =
    payment !== null &&
    payment.paymentGateway === "cod" &&
    payment.status === "pending" &&
    order.status !== "cancelled";
  if (!unpaidCod) throw new AppError("CONFLICT", api.returnToOriginNotCod);

  const marked = await markShipmentReturned(tx, order.id, shipment.id, reason);
  if (!marked) throw new Error("shipment changed under its order's lock");
  const at = marked.returnedToOriginAt ?? new Date();
  // Only a refusal at the door bars the shopper (while the owner bars those); not being reachable
  // or a wrong address is no fault of the kind.
  if (reason === "refused") await recordCodRefusal(tx, order.userId, at, order.id);
  const parcel = orderHistory.shipmentNote(shipment.carrier, shipment.trackingNumber, unitsOf(shipment));
  await insertOrderEvents(tx, [
    {
      orderId: order.id,
      type: "return",
      status: order.status,
      note: orderHistory.returnedToOriginNote(parcel),
      ...actorOf(actor),
    },
  ]);
  const stillOut = shipments.some(
    (other) => other.id !== shipment.id && !other.returnedToOriginAt && !other.deliveredAt,
  );
  const status = stillOut ? order.status : "cancelled";
  const summary = {
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    units: unitsOf(shipment),
  };
  await recordActivity(
    tx,
    actor,
    "shipment.returned_to_origin",
    orderSubject(order),
    { status: order.status, shipment: { ...summary, returnedToOrigin: false } },
    { status, shipment: { ...summary, returnedToOrigin: true, reason } },
  );
  if (!stillOut) {
    await cancelReturnedOrder(tx, actor, order, payment.id, at);
    // The shopper is told that cash on delivery is no longer offered, and why, when a parcel of this
    // order was refused (this one, or one before it) while the owner bars refusals.
    const refused =
      reason === "refused" || shipments.some((other) => other.returnedToOriginReason === "refused");
    const codBarred = barOnRefusal && refused;
    await queueEmails(tx, mail.shop, [
      orderCancelledEmail(user, order, "returnedToOrigin", mail, { codBarred }),
    ]);
  }
  return { ...shipment, returnedToOriginAt: at, returnedToOriginReason: reason };
}

/**
 * The order cancelled once every parcel came back: its invoice reversed by a credit note without money
 * (or, for an order that shipped before COD invoices went with the goods, its units simply back in stock),
 * the cash that never came closed, the code's use given back, the history row.
 */
async function cancelReturnedOrder(
  tx: Database,
  actor: Actor | null,
  order: Order,
  paymentId: string,
  at: Date,
) {
  const { actorId, actorName, actorRole } = actorOf(actor);
  if (order.invoiceNumber) {
    await creditUnpaidReturn(tx, {
      order,
      payment: { id: paymentId },
      reason: orderHistory.returnedToOriginReason,
      at,
      actor: { actorId, actorName, actorRole },
    });
  } else {
    await returnStock(tx, order.id, {
      wasPaid: true,
      why: {
        cause: "return",
        note: orderHistory.returnedToOriginReason,
        actor: actorId ? { id: actorId, name: actorName ?? "" } : null,
      },
    });
  }
  await closeUncollectedPayment(tx, paymentId);
  if (order.discountId) await giveUsesBack(tx, [order.id]);
  await setOrderStatus(tx, order.id, "cancelled");
  await insertOrderEvents(tx, [
    {
      orderId: order.id,
      type: "cancelled",
      status: "cancelled",
      note: orderHistory.cancelledReturnedToOrigin,
      ...actorOf(actor),
    },
  ]);
}
