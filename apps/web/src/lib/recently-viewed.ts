/**
 * Recently viewed products (SPEC sections 3, 4 and 9), kept in local storage: product snapshots
 * including reviews, description and category, newest first, without duplicates, at most 8. A
 * product is recorded once its page has been shown for a second, so that flicking through pages
 * does not fill the list.
 */
import { RECENTLY_VIEWED_DELAY_MS, RECENTLY_VIEWED_MAX } from "@shop/shared/constants";
import { useEffect, useRef } from "react";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { checkedStorage } from "./stored-state";
import type { RecentProduct } from "./stored-state-types";

export function toRecentProduct(product: RecentProduct): RecentProduct {
  const { _id, name, price, onSale, salePrice, stock, isActive, category, thumbnail, rating } = product;
  const { description, reviews, options } = product;
  return {
    _id,
    name,
    price,
    onSale,
    salePrice,
    stock,
    isActive,
    category,
    thumbnail,
    rating,
    description,
    reviews,
    options,
  };
}

/** Puts a product first, dropping its older entry, and keeps at most `max` products. */
export function recordView(
  products: readonly RecentProduct[],
  product: RecentProduct,
  max: number = RECENTLY_VIEWED_MAX,
): RecentProduct[] {
  return [toRecentProduct(product), ...products.filter((p) => p._id !== product._id)].slice(0, max);
}

interface RecentlyViewedState {
  products: RecentProduct[];
  record: (product: RecentProduct) => void;
  clear: () => void;
}

export const RECENTLY_VIEWED_STORAGE_KEY = "shop-recently-viewed";

export const useRecentlyViewed = create<RecentlyViewedState>()(
  persist(
    (set) => ({
      products: [],
      record: (product) => set((state) => ({ products: recordView(state.products, product) })),
      clear: () => set({ products: [] }),
    }),
    {
      name: RECENTLY_VIEWED_STORAGE_KEY,
      version: 1,
      storage: checkedStorage((schemas, state) => schemas.checkRecentlyViewed(state)),
      partialize: (state) => ({ products: state.products }),
      // Hydrated by lib/hydrate-stores.ts once the schemas are in.
      skipHydration: true,
    },
  ),
);

/**
 * Records the product shown on a page once it has been on screen for RECENTLY_VIEWED_DELAY_MS;
 * leaving sooner (another page, another product) records nothing. The snapshot taken is the
 * product's latest data at that moment.
 */
export function useRecordRecentlyViewed(product: RecentProduct | undefined) {
  const latest = useRef(product);
  useEffect(() => {
    latest.current = product;
  });

  const productId = product?._id;
  useEffect(() => {
    if (!productId) return;
    const timer = window.setTimeout(() => {
      const shown = latest.current;
      if (shown?._id === productId) useRecentlyViewed.getState().record(shown);
    }, RECENTLY_VIEWED_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [productId]);
}
