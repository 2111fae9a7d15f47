/**
 * The first requests of the storefront pages whose code is fetched on first visit: their routes'
 * loaders (app/router.tsx) start them without waiting for them, so that they leave together with
 * the page's code instead of after its first render. The pages then find them in the query cache.
 */
import type { QueryClient } from "@tanstack/react-query";
import { parsePage, parseSize } from "#web/lib/list-params";
import { categoryQueryOptions } from "./api/get-category";
import { categoryProductsQueryOptions } from "./api/get-category-products";
import { productQueryOptions } from "./api/get-product";
import { filterQuery, parseFilters, parseSort } from "./product-filters";

/** An id the API could know: 24 lower-case hexadecimal characters. */
export const PRODUCT_ID = /^[0-9a-f]{24}$/;

export function prefetchProductPage(client: QueryClient, productId: string): void {
  if (PRODUCT_ID.test(productId)) void client.prefetchQuery(productQueryOptions(productId));
}

/** The category and the page of its products that the address asks for (as useListParams and useProductFilters read it). */
export function prefetchCategoryPage(client: QueryClient, slug: string, url: URL): void {
  const params = {
    page: parsePage(url.searchParams.get("page")),
    size: parseSize(url.searchParams.get("size")),
    filters: filterQuery(parseSort(url.searchParams), parseFilters(url.searchParams)),
  };
  void client.prefetchQuery(categoryQueryOptions(slug));
  void client.prefetchQuery(categoryProductsQueryOptions(slug, params));
}
