import { errors } from "@shop/shared/messages";
import type { RegisterInput } from "@shop/shared/schemas/auth";
import type { UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { startSession } from "../../../lib/current-user";

/** POST /api/auth/register: creates a shopper account and signs it in (201 with the user). */
export function register(input: RegisterInput) {
  return api.post<UserDto>("/auth/register", input, { defaultMessage: errors.register });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
