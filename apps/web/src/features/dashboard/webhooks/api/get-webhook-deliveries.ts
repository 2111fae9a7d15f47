import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

type Page = { page: number; size: number };

/** GET /api/webhooks/{id}/deliveries (admin): an endpoint's deliveries, newest first. */
export function getWebhookDeliveries(endpointId: string, params: Page, signal?: AbortSignal) {
  return api.list(`/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
    schema: responseSchemas.webhookDelivery,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function webhookDeliveriesQueryOptions(endpointId: string, params: Page) {
  return queryOptions({
    queryKey: dashboardKeys.webhookDeliveries(endpointId, params),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, params, signal),
    // A delivery waiting or being retried changes on its own: the list follows it while shown.
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === "pending") ? 3_000 : false,
  });
}

export function useWebhookDeliveries(endpointId: string, params: Page) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(endpointId, params),
    placeholderData: keepPreviousData,
  });
}
