import { errors } from "@shop/shared/messages";
import type { ActivityKind } from "@shop/shared/schemas/activity";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** What narrows the log: a staff member's id, a kind, and the days from and to (both included). */
export interface ActivityFilters {
  actor?: string | undefined;
  kind?: ActivityKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/activity (admin): every staff write, newest first. */
export function getActivity(params: ListParams & ActivityFilters, signal?: AbortSignal) {
  return api.list("/activity", {
    schema: responseSchemas.activityEntry,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function activityQueryOptions(params: ListParams & ActivityFilters) {
  return queryOptions({
    queryKey: dashboardKeys.activityList({ ...params }),
    queryFn: ({ signal }) => getActivity(params, signal),
  });
}

export function useActivity(params: ListParams & ActivityFilters) {
  return useQuery({ ...activityQueryOptions(params), placeholderData: keepPreviousData });
}

/** GET /api/activity/actors (admin): everyone the log names, for the staff member filter. */
export function useActivityActors() {
  return useQuery({
    queryKey: dashboardKeys.activityActors(),
    queryFn: ({ signal }) =>
      api.get("/activity/actors", {
        schema: responseSchemas.activityActors,
        signal,
        defaultMessage: errors.tryReloading,
      }),
  });
}
