import { z } from "zod";
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from "../constants";
import { validation } from "../messages";
import { Id, text } from "./common";

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
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** PUT /products/{productId}/reviews/{reviewId} */
export const ReviewIdParams = z.object({ productId: Id, reviewId: Id });
export type ReviewIdParams = z.infer<typeof ReviewIdParams>;
