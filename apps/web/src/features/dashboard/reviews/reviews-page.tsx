import { XMarkIcon } from "@heroicons/react/20/solid";
import { RATING_MAX } from "@shop/shared/constants";
import { listPaging, reviewModeration } from "@shop/shared/messages";
import type { StaffReviewDto } from "@shop/shared/schemas/review";
import { useState } from "react";
import { SelectField } from "#web/components/select-field";
import { useListParams } from "#web/lib/list-params";
import { ConfirmDialog } from "../components/confirm-dialog";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useReviews } from "./api/get-reviews";
import { useDeleteReview, useSetReviewHidden } from "./api/moderate-review";
import { ReplyDialog } from "./components/reply-dialog";
import { useReviewFilters } from "./components/review-filters";
import { ReviewRow } from "./components/review-row";

const RATINGS = Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i);

/** /dashboard/reviews (staff): every review newest first, hidden ones too, with moderation. */
export function ReviewsPage() {
  const list = useListParams();
  const [filters, setFilter] = useReviewFilters();
  const query = useReviews({
    page: list.page,
    size: list.size,
    keyword: list.keyword || undefined,
    rating: filters.rating,
    product: filters.product,
    hidden: filters.visibility === undefined ? undefined : filters.visibility === "hidden",
  });
  const setHidden = useSetReviewHidden();
  const remove = useDeleteReview();
  const [replying, setReplying] = useState<StaffReviewDto | null>(null);
  const [deleting, setDeleting] = useState<StaffReviewDto | null>(null);
  // The product filter's name, from the review it was chosen on (the list names it too).
  const [productName, setProductName] = useState<string | null>(null);
  const productLabel = productName ?? query.data?.items[0]?.product.name ?? filters.product ?? "";

  const controls = (
    <>
      <SelectField
        label={reviewModeration.rating}
        layout="inline"
        value={filters.rating === undefined ? "" : String(filters.rating)}
        onChange={(event) => setFilter("rating", event.target.value)}
      >
        <option value="">{reviewModeration.allRatings}</option>
        {RATINGS.map((rating) => (
          <option key={rating} value={rating}>
            {reviewModeration.stars(rating)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={reviewModeration.visibility}
        layout="inline"
        value={filters.visibility ?? ""}
        onChange={(event) => setFilter("visibility", event.target.value)}
      >
        <option value="">{reviewModeration.allReviews}</option>
        <option value="shown">{reviewModeration.shown}</option>
        <option value="hidden">{reviewModeration.hiddenOnly}</option>
      </SelectField>
      {filters.product ? (
        <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-600/30 ring-inset">
          <span className="truncate">{reviewModeration.productFilter(productLabel)}</span>
          <button
            type="button"
            onClick={() => {
              setProductName(null);
              setFilter("product", "");
            }}
            aria-label={reviewModeration.clearProduct}
            className="rounded-full p-1 hover:bg-brand-100"
          >
            <XMarkIcon className="size-4" aria-hidden="true" />
          </button>
        </span>
      ) : null}
    </>
  );

  return (
    <>
      <SectionHeader title={reviewModeration.title} />
      <SectionBody>
        <SectionCard title={reviewModeration.allReviews}>
          <PagedList
            list={list}
            searchLabel="reviews"
            noun={listPaging.nouns.reviews}
            query={query}
            empty={reviewModeration.empty}
            filters={controls}
          >
            {(reviews) => (
              <ul className="divide-y divide-neutral-100">
                {reviews.map((review) => (
                  <ReviewRow
                    key={review._id}
                    review={review}
                    busy={setHidden.isPending && setHidden.variables?.review._id === review._id}
                    onHidden={(hidden) => setHidden.mutate({ review, hidden })}
                    onReply={() => setReplying(review)}
                    onDelete={() => setDeleting(review)}
                    onProduct={() => {
                      setProductName(review.product.name);
                      setFilter("product", review.product._id);
                    }}
                  />
                ))}
              </ul>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      {replying ? <ReplyDialog review={replying} onClose={() => setReplying(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={reviewModeration.delete}
        confirmLabel={reviewModeration.delete}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      >
        {reviewModeration.confirmDelete}
      </ConfirmDialog>
    </>
  );
}
