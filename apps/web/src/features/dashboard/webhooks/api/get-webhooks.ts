import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/webhooks (admin): the endpoints, newest first, without their secrets. */
export function getWebhooks(params: ListParams, signal?: AbortSignal) {
  return api.list("/webhooks", {
    schema: responseSchemas.webhookEndpoint,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function webhooksQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.webhookList(params),
    queryFn: ({ signal }) => getWebhooks(params, signal),
  });
}

export function useWebhooks(params: ListParams) {
  return useQuery({ ...webhooksQueryOptions(params), placeholderData: keepPreviousData });
}
