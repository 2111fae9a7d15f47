import { describe, expect, it } from "vitest";
import {
  combinationCount,
  combinations,
  keyRows,
  suggestSku,
  syncVariants,
  type VariantRow,
} from "./variant-rows";

function row(options: string[], overrides: Partial<VariantRow> = {}): VariantRow {
  return {
    sku: "",
    options,
    price: 20,
    salePrice: undefined,
    stock: 5,
    isActive: true,
    weightKg: undefined,
    dimensionsCm: null,
    ...overrides,
  };
}

describe("the variant grid's rows", () => {
  it("makes every combination, the first option slowest", () => {
    expect(
      combinations([
        ["S", "M"],
        ["Black", "Blue"],
      ]),
    ).toEqual([
      ["S", "Black"],
      ["S", "Blue"],
      ["M", "Black"],
      ["M", "Blue"],
    ]);
    expect(
      combinationCount([{ values: ["S", "M", "L"] }, { values: [] }, { values: ["Black", "Blue"] }]),
    ).toBe(6);
    expect(combinationCount([{ values: [] }])).toBe(0);
  });

  it("keeps each row's id, SKU, prices and stock when a value is added, and prices the new one like the first", () => {
    const s = row(["S"], { _id: "a".repeat(24), sku: "TEE-S", stock: 3 });
    const m = row(["M"], {
      _id: "b".repeat(24),
      sku: "TEE-M",
      price: 22,
      salePrice: 18,
      stock: 4,
      isActive: false,
    });
    const { rows } = syncVariants(
      [{ key: "size", values: ["S", "M", "L"] }],
      keyRows(["size"], [s, m]),
      [],
      s,
    );
    expect(rows).toEqual([
      s,
      m,
      {
        sku: "",
        options: ["L"],
        price: 20,
        salePrice: undefined,
        stock: 0,
        isActive: true,
        dimensionsCm: null,
      },
    ]);
  });

  it("splits rows when an option is added: the first colour keeps the row, the other copies its prices with no stock", () => {
    const s = row(["S"], { _id: "a".repeat(24), sku: "TEE-S", price: 25, stock: 9 });
    const { rows } = syncVariants(
      [
        { key: "size", values: ["S"] },
        { key: "colour", values: ["Black", "Blue"] },
      ],
      keyRows(["size", "colour"], [s]),
      [],
      s,
    );
    expect(rows).toEqual([
      { ...s, options: ["S", "Black"] },
      {
        sku: "",
        options: ["S", "Blue"],
        price: 25,
        salePrice: undefined,
        stock: 0,
        isActive: true,
        dimensionsCm: null,
      },
    ]);
  });

  it("drops the rows of a removed value and brings them back, as they were, when it returns", () => {
    const keys = ["size", "colour"];
    const grid = [
      row(["S", "Black"], { _id: "1".repeat(24), sku: "A", stock: 1 }),
      row(["S", "Blue"], { _id: "2".repeat(24), sku: "B", stock: 2 }),
      row(["M", "Black"], { _id: "3".repeat(24), sku: "C", stock: 3 }),
      row(["M", "Blue"], { _id: "4".repeat(24), sku: "D", stock: 4 }),
    ];
    const removed = syncVariants(
      [
        { key: "size", values: ["S", "M"] },
        { key: "colour", values: ["Black"] },
      ],
      keyRows(keys, grid),
      [],
      grid[0],
    );
    expect(removed.rows.map((r) => r.sku)).toEqual(["A", "C"]);
    expect(removed.dropped.map((d) => d.row.sku)).toEqual(["B", "D"]);

    const back = syncVariants(
      [
        { key: "size", values: ["S", "M"] },
        { key: "colour", values: ["Black", "Blue"] },
      ],
      keyRows(keys, removed.rows),
      removed.dropped,
      removed.rows[0],
    );
    expect(back.rows).toEqual(grid);
  });

  it("merges rows when an option is removed, keeping the first row of each remaining value", () => {
    const grid = [
      row(["S", "Black"], { sku: "A" }),
      row(["S", "Blue"], { sku: "B" }),
      row(["M", "Black"], { sku: "C" }),
      row(["M", "Blue"], { sku: "D" }),
    ];
    const { rows } = syncVariants(
      [{ key: "size", values: ["S", "M"] }],
      keyRows(["size", "colour"], grid),
      [],
      grid[0],
    );
    expect(rows.map((r) => [r.sku, r.options])).toEqual([
      ["A", ["S"]],
      ["C", ["M"]],
    ]);
  });

  it("makes no rows while no option has values, and lines rows up with options that have none yet", () => {
    expect(syncVariants([{ key: "size", values: [] }], [], [], undefined).rows).toEqual([]);
    const { rows } = syncVariants(
      [
        { key: "size", values: ["S"] },
        { key: "colour", values: [] },
      ],
      keyRows(["size"], [row(["S"], { sku: "A" })]),
      [],
      undefined,
    );
    expect(rows).toEqual([row(["S", ""], { sku: "A" })]);
  });

  it("suggests a SKU from the product's slug and the values, in the characters a SKU allows", () => {
    expect(suggestSku("Trail Running Shoes", ["9", "Black"])).toBe("TRAIL-RUNNING-SHOES-9-BLACK");
    expect(suggestSku("Café Tee — Summer!", ["XL", "Sky blue"])).toBe("CAF-TEE-SUMMER-XL-SKY-BLUE");
    expect(suggestSku("", ["S"])).toBe("SKU-S");
    const long = suggestSku("A".repeat(120), ["Extra extra large", "Midnight blue"]);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).toMatch(/^[A-Z0-9-]+-EXTRA-EXTRA-LARGE-MIDNIGHT-BLUE$/);
  });
});
