import type { Role } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { replaceUser } from "./replace-user";

/** PATCH /api/users/{userId} (admin): nobody changes their own role. */
export function changeRole(userId: string, role: Role) {
  return api.patch<UserDto>(
    `/users/${encodeURIComponent(userId)}`,
    { userId, role },
    { defaultMessage: errors.dialog },
  );
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeRole(userId, role),
    onSuccess: (user) => replaceUser(queryClient, user),
  });
}
