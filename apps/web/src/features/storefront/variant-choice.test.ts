import type { VariantDto } from "@shop/shared/schemas/product";
import { describe, expect, it } from "vitest";
import {
  choose,
  chosenVariant,
  initialChoice,
  isChoosable,
  missingOption,
  pricesDiffer,
} from "./variant-choice";

let next = 0;
function variant(options: Record<string, string>, overrides: Partial<VariantDto> = {}): VariantDto {
  next += 1;
  return {
    _id: next.toString(16).padStart(24, "0"),
    sku: `TEE-${next}`,
    options,
    price: 20,
    onSale: false,
    salePrice: 0,
    stock: 5,
    isActive: true,
    weightKg: null,
    dimensionsCm: null,
    ...overrides,
  };
}

// S comes in Black only (Blue sold out); M in Blue only (Black inactive); L in both.
const tee = {
  options: [
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Black", "Blue"] },
  ],
  variants: [
    variant({ Size: "S", Colour: "Black" }),
    variant({ Size: "S", Colour: "Blue" }, { stock: 0 }),
    variant({ Size: "M", Colour: "Black" }, { isActive: false }),
    variant({ Size: "M", Colour: "Blue" }),
    variant({ Size: "L", Colour: "Black" }, { price: 24 }),
    variant({ Size: "L", Colour: "Blue" }),
  ],
};

describe("choosing a variant", () => {
  it("sells a value only when a sellable variant has it and the values chosen before it", () => {
    expect(isChoosable(tee, {}, "Colour", "Blue")).toBe(true);
    expect(isChoosable(tee, { Size: "S" }, "Colour", "Blue")).toBe(false);
    expect(isChoosable(tee, { Size: "M" }, "Colour", "Black")).toBe(false);
    expect(isChoosable(tee, { Size: "L" }, "Colour", "Black")).toBe(true);
    // The first option does not depend on a later one: every size is still offered after Blue.
    expect(isChoosable(tee, { Colour: "Blue" }, "Size", "S")).toBe(true);
  });

  it("offers a sold-out value (to be emailed when it is back), never an inactive one", () => {
    // S in Blue is sold out: not sold, but offered. M in Black is inactive: neither.
    expect(isChoosable(tee, { Size: "S" }, "Colour", "Blue", true)).toBe(true);
    expect(isChoosable(tee, { Size: "M" }, "Colour", "Black", true)).toBe(false);
    const shoe = {
      options: [{ name: "Size", values: ["UK 6", "UK 7", "UK 8"] }],
      variants: [
        variant({ Size: "UK 6" }, { stock: 0 }),
        variant({ Size: "UK 7" }),
        variant({ Size: "UK 8" }, { isActive: false }),
      ],
    };
    const offer = (value: string) => [
      isChoosable(shoe, {}, "Size", value),
      isChoosable(shoe, {}, "Size", value, true),
    ];
    expect(offer("UK 6")).toEqual([false, true]);
    expect(offer("UK 7")).toEqual([true, true]);
    expect(offer("UK 8")).toEqual([false, false]);
  });

  it("drops a later choice the new value rules out, and keeps the ones it does not", () => {
    // M in Black is inactive: choosing M drops Black; S in Blue is sold out, and kept.
    expect(choose(tee, { Size: "L", Colour: "Black" }, "Size", "M")).toEqual({ Size: "M" });
    expect(choose(tee, { Size: "L", Colour: "Blue" }, "Size", "S")).toEqual({ Size: "S", Colour: "Blue" });
    expect(choose(tee, { Size: "L", Colour: "Blue" }, "Size", "M")).toEqual({ Size: "M", Colour: "Blue" });
  });

  it("finds the variant of a complete choice only, and names the first option missing", () => {
    expect(chosenVariant(tee, { Size: "L" })).toBeUndefined();
    expect(missingOption(tee, { Colour: "Blue" })).toBe("Size");
    expect(missingOption(tee, { Size: "L" })).toBe("Colour");
    expect(chosenVariant(tee, { Size: "L", Colour: "Black" })?.price).toBe(24);
    expect(missingOption(tee, { Size: "L", Colour: "Black" })).toBeUndefined();
  });

  it("treats a product without options as its only variant, chosen", () => {
    const watch = { options: [], variants: [variant({})] };
    expect(chosenVariant(watch, initialChoice(watch, null))).toBe(watch.variants[0]);
  });

  it("opens with the variant the address names, else only the options of a single value", () => {
    const named = tee.variants[3];
    expect(initialChoice(tee, named?._id ?? null)).toEqual({ Size: "M", Colour: "Blue" });
    expect(initialChoice(tee, "ffffffffffffffffffffffff")).toEqual({});
    const oneColour = {
      ...tee,
      options: [tee.options[0], { name: "Colour", values: ["Black"] }],
    } as typeof tee;
    expect(initialChoice(oneColour, null)).toEqual({ Colour: "Black" });
  });

  it("says prices differ when the active variants are priced apart, sale prices counted", () => {
    expect(pricesDiffer(tee)).toBe(true);
    const same = { variants: [variant({}), variant({}, { price: 25, onSale: true, salePrice: 20 })] };
    expect(pricesDiffer(same)).toBe(false);
    // Only active variants are offered: an inactive one at another price changes nothing.
    expect(pricesDiffer({ variants: [variant({}), variant({}, { price: 99, isActive: false })] })).toBe(
      false,
    );
  });
});
