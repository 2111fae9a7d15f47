import { errors } from "@shop/shared/messages";
import type { OrderInput } from "@shop/shared/schemas/order";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders: the server prices the lines from its database, takes the stock and creates the
 * order as pending. 409 names a product that is short or withdrawn; with the same key, a retry
 * returns the order the first attempt placed.
 */
export function placeOrder(input: OrderInput, idempotencyKey: string) {
  return api.post("/orders", input, {
    schema: responseSchemas.order,
    headers: { "Idempotency-Key": idempotencyKey },
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) =>
      placeOrder(input, idempotencyKey),
    onSuccess: (order) => {
      queryClient.setQueryData(accountKeys.order(order._id), order);
      return queryClient.invalidateQueries({ queryKey: accountKeys.orderLists });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
