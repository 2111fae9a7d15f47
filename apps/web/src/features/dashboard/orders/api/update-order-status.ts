import type { OrderStatus } from "@shop/shared/constants";
import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/orders/{orderId}/update: the server refuses a transition ORDER_TRANSITIONS forbids, with its reason. */
export function updateOrderStatus(orderId: string, status: OrderStatus) {
  return api.patch(
    `/orders/${encodeURIComponent(orderId)}/update`,
    { orderId, status },
    {
      schema: responseSchemas.order,
      defaultMessage: errors.tryAgainLaterEllipsis,
    },
  );
}

export function useUpdateOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => updateOrderStatus(orderId, status),
    onSuccess: async (order) => {
      toast.success(successes.orderStatus(order.status));
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // Every order list and the Home tiles and chart.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
