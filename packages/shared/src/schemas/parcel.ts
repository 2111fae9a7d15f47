/**
 * A parcel's size: a product's or variant's weight (kg, 3 decimals) and box (cm, 1 decimal), and the
 * Shiprocket part of the shipping settings (its pickup location, how a courier is preselected, and the
 * size of a unit that gives none). Shiprocket takes a weight above 0 and each side above 0.5 cm.
 */
import { z } from "zod";
import { validation } from "../messages";
import { boolean, number, oneOf } from "./common";

/** The lightest weight, one gram, and the heaviest a unit may weigh, in kg. */
export const WEIGHT_KG_MIN = 0.001;
export const WEIGHT_KG_MAX = 1000;
/** The shortest side above Shiprocket's 0.5 cm at one decimal, and the longest, in cm. */
export const DIMENSION_CM_MIN = 0.6;
export const DIMENSION_CM_MAX = 500;
/** The longest pickup location name Shiprocket keeps. */
export const PICKUP_LOCATION_MAX = 50;

export const WeightKg = number({ min: WEIGHT_KG_MIN, max: WEIGHT_KG_MAX }).multipleOf(
  WEIGHT_KG_MIN,
  validation.number,
);
export const DimensionCm = number({ min: DIMENSION_CM_MIN, max: DIMENSION_CM_MAX }).multipleOf(
  0.1,
  validation.number,
);

/** A box: its length, breadth and height in cm. */
export const DimensionsCm = z
  .object({ length: DimensionCm, breadth: DimensionCm, height: DimensionCm }, { error: validation.object })
  .strict();
export type DimensionsCm = z.infer<typeof DimensionsCm>;

/** How the ship dialog preselects a courier: the cheapest, the fastest, or Shiprocket's recommendation. */
export const COURIER_RULES = ["cheapest", "fastest", "recommended"] as const;
export type CourierRule = (typeof COURIER_RULES)[number];

export const ShiprocketSettings = z
  .object(
    {
      /** The pickup location's nickname in the Shiprocket account; "" until the owner names one. */
      pickupLocation: z
        .string({ error: validation.required })
        .trim()
        .max(PICKUP_LOCATION_MAX, validation.maxLength(PICKUP_LOCATION_MAX)),
      courierRule: oneOf(COURIER_RULES),
      /** Shiprocket's serviceability answers GET /delivery/{pincode} in place of the PIN code lists. */
      answersDelivery: boolean(),
      /** The weight and box of a unit whose variant and product give none. */
      defaultWeightKg: WeightKg,
      defaultDimensionsCm: DimensionsCm,
    },
    { error: validation.object },
  )
  .strict();
export type ShiprocketSettings = z.infer<typeof ShiprocketSettings>;

export const DEFAULT_SHIPROCKET: ShiprocketSettings = {
  pickupLocation: "",
  courierRule: "cheapest",
  answersDelivery: false,
  defaultWeightKg: 0.5,
  defaultDimensionsCm: { length: 20, breadth: 15, height: 10 },
};

const DimensionsDto = z.object({ length: z.number(), breadth: z.number(), height: z.number() });
/** The section as GET /settings answers it. */
export const ShiprocketSettingsDto = z.object({
  pickupLocation: z.string(),
  courierRule: z.enum(COURIER_RULES),
  answersDelivery: z.boolean(),
  defaultWeightKg: z.number(),
  defaultDimensionsCm: DimensionsDto,
});
/** A product's or variant's own size as read: null gives way to the product's, then the shop's. */
export const SizeDto = { weightKg: z.number().nullable(), dimensionsCm: DimensionsDto.nullable() };
