import { api as apiMessages, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/payments/{id}/collect: the cash of a cash on delivery order collected; answers the order. */
export function collectCash(paymentId: string) {
  return api.post(`/payments/${encodeURIComponent(paymentId)}/collect`, undefined, {
    schema: responseSchemas.order,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useCollectCash(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectCash,
    onSuccess: async (order) => {
      toast.success(apiMessages.codCollected);
      queryClient.setQueryData(dashboardKeys.order(orderId), order);
      // The payments lists, the Home tiles and the reports count it from now.
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
