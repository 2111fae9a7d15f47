import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * GET /api/products/{id}: the product with its gallery and latest reviews. The API answers 404 with
 * 'Product not found.' for an unknown id and 'Product is not available.' for an inactive product.
 */
export function getProduct(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/products/${encodeURIComponent(id)}`, {
    schema: responseSchemas.product,
    signal,
  });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, { signal }),
  });
}

export function useProduct(id: string, { enabled = true } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
