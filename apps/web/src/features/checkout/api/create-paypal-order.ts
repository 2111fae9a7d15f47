import { errors } from "@shop/shared/messages";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/payments/paypal/orders: the server creates the PayPal order for its own total. */
export function createPaypalOrder(orderId: string) {
  return api.post(
    "/payments/paypal/orders",
    { order: orderId },
    { schema: responseSchemas.paypalOrder, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/**
 * PayPal's buttons report every failure of theirs with one toast under this id; a failure of ours
 * inside them (this call) is reported by the call and not told twice.
 */
export const PAYPAL_ERROR_TOAST = "paypal-error";

export function useCreatePaypalOrder() {
  return useMutation({
    mutationFn: createPaypalOrder,
    onError: (error) => toast.error(errorMessage(error), { toastId: PAYPAL_ERROR_TOAST }),
  });
}
