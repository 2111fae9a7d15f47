/** GET /api/config: the store's contact details, the payment provider and the demo credentials. */
import type { PublicConfig } from "@shop/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";

export function getConfig({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<PublicConfig>("/config", { signal });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ["config"],
    queryFn: ({ signal }) => getConfig({ signal }),
    // The configuration changes only when the server restarts.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}
