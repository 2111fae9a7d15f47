import type { Fulfilment, OrderStatus, PaymentState } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** A page of orders, narrowed to the days from `from` to `to` (YYYY-MM-DD, both included). */
export interface OrderListParams extends ListParams {
  from?: string | undefined;
  to?: string | undefined;
  /** The payment's state (PAYMENT_STATES). */
  payment?: PaymentState | undefined;
  /** How far the goods have gone (FULFILMENT_STATES): `partially_shipped` for parcels out and units left. */
  fulfilment?: Fulfilment | undefined;
}

/** GET /api/orders, or GET /api/orders/status/{status}: a page of orders, newest first. */
export function getOrders(status: OrderStatus | "all", params: OrderListParams, signal?: AbortSignal) {
  const path = status === "all" ? "/orders" : `/orders/status/${status}`;
  return api.list(path, {
    schema: responseSchemas.orderSummary,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function ordersQueryOptions(status: OrderStatus | "all", params: OrderListParams) {
  return queryOptions({
    queryKey: dashboardKeys.orderList(status, params),
    queryFn: ({ signal }) => getOrders(status, params, signal),
  });
}

export function useOrders(status: OrderStatus | "all", params: OrderListParams) {
  return useQuery({ ...ordersQueryOptions(status, params), placeholderData: keepPreviousData });
}
