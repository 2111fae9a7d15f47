import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** Reviews fetched per "Show more reviews". */
export const REVIEWS_PAGE_SIZE = 10;

/** GET /api/products/{id}/reviews: a page of a product's reviews, newest first. */
export function getProductReviews(id: string, page: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.list(`/products/${encodeURIComponent(id)}/reviews`, {
    schema: responseSchemas.review,
    query: { page, size: REVIEWS_PAGE_SIZE },
    signal,
  });
}

/**
 * The reviews after the ones the product itself carries: `firstPage` is the first page not yet
 * shown in full. The page list may repeat a review the product already showed; the caller keeps
 * one of each.
 */
export function productReviewsQueryOptions(id: string, firstPage: number) {
  return infiniteQueryOptions({
    queryKey: [...catalogKeys.productReviews(id), firstPage] as const,
    queryFn: ({ pageParam, signal }) => getProductReviews(id, pageParam, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.meta.page < last.meta.pageCount ? last.meta.page + 1 : undefined),
  });
}

export function useProductReviews(id: string, firstPage: number, { enabled = true } = {}) {
  return useInfiniteQuery({ ...productReviewsQueryOptions(id, firstPage), enabled });
}
