import { describe, expect, it } from "vitest";
import { cartItemsSummary } from "./cart-pricing";
import { refreshCart } from "./cart-refresh";
import {
  addToCart,
  hasUnpurchasable,
  lineKey,
  lineLimit,
  orderLines,
  quantityInCart,
  removeFromCart,
  setCartQuantity,
  totalQuantity,
  type VariantSnapshot,
  variantProduct,
} from "./cart-store";
import type { CartItem, CartProduct } from "./stored-state-types";

function product(overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    _id: "0123456789abcdef01234567",
    name: "Everyday Canvas Sneakers",
    thumbnail: null,
    price: 49,
    onSale: false,
    salePrice: 0,
    stock: 5,
    isActive: true,
    ...overrides,
  };
}

describe("addToCart", () => {
  it("adds a new line with the quantity asked for", () => {
    const { items, added } = addToCart([], product(), 2);
    expect(added).toBe(2);
    expect(items).toEqual([{ product: product(), quantity: 2 }]);
  });

  it("counts what the cart already holds against the stock and adds only what is left", () => {
    const first = addToCart([], product({ stock: 5 }), 4);
    const second = addToCart(first.items, product({ stock: 5 }), 3);
    expect(second.added).toBe(1);
    expect(quantityInCart(second.items, product()._id)).toBe(5);
    expect(second.items).toHaveLength(1);
  });

  it("adds nothing once the whole stock is in the cart, nor for a product out of stock or inactive", () => {
    const full = addToCart([], product({ stock: 2 }), 2).items;
    expect(addToCart(full, product({ stock: 2 }), 1)).toEqual({ items: full, added: 0 });
    expect(addToCart([], product({ stock: 0 }), 1)).toEqual({ items: [], added: 0 });
    expect(addToCart([], product({ isActive: false }), 1)).toEqual({ items: [], added: 0 });
  });

  it("refreshes the line's snapshot with the product's latest data", () => {
    const before = addToCart([], product({ price: 49 }), 1).items;
    const after = addToCart(before, product({ price: 45, name: "Renamed" }), 1).items;
    expect(after[0]?.product).toMatchObject({ price: 45, name: "Renamed" });
  });

  it("keeps only the snapshot fields of SPEC section 3", () => {
    const extra = { ...product(), description: "not kept", rating: { average: 4, count: 1 } };
    const { items } = addToCart([], extra, 1);
    expect(Object.keys(items[0]?.product ?? {}).sort()).toEqual(
      ["_id", "isActive", "name", "onSale", "price", "salePrice", "stock", "thumbnail"].sort(),
    );
  });

  it("ignores a quantity that is not a positive whole number", () => {
    expect(addToCart([], product(), 0).added).toBe(0);
    expect(addToCart([], product(), -3).added).toBe(0);
    expect(addToCart([], product(), Number.NaN).added).toBe(0);
    expect(addToCart([], product(), 2.7).added).toBe(2);
  });
});

describe("setCartQuantity and removeFromCart", () => {
  const items: CartItem[] = [{ product: product({ stock: 5 }), quantity: 2 }];

  it("keeps a line between 1 and the product's stock", () => {
    expect(setCartQuantity(items, product()._id, 9)[0]?.quantity).toBe(5);
    expect(setCartQuantity(items, product()._id, 0)[0]?.quantity).toBe(1);
    expect(setCartQuantity(items, product()._id, 3)[0]?.quantity).toBe(3);
  });

  it("removes only the product named", () => {
    const other = product({ _id: "fedcba9876543210fedcba98" });
    const two = [...items, { product: other, quantity: 1 }];
    expect(removeFromCart(two, product()._id)).toEqual([{ product: other, quantity: 1 }]);
  });
});

