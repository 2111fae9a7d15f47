/**
 * Shipments of an order (docs/design.md section 8, Fulfilment): some units of its lines, sent with a
 * carrier and a tracking number; the order is shipped when every unit is, delivered when every
 * parcel is.
 */
import { z } from "zod";
import { RTO_REASONS } from "../constants";
import { validation } from "../messages";
import { Id, number, text } from "./common";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";
import { OTHER_CARRIER } from "./settings";

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

export const MAX_CARRIER_NAME = 60;

const isOther = (carrier: string) => carrier.toLowerCase() === OTHER_CARRIER.toLowerCase();

/** Whether a parcel sent with `carrier` still needs the carrier's own name: Other, without one. */
export const lacksCarrierName = (carrier: string, carrierName: string | undefined) =>
  isOther(carrier) && (!carrierName?.trim() || isOther(carrierName.trim()));

/**
 * POST /orders/{orderId}/shipments (staff): the carrier (a name from the settings' carriers, or
 * "Other" with the carrier's own name in `carrierName`), its tracking number, and the units it holds
 * (absent: everything not yet shipped).
 */
export const ShipmentInput = z
  .object({
    carrier: text({ max: MAX_CARRIER_NAME }),
    /** The carrier's name when `carrier` is Other (required then; blank counts as absent), else unused. */
    carrierName: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      text({ max: MAX_CARRIER_NAME }).optional(),
    ),
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
  .strict()
  .superRefine((input, ctx) => {
    if (lacksCarrierName(input.carrier, input.carrierName))
      ctx.addIssue({ code: "custom", path: ["carrierName"], message: validation.carrierName });
  });
export type ShipmentInput = z.infer<typeof ShipmentInput>;

export const RtoReason = z.enum(RTO_REASONS, { error: validation.rtoReason });

const marked = { error: validation.notAnOption };

/**
 * PATCH /orders/{orderId}/shipments/{shipmentId} (staff): the parcel arrived (`delivered`), or the
 * carrier brought a cash on delivery parcel back undelivered (`returnedToOrigin`, RTO), with why
 * (`reason`, required: only "refused" bars the shopper from cash on delivery). NOTE: read as one
 * object first, so that a missing or unknown reason is told at `reason` (a union's refusal names no
 * field), then as the one or the other.
 */
export const ShipmentUpdateInput = z
  .object({
    delivered: z.literal(true, marked).optional(),
    returnedToOrigin: z.literal(true, marked).optional(),
    reason: RtoReason.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if ((input.delivered === undefined) === (input.returnedToOrigin === undefined))
      ctx.addIssue({ code: "custom", path: [], message: validation.notAnOption });
    else if (input.returnedToOrigin && input.reason === undefined)
      ctx.addIssue({ code: "custom", path: ["reason"], message: validation.rtoReason });
    else if (input.delivered && input.reason !== undefined)
      ctx.addIssue({ code: "custom", path: ["reason"], message: validation.notAnOption });
  })
  .pipe(
    z.union([
      z.object({ delivered: z.literal(true, marked) }).strict(),
      z.object({ returnedToOrigin: z.literal(true, marked), reason: RtoReason }).strict(),
    ]),
  );
export type ShipmentUpdateInput = z.infer<typeof ShipmentUpdateInput>;

export const ShipmentParams = z.object({ orderId: Id, shipmentId: Id });
