import { errors, successes } from "@shop/shared/messages";
import type { OrderNoteInput } from "@shop/shared/schemas/order";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/orders/{orderId}/notes (staff): answers the order with the note at the end of its history. */
export function addOrderNote(orderId: string, input: OrderNoteInput) {
  return api.post(`/orders/${encodeURIComponent(orderId)}/notes`, input, {
    schema: responseSchemas.order,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderNoteInput) => addOrderNote(orderId, input),
    onSuccess: (order) => {
      toast.success(successes.orderNote);
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
    },
  });
}
