import type { OrderStatus } from "@shop/shared/constants";
import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { attemptKey, doneAttempt } from "#web/lib/idempotency";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * PATCH /api/orders/{orderId}/update: the server refuses a transition ORDER_TRANSITIONS forbids, with
 * its reason. "refunded" moves money (each tender back to where it came from), so it carries an
 * Idempotency-Key: a retry answers the refund made. 202 (`pending`): the provider pays it out later,
 * or its answer is being checked; the server's message says which.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatus, idempotencyKey?: string) {
  const answer = await api.patchWithStatus(
    `/orders/${encodeURIComponent(orderId)}/update`,
    { orderId, status },
    {
      schema: responseSchemas.order,
      ...(idempotencyKey ? { headers: { "Idempotency-Key": idempotencyKey } } : {}),
      defaultMessage: errors.tryAgainLaterEllipsis,
    },
  );
  return { order: answer.data, pending: answer.status === 202, message: answer.message };
}

/** What the key of the status dialog's whole refund is kept under: its own, apart from the refund dialog's. */
export const wholeRefundScope = (orderId: string) => `order-refunded:${orderId}`;

export function useUpdateOrderStatus(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: OrderStatus) => {
      // NOTE: the same key until the refund succeeds: a retry after a failure or a timeout refunds once.
      const key = status === "refunded" ? attemptKey(wholeRefundScope(orderId), { status }) : undefined;
      const answer = await updateOrderStatus(orderId, status, key);
      if (key && !answer.pending) doneAttempt(wholeRefundScope(orderId));
      return answer;
    },
    onSuccess: async ({ order, pending, message }) => {
      if (pending) toast.warn(message);
      else toast.success(successes.orderStatus(order.status));
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // Every order list and the Home tiles and chart.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
