/**
 * GET /api/config: the store's name and contact details, its currency, shipping methods and limits
 * (the owner's settings), the payment provider and the demo credentials.
 */
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
    // The owner's settings (currency, shipping methods, limits) may change while a page is open.
    staleTime: 60_000,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}

/** The most units of one product an order line may hold: the server's setting, its default until known. */
export function useMaxQuantityPerLine(): number {
  return useConfig().data?.maxQuantityPerLine ?? ORDER_LIMITS.maxQuantityPerLine;
}
