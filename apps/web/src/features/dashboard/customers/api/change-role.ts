import type { Role } from "@shop/shared/constants";
import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";
import { replaceUser } from "./replace-user";

/** PATCH /api/users/{userId} (admin): nobody changes their own role. */
export function changeRole(userId: string, role: Role) {
  return api.patch(
    `/users/${encodeURIComponent(userId)}`,
    { userId, role },
    {
      schema: responseSchemas.user,
      defaultMessage: errors.unknownError,
    },
  );
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeRole(userId, role),
    onSuccess: (user) => {
      toast.success(successes.roleChanged(user.role));
      replaceUser(queryClient, user);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
