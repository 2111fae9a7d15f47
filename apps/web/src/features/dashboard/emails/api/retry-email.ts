import { api as apiMessages, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/emails/{id}/retry (admin): a failed message goes back in the queue, as a new first attempt. */
export function retryEmail(id: string) {
  return api.post(`/emails/${encodeURIComponent(id)}/retry`, undefined, {
    schema: responseSchemas.email,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: (email) => {
      queryClient.setQueryData(dashboardKeys.email(email._id), email);
      toast.success(apiMessages.emailRequeued);
    },
    onError: (error) => toast.error(errorMessage(error)),
    // The lists, the message and the home's count of failed messages all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.emails }),
  });
}
