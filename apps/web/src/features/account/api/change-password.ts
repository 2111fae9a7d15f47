import { api as apiMessages, errors } from "@shop/shared/messages";
import type { ChangePasswordInput } from "@shop/shared/schemas/user";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";

/** PATCH /api/users/current-user/password: every other session of the user ends. */
export function changePassword(input: ChangePasswordInput) {
  return api.patch("/users/current-user/password", input, {
    defaultMessage: errors.tryAgainLater,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => toast.success(apiMessages.passwordChanged),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
