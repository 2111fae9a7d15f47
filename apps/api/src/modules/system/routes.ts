import { envelope, Health, PublicConfig } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEMO_ACCOUNTS } from "#api/config";
import { AppError } from "#api/core/errors";
import { ok } from "#api/http/envelope";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        operationId: "getHealth",
        summary: "Ready once the database answers",
        response: { 200: envelope(Health) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch (error) {
        app.log.warn({ err: error }, "health: database does not answer");
        throw new AppError("UNAVAILABLE", api.unavailable);
      }
      reply.header("cache-control", "no-store");
      return ok({ status: "ok" as const });
    },
  );

  app.get(
    "/config",
    {
      schema: {
        tags: ["system"],
        operationId: "getPublicConfig",
        summary: "Public settings the web app reads at start",
        response: { 200: envelope(PublicConfig) },
      },
    },
    async () => {
      const { config } = app;
      return ok({
        storeEmail: config.storeEmail,
        storePhone: config.storePhone,
        paymentProvider: config.paypal ? ("paypal" as const) : ("test" as const),
        maxQuantityPerLine: config.orderLimits.maxQuantityPerLine,
        demo: config.demo
          ? { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }
          : null,
      });
    },
  );
};
