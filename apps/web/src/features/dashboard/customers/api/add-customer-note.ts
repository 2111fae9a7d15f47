import { customerPage, errors } from "@shop/shared/messages";
import type { CustomerNoteInput } from "@shop/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/users/{userId}/notes (admin): appends a staff note; answers the note. */
export function addCustomerNote(userId: string, input: CustomerNoteInput) {
  return api.post(`/users/${encodeURIComponent(userId)}/notes`, input, {
    schema: responseSchemas.customerNote,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useAddCustomerNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerNoteInput) => addCustomerNote(userId, input),
    onSuccess: () => {
      toast.success(customerPage.noteAdded);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.customer(userId) });
    },
  });
}
