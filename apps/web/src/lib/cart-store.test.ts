import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartItem,
  type CartProduct,
  cartSummary,
  hasUnpurchasable,
  lineLimit,
  orderLines,
  quantityInCart,
  refreshCart,
  removeFromCart,
  setCartQuantity,
  totalQuantity,
} from "./cart-store";

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
    const summary = cartSummary([
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
    const summary = cartSummary(items);
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
    expect(changes).toEqual([{ kind: "price", productId: id, name: product().name, from: 49, to: 55 }]);
  });

  it("lowers a quantity above the new stock to it and says so", () => {
    const items: CartItem[] = [{ product: product({ stock: 5 }), quantity: 4 }];
    const { items: next, changes } = refreshCart(items, new Map([[id, product({ stock: 2 })]]));
    expect(next[0]?.quantity).toBe(2);
    expect(changes).toEqual([{ kind: "quantity", productId: id, name: product().name, quantity: 2 }]);
  });

  it("keeps a product that is gone or out of stock in the cart, unpurchasable, and says so once", () => {
    const items: CartItem[] = [{ product: product(), quantity: 1 }];
    const gone = refreshCart(items, new Map([[id, "unavailable"]]));
    expect(gone.items[0]?.product.isActive).toBe(false);
    expect(gone.changes).toEqual([{ kind: "unavailable", productId: id, name: product().name }]);
    expect(refreshCart(gone.items, new Map([[id, "unavailable"]])).changes).toEqual([]);

    const empty = refreshCart(items, new Map([[id, product({ stock: 0 })]]));
    expect(empty.items[0]?.quantity).toBe(1);
    expect(empty.changes).toEqual([{ kind: "outOfStock", productId: id, name: product().name }]);
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
