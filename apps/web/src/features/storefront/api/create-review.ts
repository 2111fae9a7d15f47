import { errors } from "@shop/shared/messages";
import type { ReviewDto, ReviewInput } from "@shop/shared/schemas/review";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys } from "../../../lib/query-keys";

/** POST /api/products/{productId}/reviews: one review per shopper and product (a second one is 409). */
export function createReview(productId: string, input: ReviewInput) {
  return api.post<ReviewDto>(`/products/${encodeURIComponent(productId)}/reviews`, input, {
    defaultMessage: errors.review,
  });
}

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(productId, input),
    // The product (its reviews and average), its review pages and every list showing its rating.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
  });
}
