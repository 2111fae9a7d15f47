import { errors } from "@shop/shared/messages";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/payments/razorpay/orders: the server makes (or finds again) the Razorpay order for its own
 * total of the shopper's INR order; the amount comes back in paise for Checkout to show.
 */
export function createRazorpayOrder(orderId: string) {
  return api.post(
    "/payments/razorpay/orders",
    { order: orderId },
    { schema: responseSchemas.razorpayOrder, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function useCreateRazorpayOrder() {
  return useMutation({
    mutationFn: createRazorpayOrder,
    onError: (error) => toast.error(errorMessage(error)),
  });
}
