import type { ProductDto } from "@shop/shared/schemas/product";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";

/** GET /api/products/{id}: staff get inactive products too. */
export function getProduct(id: string, signal?: AbortSignal) {
  return api.get<ProductDto>(`/products/${encodeURIComponent(id)}`, { signal });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...catalogKeys.product(id), "admin"] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string | undefined) {
  return useQuery({ ...productQueryOptions(id ?? ""), enabled: Boolean(id), retry: false });
}
