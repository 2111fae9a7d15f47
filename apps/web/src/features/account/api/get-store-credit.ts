import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/users/current-user/store-credit: the shopper's balance and the latest entries of its ledger. */
export function getMyStoreCredit({ signal }: { signal?: AbortSignal } = {}) {
  return api.get("/users/current-user/store-credit", { schema: responseSchemas.storeCredit, signal });
}

export function myStoreCreditQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.storeCredit,
    queryFn: ({ signal }) => getMyStoreCredit({ signal }),
  });
}

export function useMyStoreCredit() {
  return useQuery(myStoreCreditQueryOptions());
}
