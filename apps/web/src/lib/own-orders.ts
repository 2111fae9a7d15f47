/**
 * One of the signed-in shopper's own orders (GET /api/orders/current-user/{id}), its cancellation
 * (PATCH /api/orders/{id}/cancel) and the confirmation of a cash on delivery order (POST
 * /api/orders/{id}/confirm-cod), shared by the pay page (checkout), the order page (account) and the
 * email link's page (storefront).
 */
import { api as apiMessages, codConfirmation, errors } from "@shop/shared/messages";
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

/**
 * POST /api/orders/{id}/confirm-cod: a cash on delivery order confirmed so that it ships, with the
 * email link's token (no sign-in needed) or as its signed-in shopper; confirmed again answers the same.
 */
export function confirmCod({ orderId, token }: { orderId: string; token?: string | undefined }) {
  return api.post(
    `/orders/${encodeURIComponent(orderId)}/confirm-cod`,
    token === undefined ? {} : { token },
    { schema: responseSchemas.codConfirmed, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/** The confirmation, with its toast; the shopper's orders are read again (the order's state changed). */
export function useConfirmCod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCod,
    onSuccess: () => toast.success(codConfirmation.confirmed),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders }),
  });
}
