import { api as apiMessages, successes } from "@shop/shared/messages";
import type { PaymentInput } from "@shop/shared/schemas/payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage, isApiError } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { toast } from "#web/lib/toast";
import { payOrder } from "./pay-order";

type RazorpayResult = Extract<PaymentInput, { paymentGateway: "razorpay" }>;

/** Whether a refusal says the order is paid already: the webhook (or an earlier send) recorded it first. */
function paidAlready(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === apiMessages.alreadyPaid;
}

/**
 * POST /api/payments with what Razorpay Checkout handed back: the server checks its signature, reads
 * the payment from Razorpay and captures it. A 409 "already paid" is the same payment recorded by
 * the webhook first: the shopper paid, and hears so.
 */
export function usePayWithRazorpay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: Omit<RazorpayResult, "paymentGateway">) =>
      payOrder({ ...result, paymentGateway: "razorpay" }),
    onSuccess: () => toast.success(successes.orderPaid),
    onError: (error) => {
      if (paidAlready(error)) toast.success(successes.orderPaid);
      else toast.error(errorMessage(error));
    },
    // Paid, refused or recorded already: the order on the server tells what to show next.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