describe("cart totals", () => {
  it("counts every unit for the header badge", () => {
    const other = product({ _id: "fedcba9876543210fedcba98" });
    expect(
      totalQuantity([
        { product: product(), quantity: 2 },
        { product: other, quantity: 3 },
      ]),
    ).toBe(5);
  });

  it("prices on-sale lines at their sale price and counts the discount", () => {
    const summary = cartItemsSummary([
      { product: product({ price: 85, onSale: true, salePrice: 69 }), quantity: 2 },
    ]);
    expect(summary.itemsPrice).toBe(138);
    expect(summary.discountPrice).toBe(32);
  });

  it("leaves a line that cannot be bought out of every total and out of the order", () => {
    const other = product({ _id: "fedcba9876543210fedcba98", price: 10 });
    const items: CartItem[] = [
      { product: product({ price: 49, isActive: false }), quantity: 2 },
      { product: other, quantity: 1 },
    ];
    const summary = cartItemsSummary(items);
    expect(summary.itemsPrice).toBe(10);
    expect(summary.lines[0]?.lineTotal).toBe(0);
    expect(summary.lines[1]?.lineTotal).toBe(10);
    expect(hasUnpurchasable(items)).toBe(true);
    expect(orderLines(items)).toEqual([{ product: other._id, quantity: 1 }]);
  });
});

describe("refreshCart", () => {
  const id = product()._id;

  it("takes the new price and says what it was and is, counting the sale price", () => {
    const items: CartItem[] = [{ product: product({ price: 49 }), quantity: 1 }];
    const { items: next, changes } = refreshCart(
      items,
      new Map([[id, product({ price: 60, onSale: true, salePrice: 55 })]]),
    );
    expect(next[0]?.product).toMatchObject({ price: 60, onSale: true, salePrice: 55 });
    expect(changes).toEqual([{ kind: "price", key: id, name: product().name, from: 49, to: 55 }]);
  });

  it("lowers a quantity above the new stock to it and says so", () => {
    const items: CartItem[] = [{ product: product({ stock: 5 }), quantity: 4 }];
    const { items: next, changes } = refreshCart(items, new Map([[id, product({ stock: 2 })]]));
    expect(next[0]?.quantity).toBe(2);
    expect(changes).toEqual([{ kind: "quantity", key: id, name: product().name, quantity: 2 }]);
  });

  it("keeps a product that is gone or out of stock in the cart, unpurchasable, and says so once", () => {
    const items: CartItem[] = [{ product: product(), quantity: 1 }];
    const gone = refreshCart(items, new Map([[id, "unavailable"]]));
    expect(gone.items[0]?.product.isActive).toBe(false);
    expect(gone.changes).toEqual([{ kind: "unavailable", key: id, name: product().name }]);
    expect(refreshCart(gone.items, new Map([[id, "unavailable"]])).changes).toEqual([]);

    const empty = refreshCart(items, new Map([[id, product({ stock: 0 })]]));
    expect(empty.items[0]?.quantity).toBe(1);
    expect(empty.changes).toEqual([{ kind: "outOfStock", key: id, name: product().name }]);
  });

  it("changes nothing and reports nothing when the product is as the cart remembers it", () => {
    const items: CartItem[] = [{ product: product(), quantity: 3 }];
    expect(refreshCart(items, new Map([[id, product()]]))).toEqual({ items, changes: [] });
    expect(refreshCart(items, new Map())).toEqual({ items, changes: [] });
  });
});

describe("the limit per line (GET /api/config maxQuantityPerLine)", () => {
  it("keeps a set quantity to the limit as well as to the stock", () => {
    const items = addToCart([], product({ stock: 80 }), 1).items;
    expect(setCartQuantity(items, product()._id, 50, 10)[0]?.quantity).toBe(10);
    expect(setCartQuantity(items, product()._id, 50)[0]?.quantity).toBe(50);
    expect(setCartQuantity(items, product()._id, 0, 10)[0]?.quantity).toBe(1);
  });

  it("adds only up to the limit, counting what the cart holds", () => {
    const first = addToCart([], product({ stock: 80 }), 8, 10);
    const second = addToCart(first.items, product({ stock: 80 }), 5, 10);
    expect(second.added).toBe(2);
    expect(quantityInCart(second.items, product()._id)).toBe(10);
    expect(lineLimit(product({ stock: 3 }), 10)).toBe(3);
  });
});

