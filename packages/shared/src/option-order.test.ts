import { describe, expect, it } from "vitest";
import { compareOptionValues } from "./option-order";

const sorted = (values: string[]) => [...values].sort(compareOptionValues);

describe("compareOptionValues", () => {
  it("puts letter sizes from the smallest to the largest", () => {
    expect(sorted(["XL", "M", "XXL", "xs", "S", "L"])).toEqual(["xs", "S", "M", "L", "XL", "XXL"]);
  });

  it("compares the numbers in a value as numbers", () => {
    expect(sorted(["UK 10", "UK 6", "UK 11", "UK 7"])).toEqual(["UK 6", "UK 7", "UK 10", "UK 11"]);
    expect(sorted(["128 GB", "32 GB", "64 GB"])).toEqual(["32 GB", "64 GB", "128 GB"]);
  });

  it("puts letter sizes before other values, and sorts those by name regardless of case", () => {
    expect(sorted(["blue", "Black", "M", "Anthracite"])).toEqual(["M", "Anthracite", "Black", "blue"]);
  });
});
