import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { type CatalogParams, listQuery, type ProductList } from "./list-query";

/** GET /api/categories/slug/{slug}/products: a page of a category's active products. */
export function getCategoryProducts(
  slug: string,
  params: CatalogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductList> {
  return api.list(`/categories/slug/${encodeURIComponent(slug)}/products`, {
    schema: responseSchemas.productSummary,
    query: listQuery(params),
    signal,
  });
}

export function categoryProductsQueryOptions(slug: string, params: CatalogParams) {
  return queryOptions({
    queryKey: catalogKeys.categoryProducts(slug, params),
    queryFn: ({ signal }) => getCategoryProducts(slug, params, { signal }),
  });
}

/** A page of the category; the previous page stays on screen while the next one loads. */
export function useCategoryProducts(slug: string, params: CatalogParams, { enabled = true } = {}) {
  return useQuery({
    ...categoryProductsQueryOptions(slug, params),
    enabled,
    placeholderData: (previous, previousQuery) =>
      // Only the same category's pages stand in for each other.
      previousQuery?.queryKey[2] === slug ? keepPreviousData(previous) : undefined,
  });
}
