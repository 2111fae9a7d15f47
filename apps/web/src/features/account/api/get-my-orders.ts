import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

interface Paging {
  page: number;
  size: number;
}

/** GET /api/orders/current-user: a page of the shopper's own orders, newest first. */
export function getMyOrders(params: Paging, { signal }: { signal?: AbortSignal } = {}) {
  return api.list("/orders/current-user", {
    schema: responseSchemas.orderSummary,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function myOrdersQueryOptions(params: Paging) {
  return queryOptions({
    queryKey: accountKeys.orderList(params),
    queryFn: ({ signal }) => getMyOrders(params, { signal }),
    // Statuses move on the server (paid, shipped, expired): look again whenever the profile opens.
    staleTime: 0,
  });
}

export function useMyOrders(params: Paging) {
  return useQuery({ ...myOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
