import { errors } from "@shop/shared/messages";
import type { LoginInput } from "@shop/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage, isTwoFactorRequired } from "#web/lib/api";
import { startSession } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/auth/login: the server sets the session cookie and answers with the user. */
export function login(input: LoginInput) {
  return api.post("/auth/login", input, {
    schema: responseSchemas.user,
    // SPEC section 8: bad credentials have their own message; anything else the login default.
    defaultMessage: (status) => (status === 401 ? errors.badCredentials : errors.login),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
    // The second step is asked for on the page itself, not told as a failure.
    onError: (error) => {
      if (!isTwoFactorRequired(error)) toast.error(errorMessage(error));
    },
  });
}
