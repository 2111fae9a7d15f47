import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { api, formErrors } from "@shop/shared/messages";
import { ListQuery } from "@shop/shared/schemas/common";
import { ProductIdParams } from "@shop/shared/schemas/product";
import { ReviewDto, ReviewIdParams, ReviewInput } from "@shop/shared/schemas/review";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { list, ok, refusals } from "#api/http/envelope";
import { currentSession, requireUser, userOf } from "#api/http/session";
import { addReview, editReview, listReviews, removeOwnReview } from "./service";

/** Mounted at /api/products, beside the product routes. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:productId/reviews",
    {
      schema: {
        tags: ["reviews"],
        operationId: "listProductReviews",
        summary: "A page of a product's reviews, newest first",
        params: ProductIdParams,
        querystring: ListQuery,
        response: { 200: listEnvelope(ReviewDto) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const session = await currentSession(request);
      const { items, total } = await listReviews(app.db, request.params.productId, session?.user, {
        page,
        size,
      });
      return list(items, { page, size, total });
    },
  );

  app.post(
    "/:productId/reviews",
    {
      schema: {
        tags: ["reviews"],
        operationId: "addReview",
        summary: "Review a product (signed in; one review per product)",
        params: ProductIdParams,
        body: ReviewInput,
        response: { 201: envelope(ReviewDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.review },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { review, message } = await addReview(
        app.db,
        userOf(request),
        request.params.productId,
        request.body,
      );
      return reply.status(201).send(ok(review, message));
    },
  );

  app.put(
    "/:productId/reviews/:reviewId",
    {
      schema: {
        tags: ["reviews"],
        operationId: "editOwnReview",
        summary: "Change one's own review",
        params: ReviewIdParams,
        body: ReviewInput,
        response: { 200: envelope(ReviewDto) },
      },
      config: { invalidMessage: formErrors.review },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await editReview(app.db, userOf(request), request.params, request.body), api.updated),
  );

  app.delete(
    "/:productId/reviews",
    {
      schema: {
        tags: ["reviews"],
        operationId: "deleteOwnReview",
        summary: "Delete one's own review of a product",
        params: ProductIdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await removeOwnReview(app.db, userOf(request), request.params.productId);
      return ok(null, api.deleted);
    },
  );
};
