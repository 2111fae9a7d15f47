import { describe, expect, it } from "vitest";
import { type OwnSize, type ParcelLine, parcelOf } from "./parcel";
import { DEFAULT_SHIPROCKET } from "./schemas/parcel";

const none: OwnSize = { weightKg: null, dimensionsCm: null };
const line = (
  quantity: number,
  variant: Partial<OwnSize> = {},
  product: Partial<OwnSize> = {},
): ParcelLine => ({
  quantity,
  variant: { ...none, ...variant },
  product: { ...none, ...product },
});

describe("parcelOf", () => {
  it("weighs each unit by its variant, else its product, else the shop's default", () => {
    const parcel = parcelOf(
      [line(2, { weightKg: 0.25 }, { weightKg: 9 }), line(3, {}, { weightKg: 1.2 }), line(1)],
      DEFAULT_SHIPROCKET,
    );
    expect(parcel.weightKg).toBe(0.5 + 3.6 + 0.5);
  });

  it("sums in grams: ten units of 0.1 kg and one of 0.2 kg weigh exactly 1.2 kg", () => {
    expect(
      parcelOf([line(10, { weightKg: 0.1 }), line(1, { weightKg: 0.2 })], DEFAULT_SHIPROCKET).weightKg,
    ).toBe(1.2);
    expect(parcelOf([line(3, { weightKg: 0.1 })], DEFAULT_SHIPROCKET).weightKg).toBe(0.3);
  });

  it("takes the largest box by volume, the variant's before the product's", () => {
    const tall = { length: 10, breadth: 10, height: 50 };
    const flat = { length: 40, breadth: 30, height: 2.5 };
    const parcel = parcelOf(
      [line(1, { dimensionsCm: tall }, { dimensionsCm: flat }), line(1, {}, { dimensionsCm: flat })],
      DEFAULT_SHIPROCKET,
    );
    expect(parcel.dimensionsCm).toEqual(tall);
    expect(parcelOf([line(1, {}, { dimensionsCm: flat })], DEFAULT_SHIPROCKET).dimensionsCm).toEqual(flat);
  });

  it("gives the default box to a unit without one, and it wins when it is the largest", () => {
    const small = { length: 5, breadth: 5, height: 5 };
    expect(parcelOf([line(1, { dimensionsCm: small }), line(1)], DEFAULT_SHIPROCKET).dimensionsCm).toEqual(
      DEFAULT_SHIPROCKET.defaultDimensionsCm,
    );
  });

  it("uses the staff's choice of box over the largest, and keeps the summed weight", () => {
    const choice = { length: 60, breadth: 40, height: 30.5 };
    const parcel = parcelOf([line(2, { weightKg: 1.5 })], DEFAULT_SHIPROCKET, choice);
    expect(parcel).toEqual({ weightKg: 3, dimensionsCm: choice });
  });

  it("weighs an empty parcel at the default, never 0", () => {
    expect(parcelOf([], DEFAULT_SHIPROCKET)).toEqual({
      weightKg: 0.5,
      dimensionsCm: DEFAULT_SHIPROCKET.defaultDimensionsCm,
    });
  });
});
