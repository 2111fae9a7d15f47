import { errors, webhookWords } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver (admin): the same body and webhook-id, now. */
export function redeliverWebhook({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  return api.post(
    `/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    undefined,
    { schema: responseSchemas.webhookDelivery, defaultMessage: errors.tryAgainLater },
  );
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: () => toast.success(webhookWords.redeliveryQueued),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.webhooks }),
  });
}
