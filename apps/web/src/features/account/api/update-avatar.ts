import { accountNotes, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { currentUserQueryOptions } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { PROFILE_UPDATED_TOAST } from "./update-profile";

/** PATCH /api/users/current-user/avatar: the picture as the multipart field `avatar`. */
export function updateAvatar(file: File) {
  const body = new FormData();
  body.append("avatar", file);
  return api.patch("/users/current-user/avatar", body, {
    schema: responseSchemas.user,
    defaultMessage: errors.tryAgainEllipsis,
  });
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      useSession.getState().setUser(user);
      toast.success(accountNotes.profileUpdated, { toastId: PROFILE_UPDATED_TOAST });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
