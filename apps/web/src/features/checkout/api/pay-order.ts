import { errors, successes } from "@shop/shared/messages";
import type { PaymentInput } from "@shop/shared/schemas/payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage, isApiError } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/payments: a test card, or the capture of an approved PayPal order. 402 is a decline
 * (the order stays payable); 409 means the order is already paid or no longer payable.
 */
export function payOrder(input: PaymentInput) {
  return api.post("/payments", input, {
    schema: responseSchemas.payment,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: () => toast.success(successes.orderPaid),
    // A decline says why, whatever the provider's own wording (the API answers 402 for it).
    onError: (error) =>
      toast.error(isApiError(error) && error.status === 402 ? errors.cardDeclined : errorMessage(error)),
    // Paid, declined or refused: the order on the server tells what to show next.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
