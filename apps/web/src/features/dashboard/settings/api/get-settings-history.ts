import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

interface HistoryParams {
  page: number;
  size: number;
}

/** GET /api/settings/history (admin): every change of the settings, who made it and when, newest first. */
export function getSettingsHistory(params: HistoryParams, signal?: AbortSignal) {
  return api.list("/settings/history", {
    schema: responseSchemas.settingsChange,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function settingsHistoryQueryOptions(params: HistoryParams) {
  return queryOptions({
    queryKey: dashboardKeys.settingsHistoryPage(params),
    queryFn: ({ signal }) => getSettingsHistory(params, signal),
  });
}

export function useSettingsHistory(params: HistoryParams) {
  return useQuery({ ...settingsHistoryQueryOptions(params), placeholderData: keepPreviousData });
}
