import { errors } from "@shop/shared/messages";
import type { UpdateProfileInput, UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { currentUserQueryOptions } from "../../../lib/current-user";
import { useSession } from "../../../lib/session";

/** PATCH /api/users/current-user: name and email (the server refuses anything else). */
export function updateProfile(input: UpdateProfileInput) {
  return api.patch<UserDto>("/users/current-user", input, { defaultMessage: errors.profileAddressPassword });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      useSession.getState().setUser(user);
    },
  });
}
