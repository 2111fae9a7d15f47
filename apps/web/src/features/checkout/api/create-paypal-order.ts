import { errors } from "@shop/shared/messages";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** POST /api/payments/paypal/orders: the server creates the PayPal order for its own total. */
export function createPaypalOrder(orderId: string) {
  return api.post<{ id: string }>(
    "/payments/paypal/orders",
    { order: orderId },
    {
      defaultMessage: errors.orderOrPayment,
    },
  );
}

export function useCreatePaypalOrder() {
  return useMutation({ mutationFn: createPaypalOrder });
}
