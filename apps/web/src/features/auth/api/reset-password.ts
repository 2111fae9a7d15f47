import { api as apiMessages, errors } from "@shop/shared/messages";
import type { ResetPasswordInput } from "@shop/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "#web/lib/api";
import { startSession } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/auth/reset-password: sets the new password with the link's token; the server ends every
 * session of the account and signs the caller in (the answer is the user, the cookie is set).
 */
export function resetPassword(input: ResetPasswordInput) {
  return api.post("/auth/reset-password", input, {
    schema: responseSchemas.user,
    defaultMessage: errors.tryAgainLater,
  });
}

/** The link's token was refused: unknown, used or expired (the page then offers a new link). */
export function isInvalidResetLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && "token" in error.errors;
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast.success(apiMessages.passwordReset);
    },
  });
}
