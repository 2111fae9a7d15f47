import { z } from "zod";
import {
  MAX_REVIEW_REPLY,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from "../constants";
import { validation } from "../messages";
import { boolean, Id, ListQuery, number, oneOf, text } from "./common";

/** POST /products/{productId}/reviews and PUT .../reviews/{reviewId}. */
export const ReviewInput = z
  .object({
    title: text({ min: REVIEW_TITLE_MIN, max: REVIEW_TITLE_MAX, message: validation.reviewTitle }),
    rating: z
      .number({ error: validation.number })
      .int(validation.reviewRating)
      .min(RATING_MIN, validation.reviewRating)
      .max(RATING_MAX, validation.reviewRating),
    comment: text({ min: REVIEW_COMMENT_MIN, max: REVIEW_COMMENT_MAX, message: validation.reviewComment }),
  })
  .strict();
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReviewDto = z.object({
  _id: z.string(),
  title: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  user: z.object({
    _id: z.string(),
    name: z.object({ firstName: z.string(), lastName: z.string() }),
    avatar: z.object({ url: z.string() }).nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The shop's answer, shown under the review; null when there is none. */
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** PUT /products/{productId}/reviews/{reviewId} */
export const ReviewIdParams = z.object({ productId: Id, reviewId: Id });
export type ReviewIdParams = z.infer<typeof ReviewIdParams>;

/** A review as staff moderate it: with its product and whether it is hidden from the shop. */
export const StaffReviewDto = ReviewDto.extend({
  product: z.object({ _id: z.string(), name: z.string() }),
  hidden: z.boolean(),
});
export type StaffReviewDto = z.infer<typeof StaffReviewDto>;

const isBlank = (value: unknown) => value === undefined || value === "";

/** GET /reviews (staff): every review newest first, narrowed by rating, product, keyword and visibility. */
export const ReviewListQuery = ListQuery.extend({
  rating: z.preprocess(
    (value) => (isBlank(value) ? undefined : Number(value)),
    number({ min: RATING_MIN, max: RATING_MAX, int: true }).optional(),
  ),
  product: z.preprocess((value) => (isBlank(value) ? undefined : value), Id.optional()),
  hidden: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    oneOf(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  ),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/** PATCH /reviews/{reviewId} (staff): hide a review from the shop, or show it again. */
export const ReviewVisibilityInput = z.object({ hidden: boolean() }).strict();
export type ReviewVisibilityInput = z.infer<typeof ReviewVisibilityInput>;

/** PUT /reviews/{reviewId}/reply (staff): the shop's answer, trimmed, 1 to MAX_REVIEW_REPLY characters. */
export const ReviewReplyInput = z.object({ text: text({ max: MAX_REVIEW_REPLY }) }).strict();
export type ReviewReplyInput = z.infer<typeof ReviewReplyInput>;

export const StaffReviewIdParams = z.object({ reviewId: Id });
export type StaffReviewIdParams = z.infer<typeof StaffReviewIdParams>;
