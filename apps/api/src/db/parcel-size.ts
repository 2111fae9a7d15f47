/**
 * A product's or variant's size between its input, its columns and its DTO: a weight (kg) and a box
 * (cm) given as `{ length, breadth, height }` or null, kept as four columns.
 */
import type { DimensionsCm } from "@shop/shared/schemas/parcel";

/** The size columns of a product or variant row. */
export interface SizeColumns {
  weightKg: number | null;
  lengthCm: number | null;
  breadthCm: number | null;
  heightCm: number | null;
}

/** The size as an input gives it: each part absent (kept on an update), null (none) or given. */
export interface SizeInput {
  weightKg?: number | null | undefined;
  dimensionsCm?: DimensionsCm | null | undefined;
}

/** The columns an input writes: only the parts it gives. */
export function sizeColumns({ weightKg, dimensionsCm }: SizeInput): Partial<SizeColumns> {
  return {
    ...(weightKg !== undefined ? { weightKg } : {}),
    ...(dimensionsCm !== undefined
      ? {
          lengthCm: dimensionsCm?.length ?? null,
          breadthCm: dimensionsCm?.breadth ?? null,
          heightCm: dimensionsCm?.height ?? null,
        }
      : {}),
  };
}

/** Every size column of a row (or of nothing: none). */
export function sizeOf(row: Partial<SizeColumns> | undefined): SizeColumns {
  return {
    weightKg: row?.weightKg ?? null,
    lengthCm: row?.lengthCm ?? null,
    breadthCm: row?.breadthCm ?? null,
    heightCm: row?.heightCm ?? null,
  };
}

/** The size as the DTOs read it; a box missing a side (never written so) reads as none. */
export function toSizeDto(row: SizeColumns): { weightKg: number | null; dimensionsCm: DimensionsCm | null } {
  const { lengthCm: length, breadthCm: breadth, heightCm: height } = row;
  return {
    weightKg: row.weightKg,
    dimensionsCm: length !== null && breadth !== null && height !== null ? { length, breadth, height } : null,
  };
}
