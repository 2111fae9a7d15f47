/**
 * A parcel's weight and box from its lines: the weight is the sum over the units of each unit's
 * weight (its variant's, else its product's, else the shop's default); the box is the largest of the
 * units' boxes by volume (found the same way), unless staff chose one. Sums are of grams and
 * millimetres as integers, so that 0.1 + 0.2 kg is 0.3 kg.
 */
import type { DimensionsCm } from "./schemas/parcel";

/** A product's or variant's own size; null gives way to the next. */
export interface OwnSize {
  weightKg: number | null;
  dimensionsCm: DimensionsCm | null;
}

/** A line of the parcel: how many units, and the sizes its variant and product give. */
export interface ParcelLine {
  quantity: number;
  variant: OwnSize;
  product: OwnSize;
}

/** The size of a unit that gives none (the shipping settings' Shiprocket part). */
export interface ParcelDefaults {
  defaultWeightKg: number;
  defaultDimensionsCm: DimensionsCm;
}

export interface Parcel {
  weightKg: number;
  dimensionsCm: DimensionsCm;
}

const grams = (kg: number) => Math.round(kg * 1000);
const millimetres = (cm: number) => Math.round(cm * 10);
const volume = (box: DimensionsCm) =>
  millimetres(box.length) * millimetres(box.breadth) * millimetres(box.height);

/** The parcel of `lines`: their units' summed weight and their largest box, or `choice` when staff gave one. */
export function parcelOf(
  lines: readonly ParcelLine[],
  defaults: ParcelDefaults,
  choice?: DimensionsCm | null,
): Parcel {
  let totalGrams = 0;
  let largest: DimensionsCm | null = null;
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const weight = line.variant.weightKg ?? line.product.weightKg ?? defaults.defaultWeightKg;
    totalGrams += grams(weight) * line.quantity;
    const box = line.variant.dimensionsCm ?? line.product.dimensionsCm ?? defaults.defaultDimensionsCm;
    if (!largest || volume(box) > volume(largest)) largest = box;
  }
  const box = choice ?? largest ?? defaults.defaultDimensionsCm;
  return {
    // NOTE: an empty parcel weighs the default: Shiprocket refuses a weight of 0.
    weightKg: (totalGrams > 0 ? totalGrams : grams(defaults.defaultWeightKg)) / 1000,
    dimensionsCm: {
      length: millimetres(box.length) / 10,
      breadth: millimetres(box.breadth) / 10,
      height: millimetres(box.height) / 10,
    },
  };
}
