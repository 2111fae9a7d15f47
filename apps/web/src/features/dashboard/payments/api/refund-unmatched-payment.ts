import { errors, unmatchedPayments } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/payments/unmatched/{id}/refund (admin): a payment held for review refunded in full through its provider. */
export function refundUnmatchedPayment(id: string) {
  return api.post(`/payments/unmatched/${encodeURIComponent(id)}/refund`, undefined, {
    schema: responseSchemas.unmatchedPayment,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useRefundUnmatchedPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundUnmatchedPayment,
    onSuccess: async () => {
      toast.success(unmatchedPayments.refundStarted);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.unmatchedPayments });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
