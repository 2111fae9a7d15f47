import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/payments/razorpay: Checkout's public key id and its script's address; 404 without Razorpay. */
export function getRazorpayKey({ signal }: { signal?: AbortSignal } = {}) {
  return api.get("/payments/razorpay", { schema: responseSchemas.razorpayKey, signal });
}

export function razorpayKeyQueryOptions() {
  return queryOptions({
    queryKey: ["payment-provider", "razorpay"],
    queryFn: ({ signal }) => getRazorpayKey({ signal }),
    // It changes only when the server restarts with other settings.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRazorpayKey({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...razorpayKeyQueryOptions(), enabled });
}
