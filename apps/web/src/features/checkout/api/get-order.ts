import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/orders/current-user/{id}: one of the shopper's own orders (another's answers 404). */
export function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/orders/current-user/${encodeURIComponent(id)}`, {
    schema: responseSchemas.order,
    signal,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: accountKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, { signal }),
    // The order changes on the server (payment, status, expiry): look again whenever the page opens.
    staleTime: 0,
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
