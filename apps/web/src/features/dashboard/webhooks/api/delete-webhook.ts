import { errors, webhookWords } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";

/** DELETE /api/webhooks/{id} (admin): the endpoint and its deliveries. */
export function deleteWebhook(id: string) {
  return api.delete(`/webhooks/${encodeURIComponent(id)}`, { defaultMessage: errors.tryAgainLater });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => toast.success(webhookWords.deleted),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.webhooks }),
  });
}
