/**
 * The cart (SPEC section 3, Cart), kept in local storage: product snapshots with quantities, and the
 * delivery address chosen at shipping. The quantity rules of SPEC section 5 live here, as pure
 * functions the store applies: a line never holds more than the product's stock, and never less than 1.
 *
 * NOTE: the prices of SPEC's Cart (itemsPrice, discountPrice, shippingPrice, taxPrice, totalPrice)
 * are not stored. The items' figures are derived from the lines (`cartItemsSummary`, lib/cart-pricing.ts), so they can
 * never disagree with them; shipping, GST and the total are the server's (lib/cart-pricing.ts), which
 * knows each product's rate. The server prices the order again from its database.
 */
import type { AddressDto } from "@shop/shared/schemas/address";
import type { VariantDto } from "@shop/shared/schemas/product";
import { variantLabel } from "@shop/shared/variants";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { checkedStorage, loadStoredStateSchemas } from "./stored-state";
import type { CartItem, CartProduct, CartVariant, PendingMerge } from "./stored-state-types";

/** What names a line: the product, and its variant when the product has options. */
export function lineKey(productId: string, variantId?: string | undefined): string {
  return variantId ? `${productId}:${variantId}` : productId;
}

export function itemKey(item: Pick<CartItem, "product" | "variant">): string {
  return lineKey(item.product._id, item.variant?._id);
}

/** "Trail Running Shoes (Size: 9)": how messages about a line name it. */
export function lineName(item: Pick<CartItem, "product" | "variant">): string {
  const values = item.variant?.options ?? {};
  return variantLabel(
    item.product.name,
    Object.keys(values).map((name) => ({ name })),
    values,
  );
}

/** A variant's own part of a product page read: what the cart takes of it. */
export type VariantSnapshot = Pick<
  VariantDto,
  "_id" | "options" | "price" | "onSale" | "salePrice" | "stock" | "isActive"
>;

/** The snapshot of a product as one of its variants sells it: the variant's price and stock. */
export function variantProduct(product: CartProduct, variant: VariantSnapshot): CartProduct {
  return {
    ...toCartProduct(product),
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.salePrice,
    stock: variant.stock,
    isActive: product.isActive && variant.isActive,
  };
}

export function toCartProduct(product: CartProduct): CartProduct {
  const { _id, name, thumbnail, price, onSale, salePrice, stock, isActive } = product;
  return { _id, name, thumbnail, price, onSale, salePrice, stock, isActive };
}

function wholeQuantity(quantity: number): number {
  return Number.isFinite(quantity) ? Math.floor(quantity) : 0;
}

/** The units of one line (see lineKey) the cart holds. */
export function quantityInCart(items: readonly CartItem[], key: string): number {
  return items.find((item) => itemKey(item) === key)?.quantity ?? 0;
}

export function totalQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * The most units of a product one line may hold: its stock, and the shop's limit per order line
 * (GET /api/config `maxQuantityPerLine`; the server refuses an order beyond it).
 */
export function lineLimit(
  product: Pick<CartProduct, "stock">,
  maxPerLine: number = Number.POSITIVE_INFINITY,
) {
  return Math.max(Math.min(product.stock, maxPerLine), 0);
}

/**
 * Adds up to `quantity` units of a product (of `variant`, for a product with options; `product` is
 * then the variant's snapshot, see variantProduct), counting what the cart already holds against its
 * stock and the limit per line. The line's snapshot is refreshed with the product given. Returns the
 * new lines and how many units were actually added (0 when nothing more fits, or the product is
 * inactive or out of stock).
 */
export function addToCart(
  items: readonly CartItem[],
  product: CartProduct,
  quantity: number,
  maxPerLine?: number,
  variant?: CartVariant,
): { items: CartItem[]; added: number } {
  const snapshot = toCartProduct(product);
  const key = lineKey(product._id, variant?._id);
  const line = variant ? { variant: { _id: variant._id, options: { ...variant.options } } } : {};
  const current = quantityInCart(items, key);
  const wanted = wholeQuantity(quantity);
  const limit = Math.max(lineLimit(product, maxPerLine), current);
  const next = product.isActive ? Math.min(limit, current + Math.max(wanted, 0)) : current;
  const added = Math.max(next - current, 0);
  if (current === 0) {
    return added > 0
      ? { items: [...items, { product: snapshot, ...line, quantity: added }], added }
      : { items: [...items], added };
  }
  return {
    items: items.map((item) =>
      itemKey(item) === key ? { product: snapshot, ...line, quantity: current + added } : item,
    ),
    added,
  };
}

/** Sets a line's quantity, kept between 1 and the product's stock and the limit per line (SPEC section 5). */
export function setCartQuantity(
  items: readonly CartItem[],
  key: string,
  quantity: number,
  maxPerLine?: number,
): CartItem[] {
  return items.map((item) => {
    if (itemKey(item) !== key) return item;
    const clamped = Math.max(1, Math.min(wholeQuantity(quantity), lineLimit(item.product, maxPerLine)));
    return { ...item, quantity: clamped };
  });
}

export function removeFromCart(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((item) => itemKey(item) !== key);
}

