import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys, type ListParams } from "../../../lib/query-keys";

/** GET /api/products: a page of active products, by relevance with a keyword, or in `sort` order. */
export function getProducts(params: ListParams, { signal }: { signal?: AbortSignal } = {}) {
  return api.list<ProductSummaryDto>("/products", { query: { ...params }, signal });
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
