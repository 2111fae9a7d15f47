import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys, type ListParams } from "../../../lib/query-keys";

/** GET /api/products/on-sale: a page of active products on sale. */
export function getOnSaleProducts(params: ListParams, { signal }: { signal?: AbortSignal } = {}) {
  return api.list<ProductSummaryDto>("/products/on-sale", { query: { ...params }, signal });
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
