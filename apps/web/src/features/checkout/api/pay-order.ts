import { errors } from "@shop/shared/messages";
import type { PaymentDto, PaymentInput } from "@shop/shared/schemas/payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { accountKeys } from "../../../lib/query-keys";

/**
 * POST /api/payments: a test card, or the capture of an approved PayPal order. 402 is a decline
 * (the order stays payable); 409 means the order is already paid or no longer payable.
 */
export function payOrder(input: PaymentInput) {
  return api.post<PaymentDto>("/payments", input, { defaultMessage: errors.orderOrPayment });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // Paid, declined or refused: the order on the server tells what to show next.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
