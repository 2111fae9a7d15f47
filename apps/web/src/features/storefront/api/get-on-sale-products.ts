import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys, type ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/products/on-sale: a page of active products on sale. */
export function getOnSaleProducts(params: ListParams, { signal }: { signal?: AbortSignal } = {}) {
  return api.list("/products/on-sale", {
    schema: responseSchemas.productSummary,
    query: { ...params },
    signal,
  });
}

export function onSaleProductsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.productList("on-sale", params),
    queryFn: ({ signal }) => getOnSaleProducts(params, { signal }),
  });
}

/** A page of the sale; the previous page stays on screen while the next one loads. */
export function useOnSaleProducts(params: ListParams) {
  return useQuery({ ...onSaleProductsQueryOptions(params), placeholderData: keepPreviousData });
}
