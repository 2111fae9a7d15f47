import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * GET /api/users/admin: the Home tiles as a key/value map; `revenue` (total sales of all time), `refunds`
 * and `customers` for admins only.
 */
export function getStats(signal?: AbortSignal) {
  return api.get("/users/admin", {
    schema: responseSchemas.dashboardStats,
    signal,
    defaultMessage: errors.somethingWentWrong,
  });
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: ({ signal }) => getStats(signal) });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
