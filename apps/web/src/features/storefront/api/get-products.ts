import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { type CatalogParams, listQuery, type ProductList } from "./list-query";

/** GET /api/products: a page of active products, by relevance with a keyword, or in `sort` order. */
export function getProducts(
  params: CatalogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductList> {
  return api.list("/products", {
    schema: responseSchemas.productSummary,
    query: listQuery(params),
    signal,
  });
}

export function productsQueryOptions(params: CatalogParams) {
  return queryOptions({
    queryKey: catalogKeys.productList("active", params),
    queryFn: ({ signal }) => getProducts(params, { signal }),
  });
}

/** A page of products; the previous page stays on screen while the next one loads. */
export function useProducts(params: CatalogParams) {
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}
