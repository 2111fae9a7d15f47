import { api as apiMessages, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/payments with cash on delivery: a pending payment, the order to Ready to Ship with the
 * fee added. 400 when the shop does not offer it, 409 past its limit or for an order no longer payable.
 */
export function payOnDelivery(orderId: string) {
  return api.post(
    "/payments",
    { order: orderId, paymentGateway: "cod" },
    { schema: responseSchemas.payment, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function usePayOnDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOnDelivery,
    onSuccess: () => toast.success(apiMessages.codChosen),
    onError: (error) => toast.error(errorMessage(error)),
    // Chosen or refused: the order on the server tells what to show next.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
