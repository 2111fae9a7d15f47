import type { PaymentStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/payments, or GET /api/payments/status/{status} (admin). */
export function getPayments(status: PaymentStatus | "all", params: ListParams, signal?: AbortSignal) {
  const path = status === "all" ? "/payments" : `/payments/status/${status}`;
  return api.list(path, {
    schema: responseSchemas.payment,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function paymentsQueryOptions(status: PaymentStatus | "all", params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.paymentList(status, params),
    queryFn: ({ signal }) => getPayments(status, params, signal),
  });
}

export function usePayments(status: PaymentStatus | "all", params: ListParams) {
  return useQuery({ ...paymentsQueryOptions(status, params), placeholderData: keepPreviousData });
}
