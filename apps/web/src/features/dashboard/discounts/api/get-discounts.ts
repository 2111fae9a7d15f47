import type { DiscountStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/discounts (staff): the codes, newest first; `status` narrows them to one status at the time of asking. */
export function getDiscounts(status: DiscountStatus | "all", params: ListParams, signal?: AbortSignal) {
  return api.list("/discounts", {
    schema: responseSchemas.discount,
    query: { ...params, status: status === "all" ? undefined : status },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function discountsQueryOptions(status: DiscountStatus | "all", params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.discountList(status, params),
    queryFn: ({ signal }) => getDiscounts(status, params, signal),
  });
}

export function useDiscounts(status: DiscountStatus | "all", params: ListParams) {
  return useQuery({ ...discountsQueryOptions(status, params), placeholderData: keepPreviousData });
}
