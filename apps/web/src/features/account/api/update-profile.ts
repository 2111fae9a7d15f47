import { accountNotes, errors } from "@shop/shared/messages";
import type { UpdateProfileInput } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { currentUserQueryOptions } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";

/**
 * The edit-profile dialog saves the name and the picture in turn: one toast says both are saved
 * (a second toast with the same id is not shown while the first one is).
 */
export const PROFILE_UPDATED_TOAST = "profile-updated";

/** PATCH /api/users/current-user: name and email (the server refuses anything else). */
export function updateProfile(input: UpdateProfileInput) {
  return api.patch("/users/current-user", input, {
    schema: responseSchemas.user,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      useSession.getState().setUser(user);
      toast.success(accountNotes.profileUpdated, { toastId: PROFILE_UPDATED_TOAST });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
