import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";
import { replaceUser } from "./replace-user";

/** PATCH /api/users/user/{id}/status: flips the active flag; a deactivated user is signed out everywhere. */
export function toggleCustomerStatus(userId: string) {
  return api.patch(`/users/user/${encodeURIComponent(userId)}/status`, undefined, {
    schema: responseSchemas.user,
    defaultMessage: errors.customerStatus,
  });
}

export function useToggleCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCustomerStatus,
    // The row shows the returned status at once (SPEC section 4); the lists are fetched again after.
    onSuccess: (user) => {
      toast.success(successes.userUpdated);
      replaceUser(queryClient, user);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.customers });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
