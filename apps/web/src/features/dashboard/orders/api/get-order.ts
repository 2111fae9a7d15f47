import { errors } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";

/** GET /api/orders/{id} (staff). */
export function getOrder(id: string, signal?: AbortSignal) {
  return api.get<OrderDto>(`/orders/${encodeURIComponent(id)}`, {
    signal,
    defaultMessage: errors.orderNotFound,
  });
}

export function orderQueryOptions(id: string) {
  return queryOptions({ queryKey: dashboardKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) });
}

export function useOrder(id: string) {
  return useQuery({ ...orderQueryOptions(id), retry: false });
}
