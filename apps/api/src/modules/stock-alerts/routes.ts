/** Mounted at /api/stock-alerts: "Email me when it's back", for anyone. */
import { envelope } from "@shop/shared/api";
import { stockAlertWords } from "@shop/shared/messages";
import { StockAlertDto, StockAlertInput } from "@shop/shared/schemas/shopper-lists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { limitAttemptsFromAddress, limitStockAlertAddresses } from "#api/http/rate-limit";
import { currentSession } from "#api/http/session";
import { requestStockAlert } from "./service";

export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["stock-alerts"],
        operationId: "requestStockAlert",
        summary:
          "Ask for one email when a sold-out variant is in stock again; asking again with the same address is the same request",
        description:
          "Answers 201 whether the request is new or already open. 404 for a variant that is not sold (unknown, removed, or it or its product inactive); 409 while the variant is in stock. A signed-in caller's request names their account (a session that still owes its second step counts as none). Counts against the address's attempts, as sign-in does; one client address may name at most 5 new email addresses an hour, and one email address may be named at most 10 times an hour, else 429.",
        body: StockAlertInput,
        response: { 201: envelope(StockAlertDto), ...refusals(404, 409) },
      },
      preValidation: limitAttemptsFromAddress,
      preHandler: limitStockAlertAddresses,
    },
    async (request, reply) => {
      const session = await currentSession(request);
      const alert = await requestStockAlert(app.db, request.body, session?.user.id ?? null);
      return reply.status(201).send(ok(alert, stockAlertWords.done));
    },
  );
};
