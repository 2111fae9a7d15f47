import { api as apiMessages, errors } from "@shop/shared/messages";
import type { RefundInput } from "@shop/shared/schemas/refund";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { attemptKey, doneAttempt } from "#web/lib/idempotency";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders/{orderId}/refunds (admin): the provider refunds first, then the shop records it;
 * the same key makes a retried click safe. Answers the order with the refund on its payment, or,
 * 202 (`pending`), the order as it was: the provider (Razorpay) pays it out later, or its answer was
 * unclear and the shop is checking with it (the server's `message` says which); it is recorded then.
 */
export async function refundOrder(orderId: string, input: RefundInput, idempotencyKey: string) {
  const { data, status, message } = await api.postWithStatus(
    `/orders/${encodeURIComponent(orderId)}/refunds`,
    input,
    {
      schema: responseSchemas.order,
      headers: { "Idempotency-Key": idempotencyKey },
      defaultMessage: errors.tryAgainLaterEllipsis,
    },
  );
  return { order: data, pending: status === 202, message };
}

/**
 * A refund attempt's key is kept under `scope` (the order, and the button or the status that opened
 * the dialog) until it succeeds: a retry of the same refund after a failure, even from the dialog
 * opened again, sends the same key, so the server answers the first instead of refunding twice; a
 * changed amount, lines or destination is another refund with a new key. A pending refund (202) is
 * not done: its key stays, so that trying again answers it.
 * A pending refund is said by the dialog, which stays open to say it; a recorded one by a toast.
 */
export function useRefundOrder(orderId: string, scope: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RefundInput) => {
      const answer = await refundOrder(orderId, input, attemptKey(scope, input));
      if (!answer.pending) doneAttempt(scope);
      return answer;
    },
    onSuccess: async ({ order, pending }) => {
      if (!pending) toast.success(apiMessages.refundRecorded);
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // The lists show the partly refunded amount and the status; the Home tiles count refunds.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
