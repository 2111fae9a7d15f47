import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * GET /api/stats/sales?days=N: per day of the shop's clock, oldest first, empty days included, the orders
 * placed and (admins only) `revenue`: the total sales of the documents dated that day (invoices less credit notes).
 */
export function getSales(days: number, signal?: AbortSignal) {
  return api.get("/stats/sales", {
    schema: responseSchemas.salesDays,
    query: { days },
    signal,
    defaultMessage: errors.somethingWentWrong,
  });
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
