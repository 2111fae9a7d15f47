import type { PaymentProviderDto } from "@shop/shared/schemas/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** GET /api/payments/paypal: which provider takes payments (PayPal, or the offline test gateway). */
export function getPaymentProvider({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<PaymentProviderDto>("/payments/paypal", { signal });
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
