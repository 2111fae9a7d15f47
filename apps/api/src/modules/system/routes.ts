import { envelope, Health, PublicConfig } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { methodsFor } from "@shop/shared/shipping";
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
      const { store, currency, taxes, shipping, checkout, fulfilment, whatsapp } =
        await app.settings.current();
      return ok({
        storeEmail: store.email,
        storePhone: store.phone,
        paymentProvider: config.paypal
          ? ("paypal" as const)
          : config.testGateway
            ? ("test" as const)
            : ("razorpay" as const),
        // Cash on delivery is offered only while the owner has it on.
        paymentMethods: checkout.paymentMethods.filter((method) => method !== "cod" || checkout.cod.enabled),
        maxQuantityPerLine: checkout.maxQuantityPerLine,
        demo: config.demo
          ? { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }
          : null,
        store: {
          name: store.name,
          legalName: store.legalName,
          address: store.address,
          email: store.email,
          phone: store.phone,
        },
        currency,
        taxes: { pricesIncludeTax: taxes.pricesIncludeTax, defaultRate: taxes.defaultRate },
        // Every enabled method, cheapest first, as a cart without an address is priced.
        shippingMethods: methodsFor(shipping.methods, undefined),
        minimumOrder: checkout.minimumOrder,
        // NOTE: the owner's rules of whom and where it is refused stay on the server (the pay page asks
        // GET /orders/current-user/{orderId}/payment-options for one order).
        cod: {
          enabled: checkout.cod.enabled,
          maxOrderValue: checkout.cod.maxOrderValue,
          fee: checkout.cod.fee,
          confirmHours: checkout.cod.confirmHours,
        },
        returnWindowDays: fulfilment.returnWindowDays,
        shiprocket: app.shiprocket !== undefined,
        whatsapp: config.whatsapp !== undefined && whatsapp.enabled,
      });
    },
  );
};
