import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** A page of reviews, narrowed by rating (1 to 5), product id and visibility. */
export interface ReviewListParams extends ListParams {
  rating?: number | undefined;
  product?: string | undefined;
  hidden?: boolean | undefined;
}

/** GET /api/reviews (staff): every review, hidden ones included, newest first. */
export function getReviews(params: ReviewListParams, signal?: AbortSignal) {
  const { hidden, rating, ...rest } = params;
  return api.list("/reviews", {
    schema: responseSchemas.staffReview,
    query: {
      ...rest,
      rating: rating === undefined ? undefined : String(rating),
      hidden: hidden === undefined ? undefined : String(hidden),
    },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function reviewsQueryOptions(params: ReviewListParams) {
  return queryOptions({
    queryKey: dashboardKeys.reviewList({ ...params }),
    queryFn: ({ signal }) => getReviews(params, signal),
  });
}

export function useReviews(params: ReviewListParams) {
  return useQuery({ ...reviewsQueryOptions(params), placeholderData: keepPreviousData });
}
