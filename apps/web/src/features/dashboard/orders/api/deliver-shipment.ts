import type { RtoReason } from "@shop/shared/constants";
import { errors, shipmentWords, shipping } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/orders/{orderId}/shipments/{shipmentId} (staff): the parcel arrived. */
export function deliverShipment(orderId: string, shipmentId: string) {
  return api.patch(
    `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}`,
    { delivered: true },
    { schema: responseSchemas.shipment, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function useDeliverShipment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) => deliverShipment(orderId, shipmentId),
    onSuccess: async () => {
      toast.success(shipmentWords.deliveredToast);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** PATCH /api/orders/{orderId}/shipments/{shipmentId} (staff): a cash on delivery parcel came back undelivered, and why. */
export function returnShipmentToOrigin(orderId: string, shipmentId: string, reason: RtoReason) {
  return api.patch(
    `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}`,
    { returnedToOrigin: true, reason },
    { schema: responseSchemas.shipment, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function useReturnShipmentToOrigin(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentId, reason }: { shipmentId: string; reason: RtoReason }) =>
      returnShipmentToOrigin(orderId, shipmentId, reason),
    onSuccess: async () => {
      toast.success(shipmentWords.returnedToast);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** POST /api/orders/{orderId}/shipments/{shipmentId}/cancel (staff): a Shiprocket parcel cancelled before pickup. */
export function cancelShipment(orderId: string, shipmentId: string) {
  return api.post(
    `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/cancel`,
    {},
    { schema: responseSchemas.order, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function useCancelShipment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) => cancelShipment(orderId, shipmentId),
    onSuccess: async (_order, _shipmentId) => {
      toast.success(shipping.cancelled);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
