/**
 * Checks every cart line against the server when a page of the buying journey opens (the cart and
 * checkout): GET /api/products/{id} for each product in the cart (once, however many of its variants
 * the cart holds), in parallel, under the product's catalogue key, so a price change, a deactivation
 * or a stock drop of a line's variant shows before the shopper pays. The store takes the fresh
 * snapshots (`refreshCart`); what changed is returned for the page to say.
 */

import { unitPriceCents } from "@shop/shared/pricing";
import { useQueries } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { api, isApiError } from "./api";
import {
  type CartChange,
  isPurchasable,
  itemKey,
  lineName,
  type ProductCheck,
  toCartProduct,
  useCart,
  variantProduct,
} from "./cart-store";
import { catalogKeys } from "./query-keys";
import { responseSchemas } from "./response-schemas";
import type { CartItem, CartProduct } from "./stored-state-types";

function getCartProduct(id: string, signal: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(id)}`, {
    schema: responseSchemas.product,
    signal,
  });
}

/**
 * A line's snapshot as the server's answer says it is now: its variant's (gone or inactive when the
 * product no longer has it), or the product's for a line without variant (unavailable once the
 * product has several variants: which one the shopper meant is unknown).
 */
function checkedSnapshot(item: CartItem, check: Exclude<ProductCheck, "unavailable">): CartProduct {
  const variants = check.variants ?? [];
  if (item.variant) {
    const id = item.variant._id;
    const variant = variants.find((v) => v._id === id);
    return variant ? variantProduct(check, variant) : { ...toCartProduct(check), isActive: false };
  }
  if (variants.length > 1) return { ...toCartProduct(check), isActive: false };
  return toCartProduct(check);
}

/**
 * Refreshes the lines' snapshots with what the server says now (lines without a check stay as they
 * are). A quantity above the new stock is lowered to it; a line whose product is gone, inactive or
 * out of stock stays in the cart, unpurchasable, until the shopper removes it. Returns the new lines
 * and what changed that the shopper should know of.
 */
export function refreshCart(
  items: readonly CartItem[],
  checks: ReadonlyMap<string, ProductCheck>,
): { items: CartItem[]; changes: CartChange[] } {
  const changes: CartChange[] = [];
  const next = items.map((item): CartItem => {
    const check = checks.get(item.product._id);
    if (check === undefined) return item;
    const before = item.product;
    const key = itemKey(item);
    const after = check === "unavailable" ? { ...before, isActive: false } : checkedSnapshot(item, check);
    const name = lineName({ product: after, variant: item.variant });
    let quantity = item.quantity;
    if (!after.isActive) {
      if (before.isActive) changes.push({ kind: "unavailable", key, name });
    } else if (after.stock <= 0) {
      if (isPurchasable(before)) changes.push({ kind: "outOfStock", key, name });
    } else {
      if (quantity > after.stock) {
        quantity = after.stock;
        changes.push({ kind: "quantity", key, name, quantity });
      }
      const from = unitPriceCents(before);
      const to = unitPriceCents(after);
      if (from !== to) changes.push({ kind: "price", key, name, from: from / 100, to: to / 100 });
    }
    return { ...item, product: after, quantity };
  });
  return { items: next, changes };
}

/** The store takes the server's view of the products (see refreshCart); returns what changed. */
function applyProductChecks(checks: ReadonlyMap<string, ProductCheck>): CartChange[] {
  const { items } = useCart.getState();
  const result = refreshCart(items, checks);
  // Only write when a snapshot moved: every write goes to local storage and to other tabs.
  if (JSON.stringify(result.items) !== JSON.stringify(items)) useCart.setState({ items: result.items });
  return result.changes;
}

/** The newest change per line and kind: a second price change replaces the first. */
function mergeChanges(previous: readonly CartChange[], next: readonly CartChange[]): CartChange[] {
  const key = (change: CartChange) => `${change.key}:${change.kind}`;
  const merged = new Map(previous.map((change) => [key(change), change]));
  for (const change of next) merged.set(key(change), change);
  return [...merged.values()];
}

export interface CartRefresh {
  /** Some line is still being checked. */
  checking: boolean;
  /** What changed since the cart was filled, for lines still in the cart. */
  changes: CartChange[];
  /** Checks every line again (after the server refused an order for stock). */
  recheck: () => Promise<void>;
}

export function useCartRefresh(): CartRefresh {
  const ids = useCart(useShallow((state) => [...new Set(state.items.map((item) => item.product._id))]));
  const keys = useCart(useShallow((state) => state.items.map(itemKey)));
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.product(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getCartProduct(id, signal),
      // NOTE: always ask the server when the page opens, even if the product page cached it a moment ago.
      refetchOnMount: "always" as const,
    })),
  });
  const [changes, setChanges] = useState<CartChange[]>([]);

  // A signature of the settled answers: the effect runs once per new answer, not on every render.
  const settled = results
    .map((result, index) =>
      result.isFetching ? "" : `${ids[index]}:${result.dataUpdatedAt}:${result.errorUpdatedAt}`,
    )
    .join(",");
  const latest = useRef({ ids, results });
  latest.current = { ids, results };

  useEffect(() => {
    if (!settled) return;
    const checks = new Map<string, ProductCheck>();
    latest.current.results.forEach((result, index) => {
      const id = latest.current.ids[index];
      if (id === undefined || result.isFetching) return;
      if (result.isError) {
        // 404: deleted ('Product not found.') or inactive ('Product is not available.'). Anything
        // else (offline, 5xx) says nothing about the product: the snapshot stays as it was.
        if (isApiError(result.error) && result.error.status === 404) checks.set(id, "unavailable");
      } else if (result.data) {
        checks.set(id, { ...toCartProduct(result.data), variants: result.data.variants });
      }
    });
    if (checks.size === 0) return;
    const found = applyProductChecks(checks);
    if (found.length > 0) setChanges((previous) => mergeChanges(previous, found));
  }, [settled]);

  const recheck = useCallback(async () => {
    await Promise.all(latest.current.results.map((result) => result.refetch()));
  }, []);

  return {
    checking: results.some((result) => result.isFetching),
    changes: changes.filter((change) => keys.includes(change.key)),
    recheck,
  };
}
