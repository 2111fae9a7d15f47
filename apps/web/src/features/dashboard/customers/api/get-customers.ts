import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

export type CustomerListKind = "all" | "inactive";

/** GET /api/users/customers (admin): every account, or only the inactive ones (status=false). */
export function getCustomers(kind: CustomerListKind, params: ListParams, signal?: AbortSignal) {
  return api.list("/users/customers", {
    schema: responseSchemas.user,
    query: { ...params, status: kind === "inactive" ? "false" : undefined },
    signal,
    defaultMessage: errors.tryReloadingEllipsis,
  });
}

export function customersQueryOptions(kind: CustomerListKind, params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.customerList(kind, params),
    queryFn: ({ signal }) => getCustomers(kind, params, signal),
  });
}

export function useCustomers(kind: CustomerListKind, params: ListParams) {
  return useQuery({ ...customersQueryOptions(kind, params), placeholderData: keepPreviousData });
}
