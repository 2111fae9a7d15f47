import { api as apiMessages, errors } from "@shop/shared/messages";
import type { RefundInput } from "@shop/shared/schemas/refund";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders/{orderId}/refunds (admin): the provider refunds first, then the shop records it;
 * the same key makes a retried click safe. Answers the order with the refund on its payment.
 */
export function refundOrder(orderId: string, input: RefundInput, idempotencyKey: string) {
  return api.post(`/orders/${encodeURIComponent(orderId)}/refunds`, input, {
    schema: responseSchemas.order,
    headers: { "Idempotency-Key": idempotencyKey },
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RefundInput; idempotencyKey: string }) =>
      refundOrder(orderId, input, idempotencyKey),
    onSuccess: async (order) => {
      toast.success(apiMessages.refundRecorded);
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // The lists show the partly refunded amount and the status; the Home tiles count refunds.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
