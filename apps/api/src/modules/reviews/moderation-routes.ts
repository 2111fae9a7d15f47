import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { api, reviewModeration } from "@shop/shared/messages";
import {
  ReviewListQuery,
  ReviewReplyInput,
  ReviewVisibilityInput,
  StaffReviewDto,
  StaffReviewIdParams,
} from "@shop/shared/schemas/review";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPPED_LIST_NOTE, list, ok } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { deleteReview, listReviewsForStaff, replyToReview, setReviewVisibility } from "./service";

/** Mounted at /api/reviews: the staff's moderation of every review. */
export const reviewModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["reviews"],
        operationId: "listReviews",
        summary:
          "Every review, hidden ones included, newest first; by `rating`, `product`, `keyword` (title and text) and `hidden` (staff)",
        description: CAPPED_LIST_NOTE,
        querystring: ReviewListQuery,
        response: { 200: listEnvelope(StaffReviewDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const { items, ...read } = await listReviewsForStaff(app.db, filter, { page, size });
      return list(items, { page, size, ...read });
    },
  );

  app.patch(
    "/:reviewId",
    {
      schema: {
        tags: ["reviews"],
        operationId: "setReviewVisibility",
        summary:
          "Hide a review from the shop (kept; left out of the product's rating and count) or show it again (staff)",
        params: StaffReviewIdParams,
        body: ReviewVisibilityInput,
        response: { 200: envelope(StaffReviewDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { hidden } = request.body;
      const review = await setReviewVisibility(app.db, userOf(request), request.params.reviewId, hidden);
      return ok(review, hidden ? reviewModeration.hidden : reviewModeration.shownAgain);
    },
  );

  app.put(
    "/:reviewId/reply",
    {
      schema: {
        tags: ["reviews"],
        operationId: "replyToReview",
        summary: "Set the shop's reply, shown under the review on the product page (staff)",
        params: StaffReviewIdParams,
        body: ReviewReplyInput,
        response: { 200: envelope(StaffReviewDto) },
      },
      preValidation: requireStaff,
    },
    async (request) =>
      ok(
        await replyToReview(app.db, userOf(request), request.params.reviewId, request.body.text),
        reviewModeration.replied,
      ),
  );

  app.delete(
    "/:reviewId",
    {
      schema: {
        tags: ["reviews"],
        operationId: "deleteReview",
        summary: "Delete anyone's review; the product's rating and count follow (staff)",
        params: StaffReviewIdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      await deleteReview(app.db, userOf(request), request.params.reviewId);
      return ok(null, api.deleted);
    },
  );
};
