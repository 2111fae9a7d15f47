import { errors } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import type { ListParams } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

export type CustomerListKind = "all" | "inactive";

/** GET /api/users/customers (admin): every account, or only the inactive ones (status=false). */
export function getCustomers(kind: CustomerListKind, params: ListParams, signal?: AbortSignal) {
  return api.list<UserDto>("/users/customers", {
    query: { ...params, status: kind === "inactive" ? "false" : undefined },
    signal,
    defaultMessage: errors.dashboardList,
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
