import { api as apiMessages, errors } from "@shop/shared/messages";
import type { RefundInput } from "@shop/shared/schemas/refund";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders/{orderId}/refunds (admin): the provider refunds first, then the shop records it;
 * the same key makes a retried click safe. Answers the order with the refund on its payment, or,
 * 202 (`pending`), the order as it was: the provider (Razorpay) pays it out later, and the shop
 * records it then.
 */
export async function refundOrder(orderId: string, input: RefundInput, idempotencyKey: string) {
  const { data, status } = await api.postWithStatus(`/orders/${encodeURIComponent(orderId)}/refunds`, input, {
    schema: responseSchemas.order,
    headers: { "Idempotency-Key": idempotencyKey },
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
  return { order: data, pending: status === 202 };
}

/** A pending refund is said by the dialog, which stays open to say it; a recorded one by a toast. */
export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RefundInput; idempotencyKey: string }) =>
      refundOrder(orderId, input, idempotencyKey),
    onSuccess: async ({ order, pending }) => {
      if (!pending) toast.success(apiMessages.refundRecorded);
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // The lists show the partly refunded amount and the status; the Home tiles count refunds.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
