import { errors, successes } from "@shop/shared/messages";
import type { ReviewInput } from "@shop/shared/schemas/review";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/products/{productId}/reviews: one review per shopper and product (a second one is 409). */
export function createReview(productId: string, input: ReviewInput) {
  return api.post(`/products/${encodeURIComponent(productId)}/reviews`, input, {
    schema: responseSchemas.review,
    defaultMessage: errors.review,
  });
}

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(productId, input),
    // The product (its reviews and average), its review pages and every list showing its rating.
    onSuccess: () => {
      toast.success(successes.review);
      return queryClient.invalidateQueries({ queryKey: catalogKeys.products });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
