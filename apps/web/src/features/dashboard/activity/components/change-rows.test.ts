import { describe, expect, it } from "vitest";
import { changeRows, fieldName, formatValue } from "./change-rows";

describe("an activity entry's changes", () => {
  it("gives a row per changed field, nested fields by their path, absent on one side as undefined", () => {
    expect(
      changeRows(
        { name: "Tee", variants: { "TEE-M": { salePrice: 10 } } },
        { name: "Tee, Blue", variants: { "TEE-M": { salePrice: 12 }, "TEE-L": { stock: 4 } } },
      ),
    ).toEqual([
      { field: "Name", before: "Tee", after: "Tee, Blue" },
      { field: "Variants › TEE-M › Sale price", before: 10, after: 12 },
      { field: "Variants › TEE-L › Stock", before: undefined, after: 4 },
    ]);
  });

  it("names fields as a reader would, and leaves SKUs and option names alone", () => {
    expect(fieldName("trackingNumber")).toBe("Tracking number");
    expect(fieldName("isActive")).toBe("Active");
    expect(fieldName("hsnCode")).toBe("HSN code");
    expect(fieldName("TEE-M-BLUE")).toBe("TEE-M-BLUE");
    expect(fieldName("6b078d7e8dc0f97877b2a6cb")).toBe("6b078d7e8dc0f97877b2a6cb");
    expect(fieldName("Size")).toBe("Size");
  });

  it("shows nothing as a dash, flags as Yes and No, lists joined", () => {
    expect([undefined, null, "", []].map(formatValue)).toEqual(["—", "—", "—", "—"]);
    expect([true, false].map(formatValue)).toEqual(["Yes", "No"]);
    expect(formatValue(["a", "b"])).toBe("a, b");
    expect(formatValue([{ name: "Size", values: ["S"] }])).toBe('[{"name":"Size","values":["S"]}]');
    expect(formatValue(12.5)).toBe("12.5");
  });
});
