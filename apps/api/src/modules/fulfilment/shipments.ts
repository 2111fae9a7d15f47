/**
 * Shipping an order in parcels (docs/design.md section 8, Fulfilment): each shipment holds some of
 * the units not yet shipped, with a carrier from the settings (or "Other") and a tracking number;
 * the order is shipped when every unit is, delivered when every parcel of a shipped order is. Each
 * step is a row of the order's history and a message to the shopper, in the same transaction. The
 * first parcel of a cash on delivery order issues its GST invoice, dated as it leaves
 * (docs/decisions/025-invoice-when-goods-leave.md).
 */
import type { OrderStatus } from "@shop/shared/constants";
import { api, codConfirmation, orderHistory } from "@shop/shared/messages";
import type { ShipmentDto } from "@shop/shared/schemas/order";
import { type Carrier, OTHER_CARRIER, trackingUrlOf } from "@shop/shared/schemas/settings";
import type { ShipmentInput } from "@shop/shared/schemas/shipment";
import { lineLabel } from "@shop/shared/variants";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { recordActivity } from "#api/modules/activity/record";
import { shipmentDeliveredEmail, shipmentSentEmail } from "#api/modules/email/order-messages";
import type { MailContext } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { invoiceAtRemoval } from "#api/modules/invoices/service";
import { toShipmentDto } from "#api/modules/orders/dto";
import {
  type Actor,
  actorOf,
  findOrdersByIds,
  findShipmentsOfOrders,
  findShippableLines,
  insertOrderEvents,
  insertShipment,
  lockOrder,
  markShipmentDelivered,
  orderSubject,
  type ShipmentWithLines,
  setOrderStatus,
} from "#api/modules/orders/service";

/**
 * The carrier a shipment names: one of the settings' (by name, any case), or "Other" with the name
 * staff gave it (the schema asks for one), kept as the parcel's carrier so that its tracking, history
 * and emails name it; a name given for Other that is one of the settings' is that carrier, link and all.
 */
function carrierOf(
  { carrier: name, carrierName }: Pick<ShipmentInput, "carrier" | "carrierName">,
  carriers: readonly Carrier[],
): { name: string; template: string | null } {
  const byName = (wanted: string) =>
    carriers.find((carrier) => carrier.name.toLowerCase() === wanted.toLowerCase());
  if (name.toLowerCase() === OTHER_CARRIER.toLowerCase()) {
    const named = carrierName ? byName(carrierName) : undefined;
    if (named) return { name: named.name, template: named.trackingUrl };
    return { name: carrierName ?? OTHER_CARRIER, template: null };
  }
  const found = byName(name);
  if (!found) {
    const message = api.carrierUnknown([...carriers.map((c) => c.name), OTHER_CARRIER].join(", "));
    throw new AppError("BAD_REQUEST", message, { carrier: message });
  }
  return { name: found.name, template: found.trackingUrl };
}

type ShippableLine = Awaited<ReturnType<typeof findShippableLines>>[number];

/** The units a shipment takes: the ones asked for, each within what remains of its line, or all that remain. */
function unitsToShip(lines: readonly ShippableLine[], asked: ShipmentInput["lines"]) {
  const remaining = new Map(lines.map((line) => [line.id, line.quantity - line.shipped]));
  if (!asked) {
    const all = lines
      .map((line) => ({ itemId: line.id, quantity: line.quantity - line.shipped }))
      .filter((line) => line.quantity > 0);
    if (all.length === 0) throw new AppError("CONFLICT", api.shipmentNothingLeft);
    return all;
  }
  const unknown: Record<string, string> = {};
  const tooMany: Record<string, string> = {};
  asked.forEach((line, index) => {
    const left = remaining.get(line.line);
    if (left === undefined) unknown[`lines.${index}.line`] = api.shipmentLineUnknown;
    else if (line.quantity > left) tooMany[`lines.${index}.quantity`] = api.shipmentTooMany(left);
  });
  const [first] = Object.values(unknown);
  if (first) throw new AppError("BAD_REQUEST", first, unknown);
  const [over] = Object.values(tooMany);
  if (over) throw new AppError("CONFLICT", over, tooMany);
  return asked.map((line) => ({ itemId: line.line, quantity: line.quantity }));
}

