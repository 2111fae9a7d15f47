import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/discounts/{id} (staff): one code with its uses, and the paid orders that used it and their revenue. */
export function getDiscount(id: string, signal?: AbortSignal) {
  return api.get(`/discounts/${encodeURIComponent(id)}`, {
    schema: responseSchemas.discountDetail,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function discountQueryOptions(id: string) {
  return queryOptions({
    queryKey: dashboardKeys.discount(id),
    queryFn: ({ signal }) => getDiscount(id, signal),
  });
}

export function useDiscount(id: string | undefined) {
  return useQuery({ ...discountQueryOptions(id ?? ""), enabled: Boolean(id), retry: false });
}
