import { errors, shipmentWords } from "@shop/shared/messages";
import type { ShipmentInput } from "@shop/shared/schemas/shipment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/orders/{orderId}/shipments (staff): answers the shipment; the order moves on the server. */
export function createShipment(orderId: string, input: ShipmentInput) {
  return api.post(`/orders/${encodeURIComponent(orderId)}/shipments`, input, {
    schema: responseSchemas.shipment,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useCreateShipment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShipmentInput) => createShipment(orderId, input),
    onSuccess: async () => {
      toast.success(shipmentWords.created);
      // The order's status, history and shipments, and every list it sits in.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
