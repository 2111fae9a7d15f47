import type { NdrActionName } from "@shop/shared/constants";
import { errors, ndrPage } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/shipments/{id}/ndr (staff): ask the courier to try again, or to bring the parcel back. */
export function actOnNdr(shipmentId: string, action: NdrActionName) {
  return api.post(
    `/shipments/${encodeURIComponent(shipmentId)}/ndr`,
    { action },
    { schema: responseSchemas.ndrAction, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

export function useNdrAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentId, action }: { shipmentId: string; action: NdrActionName }) =>
      actOnNdr(shipmentId, action),
    onSuccess: async (_shipment, { action }) => {
      toast.success(action === "reattempt" ? ndrPage.reattempted : ndrPage.returning);
      // The list, and the order whose parcel it is.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.orders });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
