import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/payments/paypal: which provider takes payments (PayPal, or the offline test gateway). */
export function getPaymentProvider({ signal }: { signal?: AbortSignal } = {}) {
  return api.get("/payments/paypal", {
    schema: responseSchemas.paymentProvider,
    signal,
  });
}

export function paymentProviderQueryOptions() {
  return queryOptions({
    queryKey: ["payment-provider"],
    queryFn: ({ signal }) => getPaymentProvider({ signal }),
    // It changes only when the server restarts with other settings.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePaymentProvider() {
  return useQuery(paymentProviderQueryOptions());
}
