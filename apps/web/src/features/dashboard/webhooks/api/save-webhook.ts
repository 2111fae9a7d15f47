import { errors, webhookWords } from "@shop/shared/messages";
import type { WebhookEndpointInput } from "@shop/shared/schemas/webhook";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/webhooks (admin): the answer carries the new endpoint's secret, shown this once. */
export function createWebhook(input: WebhookEndpointInput) {
  return api.post("/webhooks", input, {
    schema: responseSchemas.webhookEndpointWithSecret,
    defaultMessage: errors.tryAgainLater,
  });
}

/** PUT /api/webhooks/{id} (admin): the URL, events and switch; the secret stays. */
export function updateWebhook({ id, input }: { id: string; input: WebhookEndpointInput }) {
  return api.put(`/webhooks/${encodeURIComponent(id)}`, input, {
    schema: responseSchemas.webhookEndpoint,
    defaultMessage: errors.tryAgainLater,
  });
}

/** Field errors go to the form (its caller); the lists are read again once it is saved. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => toast.success(webhookWords.created),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.webhooks }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => toast.success(webhookWords.saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.webhooks }),
  });
}
