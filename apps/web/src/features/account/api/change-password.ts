import { errors } from "@shop/shared/messages";
import type { ChangePasswordInput } from "@shop/shared/schemas/user";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** PATCH /api/users/current-user/password: every other session of the user ends. */
export function changePassword(input: ChangePasswordInput) {
  return api.patch<null>("/users/current-user/password", input, {
    defaultMessage: errors.profileAddressPassword,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
