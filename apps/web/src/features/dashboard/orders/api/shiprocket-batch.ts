import { errors } from "@shop/shared/messages";
import type { ShiprocketBatchInput } from "@shop/shared/schemas/shiprocket";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * POST /api/shiprocket/batches (staff): books each order whole with the courier the rule picks;
 * answers those shipped and those not (with why), one PDF of the labels and the pickup manifest.
 */
export function shipBatch(input: ShiprocketBatchInput) {
  return api.post("/shiprocket/batches", input, {
    schema: responseSchemas.shiprocketBatch,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useShipBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipBatch,
    // The orders shipped leave Ready to Ship.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.orders }),
  });
}
