import { customerPage, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";

/** DELETE /api/users/{userId}/cod-bar (admin): the customer is offered cash on delivery again. */
export function liftCodBar(userId: string) {
  return api.delete(`/users/${encodeURIComponent(userId)}/cod-bar`, { defaultMessage: errors.tryAgain });
}

export function useLiftCodBar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => liftCodBar(userId),
    onSuccess: () => {
      toast.success(customerPage.codBarLifted);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.customer(userId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
