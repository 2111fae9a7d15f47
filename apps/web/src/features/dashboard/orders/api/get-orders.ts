import type { OrderStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import type { OrderSummaryDto } from "@shop/shared/schemas/order";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import type { ListParams } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

/** GET /api/orders, or GET /api/orders/status/{status}: a page of orders, newest first. */
export function getOrders(status: OrderStatus | "all", params: ListParams, signal?: AbortSignal) {
  const path = status === "all" ? "/orders" : `/orders/status/${status}`;
  return api.list<OrderSummaryDto>(path, { query: { ...params }, signal, defaultMessage: errors.list });
}

export function ordersQueryOptions(status: OrderStatus | "all", params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.orderList(status, params),
    queryFn: ({ signal }) => getOrders(status, params, signal),
  });
}

export function useOrders(status: OrderStatus | "all", params: ListParams) {
  return useQuery({ ...ordersQueryOptions(status, params), placeholderData: keepPreviousData });
}
