/**
 * The pay page's operations on an order (mounted under /orders): its options for one of the caller's
 * orders, and store credit applied to part of it or taken off.
 */
import { envelope } from "@shop/shared/api";
import { storeCreditApi } from "@shop/shared/messages";
import { OrderIdParams } from "@shop/shared/schemas/order";
import { PaymentOptionsDto, StoreCreditAppliedDto } from "@shop/shared/schemas/payment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { requireUser, userOf } from "#api/http/session";
import { codTermsOf } from "#api/modules/cod/routes";
import { paymentOptionsOf } from "./payment-options";
import { applyStoreCredit, removeStoreCredit } from "./store-credit";

export const payPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/current-user/:orderId/payment-options",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPaymentOptions",
        summary:
          "What the pay page offers for one of the caller's orders: cash on delivery (or why not) and what paying online saves",
        params: OrderIdParams,
        response: { 200: envelope(PaymentOptionsDto) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await paymentOptionsOf(app.db, await codTermsOf(app), userOf(request), request.params.orderId)),
  );

  app.put(
    "/current-user/:orderId/store-credit",
    {
      schema: {
        tags: ["payments"],
        operationId: "applyStoreCredit",
        summary:
          "Apply all of the caller's store credit to part of their unpaid order; the rest is then paid online (409 with no credit, or when the credit covers the order: pay with it through POST /payments)",
        params: OrderIdParams,
        response: { 200: envelope(StoreCreditAppliedDto), ...refusals(404, 409) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(
        await applyStoreCredit(app.db, userOf(request), request.params.orderId, await codTermsOf(app)),
        storeCreditApi.applied,
      ),
  );

  app.delete(
    "/current-user/:orderId/store-credit",
    {
      schema: {
        tags: ["payments"],
        operationId: "removeStoreCredit",
        summary:
          "Take the store credit off the caller's unpaid order, back to their balance (409 when it uses none)",
        params: OrderIdParams,
        response: { 200: envelope(StoreCreditAppliedDto), ...refusals(404, 409) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await removeStoreCredit(app.db, userOf(request), request.params.orderId), storeCreditApi.removed),
  );
};
