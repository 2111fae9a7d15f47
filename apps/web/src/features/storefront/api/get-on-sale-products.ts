import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { type CatalogParams, listQuery, type ProductList } from "./list-query";

/** GET /api/products/on-sale: a page of active products on sale. */
export function getOnSaleProducts(
  params: CatalogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductList> {
  return api.list("/products/on-sale", {
    schema: responseSchemas.productSummary,
    query: listQuery(params),
    signal,
  });
}

export function onSaleProductsQueryOptions(params: CatalogParams) {
  return queryOptions({
    queryKey: catalogKeys.productList("on-sale", params),
    queryFn: ({ signal }) => getOnSaleProducts(params, { signal }),
  });
}

/** A page of the sale; the previous page stays on screen while the next one loads. */
export function useOnSaleProducts(params: CatalogParams) {
  return useQuery({ ...onSaleProductsQueryOptions(params), placeholderData: keepPreviousData });
}
