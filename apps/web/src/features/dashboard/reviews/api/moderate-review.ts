import { errors, reviewModeration } from "@shop/shared/messages";
import type { StaffReviewDto } from "@shop/shared/schemas/review";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/reviews/{reviewId} (staff): hides a review from the shop, or shows it again. */
export function setReviewHidden(reviewId: string, hidden: boolean) {
  return api.patch(
    `/reviews/${encodeURIComponent(reviewId)}`,
    { hidden },
    { schema: responseSchemas.staffReview, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/** PUT /api/reviews/{reviewId}/reply (staff): the shop's reply under the review. */
export function replyToReview(reviewId: string, text: string) {
  return api.put(
    `/reviews/${encodeURIComponent(reviewId)}/reply`,
    { text },
    { schema: responseSchemas.staffReview, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/** DELETE /api/reviews/{reviewId} (staff). */
export function deleteReview(reviewId: string) {
  return api.delete(`/reviews/${encodeURIComponent(reviewId)}`, {
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

/**
 * After a change: the staff's lists, and the product's own reads (its page, rating and reviews),
 * whose rating and count moved with it.
 */
function refresh(queryClient: QueryClient, productId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.reviews }),
    queryClient.invalidateQueries({ queryKey: catalogKeys.product(productId) }),
  ]);
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, hidden }: { review: StaffReviewDto; hidden: boolean }) =>
      setReviewHidden(review._id, hidden),
    onSuccess: (review) => {
      toast.success(review.hidden ? reviewModeration.hidden : reviewModeration.shownAgain);
      return refresh(queryClient, review.product._id);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, text }: { review: StaffReviewDto; text: string }) =>
      replyToReview(review._id, text),
    onSuccess: (review) => {
      toast.success(reviewModeration.replied);
      return refresh(queryClient, review.product._id);
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: StaffReviewDto) => deleteReview(review._id),
    onSuccess: (_answer, review) => {
      toast.success(reviewModeration.deleted);
      return refresh(queryClient, review.product._id);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
