import { errors } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { accountKeys } from "../../../lib/query-keys";

/** PATCH /api/orders/{id}/cancel: the owner cancels a pending order; its stock comes back. */
export function cancelOrder(id: string) {
  return api.patch<OrderDto>(`/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    defaultMessage: errors.orderOrPayment,
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => queryClient.setQueryData(accountKeys.order(order._id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
