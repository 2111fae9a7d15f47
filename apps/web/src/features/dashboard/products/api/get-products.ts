import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys, type ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

export type ProductListKind = "all" | "on-sale" | "inactive";

const PATHS: Record<ProductListKind, string> = {
  all: "/products",
  "on-sale": "/products/on-sale",
  inactive: "/products/inactive",
};

/** GET /api/products (active), /products/on-sale or /products/inactive (staff), newest first. */
export function getAdminProducts(kind: ProductListKind, params: ListParams, signal?: AbortSignal) {
  return api.list(PATHS[kind], {
    schema: responseSchemas.productSummary,
    query: { ...params, sort: params.keyword ? undefined : "newest" },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function adminProductsQueryOptions(kind: ProductListKind, params: ListParams) {
  return queryOptions({
    // Under catalogKeys.products: any product change refreshes these lists and the storefront's.
    queryKey: [...catalogKeys.products, "admin", kind, params] as const,
    queryFn: ({ signal }) => getAdminProducts(kind, params, signal),
  });
}

export function useAdminProducts(kind: ProductListKind, params: ListParams) {
  return useQuery({ ...adminProductsQueryOptions(kind, params), placeholderData: keepPreviousData });
}
