/**
 * Booking a parcel with Shiprocket (docs/decisions/054-shiprocket-bookings.md). Shiprocket has no
 * idempotency key, so the booking is written before each call and each answer is kept as it comes:
 *
 *   1. under the order's lock: the units, the parcel's size and our `order_id` ("<number>-<n>"),
 *      claimed by this request (another request for the order waits rather than books it twice);
 *   2. the Shiprocket order (a lost answer is looked up by our `order_id`, never created twice);
 *   3. the AWB with the courier chosen (an AWB asked again is refused, and read back instead);
 *   4. the label, 5. the pickup;
 *   6. under the order's lock again: the parcel recorded as staff's are (history, email, invoice at
 *      dispatch), with the AWB as its tracking number.
 *
 * A booking stopped half-way (Shiprocket unreachable, the server gone) is taken up where it stopped by
 * the next request for the order, whatever courier it asks, once the AWB is assigned.
 */
import { api, shipping } from "@shop/shared/messages";
import type { ShiprocketShipInput, ShiprocketShipmentDto } from "@shop/shared/schemas/shiprocket";
import { AppError } from "#api/core/errors";
import type { ShiprocketBooking } from "#api/db/schema/shipments";
import type { MailContext } from "#api/modules/email/service";
import { lockShippableOrder, recordParcel, unitsToShip } from "#api/modules/fulfilment/shipments";
import { toShipmentDto } from "#api/modules/orders/dto";
import { type Actor, findOrdersByIds, findShippableLines } from "#api/modules/orders/service";
import { ShiprocketError } from "#api/shipping/shiprocket/client";
import { adhocOrder, codAmountOf, planParcel } from "./parcel";
import type { ShiprocketContext } from "./quote";
import { claimBooking, countBookings, findOpenBooking, insertBooking, updateBooking } from "./repo";

/** Shiprocket's public tracking page of an AWB. */
export const trackingUrlOfAwb = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/** Step 1: the order's open booking taken up, or a new one written, claimed by this request. */
async function openBooking(
  ctx: ShiprocketContext,
  orderId: string,
  input: ShiprocketShipInput,
): Promise<ShiprocketBooking> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockShippableOrder(tx, orderId);
    const open = await findOpenBooking(tx, order.id);
    if (open) {
      if (!(await claimBooking(tx, open.id))) throw new AppError("CONFLICT", shipping.bookingUnderWay);
      // Before its AWB the courier is still the staff's to choose.
      return open.awb ? open : updateBooking(tx, open.id, { courierId: input.courierId });
    }
    const units = unitsToShip(await findShippableLines(tx, order.id), input.lines);
    const parcel = await planParcel(tx, order.id, units, ctx.settings, input);
    if (parcel.ewaybillRequired && !input.ewaybillNo)
      throw new AppError("BAD_REQUEST", shipping.ewaybillRequired, { ewaybillNo: shipping.ewaybillRequired });
    return insertBooking(tx, {
      orderId: order.id,
      channelOrderId: `${order.number}-${(await countBookings(tx, order.id)) + 1}`,
      lines: units,
      weightKg: parcel.weightKg,
      dimensionsCm: parcel.dimensionsCm,
      courierId: input.courierId,
      ewaybillNo: input.ewaybillNo ?? null,
    });
  });
}

/** Steps 2 to 5, each skipped when an earlier request got its answer already. */
async function callShiprocket(ctx: ShiprocketContext, start: ShiprocketBooking): Promise<ShiprocketBooking> {
  const { db, client } = ctx;
  let booking = start;
  if (booking.srShipmentId === null) {
    const [found] = await findOrdersByIds(db, [booking.orderId]);
    if (!found) throw new AppError("NOT_FOUND", api.orderNotFound);
    const parcel = await planParcel(db, booking.orderId, booking.lines, ctx.settings, {
      weightKg: booking.weightKg,
      dimensionsCm: booking.dimensionsCm,
    });
    const codAmount = await codAmountOf(db, found.order);
    const created = await client.createOrder(
      adhocOrder(
        found.order,
        found.user.email,
        booking.channelOrderId,
        ctx.settings.pickupLocation,
        parcel,
        codAmount,
        booking.ewaybillNo,
      ),
    );
    booking = await updateBooking(db, booking.id, {
      srOrderId: created.order_id,
      srShipmentId: created.shipment_id,
      error: null,
    });
  }
  const shipmentId = booking.srShipmentId;
  if (shipmentId === null) throw new Error("a booking without its Shiprocket shipment");
  if (booking.awb === null) {
    const assigned = await assignOrReadAwb(ctx, booking, shipmentId);
    booking = await updateBooking(db, booking.id, {
      awb: assigned.awb,
      courierName: assigned.courierName,
      courierId: assigned.courierId,
      pickupScheduledFor: assigned.pickupScheduledFor,
    });
  }
  if (booking.labelUrl === null) {
    const label = await client.generateLabel([shipmentId]);
    booking = await updateBooking(db, booking.id, { labelUrl: label.label_url });
  }
  if (booking.pickupScheduledFor === null) {
    try {
      const pickup = await client.generatePickup(shipmentId);
      booking = await updateBooking(db, booking.id, { pickupScheduledFor: pickup.pickup_scheduled_date });
    } catch (error) {
      // NOTE: a pickup Shiprocket refuses (already queued, a holiday) does not undo the booking:
      // the courier comes for the AWB either way, and the panel schedules it.
      if (!(error instanceof ShiprocketError) || error.kind !== "refused") throw error;
    }
  }
  return booking;
}

