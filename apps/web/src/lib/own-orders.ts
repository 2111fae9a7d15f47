/**
 * One of the signed-in shopper's own orders (GET /api/orders/current-user/{id}) and its cancellation
 * (PATCH /api/orders/{id}/cancel), shared by the pay page (checkout) and the order page (account).
 */
import { api as apiMessages, errors } from "@shop/shared/messages";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "./api";
import { accountKeys } from "./query-keys";
import { responseSchemas } from "./response-schemas";
import { toast } from "./toast";

/** GET /api/orders/current-user/{id}: one of the shopper's own orders (another's answers 404). */
export function getOrder(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/orders/current-user/${encodeURIComponent(id)}`, {
    schema: responseSchemas.order,
    signal,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: accountKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, { signal }),
    // The order changes on the server (payment, status, expiry): look again whenever the page opens.
    staleTime: 0,
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** PATCH /api/orders/{id}/cancel: the owner cancels a pending order; its stock comes back. */
export function cancelOrder(id: string) {
  return api.patch(`/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    schema: responseSchemas.order,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      toast.success(apiMessages.orderCancelled);
      queryClient.setQueryData(accountKeys.order(order._id), order);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
