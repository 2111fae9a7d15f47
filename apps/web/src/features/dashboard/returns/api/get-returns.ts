import type { ReturnStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/returns (staff): newest first; `status` narrows it to one status. */
export function getReturns(status: ReturnStatus | "all", params: ListParams, signal?: AbortSignal) {
  return api.list("/returns", {
    schema: responseSchemas.returnDto,
    query: { page: params.page, size: params.size, status: status === "all" ? undefined : status },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function returnsQueryOptions(status: ReturnStatus | "all", params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.returnList(status, params),
    queryFn: ({ signal }) => getReturns(status, params, signal),
  });
}

export function useReturns(status: ReturnStatus | "all", params: ListParams) {
  return useQuery({ ...returnsQueryOptions(status, params), placeholderData: keepPreviousData });
}
