import { afterEach, describe, expect, it } from "vitest";
import { homeAddress, lamp } from "#web/test/fixtures";
import { CART_STORAGE_KEY, toCartProduct, useCart } from "./cart-store";
import { hydrateStores } from "./hydrate-stores";
import { RECENTLY_VIEWED_STORAGE_KEY, toRecentProduct, useRecentlyViewed } from "./recently-viewed";
import { SESSION_STORAGE_KEY, useSession } from "./session";

function store(key: string, state: unknown) {
  localStorage.setItem(key, JSON.stringify({ state, version: 1 }));
}

const priya = {
  id: "1b1b1b1b1b1b1b1b1b1b1b1b",
  name: { firstName: "Priya", lastName: "Sharma" },
  email: "priya@example.com",
  avatarUrl: null,
  role: "customer",
  active: true,
};

afterEach(() => {
  useCart.setState({ items: [], address: null, discountCode: null, pendingMerge: null });
  useRecentlyViewed.setState({ products: [] });
  useSession.setState({ user: null });
});

describe("the stores read from local storage", () => {
  it("keep a well-formed discount code with the cart and drop a malformed one", async () => {
    store(CART_STORAGE_KEY, { items: [], address: null, discountCode: "TEN-OFF" });
    await hydrateStores();
    expect(useCart.getState().discountCode).toBe("TEN-OFF");
    store(CART_STORAGE_KEY, { items: [], address: null, discountCode: "<script>" });
    await useCart.persist.rehydrate();
    expect(useCart.getState().discountCode).toBeNull();
  });

  it("keep a sign-in's merge waiting for its answer with its copy, and drop one kept by an earlier version", async () => {
    const line = { product: toCartProduct(lamp), quantity: 2 };
    const pending = { key: "0123456789abcdef0123456789abcdef", items: [line], discountCode: "TEN-OFF" };
    store(CART_STORAGE_KEY, { items: [line], address: null, pendingMerge: pending });
    await hydrateStores();
    expect(useCart.getState().pendingMerge).toEqual(pending);
    for (const stale of [
      { key: pending.key, signature: "[]" },
      { ...pending, key: "not a key" },
      { ...pending, items: [{ ...line, quantity: 0 }] },
    ]) {
      store(CART_STORAGE_KEY, { items: [line], address: null, pendingMerge: stale });
      await useCart.persist.rehydrate();
      expect(useCart.getState().pendingMerge).toBeNull();
    }
  });

  it("take what was stored when it is well formed", async () => {
    const line = { product: toCartProduct(lamp), quantity: 2 };
    store(CART_STORAGE_KEY, { items: [line], address: homeAddress });
    store(RECENTLY_VIEWED_STORAGE_KEY, { products: [toRecentProduct(lamp)] });
    store(SESSION_STORAGE_KEY, { user: priya });
    await hydrateStores();
    expect(useCart.getState().items).toEqual([line]);
    expect(useCart.getState().address).toEqual(homeAddress);
    expect(useRecentlyViewed.getState().products).toEqual([toRecentProduct(lamp)]);
    expect(useSession.getState().user).toEqual(priya);
  });

  it("drop every malformed entry and keep the well-formed ones", async () => {
    const line = { product: toCartProduct(lamp), quantity: 1 };
    store(CART_STORAGE_KEY, {
      items: [line, { product: { _id: 3 }, quantity: "many" }, null, { quantity: 2 }],
      address: { name: "Priya", phoneNumber: 98 },
    });
    store(RECENTLY_VIEWED_STORAGE_KEY, { products: [{ ...toRecentProduct(lamp), reviews: "none" }, 42] });
    store(SESSION_STORAGE_KEY, { user: { ...priya, role: "owner" } });
    await hydrateStores();
    expect(useCart.getState().items).toEqual([line]);
    expect(useCart.getState().address).toBeNull();
    expect(useRecentlyViewed.getState().products).toEqual([]);
    expect(useSession.getState().user).toBeNull();
  });

  it("take lines stored before variants, lines naming a variant, and recently viewed without options", async () => {
    const old = { product: toCartProduct(lamp), quantity: 1 };
    const sized = {
      product: { ...toCartProduct(lamp), _id: "e5e5e5e5e5e5e5e5e5e5e5e5" },
      variant: { _id: "f6f6f6f6f6f6f6f6f6f6f6f6", options: { Size: "UK 9" } },
      quantity: 2,
    };
    store(CART_STORAGE_KEY, { items: [old, sized], address: null });
    const { options: _dropped, ...beforeOptions } = toRecentProduct(lamp);
    store(RECENTLY_VIEWED_STORAGE_KEY, { products: [beforeOptions] });
    await hydrateStores();
    expect(useCart.getState().items).toEqual([old, sized]);
    expect(useRecentlyViewed.getState().products).toEqual([{ ...beforeOptions, options: [] }]);
  });

  it.each([
    ["text that is not JSON", "{not json"],
    ["a bare value", "42"],
    ["a state that is a list", JSON.stringify({ state: [1, 2], version: 1 })],
    [
      "lists that are objects",
      JSON.stringify({ state: { items: { a: 1 }, products: "x", user: 7 }, version: 1 }),
    ],
  ])("start empty from %s", async (_case, raw) => {
    for (const key of [CART_STORAGE_KEY, RECENTLY_VIEWED_STORAGE_KEY, SESSION_STORAGE_KEY]) {
      localStorage.setItem(key, raw);
    }
    await hydrateStores();
    expect(useCart.getState().items).toEqual([]);
    expect(useCart.getState().address).toBeNull();
    expect(useRecentlyViewed.getState().products).toEqual([]);
    expect(useSession.getState().user).toBeNull();
  });
});
