import { errors } from "@shop/shared/messages";
import type { LoginInput } from "@shop/shared/schemas/auth";
import type { UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { startSession } from "../../../lib/current-user";

/** POST /api/auth/login: the server sets the session cookie and answers with the user. */
export function login(input: LoginInput) {
  return api.post<UserDto>("/auth/login", input, {
    // SPEC section 8: bad credentials have their own message; anything else the login default.
    defaultMessage: (status) => (status === 401 ? errors.badCredentials : errors.login),
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
