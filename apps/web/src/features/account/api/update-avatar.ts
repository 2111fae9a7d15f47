import { errors } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { currentUserQueryOptions } from "../../../lib/current-user";
import { useSession } from "../../../lib/session";

/** PATCH /api/users/current-user/avatar: the picture as the multipart field `avatar`. */
export function updateAvatar(file: File) {
  const body = new FormData();
  body.append("avatar", file);
  return api.patch<UserDto>("/users/current-user/avatar", body, {
    defaultMessage: errors.addressDeleteOrAvatar,
  });
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      useSession.getState().setUser(user);
    },
  });
}
