/** Store credit (mounted under /users): the shopper's balance and ledger, staff's read and adjustments. */
import { envelope } from "@shop/shared/api";
import { storeCreditApi } from "@shop/shared/messages";
import { StoreCreditAdjustmentInput, StoreCreditDto } from "@shop/shared/schemas/store-credit";
import { UserIdParams } from "@shop/shared/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, requireUser, userOf } from "#api/http/session";
import { adjustStoreCredit, storeCreditOf } from "./service";

export const storeCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/current-user/store-credit",
    {
      schema: {
        tags: ["users"],
        operationId: "getMyStoreCredit",
        summary:
          "The caller's store credit: the balance and the latest entries of its ledger (refunds given to it, orders paid with it, staff's adjustments, uses given back), newest first",
        response: { 200: envelope(StoreCreditDto) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await storeCreditOf(app.db, userOf(request).id)),
  );

  app.get(
    "/:userId/store-credit",
    {
      schema: {
        tags: ["users"],
        operationId: "getStoreCredit",
        summary: "A customer's store credit: the balance and the latest entries, newest first (admin)",
        params: UserIdParams,
        response: { 200: envelope(StoreCreditDto), ...refusals(404) },
      },
      preValidation: requireAdmin,
    },
    async (request) => ok(await storeCreditOf(app.db, request.params.userId)),
  );

  app.post(
    "/:userId/store-credit",
    {
      schema: {
        tags: ["users"],
        operationId: "adjustStoreCredit",
        summary:
          "Add (positive amount) or remove (negative) a customer's store credit with a reason: an adjustment entry and an activity entry (admin; 409 when it would go below zero)",
        params: UserIdParams,
        body: StoreCreditAdjustmentInput,
        response: { 201: envelope(StoreCreditDto), ...refusals(404, 409) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request, reply) => {
      const { currency } = await app.settings.current();
      const credit = await adjustStoreCredit(
        app.db,
        userOf(request),
        request.params.userId,
        request.body,
        currency,
      );
      return reply.status(201).send(ok(credit, storeCreditApi.adjusted));
    },
  );
};
