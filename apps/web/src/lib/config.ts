/** GET /api/config: the store's contact details, the payment provider and the demo credentials. */
import { ORDER_LIMITS } from "@shop/shared/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { responseSchemas } from "./response-schemas";

export function getConfig({ signal }: { signal?: AbortSignal } = {}) {
  return api.get("/config", { schema: responseSchemas.publicConfig, signal });
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

/** The most units of one product an order line may hold: the server's setting, its default until known. */
export function useMaxQuantityPerLine(): number {
  return useConfig().data?.maxQuantityPerLine ?? ORDER_LIMITS.maxQuantityPerLine;
}
