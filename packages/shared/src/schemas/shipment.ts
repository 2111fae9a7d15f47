/**
 * Shipments of an order (docs/design.md section 8, Fulfilment): some units of its lines, sent with a
 * carrier and a tracking number; the order is shipped when every unit is, delivered when every
 * parcel is.
 */
import { z } from "zod";
import { validation } from "../messages";
import { Id, number, text } from "./common";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";

export const MAX_TRACKING_NUMBER = 60;

/** Units of one order line. */
export const ShipmentLineInput = z
  .object(
    {
      /** The `_id` of one of the order's lines. */
      line: Id,
      quantity: number({ min: 1, max: MAX_LINE_QUANTITY, int: true }),
    },
    { error: validation.object },
  )
  .strict();

/**
 * POST /orders/{orderId}/shipments (staff): the carrier (a name from the settings' carriers, or
 * "Other"), its tracking number, and the units it holds (absent: everything not yet shipped).
 */
export const ShipmentInput = z
  .object({
    carrier: text({ max: 60 }),
    trackingNumber: text({ max: MAX_TRACKING_NUMBER }),
    lines: z
      .array(ShipmentLineInput, { error: validation.notAnOption })
      .min(1, validation.required)
      .max(MAX_ORDER_LINES, validation.max(MAX_ORDER_LINES))
      .refine(
        (lines) => new Set(lines.map((l) => l.line)).size === lines.length,
        validation.shipmentLinesUnique,
      )
      .optional(),
  })
  .strict();
export type ShipmentInput = z.infer<typeof ShipmentInput>;

/** PATCH /orders/{orderId}/shipments/{shipmentId} (staff): the parcel arrived. */
export const ShipmentUpdateInput = z
  .object({ delivered: z.literal(true, { error: validation.notAnOption }) })
  .strict();
export type ShipmentUpdateInput = z.infer<typeof ShipmentUpdateInput>;

export const ShipmentParams = z.object({ orderId: Id, shipmentId: Id });
