import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/settings (staff): every section of the shop's settings as it applies now. */
export function getSettings(signal?: AbortSignal) {
  return api.get("/settings", {
    schema: responseSchemas.settings,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.currentSettings(),
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
