import { accountNotes, errors } from "@shop/shared/messages";
import type { CloseAccountInput } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, errorMessage } from "#web/lib/api";
import { endSession } from "#web/lib/current-user";
import { toast } from "#web/lib/toast";

/** DELETE /api/users/current-user with the current password: closes the account and ends its sessions. */
export function closeAccount(input: CloseAccountInput) {
  return api.delete("/users/current-user", { body: input, defaultMessage: errors.tryAgainLater });
}

/**
 * Closes the account: once the server has, the browser forgets everything of the user (as on
 * logout) and the shopper lands on the home page. A wrong password is put under its field by the
 * dialog; the toast says why whatever the field.
 */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: async () => {
      toast.success(accountNotes.accountClosed);
      endSession(queryClient, "/");
      await navigate("/", { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
