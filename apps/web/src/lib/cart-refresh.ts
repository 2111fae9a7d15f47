/**
 * Checks every cart line against the server when a page of the buying journey opens (the cart and
 * checkout): GET /api/products/{id} for each product in the cart (once, however many of its variants
 * the cart holds), in parallel, under the product's catalogue key, so a price change, a deactivation
 * or a stock drop of a line's variant shows before the shopper pays. The store takes the fresh
 * snapshots (lib/cart-store.ts `refreshCart`); what changed is returned for the page to say.
 */
import { useQueries } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { api, isApiError } from "./api";
import { type CartChange, itemKey, type ProductCheck, toCartProduct, useCart } from "./cart-store";
import { catalogKeys } from "./query-keys";
import { responseSchemas } from "./response-schemas";

function getCartProduct(id: string, signal: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(id)}`, {
    schema: responseSchemas.product,
    signal,
  });
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
    const found = useCart.getState().applyProductChecks(checks);
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
