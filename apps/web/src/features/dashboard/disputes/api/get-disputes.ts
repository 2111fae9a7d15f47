import type { DisputeState } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/disputes?state= (staff): newest first, in the states given (all when none). */
export function getDisputes(states: readonly DisputeState[], signal?: AbortSignal) {
  return api.get("/disputes", {
    schema: responseSchemas.disputeList,
    query: states.length > 0 ? { state: states.join(",") } : {},
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function disputesQueryOptions(states: readonly DisputeState[]) {
  return queryOptions({
    queryKey: dashboardKeys.disputeList(states.join(",")),
    queryFn: ({ signal }) => getDisputes(states, signal),
  });
}

export function useDisputes(states: readonly DisputeState[]) {
  return useQuery(disputesQueryOptions(states));
}
