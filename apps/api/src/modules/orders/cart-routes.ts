import { envelope } from "@shop/shared/api";
import { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { limitDiscountCodeTries } from "#api/http/rate-limit";
import { currentSession } from "#api/http/session";
import { priceCart } from "./placement";

/** Mounted at /api/cart: the server's pricing of a cart, for anyone (a code's per-shopper limit needs a sign-in). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/price",
    {
      schema: {
        tags: ["orders"],
        operationId: "priceCart",
        summary:
          "Price a cart as a placement would, with a discount code to try; `discountMessage` says why a code does not apply",
        body: CartPriceInput,
        response: { 200: envelope(CartPriceDto), ...refusals(409, 429) },
      },
      preHandler: limitDiscountCodeTries,
    },
    async (request) => {
      const session = await currentSession(request);
      const { checkout, shipping, taxes, store } = await app.settings.current();
      return ok(
        await priceCart(app.db, request.body, session?.user.id, {
          limits: checkout,
          shipping: shipping.methods,
          taxes,
          storeState: store.state,
        }),
      );
    },
  );
};
