import type { PaymentStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import type { ListParams } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

/** GET /api/payments, or GET /api/payments/status/{status} (admin). */
export function getPayments(status: PaymentStatus | "all", params: ListParams, signal?: AbortSignal) {
  const path = status === "all" ? "/payments" : `/payments/status/${status}`;
  return api.list<PaymentDto>(path, { query: { ...params }, signal, defaultMessage: errors.list });
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
