/**
 * Query keys of the catalogue, shared by every feature that reads or changes it: the storefront
 * reads under these keys, and the dashboard invalidates the same keys after a change (a new
 * category, an edited product), so both always agree.
 */
import type { ProductSort } from "@shop/shared/constants";

export interface ListParams {
  page: number;
  size: number;
  keyword?: string;
  sort?: ProductSort;
  /** The cursor a dashboard list's page was reached by (lib/list-params.ts): the rows after it. */
  after?: string | undefined;
}

export const catalogKeys = {
  /** Everything about categories, including each category's product pages. */
  categories: ["categories"] as const,
  categoryList: () => [...catalogKeys.categories, "list"] as const,
  category: (slug: string) => [...catalogKeys.categories, "slug", slug] as const,
  categoryProducts: (slug: string, params: ListParams) =>
    [...catalogKeys.category(slug), "products", params] as const,

  /** Everything about products: lists, single products and their reviews. */
  products: ["products"] as const,
  productList: (kind: "active" | "on-sale", params: ListParams) =>
    [...catalogKeys.products, "list", kind, params] as const,
  product: (id: string) => [...catalogKeys.products, "detail", id] as const,
  productReviews: (id: string) => [...catalogKeys.product(id), "reviews"] as const,
  /** The header box's suggestions for what is typed in it. */
  suggestions: (query: string) => [...catalogKeys.products, "suggestions", query] as const,
};

/**
 * Query keys of the signed-in shopper's own data (addresses, orders). They sit under ["me"]
 * (ME_QUERY_KEY in lib/current-user.ts), so signing in as someone else drops them all at once.
 */
export const accountKeys = {
  addresses: ["me", "addresses"] as const,
  /** Every order query: the paged list and each single order. */
  orders: ["me", "orders"] as const,
  orderLists: ["me", "orders", "list"] as const,
  orderList: (params: { page: number; size: number }) => [...accountKeys.orderLists, params] as const,
  order: (id: string) => [...accountKeys.orders, "detail", id] as const,
  /** What the pay page offers for one order (cash on delivery or why not, the online saving). */
  paymentOptions: (id: string) => [...accountKeys.orders, "payment-options", id] as const,
  /** The shopper's store credit: its balance and ledger (spending it changes the orders too). */
  storeCredit: ["me", "store-credit"] as const,
  /**
   * The server's pricing of the cart with a code or for an address: under ["me"], as a code's
   * per-shopper limit depends on who asks.
   */
  cartPrices: ["me", "cart-price"] as const,
  cartPrice: (code: string, lines: readonly unknown[], destination?: unknown) =>
    [...accountKeys.cartPrices, code, lines, destination ?? null] as const,
};