/** Assigns the AWB; one Shiprocket says is assigned already (an earlier answer lost) is read back. */
async function assignOrReadAwb(ctx: ShiprocketContext, booking: ShiprocketBooking, shipmentId: number) {
  try {
    const assigned = await ctx.client.assignAwb(shipmentId, booking.courierId ?? undefined);
    return {
      awb: assigned.awb_code,
      courierName: assigned.courier_name,
      courierId: assigned.courier_company_id,
      pickupScheduledFor: null,
    };
  } catch (error) {
    if (!(error instanceof ShiprocketError) || !/reassign/i.test(error.details.reason ?? "")) throw error;
    const found = await ctx.client.findOrders(booking.channelOrderId);
    const awb = found.flatMap((order) => order.shipments).find((s) => s.id === shipmentId)?.awb;
    if (!awb) throw error;
    return {
      awb,
      // NOTE: Shiprocket's search names no courier; its tracking updates do (courier_name) later.
      courierName: booking.courierName ?? shipping.courierUnknown,
      courierId: booking.courierId,
      pickupScheduledFor: null,
    };
  }
}

/** Step 6: the parcel recorded, under the order's lock; the booking done. */
async function recordBooked(
  ctx: ShiprocketContext,
  actor: Actor,
  booking: ShiprocketBooking,
  mail: MailContext,
): Promise<ShiprocketShipmentDto> {
  const { awb, courierName, labelUrl } = booking;
  if (!awb || !courierName || !labelUrl) throw new Error("a booking recorded before its AWB and label");
  return ctx.db.transaction(async (tx) => {
    const order = await lockShippableOrder(tx, booking.orderId);
    const lines = await findShippableLines(tx, order.id);
    // The units are still to ship: a parcel staff recorded by hand meanwhile would leave them short (409).
    const units = unitsToShip(
      lines,
      booking.lines.map((unit) => ({ line: unit.itemId, quantity: unit.quantity })),
    );
    const codAmount = await codAmountOf(tx, order);
    const stored = await recordParcel(tx, actor, order, lines, units, {
      carrier: courierName,
      trackingNumber: awb,
      trackingUrl: trackingUrlOfAwb(awb),
      mail,
      booked: { labelUrl, codAmount, ewaybillNo: booking.ewaybillNo },
    });
    await updateBooking(tx, booking.id, { state: "booked", shipmentId: stored.id, claimedUntil: null });
    return {
      ...toShipmentDto(stored),
      awb,
      courier: courierName,
      labelUrl,
      pickupScheduledFor: booking.pickupScheduledFor,
    };
  });
}

/** POST /orders/{orderId}/shiprocket/shipments: books a parcel of the order and records it. */
export async function bookParcel(
  ctx: ShiprocketContext,
  actor: Actor,
  orderId: string,
  input: ShiprocketShipInput,
  mail: MailContext,
): Promise<ShiprocketShipmentDto & { srShipmentId: number }> {
  const opened = await openBooking(ctx, orderId, input);
  let booking = opened;
  try {
    booking = await callShiprocket(ctx, opened);
    const shipment = await recordBooked(ctx, actor, booking, mail);
    return { ...shipment, srShipmentId: booking.srShipmentId ?? 0 };
  } catch (error) {
    // Let it go for the next request, with why it stopped.
    const reason = error instanceof Error ? error.message : String(error);
    await updateBooking(ctx.db, booking.id, { claimedUntil: null, error: reason.slice(0, 500) }).catch(
      () => undefined,
    );
    throw error;
  }
}
