import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/products/{id}: staff get inactive products too. */
export function getProduct(id: string, signal?: AbortSignal) {
  return api.get(`/products/${encodeURIComponent(id)}`, {
    schema: responseSchemas.product,
    signal,
  });
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
