import { errors, webhookWords } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/webhooks/{id}/rotate-secret (admin): the new secret, shown this once. */
export function rotateWebhookSecret(id: string) {
  return api.post(`/webhooks/${encodeURIComponent(id)}/rotate-secret`, undefined, {
    schema: responseSchemas.webhookEndpointWithSecret,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => toast.success(webhookWords.rotated),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.webhooks }),
  });
}