/** A line can be bought: its product is still sold and in stock. */
export function isPurchasable(product: CartProduct): boolean {
  return product.isActive && product.stock > 0;
}

/** Some line cannot be bought (inactive or out of stock): checkout waits until it is removed. */
export function hasUnpurchasable(items: readonly CartItem[]): boolean {
  return items.some((item) => !isPurchasable(item.product));
}

/**
 * The body lines of POST /api/orders: product ids, variant ids (for a product with options) and
 * quantities; the server prices them.
 */
export function orderLines(
  items: readonly CartItem[],
): Array<{ product: string; variant?: string; quantity: number }> {
  return items
    .filter((item) => isPurchasable(item.product))
    .map((item) => ({
      product: item.product._id,
      ...(item.variant ? { variant: item.variant._id } : {}),
      quantity: item.quantity,
    }));
}

/**
 * What the server says of a product now: its current snapshot with its variants (GET
 * /api/products/{id}), or "unavailable" (inactive or gone).
 */
export type ProductCheck = (CartProduct & { variants?: readonly VariantSnapshot[] }) | "unavailable";

/** What changed in a line (named by lineKey) when its snapshot was refreshed; the cart page says so. */
export type CartChange =
  | { kind: "price"; key: string; name: string; from: number; to: number }
  | { kind: "quantity"; key: string; name: string; quantity: number }
  | { kind: "outOfStock"; key: string; name: string }
  | { kind: "unavailable"; key: string; name: string };

interface CartState {
  items: CartItem[];
  /** The delivery address chosen on the shipping page. */
  address: AddressDto | null;
  /** The discount code the shopper applied, upper-cased; priced and re-checked by the server. */
  discountCode: string | null;
  /** Adds up to `quantity` units (never beyond stock nor the limit per line); returns how many were added. */
  addItem: (product: CartProduct, quantity: number, maxPerLine?: number, variant?: CartVariant) => number;
  /** Sets the quantity of the line named by `key` (see lineKey). */
  setQuantity: (key: string, quantity: number, maxPerLine?: number) => void;
  removeItem: (key: string) => void;
  /** Empties the cart (and forgets its code) once its order is placed (SPEC section 4, checkout flow). */
  clearItems: () => void;
  setAddress: (address: AddressDto | null) => void;
  setDiscountCode: (code: string | null) => void;
  /**
   * The account whose kept cart this copy is (lib/cart-sync.ts, which sets both), or null: the
   * device's own cart, which a sign-in merges into the account's.
   */
  owner: string | null;
  /** A change to an account's copy not yet saved to its kept cart: saved first when the sync next runs. */
  unsaved: boolean;
  /**
   * The merge of this device's cart sent and not yet answered: its key and the copy as sent
   * (lib/cart-sync.ts). Kept with the copy, so that a page reloaded before the answer sends that copy
   * again under the same key, which the server does not add twice, and applies what changed since.
   */
  pendingMerge: PendingMerge | null;
  /**
   * The product whose heart a visitor tapped before being sent to sign in (lib/wishlist.ts): kept
   * with the cart's lines, as they are, and saved to the wishlist once, at the sign-in that follows.
   */
  pendingHeart: string | null;
}

export const CART_STORAGE_KEY = "shop-cart";

export const useCart = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      address: null,
      discountCode: null,
      owner: null,
      unsaved: false,
      pendingMerge: null,
      pendingHeart: null,
      addItem: (product, quantity, maxPerLine, variant) => {
        const result = addToCart(get().items, product, quantity, maxPerLine, variant);
        set({ items: result.items });
        return result.added;
      },
      setQuantity: (key, quantity, maxPerLine) =>
        set((state) => ({ items: setCartQuantity(state.items, key, quantity, maxPerLine) })),
      removeItem: (key) => set((state) => ({ items: removeFromCart(state.items, key) })),
      clearItems: () => set({ items: [], discountCode: null }),
      setAddress: (address) => set({ address }),
      setDiscountCode: (code) => set({ discountCode: code ? code.trim().toUpperCase() : null }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      // Every stored line and the address are checked before the store takes them (lib/stored-state.ts).
      storage: checkedStorage((schemas, state) => schemas.checkCart(state)),
      partialize: (state) => ({
        items: state.items,
        address: state.address,
        discountCode: state.discountCode,
        owner: state.owner,
        unsaved: state.unsaved,
        pendingMerge: state.pendingMerge,
        pendingHeart: state.pendingHeart,
      }),
      // Hydrated by lib/hydrate-stores.ts once the schemas are in.
      skipHydration: true,
    },
  ),
);

// Another tab changed the cart: take its version, so both tabs show the same cart.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === CART_STORAGE_KEY) {
      void loadStoredStateSchemas().then(
        () => useCart.persist.rehydrate(),
        () => undefined,
      );
    }
  });
}

/** The header badge: the total number of units in the cart. */
export function useCartQuantity(): number {
  return useCart((state) => totalQuantity(state.items));
}

/**
 * How many units of one product (of one variant, for a product with options) the cart holds: the
 * product page counts them against stock.
 */
export function useQuantityInCart(productId: string, variantId?: string): number {
  return useCart((state) => quantityInCart(state.items, lineKey(productId, variantId)));
}
