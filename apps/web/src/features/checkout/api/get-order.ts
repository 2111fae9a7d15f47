import { errors } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { accountKeys } from "../../../lib/query-keys";

/** GET /api/orders/current-user/{id}: one of the shopper's own orders (another's answers 404). */
export function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<OrderDto>(`/orders/current-user/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: errors.orderOrPayment,
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
