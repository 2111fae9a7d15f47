import { ChatBubbleBottomCenterTextIcon } from "@heroicons/react/24/outline";
import { empty, reviewModeration, warnings } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { ProductDto } from "@shop/shared/schemas/product";
import type { ReviewDto } from "@shop/shared/schemas/review";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { Avatar } from "#web/components/avatar";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { Skeleton } from "#web/components/skeleton";
import { formatRating, Stars } from "#web/components/stars";
import { errorMessage } from "#web/lib/api";
import { formatDate } from "#web/lib/dates";
import { isActiveUser, useSession } from "#web/lib/session";
import { REVIEWS_PAGE_SIZE, useProductReviews } from "../api/get-product-reviews";

// The form (react-hook-form and the zod schemas) is only for signed-in shoppers: a chunk of its own.
const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

function ReviewItem({ review }: { review: ReviewDto }) {
  const author = fullName(review.user.name);
  return (
    <li className="py-6 first:pt-0">
      <article aria-label={`Review by ${author}`}>
        <div className="flex items-center gap-3">
          <Avatar firstName={review.user.name.firstName} url={review.user.avatar?.url ?? null} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-neutral-900">{author}</p>
            <p className="text-xs text-neutral-500">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          </div>
        </div>
        <div className="mt-3 flex items-center gap-2">
          <Stars rating={review.rating} />
        </div>
        {/* NOTE: plain text nodes: React escapes whatever a shopper wrote; never render it as HTML. */}
        <h3 className="mt-2 text-sm font-semibold text-neutral-900">{review.title}</h3>
        <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-neutral-700">
          {review.comment}
        </p>
        {review.reply ? (
          <div className="mt-3 rounded-card border-l-4 border-brand-200 bg-neutral-50 px-4 py-3">
            <p className="text-xs font-semibold text-neutral-900">
              {reviewModeration.shopReply}{" "}
              <time dateTime={review.reply.at} className="font-normal text-neutral-500">
                {formatDate(review.reply.at)}
              </time>
            </p>
            <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-neutral-700">
              {review.reply.text}
            </p>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The reviews the product carries, then further pages on demand, each review once. */
function useAllReviews(product: ProductDto) {
  const [wantMore, setWantMore] = useState(false);
  const firstPage = Math.floor(product.reviews.length / REVIEWS_PAGE_SIZE) + 1;
  const more = useProductReviews(product._id, firstPage, { enabled: wantMore });

  const seen = new Set<string>();
  const reviews = [...product.reviews, ...(more.data?.pages.flatMap((page) => page.items) ?? [])].filter(
    (review) => {
      if (seen.has(review._id)) return false;
      seen.add(review._id);
      return true;
    },
  );
  const canShowMore = reviews.length < product.rating.count && (!wantMore || more.hasNextPage);
  const showMore = () => (wantMore ? void more.fetchNextPage() : setWantMore(true));
  const loading = more.isFetching;
  return { reviews, canShowMore, showMore, loading, error: more.isError ? errorMessage(more.error) : null };
}

function ReviewFormOrLogin({ productId }: { productId: string }) {
  const user = useSession((state) => state.user);
  const { pathname, search } = useLocation();
  if (isActiveUser(user)) {
    return (
      <Suspense fallback={<Skeleton className="h-96 w-full rounded-card" />}>
        <ReviewForm productId={productId} />
      </Suspense>
    );
  }
  const redirect = new URLSearchParams({ redirect: `${pathname}${search}` });
  return (
    <div className="rounded-card border border-dashed border-neutral-300 bg-neutral-50 px-5 py-6 text-sm text-neutral-700">
      <p>{warnings.loginToReview}</p>
      <Link
        to={`/auth/login?${redirect.toString()}`}
        className="mt-2 inline-block font-semibold text-brand-700 hover:underline"
      >
        Log in
      </Link>
    </div>
  );
}

/** The reviews section: the average with 5 stars, the review list and the review form. */
export function ProductReviews({ product }: { product: ProductDto }) {
  const { reviews, canShowMore, showMore, loading, error } = useAllReviews(product);
  const { average, count } = product.rating;

  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="scroll-mt-36 md:scroll-mt-24">
      <h2 id="reviews-heading" className="text-xl font-bold tracking-tight text-neutral-900 sm:text-2xl">
        Reviews
      </h2>
      <div className="mt-6 grid gap-10 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <div className="flex items-center gap-3">
            <p className="text-4xl font-bold text-neutral-900 tabular-nums">
              {count > 0 ? formatRating(average) : "–"}
            </p>
            <div>
              <Stars rating={count > 0 ? average : 0} size="md" />
              <p className="mt-1 text-sm text-neutral-600">
                Based on {count} {count === 1 ? "review" : "reviews"}
              </p>
            </div>
          </div>
          <div className="mt-8">
            <ReviewFormOrLogin productId={product._id} />
          </div>
        </div>
        <div className="lg:col-span-8">
          {reviews.length === 0 ? (
            <div className="flex flex-col items-center rounded-card border border-dashed border-neutral-300 bg-white px-6 py-10 text-center">
              <ChatBubbleBottomCenterTextIcon className="size-10 text-neutral-400" aria-hidden="true" />
              <p className="mt-3 text-sm font-medium text-neutral-700">{empty.reviews}</p>
            </div>
          ) : (
            <ul aria-label="Reviews" className="divide-y divide-neutral-200">
              {reviews.map((review) => (
                <ReviewItem key={review._id} review={review} />
              ))}
            </ul>
          )}
          {error ? <ErrorState message={error} prefix={false} /> : null}
          {canShowMore ? (
            <Button variant="secondary" className="mt-4" loading={loading} onClick={showMore}>
              Show more reviews
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
