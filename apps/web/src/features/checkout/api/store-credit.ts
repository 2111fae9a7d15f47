import { errors, storeCreditApi, storeCreditPay } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

const orderPath = (orderId: string) => `/orders/current-user/${encodeURIComponent(orderId)}/store-credit`;

/** POST /api/payments with store credit: pays all that is left of the order (409 when the credit does not cover it). */
export function payWithStoreCredit(orderId: string) {
  return api.post(
    "/payments",
    { order: orderId, paymentGateway: "store_credit" },
    { schema: responseSchemas.payment, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/** PUT .../store-credit: all of the shopper's credit applied to part of the order; the rest is paid online. */
export function applyStoreCredit(orderId: string) {
  return api.put(orderPath(orderId), undefined, {
    schema: responseSchemas.storeCreditApplied,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

/** DELETE .../store-credit: the credit taken off the unpaid order, back to the balance. */
export function removeStoreCredit(orderId: string) {
  return api.delete(orderPath(orderId), { defaultMessage: errors.tryAgainLaterEllipsis });
}

const ACTIONS = {
  pay: { call: payWithStoreCredit, done: storeCreditPay.paidAll },
  apply: { call: applyStoreCredit, done: storeCreditApi.applied },
  remove: { call: removeStoreCredit, done: storeCreditApi.removed },
} as const;

/** The pay page's store credit actions; each changes the order, its options and the balance on the server. */
export function useStoreCreditAction(action: keyof typeof ACTIONS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => {
      await ACTIONS[action].call(orderId);
    },
    onSuccess: () => toast.success(ACTIONS[action].done),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
        queryClient.invalidateQueries({ queryKey: accountKeys.storeCredit }),
      ]),
  });
}