/**
 * Staff ship units of an order being prepared (paid, or cash on delivery); answers the shipment. An
 * order without its invoice yet (cash on delivery) takes it with its first parcel.
 */
export async function createShipment(
  db: Database,
  actor: Actor,
  orderId: string,
  input: ShipmentInput,
  { carriers, mail }: { carriers: readonly Carrier[]; mail: MailContext },
): Promise<ShipmentDto> {
  const carrier = carrierOf(input, carriers);
  const shipment = await db.transaction(async (tx) => {
    const order = await lockShippableOrder(tx, orderId);
    const lines = await findShippableLines(tx, order.id);
    const units = unitsToShip(lines, input.lines);
    return recordParcel(tx, actor, order, lines, units, {
      carrier: carrier.name,
      trackingNumber: input.trackingNumber,
      trackingUrl: carrier.template ? trackingUrlOf(carrier.template, input.trackingNumber) : null,
      mail,
    });
  });
  return toShipmentDto(shipment);
}

/** An order being prepared, under its lock: 404 when there is none, 409 when it may not ship (yet). */
export async function lockShippableOrder(tx: Database, orderId: string): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
  if (order.status !== "processing") throw new AppError("CONFLICT", api.shipmentNotShippable(order.status));
  if (order.codConfirmation === "pending") throw new AppError("CONFLICT", codConfirmation.shipUnconfirmed);
  return order;
}

export type { ShippableLine };
export { unitsToShip };

/** What a parcel is recorded with beyond its units: its carrier and tracking, and a booked parcel's own fields. */
export interface ParcelRecord {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  mail: MailContext;
  /** A parcel booked through Shiprocket: its label, what its courier collects, its e-way bill. */
  booked?: { labelUrl: string; codAmount: number | null; ewaybillNo: string | null };
}

/**
 * Records a parcel of `units` of a locked order being prepared (the caller's transaction): the order
 * is shipped once every unit is; the history, the activity log and the shopper's email follow, and a
 * cash on delivery order without its invoice takes it now, dated as the parcel leaves.
 */
export async function recordParcel(
  tx: Database,
  actor: Actor,
  order: Order,
  lines: readonly ShippableLine[],
  units: readonly { itemId: string; quantity: number }[],
  { carrier, trackingNumber, trackingUrl, mail, booked }: ParcelRecord,
): Promise<ShipmentWithLines> {
  const stored = await insertShipment(
    tx,
    {
      orderId: order.id,
      carrier,
      trackingNumber,
      trackingUrl,
      ...(booked
        ? {
            provider: "shiprocket" as const,
            labelUrl: booked.labelUrl,
            codAmount: booked.codAmount,
            ewaybillNo: booked.ewaybillNo,
          }
        : {}),
    },
    units,
  );
  const sent = new Map(units.map((unit) => [unit.itemId, unit.quantity]));
  const completes = lines.every((line) => line.quantity - line.shipped - (sent.get(line.id) ?? 0) === 0);
  const status = completes ? "shipped" : order.status;
  if (completes) await setOrderStatus(tx, order.id, "shipped");
  const count = units.reduce((sum, unit) => sum + unit.quantity, 0);
  await insertOrderEvents(tx, [
    {
      orderId: order.id,
      type: "shipment",
      status,
      note: orderHistory.shipmentNote(carrier, trackingNumber, count),
      ...actorOf(actor),
    },
  ]);
  const parcel = { carrier, trackingNumber, units: count };
  await recordActivity(
    tx,
    actor,
    "shipment.created",
    orderSubject(order),
    { status: order.status },
    { status, shipment: parcel },
  );
  const [told] = await findOrdersByIds(tx, [order.id]);
  if (!told) throw new Error("order vanished under its lock");
  const items = lines
    .filter((line) => sent.has(line.id))
    .map((line) => ({
      label: lineLabel(line.name, line.variantOptions),
      quantity: sent.get(line.id) ?? 0,
    }));
  await queueMessages(tx, mail, [
    shipmentSentEmail(
      told.user,
      told.order,
      { id: stored.id, ...carrierFields(stored), items, completes },
      mail,
    ),
  ]);
  // Last, as a payment takes the year's counter last: the invoice travels with the goods (rule 46).
  await invoiceAtRemoval(tx, order, stored.shippedAt);
  return stored;
}

