import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/discounts/{discountId}: the code's switch. */
export function setDiscountActive(discountId: string, isActive: boolean) {
  return api.patch(
    `/discounts/${encodeURIComponent(discountId)}`,
    { isActive },
    { schema: responseSchemas.discount, defaultMessage: errors.discountStatus },
  );
}

export function useSetDiscountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ discountId, isActive }: { discountId: string; isActive: boolean }) =>
      setDiscountActive(discountId, isActive),
    onSuccess: (_discount, { isActive }) => toast.success(successes.discountStatus(isActive)),
    onError: (error) => toast.error(errorMessage(error)),
    // The code's status (and the lists it belongs to) follows its switch.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.discounts }),
  });
}
