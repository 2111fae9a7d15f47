import { reviewModeration } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { StaffReviewDto } from "@shop/shared/schemas/review";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { Stars } from "#web/components/stars";
import { formatDateTime } from "#web/lib/dates";

interface ReviewRowProps {
  review: StaffReviewDto;
  busy: boolean;
  onHidden: (hidden: boolean) => void;
  onReply: () => void;
  onDelete: () => void;
  onProduct: () => void;
}

/** One review as staff moderate it: product, author, rating, title and text, the reply, and the actions. */
export function ReviewRow({ review, busy, onHidden, onReply, onDelete, onProduct }: ReviewRowProps) {
  const author = fullName(review.user.name);
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <article aria-label={`Review by ${author} of ${review.product.name}`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button
            type="button"
            onClick={onProduct}
            className="min-w-0 truncate text-left text-sm font-semibold text-brand-700 hover:underline"
            aria-label={reviewModeration.onlyProduct(review.product.name)}
          >
            {review.product.name}
          </button>
          {review.hidden ? (
            <span className="inline-flex items-center rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-semibold text-neutral-700 ring-1 ring-neutral-500/30 ring-inset">
              {reviewModeration.hiddenBadge}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">
          <Stars rating={review.rating} />
          <span>{reviewModeration.by(author)}</span>
          <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
        </div>
        <h3 className="text-sm font-semibold text-neutral-900">{review.title}</h3>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-neutral-700">{review.comment}</p>
        {review.reply ? (
          <div className="rounded-card border-l-4 border-brand-200 bg-neutral-50 px-4 py-2">
            <p className="text-xs font-semibold text-neutral-900">{reviewModeration.shopReply}</p>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-neutral-700">
              {review.reply.text}
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onHidden(!review.hidden)}>
            {review.hidden ? reviewModeration.show : reviewModeration.hide}
          </Button>
          <Button size="sm" variant="secondary" onClick={onReply}>
            {review.reply ? reviewModeration.editReply : reviewModeration.reply}
          </Button>
          <Button size="sm" variant="ghost" className="text-danger-700" onClick={onDelete}>
            {reviewModeration.delete}
          </Button>
          <Link
            to={`/product/${review.product._id}`}
            className="ml-auto text-xs text-neutral-500 hover:text-neutral-800 hover:underline"
            aria-label={`${reviewModeration.viewInShop}: ${review.product.name}`}
          >
            {reviewModeration.viewInShop}
          </Link>
        </div>
      </article>
    </li>
  );
}
