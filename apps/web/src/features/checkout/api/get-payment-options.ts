import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * GET /api/orders/current-user/{id}/payment-options: what the server offers for this order now, cash
 * on delivery or why not, and what paying online saves (the owner's rules are not public).
 */
export function getPaymentOptions(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/orders/current-user/${encodeURIComponent(orderId)}/payment-options`, {
    schema: responseSchemas.paymentOptions,
    signal,
  });
}

export function paymentOptionsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: accountKeys.paymentOptions(orderId),
    queryFn: ({ signal }) => getPaymentOptions(orderId, { signal }),
    // The owner's rules and the order change on the server: ask again whenever the page opens.
    staleTime: 0,
  });
}

/** The pay page's options of an order while it can be paid (`enabled`: false once it cannot). */
export function usePaymentOptions(orderId: string, enabled = true) {
  return useQuery({ ...paymentOptionsQueryOptions(orderId), enabled });
}
