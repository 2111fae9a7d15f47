import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { IdParams, ListQuery } from "@shop/shared/schemas/common";
import { OrderDto } from "@shop/shared/schemas/order";
import {
  PaymentDto,
  PaymentInput,
  PaymentProviderDto,
  PaymentStatusParams,
  PaypalOrderInput,
} from "@shop/shared/schemas/payment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import { list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireStaff, requireUser, userOf } from "#api/http/session";
import { PaypalWebhookEvent } from "#api/payments/paypal";
import type { PaymentProvider } from "#api/payments/provider";
import { collectCash, payOnDelivery } from "./cash-on-delivery";
import { paymentProviderInfo } from "./dto";
import { createPaypalOrder, getPayment, listPaymentDtos, payOrder } from "./service";
import { handlePaypalWebhook } from "./webhook";

// Managers see no payments (docs/design.md section 5); they do record cash on delivery collected,
// which answers the order as they may see it.

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;

  app.get(
    "/paypal",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPaymentProvider",
        summary: "The active payment provider and PayPal's public client id",
        response: { 200: envelope(PaymentProviderDto) },
      },
    },
    async () => ok(paymentProviderInfo(provider)),
  );

  app.post(
    "/paypal/orders",
    {
      schema: {
        tags: ["payments"],
        operationId: "createPayPalOrder",
        summary: "Create the PayPal order for the server's total of the caller's pending order",
        body: PaypalOrderInput,
        response: { 201: envelope(z.object({ id: z.string() })), ...refusals(404, 409, 502) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const created = await createPaypalOrder(app.db, provider, userOf(request), request.body.order);
      return reply.status(201).send(ok(created, api.created));
    },
  );

  app.post(
    "/",
    {
      schema: {
        tags: ["payments"],
        operationId: "payOrder",
        summary:
          "Pay the caller's order: a test card (test gateway), the capture of an approved PayPal order, or cash on delivery (a pending payment; the order ships)",
        body: PaymentInput,
        response: { 201: envelope(PaymentDto), 202: envelope(PaymentDto), ...refusals(402, 404, 409, 502) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      if (request.body.paymentGateway === "cod") {
        const { checkout } = await app.settings.current();
        const payment = await payOnDelivery(
          app.db,
          checkout.cod,
          userOf(request),
          request.body.order,
          await app.mailContext(),
        );
        app.mailer.wake();
        return reply.status(201).send(ok(payment, api.codChosen));
      }
      const { payment, pending } = await payOrder(
        app.db,
        provider,
        userOf(request),
        request.body,
        request.log,
        await app.mailContext(),
      );
      app.mailer.wake();
      if (!pending) app.metrics.orderPaid();
      return reply
        .status(pending ? 202 : 201)
        .send(ok(payment, pending ? api.paymentPending : api.paymentRecorded));
    },
  );

  await app.register(paypalWebhookRoute, { provider });

  app.get(
    "/",
    {
      schema: {
        tags: ["payments"],
        operationId: "listPayments",
        summary: "All payments, newest first (admin)",
        querystring: ListQuery,
        response: { 200: listEnvelope(PaymentDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { items, total } = await listPaymentDtos(app.db, { keyword }, { page, size });
      return list(items, { page, size, total });
    },
  );

  app.get(
    "/status/:status",
    {
      schema: {
        tags: ["payments"],
        operationId: "listPaymentsByStatus",
        summary: "Payments in one status (admin)",
        params: PaymentStatusParams,
        querystring: ListQuery,
        response: { 200: listEnvelope(PaymentDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { items, total } = await listPaymentDtos(
        app.db,
        { status: request.params.status, keyword },
        { page, size },
      );
      return list(items, { page, size, total });
    },
  );

  app.post(
    "/:id/collect",
    {
      schema: {
        tags: ["payments"],
        operationId: "collectCashOnDelivery",
        summary:
          "Record the cash of a cash on delivery payment collected: the payment completes and the order is invoiced (staff)",
        params: IdParams,
        response: { 200: envelope(OrderDto), ...refusals(404, 409) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const order = await collectCash(app.db, userOf(request), request.params.id, await app.mailContext());
      app.mailer.wake();
      return ok(order, api.codCollected);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPayment",
        summary: "One payment (admin)",
        params: IdParams,
        response: { 200: envelope(PaymentDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => ok(await getPayment(app.db, request.params.id)),
  );
};

/**
 * The webhook lives in a scope of its own because it needs the body exactly as PayPal sent it:
 * PayPal verifies the signature over those bytes.
 */
const paypalWebhookRoute: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  scope,
  { provider },
) => {
  const rawBodies = new WeakMap<object, string>();
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    try {
      const text = String(body);
      const parsed: unknown = JSON.parse(text);
      rawBodies.set(request, text);
      done(null, parsed);
    } catch {
      done(new AppError("BAD_REQUEST", api.webhookRejected), undefined);
    }
  });

  scope.post(
    "/paypal/webhook",
    {
      schema: {
        tags: ["payments"],
        operationId: "receivePayPalWebhook",
        summary:
          "PayPal webhook: verified with PayPal, then acts on PAYMENT.CAPTURE.COMPLETED / DENIED / REFUNDED",
        body: PaypalWebhookEvent.loose(),
        response: { 200: EmptyEnvelope, ...refusals(401) },
      },
      config: { invalidMessage: api.webhookRejected },
    },
    async (request) => {
      const rawBody = rawBodies.get(request);
      if (rawBody === undefined) throw new AppError("BAD_REQUEST", api.webhookRejected);
      const outcome = await handlePaypalWebhook(
        scope.db,
        provider,
        { headers: request.headers, rawBody },
        request.log,
        await scope.mailContext(),
      );
      if (outcome === "paid") scope.metrics.orderPaid();
      if (outcome === "recorded" || outcome === "paid") scope.mailer.wake();
      request.log.info({ outcome }, "PayPal webhook handled");
      return ok(null);
    },
  );
};
