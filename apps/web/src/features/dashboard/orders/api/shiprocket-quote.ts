import { errors } from "@shop/shared/messages";
import type { ShiprocketQuoteInput } from "@shop/shared/schemas/shiprocket";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * POST /api/orders/{orderId}/shiprocket/quote (staff): the couriers serving a parcel of the order,
 * the one the owner's rule preselects, and the parcel's weight and box as quoted.
 */
export function getShiprocketQuote(orderId: string, input: ShiprocketQuoteInput, signal?: AbortSignal) {
  return api.post(`/orders/${encodeURIComponent(orderId)}/shiprocket/quote`, input, {
    schema: responseSchemas.shiprocketQuote,
    signal,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function shiprocketQuoteOptions(orderId: string, input: ShiprocketQuoteInput) {
  return queryOptions({
    queryKey: dashboardKeys.shiprocketQuote(orderId, input),
    queryFn: ({ signal }) => getShiprocketQuote(orderId, input, signal),
    // Prices move with Shiprocket, not with the shop: asked again on each change of the parcel only.
    staleTime: 60_000,
    retry: false,
  });
}

/** The quote of the parcel `input` describes; the last one stays on screen while the next comes. */
export function useShiprocketQuote(orderId: string, input: ShiprocketQuoteInput | null) {
  return useQuery({
    ...shiprocketQuoteOptions(orderId, input ?? {}),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
