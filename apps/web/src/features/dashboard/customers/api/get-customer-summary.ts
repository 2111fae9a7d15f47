import { customerPage } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/users/{userId}/summary (admin): the account, addresses, orders with net spend, and notes. */
export function getCustomerSummary(userId: string, signal?: AbortSignal) {
  return api.get(`/users/${encodeURIComponent(userId)}/summary`, {
    schema: responseSchemas.customerSummary,
    signal,
    defaultMessage: customerPage.notFound,
  });
}

export function customerSummaryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.customer(userId),
    queryFn: ({ signal }) => getCustomerSummary(userId, signal),
  });
}

export function useCustomerSummary(userId: string) {
  return useQuery({ ...customerSummaryQueryOptions(userId), retry: false });
}
