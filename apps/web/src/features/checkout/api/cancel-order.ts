import { api as apiMessages, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/orders/{id}/cancel: the owner cancels a pending order; its stock comes back. */
export function cancelOrder(id: string) {
  return api.patch(`/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    schema: responseSchemas.order,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      toast.success(apiMessages.orderCancelled);
      queryClient.setQueryData(accountKeys.order(order._id), order);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
