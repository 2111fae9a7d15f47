import { RECENTLY_VIEWED_MAX } from "@shop/shared/constants";
import { describe, expect, it } from "vitest";
import { recordView } from "./recently-viewed";
import type { RecentProduct } from "./stored-state-types";

function product(id: number): RecentProduct {
  return {
    _id: id.toString(16).padStart(24, "0"),
    name: `Product ${id}`,
    price: 10,
    onSale: false,
    salePrice: 0,
    stock: 3,
    isActive: true,
    category: { _id: "c".repeat(24), name: "Shoes", slug: "shoes" },
    thumbnail: null,
    rating: { average: 0, count: 0 },
    description: "A description long enough to be a real product description, for the test.",
    reviews: [],
    options: [],
  };
}

describe("recordView", () => {
  it("puts the product viewed last first", () => {
    const list = recordView(recordView([], product(1)), product(2));
    expect(list.map((p) => p.name)).toEqual(["Product 2", "Product 1"]);
  });

  it("moves a product viewed again to the front instead of listing it twice", () => {
    let list = [product(1), product(2), product(3)].reduce<RecentProduct[]>(
      (acc, p) => recordView(acc, p),
      [],
    );
    list = recordView(list, product(1));
    expect(list.map((p) => p.name)).toEqual(["Product 1", "Product 3", "Product 2"]);
  });

  it(`keeps at most ${RECENTLY_VIEWED_MAX} products, dropping the oldest`, () => {
    const list = Array.from({ length: RECENTLY_VIEWED_MAX + 3 }, (_, i) => product(i + 1)).reduce<
      RecentProduct[]
    >((acc, p) => recordView(acc, p), []);
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]?.name).toBe(`Product ${RECENTLY_VIEWED_MAX + 3}`);
    expect(list.some((p) => p.name === "Product 3")).toBe(false);
  });

  it("keeps one entry per product, however many of its variants were viewed, with its options", () => {
    const shoe = { ...product(1), options: [{ name: "Size", values: ["UK 8", "UK 9"] }] };
    const full = { ...shoe, variants: [] } as RecentProduct;
    // Opening the page at ?variant=… of one size, then of another: the same product both times.
    const list = recordView(recordView(recordView([], full), product(2)), full);
    expect(list.map((p) => p._id)).toEqual([product(1)._id, product(2)._id]);
    expect(list[0]).toEqual(shoe);
  });

  it("keeps the reviews, description and category, and nothing beyond the snapshot", () => {
    const full = { ...product(1), gallery: [], updatedAt: "2026-01-01" } as RecentProduct;
    const [snapshot] = recordView([], full);
    expect(snapshot).toEqual(product(1));
  });
});
