import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys, type ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/products: a page of active products, by relevance with a keyword, or in `sort` order. */
export function getProducts(params: ListParams, { signal }: { signal?: AbortSignal } = {}) {
  return api.list("/products", {
    schema: responseSchemas.productSummary,
    query: { ...params },
    signal,
  });
}

export function productsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.productList("active", params),
    queryFn: ({ signal }) => getProducts(params, { signal }),
  });
}

/** A page of products; the previous page stays on screen while the next one loads. */
export function useProducts(params: ListParams) {
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}
