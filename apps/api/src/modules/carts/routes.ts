import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { reminderUnsubscribe } from "@shop/shared/messages";
import { CartDto, CartInput, CartMergeInput, ReminderUnsubscribeInput } from "@shop/shared/schemas/cart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, refusals } from "#api/http/envelope";
import { requireUser, userOf } from "#api/http/session";
import { getCart, mergeCart, reachCheckout, replaceCart, unsubscribeByToken } from "./service";

/** POST /cart/checkout takes nothing: the shopper it marks is the session's. */
const CheckoutInput = z.object({}).strict();

/**
 * Mounted at /api/cart beside the cart's pricing (orders/cart-routes.ts): the cart the signed-in
 * shopper's account keeps, and the reminders' unsubscribe link (anyone holding it).
 */
export const keptCartRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = async () => ({
    maxQuantityPerLine: (await app.settings.current()).checkout.maxQuantityPerLine,
  });

  app.get(
    "/",
    {
      schema: {
        tags: ["cart"],
        operationId: "getCart",
        summary:
          "The signed-in shopper's cart as the server keeps it, each line's product with today's price, stock and state (an empty cart when none is kept)",
        response: { 200: envelope(CartDto) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await getCart(app.db, userOf(request).id));
    },
  );

  app.put(
    "/",
    {
      schema: {
        tags: ["cart"],
        operationId: "replaceCart",
        summary: "Replace the kept cart with the device's (the last write wins); answers the cart as kept",
        description:
          "Lines of one variant are added up and each is held to the settings' limit per line. A line whose product is gone, or whose variant was removed, is dropped; a product no longer sold or sold out stays in the cart, shown so. A variant the product never had, or a variant left out of a product with several, is refused with 400 at its field.",
        body: CartInput,
        response: { 200: envelope(CartDto) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await replaceCart(app.db, userOf(request).id, request.body, await limits())),
  );

  app.post(
    "/merge",
    {
      schema: {
        tags: ["cart"],
        operationId: "mergeCart",
        summary: "Merge a device's cart into the kept one at sign-in; answers the merged cart",
        description:
          "The kept lines come first, then the device's new variants; a variant in both gets both quantities, held to the limit per line and, while the variant has stock, to its stock. The device's lines of products or variants no longer sold are dropped. The kept code stays; without one, the device's is taken.",
        body: CartMergeInput,
        response: { 200: envelope(CartDto) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await mergeCart(app.db, userOf(request).id, request.body, await limits())),
  );

  app.post(
    "/checkout",
    {
      schema: {
        tags: ["cart"],
        operationId: "markCartAtCheckout",
        summary:
          "The shopper's cart reached checkout: with the owner's abandoned-checkout reminders on, the first is due after the settings' minutes unless an order comes first",
        body: CheckoutInput,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { marketing } = await app.settings.current();
      await reachCheckout(app.db, userOf(request).id, marketing.abandonedCheckout);
      return ok(null);
    },
  );

  app.post(
    "/reminders/unsubscribe",
    {
      schema: {
        tags: ["cart"],
        operationId: "unsubscribeFromCartReminders",
        summary:
          "Stop the abandoned-checkout reminders of the shopper a reminder's link names, from now on (anyone holding the link)",
        description:
          "A token that is no reminder's answers 404 and changes nothing; the same link works again.",
        body: ReminderUnsubscribeInput,
        response: { 200: EmptyEnvelope, ...refusals(404) },
      },
    },
    async (request) => {
      await unsubscribeByToken(app.db, request.body.token);
      return ok(null, reminderUnsubscribe.done);
    },
  );
};
