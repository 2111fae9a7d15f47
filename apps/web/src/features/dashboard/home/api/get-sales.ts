import { errors } from "@shop/shared/messages";
import type { SalesDayDto } from "@shop/shared/schemas/stats";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";

/** GET /api/stats/sales?days=N: orders and revenue per UTC day, oldest first, empty days included. */
export function getSales(days: number, signal?: AbortSignal) {
  return api.get<SalesDayDto[]>("/stats/sales", { query: { days }, signal, defaultMessage: errors.page });
}

export function salesQueryOptions(days: number) {
  return queryOptions({
    queryKey: dashboardKeys.sales(days),
    queryFn: ({ signal }) => getSales(days, signal),
  });
}

export function useSales(days: number) {
  return useQuery(salesQueryOptions(days));
}
