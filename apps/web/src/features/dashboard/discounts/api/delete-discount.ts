import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";

/** DELETE /api/discounts/{discountId}: a code an order ever named is refused (409) with the server's reason. */
export function deleteDiscount(discountId: string) {
  return api.delete(`/discounts/${encodeURIComponent(discountId)}`, {
    defaultMessage: errors.discountDelete,
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: (_nothing, discountId) => {
      toast.success(successes.discountDeleted);
      // NOTE: the lists only: the deleted code's own query is dropped, not fetched again (a 404).
      queryClient.removeQueries({ queryKey: dashboardKeys.discount(discountId) });
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.discountLists });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
