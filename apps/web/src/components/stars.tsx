import { StarIcon } from "@heroicons/react/20/solid";
import { RATING_MAX } from "@shop/shared/constants";
import { cx } from "../lib/cx";

/** A rating to the nearest half star (SPEC section 9: halves in the average). */
export function roundToHalf(rating: number): number {
  return Math.round(Math.min(Math.max(rating, 0), RATING_MAX) * 2) / 2;
}

/**
 * An average as shown beside the stars: one decimal ("4.3", "5.0"), not the stars' half steps.
 * NOTE: toFixed, not a number format, whose first use is slow on a phone.
 */
export function formatRating(rating: number): string {
  return Math.min(Math.max(rating, 0), RATING_MAX).toFixed(1);
}

interface StarsProps {
  rating: number;
  className?: string;
  /** The stars' size: "sm" on cards and reviews, "md" beside a product's title. */
  size?: "sm" | "md";
}

/** Five stars, filled to the rating in half steps; read out with one decimal, as "Rated 4.3 out of 5". */
export function Stars({ rating, className, size = "sm" }: StarsProps) {
  const rounded = roundToHalf(rating);
  const starClass = size === "sm" ? "size-4" : "size-5";
  return (
    <span
      role="img"
      aria-label={`Rated ${formatRating(rating)} out of ${RATING_MAX}`}
      className={cx("inline-flex shrink-0 items-center", className)}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => {
        const fill = Math.min(Math.max(rounded - index, 0), 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move.
          <span key={index} className={cx("relative", starClass)} aria-hidden="true">
            <StarIcon className={cx("absolute inset-0 text-neutral-300", starClass)} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <StarIcon className={cx("text-star", starClass)} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
