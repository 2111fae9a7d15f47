import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/orders/{orderId}/shipments/{shipmentId}/scans (staff): the courier's scans, oldest first. */
export function getShipmentScans(orderId: string, shipmentId: string, signal?: AbortSignal) {
  return api.get(`/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/scans`, {
    schema: responseSchemas.shipmentScans,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function shipmentScansOptions(orderId: string, shipmentId: string) {
  return queryOptions({
    queryKey: dashboardKeys.shipmentScans(orderId, shipmentId),
    queryFn: ({ signal }) => getShipmentScans(orderId, shipmentId, signal),
  });
}

export function useShipmentScans(orderId: string, shipmentId: string) {
  return useQuery(shipmentScansOptions(orderId, shipmentId));
}
