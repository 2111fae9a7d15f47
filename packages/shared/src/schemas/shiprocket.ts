/**
 * Shipping an order through Shiprocket (staff): the couriers that serve a parcel with their price and
 * speed, the booking of one (AWB, label, pickup), and a batch of orders booked at once with one label
 * PDF and the manifest. The parcel is then a shipment of the order like any other (schemas/order.ts).
 */
import { z } from "zod";
import { shipping, validation } from "../messages";
import { Id, number } from "./common";
import { ShiprocketShipmentDto } from "./order";
import { COURIER_RULES, DimensionsCm, WeightKg } from "./parcel";
import { ShipmentLineInput } from "./shipment";

/** The most orders one batch books: Shiprocket's label and manifest calls take a list each. */
export const MAX_BATCH_ORDERS = 100;
/** An e-way bill number: 12 digits. */
export const EWAYBILL_PATTERN = /^\d{12}$/;
/** Above this invoice value (₹) a parcel needs an e-way bill (CGST Rules, rule 138). */
export const EWAYBILL_THRESHOLD = 50_000;

const Lines = z
  .array(ShipmentLineInput, { error: validation.notAnOption })
  .min(1, validation.required)
  .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, validation.shipmentLinesUnique);

/**
 * POST /orders/{orderId}/shiprocket/quote: the parcel (its units: absent, every unit not yet shipped;
 * its weight: absent, the units' sum; its box: absent, the largest of its units').
 */
export const ShiprocketQuoteInput = z
  .object({ lines: Lines.optional(), weightKg: WeightKg.optional(), dimensionsCm: DimensionsCm.optional() })
  .strict();
export type ShiprocketQuoteInput = z.infer<typeof ShiprocketQuoteInput>;

export const CourierQuoteDto = z.object({
  courierId: z.number().int(),
  name: z.string(),
  /** Rupees, as Shiprocket quotes them (freight, with the COD charge for a COD parcel). */
  price: z.number(),
  /** The delivery date Shiprocket estimates (YYYY-MM-DD), or null when it gives none. */
  etd: z.string().nullable(),
  /** Whether it collects cash on delivery. */
  cod: z.boolean(),
  /** Shiprocket's rating, 0 to 5; null when it gives none. */
  rating: z.number().nullable(),
  /** Shiprocket's own recommendation. */
  recommended: z.boolean(),
});
export type CourierQuoteDto = z.infer<typeof CourierQuoteDto>;

export const ShiprocketQuoteDto = z.object({
  /** Cheapest first; a COD parcel lists only the couriers that collect cash. */
  couriers: z.array(CourierQuoteDto),
  /** The one the owner's rule picks (settings' shiprocket.courierRule); null when none serves. */
  preselected: z.number().int().nullable(),
  /** The parcel quoted: its weight (kg) and box (cm), and whether it needs an e-way bill. */
  weightKg: z.number(),
  dimensionsCm: z.object({ length: z.number(), breadth: z.number(), height: z.number() }),
  ewaybillRequired: z.boolean(),
});
export type ShiprocketQuoteDto = z.infer<typeof ShiprocketQuoteDto>;

/** POST /orders/{orderId}/shiprocket/shipments: the parcel (as the quote), the courier, the e-way bill above ₹50,000. */
export const ShiprocketShipInput = z
  .object({
    lines: Lines.optional(),
    courierId: number({ min: 1, int: true }),
    weightKg: WeightKg.optional(),
    dimensionsCm: DimensionsCm.optional(),
    ewaybillNo: z
      .string({ error: validation.required })
      .trim()
      .regex(EWAYBILL_PATTERN, shipping.ewaybillFormat)
      .optional(),
  })
  .strict();
export type ShiprocketShipInput = z.infer<typeof ShiprocketShipInput>;

export { ShiprocketShipmentDto };

/** POST /shiprocket/batches: orders ready to ship, each booked whole with the courier the rule picks. */
export const ShiprocketBatchInput = z
  .object({
    orders: z
      .array(Id, { error: validation.notAnOption })
      .min(1, validation.required)
      .max(MAX_BATCH_ORDERS, validation.max(MAX_BATCH_ORDERS))
      .refine((ids) => new Set(ids).size === ids.length, shipping.batchOrdersUnique),
    rule: z.enum(COURIER_RULES, { error: validation.notAnOption }).optional(),
  })
  .strict();
export type ShiprocketBatchInput = z.infer<typeof ShiprocketBatchInput>;

export const ShiprocketBatchDto = z.object({
  shipped: z.array(
    z.object({
      order: z.string(),
      number: z.number().int(),
      shipment: ShiprocketShipmentDto,
    }),
  ),
  /** Each order not booked, with why (`order`: its id). */
  failed: z.array(z.object({ order: z.string(), number: z.number().int().nullable(), message: z.string() })),
  /** One PDF of every booked parcel's label; null when none was booked. */
  labelsPdf: z.string().nullable(),
  /** The pickup manifest of the booked parcels; null when none was booked or Shiprocket made none. */
  manifestPdf: z.string().nullable(),
});
export type ShiprocketBatchDto = z.infer<typeof ShiprocketBatchDto>;