describe("lines of a product with options (one per variant)", () => {
  const shoe = product({ name: "Trail Running Shoes", price: 120, stock: 14 });
  const size = (id: string, value: string, overrides: Partial<VariantSnapshot> = {}): VariantSnapshot => ({
    _id: id,
    options: { Size: value },
    price: 120,
    onSale: false,
    salePrice: 0,
    stock: 7,
    isActive: true,
    ...overrides,
  });
  const nine = size("a".repeat(24), "UK 9", { stock: 2 });
  const ten = size("b".repeat(24), "UK 10", { price: 125 });
  const add = (items: CartItem[], variant: VariantSnapshot, quantity: number, max?: number) =>
    addToCart(items, variantProduct(shoe, variant), quantity, max, {
      _id: variant._id,
      options: variant.options,
    });

  it("keeps two sizes of one product as two lines, each with its variant's price and stock", () => {
    const first = add([], nine, 1);
    const { items } = add(first.items, ten, 2);
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.variant?.options)).toEqual([{ Size: "UK 9" }, { Size: "UK 10" }]);
    expect(quantityInCart(items, lineKey(shoe._id, nine._id))).toBe(1);
    expect(quantityInCart(items, lineKey(shoe._id, ten._id))).toBe(2);
    expect(quantityInCart(items, shoe._id)).toBe(0);
    expect(cartItemsSummary(items).itemsPrice).toBe(120 + 250);
    expect(orderLines(items)).toEqual([
      { product: shoe._id, variant: nine._id, quantity: 1 },
      { product: shoe._id, variant: ten._id, quantity: 2 },
    ]);
  });

  it("counts each variant's own stock: a size with 2 left takes no third unit", () => {
    const { items } = add([], nine, 2);
    expect(add(items, nine, 1).added).toBe(0);
    expect(add(items, ten, 5).added).toBe(5);
    const key = lineKey(shoe._id, nine._id);
    expect(setCartQuantity(items, key, 9)[0]?.quantity).toBe(2);
    expect(removeFromCart(add(items, ten, 1).items, key).map((item) => item.variant?._id)).toEqual([ten._id]);
  });

  it("re-checks each line against its own variant and names it with its values", () => {
    const items = add(add([], nine, 2).items, ten, 3).items;
    const check = { ...shoe, variants: [size(nine._id, "UK 9", { stock: 1 }), ten] };
    const { items: next, changes } = refreshCart(items, new Map([[shoe._id, check]]));
    expect(next.map((item) => item.quantity)).toEqual([1, 3]);
    expect(next[1]?.product.price).toBe(125);
    expect(changes).toEqual([
      {
        kind: "quantity",
        key: lineKey(shoe._id, nine._id),
        name: "Trail Running Shoes (Size: UK 9)",
        quantity: 1,
      },
    ]);
  });

  it("makes a line unavailable when its variant was deactivated or removed", () => {
    const items = add(add([], nine, 1).items, ten, 1).items;
    const check = { ...shoe, variants: [size(nine._id, "UK 9", { isActive: false })] };
    const { items: next, changes } = refreshCart(items, new Map([[shoe._id, check]]));
    expect(next.map((item) => item.product.isActive)).toEqual([false, false]);
    expect(changes.map((change) => change.kind)).toEqual(["unavailable", "unavailable"]);
    expect(orderLines(next)).toEqual([]);
  });

  it("keeps a line stored before variants (no variant) while its product has a single variant", () => {
    const old: CartItem[] = [{ product: product(), quantity: 1 }];
    const single = {
      ...product(),
      variants: [size("c".repeat(24), "", { options: {}, price: 49, stock: 5 })],
    };
    expect(refreshCart(old, new Map([[product()._id, single]])).items).toEqual(old);
    expect(orderLines(old)).toEqual([{ product: product()._id, quantity: 1 }]);
    const sized = { ...product(), variants: [nine, ten] };
    expect(refreshCart(old, new Map([[product()._id, sized]])).items[0]?.product.isActive).toBe(false);
  });
});
