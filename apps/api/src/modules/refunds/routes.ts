/** Refunds of an order's payment (admin). */
import { envelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { OrderDto, OrderIdParams } from "@shop/shared/schemas/order";
import { RefundInput } from "@shop/shared/schemas/refund";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, userOf } from "#api/http/session";
import { IdempotencyHeaders } from "#api/modules/orders/routes";
import { refundOrder } from "./service";

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/:orderId/refunds",
    {
      schema: {
        tags: ["orders"],
        operationId: "refundOrder",
        summary:
          "Refund part or all of an order's payment through the provider, to store credit, or split between them (`to: split`, `toStoreCredit`), putting chosen units back in stock (admin; Idempotency-Key makes retries safe: a retry sends nothing and answers the refund); 202 when the provider pays it out later, or its answer was unclear and the payment sweep asks it (recorded or released then)",
        headers: IdempotencyHeaders,
        params: OrderIdParams,
        body: RefundInput,
        response: {
          200: envelope(OrderDto),
          201: envelope(OrderDto),
          202: envelope(OrderDto),
          ...refusals(404, 409, 422, 502),
        },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request, reply) => {
      const { order, created, pending, checking } = await refundOrder(
        app.db,
        app.paymentProviders,
        userOf(request),
        request.params.orderId,
        request.body,
        {
          idempotencyKey: request.headers["idempotency-key"],
          mail: await app.mailContext(),
          log: request.log,
        },
      );
      if (created) app.mailer.wake();
      // 202: the provider accepted it and pays it out later (Razorpay's pending), or its answer was
      // unclear and the payment sweep asks it by the request id; it is recorded (or released) then.
      if (pending)
        return reply.status(202).send(ok(order, checking ? api.refundBeingChecked : api.refundPending));
      return reply.status(created ? 201 : 200).send(ok(order, api.refundRecorded));
    },
  );
};
