import { errors, formErrors } from "@shop/shared/messages";
import type { RegisterInput } from "@shop/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "#web/lib/api";
import { startSession } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/auth/register: creates a shopper account and signs it in (201 with the user). */
export function register(input: RegisterInput) {
  return api.post("/auth/register", input, {
    schema: responseSchemas.user,
    defaultMessage: errors.register,
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => startSession(queryClient, user),
    // SPEC section 8: a refused form has its own message; anything else the server's.
    onError: (error) =>
      toast.error(
        !isApiError(error) ? errors.register : error.status === 400 ? formErrors.register : error.message,
      ),
  });
}
