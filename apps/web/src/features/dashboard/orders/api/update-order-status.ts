import type { OrderStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";

/** PATCH /api/orders/{orderId}/update: the server refuses a transition ORDER_TRANSITIONS forbids, with its reason. */
export function updateOrderStatus(orderId: string, status: OrderStatus) {
  return api.patch<OrderDto>(
    `/orders/${encodeURIComponent(orderId)}/update`,
    { orderId, status },
    { defaultMessage: errors.orderStatus },
  );
}

export function useUpdateOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => updateOrderStatus(orderId, status),
    onSuccess: async (order) => {
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // Every order list and the Home tiles and chart.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
