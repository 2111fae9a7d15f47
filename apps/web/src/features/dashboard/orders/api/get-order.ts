import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/orders/{id} (staff). */
export function getOrder(id: string, signal?: AbortSignal) {
  return api.get(`/orders/${encodeURIComponent(id)}`, {
    schema: responseSchemas.order,
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
