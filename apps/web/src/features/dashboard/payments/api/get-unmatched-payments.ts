import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/payments/unmatched (admin): money a provider took that its order could not take. */
export function getUnmatchedPayments(signal?: AbortSignal) {
  return api.get("/payments/unmatched", {
    schema: responseSchemas.unmatchedPayments,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function unmatchedPaymentsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.unmatchedPayments,
    queryFn: ({ signal }) => getUnmatchedPayments(signal),
  });
}

export function useUnmatchedPayments() {
  return useQuery(unmatchedPaymentsQueryOptions());
}
