import { errors, successes } from "@shop/shared/messages";
import type { DiscountInput } from "@shop/shared/schemas/discount";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/discounts, or PUT /api/discounts/{discountId} when editing: the whole code each time. */
export function saveDiscount(discountId: string | undefined, input: DiscountInput) {
  const options = { schema: responseSchemas.discount, defaultMessage: errors.discountSave };
  return discountId
    ? api.put(`/discounts/${encodeURIComponent(discountId)}`, input, options)
    : api.post("/discounts", input, options);
}

export function useSaveDiscount(discountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscountInput) => saveDiscount(discountId, input),
    onSuccess: () => {
      toast.success(successes.discountSaved);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.discounts });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
