import { errors } from "@shop/shared/messages";
import type { DashboardStatsDto } from "@shop/shared/schemas/stats";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";

/** GET /api/users/admin: the Home tiles as a key/value map (revenue and customers for admins only). */
export function getStats(signal?: AbortSignal) {
  return api.get<DashboardStatsDto>("/users/admin", { signal, defaultMessage: errors.page });
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: ({ signal }) => getStats(signal) });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
