/** Mounted at /api/wishlist: the signed-in shopper's own saved products. */
import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { wishlistWords } from "@shop/shared/messages";
import { ProductIdParams } from "@shop/shared/schemas/product";
import { WISHLIST_MAX, WishlistEntryDto, WishlistItemDto } from "@shop/shared/schemas/shopper-lists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, refusals } from "#api/http/envelope";
import { requireUser, userOf } from "#api/http/session";
import { getWishlist, removeFromWishlist, saveToWishlist } from "./service";

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["wishlist"],
        operationId: "listWishlist",
        summary:
          "The caller's saved products the shop shows, newest saved first, as product cards read them (today's price, sale price and stock)",
        description: `A list holds at most ${WISHLIST_MAX} products, so it comes whole, without paging. A saved product the shop stops showing is left out until it is shown again.`,
        response: { 200: envelope(z.array(WishlistItemDto)) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await getWishlist(app.db, userOf(request).id));
    },
  );

  app.put(
    "/:productId",
    {
      schema: {
        tags: ["wishlist"],
        operationId: "saveToWishlist",
        summary: "Save a product to the caller's wishlist: 201 when saved now, 200 when it already was",
        description: `404 for a product that is unknown or not shown in the shop; 409 when the list already holds ${WISHLIST_MAX} products.`,
        params: ProductIdParams,
        response: { 200: envelope(WishlistEntryDto), 201: envelope(WishlistEntryDto), ...refusals(409) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { entry, created } = await saveToWishlist(app.db, userOf(request).id, request.params.productId);
      return reply
        .status(created ? 201 : 200)
        .send(ok(entry, created ? wishlistWords.saved : wishlistWords.alreadySaved));
    },
  );

  app.delete(
    "/:productId",
    {
      schema: {
        tags: ["wishlist"],
        operationId: "removeFromWishlist",
        summary: "Remove a product from the caller's wishlist; one that is not there answers the same",
        params: ProductIdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await removeFromWishlist(app.db, userOf(request).id, request.params.productId);
      return ok(null, wishlistWords.removed);
    },
  );
};
