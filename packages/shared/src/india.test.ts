import { describe, expect, it } from "vitest";
import {
  gstinCheckCharacter,
  gstinFault,
  INDIAN_STATE_NAMES,
  INDIAN_STATES,
  normaliseState,
  placeOfSupplyLabel,
} from "./india";

describe("India's states", () => {
  it("lists 28 states and 8 union territories with distinct codes, 97 not among them", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((state) => state.code)).size).toBe(36);
    expect(INDIAN_STATES.some((state) => state.code === "97")).toBe(false);
    expect(INDIAN_STATE_NAMES[0]).toBe("Andaman and Nicobar Islands");
  });

  it("names UTGST for the five union territories without a legislature only", () => {
    expect(
      INDIAN_STATES.filter((state) => state.utgst)
        .map((state) => state.name)
        .sort(),
    ).toEqual([
      "Andaman and Nicobar Islands",
      "Chandigarh",
      "Dadra and Nagar Haveli and Daman and Diu",
      "Ladakh",
      "Lakshadweep",
    ]);
  });

  it("takes a listed name in any case and spacing and refuses anything else", () => {
    expect(normaliseState("  tamil   NADU ")).toBe("Tamil Nadu");
    expect(normaliseState("maharashtra")).toBe("Maharashtra");
    expect(normaliseState("Maharastra")).toBeNull();
    expect(normaliseState("")).toBeNull();
  });

  it("writes a place of supply as code and name", () => {
    expect(placeOfSupplyLabel("maharashtra")).toBe("27-Maharashtra");
    expect(placeOfSupplyLabel("Ladakh")).toBe("38-Ladakh");
  });
});

describe("GSTIN", () => {
  it("accepts GST.md's example and works out its check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinFault("27AAPFU0939F1ZV")).toBeNull();
  });

  it("refuses a wrong check character, an unknown state code and a bad shape", () => {
    expect(gstinFault("27AAPFU0939F1ZW")).toBe("check");
    expect(gstinFault("99AAPFU0939F1ZV")).toBe("state");
    expect(gstinFault("27aapfu0939f1zv")).toBe("shape");
    expect(gstinFault("27AAPFU0939F1Z")).toBe("shape");
  });
});