const carrierFields = (shipment: ShipmentWithLines) => ({
  carrier: shipment.carrier,
  trackingNumber: shipment.trackingNumber,
  trackingUrl: shipment.trackingUrl,
});

/**
 * A parcel still on its way, under its order's lock (the caller's transaction), with the order's other
 * parcels: 404 for an order or parcel that is not there, 409 for one delivered or come back already.
 */
export async function lockParcelOnItsWay(tx: Database, orderId: string, shipmentId: string) {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
  const shipments = await findShipmentsOfOrders(tx, [order.id]);
  const shipment = shipments.find((row) => row.id === shipmentId);
  if (!shipment) throw new AppError("NOT_FOUND", api.shipmentNotFound);
  if (shipment.deliveredAt) throw new AppError("CONFLICT", api.shipmentAlreadyDelivered);
  if (shipment.returnedToOriginAt) throw new AppError("CONFLICT", api.shipmentAlreadyReturned);
  return { order, shipments, shipment };
}

/** Staff record that a parcel arrived; the order is delivered once every unit shipped and every parcel arrived. */
export async function deliverShipment(
  db: Database,
  actor: Actor,
  orderId: string,
  shipmentId: string,
  mail: MailContext,
): Promise<ShipmentDto> {
  const { shipment } = await db.transaction((tx) => deliverParcel(tx, actor, orderId, shipmentId, mail));
  return toShipmentDto(shipment);
}

/**
 * A parcel arrived, in the caller's transaction (staff's route, or the courier's tracking update with
 * no actor: the system): the parcel delivered, the order delivered once every unit shipped and every
 * parcel arrived, the history row, the activity entry (staff's) and the shopper's email. Answers the
 * parcel and the order's status after it; 404 / 409 as lockParcelOnItsWay, 409 for an order that is
 * neither being prepared nor shipped.
 */
export async function deliverParcel(
  tx: Database,
  actor: Actor | null,
  orderId: string,
  shipmentId: string,
  mail: MailContext,
): Promise<{ shipment: ShipmentWithLines; status: OrderStatus }> {
  const { order, shipments, shipment } = await lockParcelOnItsWay(tx, orderId, shipmentId);
  if (order.status !== "processing" && order.status !== "shipped")
    throw new AppError("CONFLICT", api.shipmentNotDeliverable(order.status));
  const row = await markShipmentDelivered(tx, order.id, shipment.id);
  if (!row) throw new Error("shipment vanished under its order's lock");
  const completes =
    order.status === "shipped" && shipments.every((other) => other.id === shipment.id || other.deliveredAt);
  const status = completes ? "delivered" : order.status;
  if (completes) await setOrderStatus(tx, order.id, "delivered");
  const count = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
  await insertOrderEvents(tx, [
    {
      orderId: order.id,
      type: "delivery",
      status,
      note: orderHistory.shipmentNote(shipment.carrier, shipment.trackingNumber, count),
      ...actorOf(actor),
    },
  ]);
  const parcel = { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, units: count };
  await recordActivity(
    tx,
    actor,
    "shipment.delivered",
    orderSubject(order),
    { status: order.status, shipment: { ...parcel, delivered: false } },
    { status, shipment: { ...parcel, delivered: true } },
  );
  const [told] = await findOrdersByIds(tx, [order.id]);
  if (!told) throw new Error("order vanished under its lock");
  await queueMessages(tx, mail, [
    shipmentDeliveredEmail(
      told.user,
      told.order,
      { id: shipment.id, ...carrierFields(shipment), items: [], completes },
      mail,
    ),
  ]);
  return { shipment: { ...shipment, deliveredAt: row.deliveredAt }, status };
}
