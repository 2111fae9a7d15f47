import { errors, shiprocketShip } from "@shop/shared/messages";
import type { ShiprocketShipInput } from "@shop/shared/schemas/shiprocket";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders/{orderId}/shiprocket/shipments (staff): books the parcel with the courier; answers
 * the shipment with its AWB, label and pickup. 400 `errors.ewaybillNo` when it needs an e-way bill.
 */
export function shipWithShiprocket(orderId: string, input: ShiprocketShipInput) {
  return api.post(`/orders/${encodeURIComponent(orderId)}/shiprocket/shipments`, input, {
    schema: responseSchemas.shiprocketShipment,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useShipWithShiprocket(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiprocketShipInput) => shipWithShiprocket(orderId, input),
    onSuccess: async () => {
      toast.success(shiprocketShip.created);
      // The order's status, history and parcels, and every list it sits in.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
