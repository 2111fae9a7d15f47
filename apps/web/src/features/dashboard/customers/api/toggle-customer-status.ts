import { errors } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";
import { replaceUser } from "./replace-user";

/** PATCH /api/users/user/{id}/status: flips the active flag; a deactivated user is signed out everywhere. */
export function toggleCustomerStatus(userId: string) {
  return api.patch<UserDto>(`/users/user/${encodeURIComponent(userId)}/status`, undefined, {
    defaultMessage: errors.customerStatus,
  });
}

export function useToggleCustomerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCustomerStatus,
    // The row shows the returned status at once (SPEC section 4); the lists are fetched again after.
    onSuccess: (user) => {
      replaceUser(queryClient, user);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.customers });
    },
  });
}
