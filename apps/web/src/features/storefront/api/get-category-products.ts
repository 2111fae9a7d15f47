import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys, type ListParams } from "../../../lib/query-keys";

/** GET /api/categories/slug/{slug}/products: a page of a category's active products. */
export function getCategoryProducts(
  slug: string,
  params: ListParams,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.list<ProductSummaryDto>(`/categories/slug/${encodeURIComponent(slug)}/products`, {
    query: { ...params },
    signal,
  });
}

export function categoryProductsQueryOptions(slug: string, params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.categoryProducts(slug, params),
    queryFn: ({ signal }) => getCategoryProducts(slug, params, { signal }),
  });
}

/** A page of the category; the previous page stays on screen while the next one loads. */
export function useCategoryProducts(slug: string, params: ListParams, { enabled = true } = {}) {
  return useQuery({
    ...categoryProductsQueryOptions(slug, params),
    enabled,
    placeholderData: (previous, previousQuery) =>
      // Only the same category's pages stand in for each other.
      previousQuery?.queryKey[2] === slug ? keepPreviousData(previous) : undefined,
  });
}
