import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { api, unmatchedPayments } from "@shop/shared/messages";
import { IdParams, ListQuery } from "@shop/shared/schemas/common";
import { OrderDto } from "@shop/shared/schemas/order";
import {
  PaymentDto,
  PaymentInput,
  PaymentProviderDto,
  PaymentStatusParams,
  PaypalOrderInput,
  RazorpayKeyDto,
  RazorpayOrderDto,
  RazorpayOrderInput,
  UnmatchedPaymentDto,
  UnmatchedPaymentsDto,
} from "@shop/shared/schemas/payment";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, requireStaff, requireUser, userOf } from "#api/http/session";
import { codTermsOf } from "#api/modules/cod/routes";
import { PaypalWebhookEvent } from "#api/payments/paypal";
import type { PaymentProviders, RazorpayWebhookEvent } from "#api/payments/provider";
import { RazorpayWebhookBody } from "#api/payments/razorpay-client";
import { collectCash, payOnDelivery } from "./cash-on-delivery";
import { paymentProviderInfo } from "./dto";
import { createRazorpayOrder, handleRazorpayWebhook } from "./razorpay";
import { createPaypalOrder, getPayment, listPaymentDtos, payOrder } from "./service";
import { payWithStoreCredit } from "./store-credit";
import { listUnmatched, refundHeldPayment } from "./unmatched";
import { type CaptureContext, handlePaypalWebhook, type WebhookOutcome } from "./webhook";

// Managers see no payments (docs/design.md section 5); they do record cash on delivery collected,
// which answers the order as they may see it.

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = app.paymentProviders;

  app.get(
    "/paypal",
    {
      schema: {
        tags: ["payments"],
        operationId: "getPaymentProvider",
        summary:
          "PayPal's public client id, or the test gateway when it takes the payments (404 with neither: a shop on Razorpay alone)",
        response: { 200: envelope(PaymentProviderDto), ...refusals(404) },
      },
    },
    async () => {
      const info = paymentProviderInfo(providers);
      if (!info) throw new AppError("NOT_FOUND", api.paypalNotConfigured);
      return ok(info);
    },
  );

  app.get(
    "/razorpay",
    {
      schema: {
        tags: ["payments"],
        operationId: "getRazorpayKey",
        summary:
          "Razorpay's public key id for Checkout and the address of Checkout's script (404 when Razorpay is not configured)",
        response: { 200: envelope(RazorpayKeyDto), ...refusals(404) },
      },
    },
    async () => {
      const razorpay = app.config.razorpay;
      if (!providers.razorpay || !razorpay) throw new AppError("NOT_FOUND", api.razorpayNotConfigured);
      return ok({ keyId: providers.razorpay.keyId, checkoutUrl: razorpay.checkoutUrl });
    },
  );

  app.post(
    "/razorpay/orders",
    {
      schema: {
        tags: ["payments"],
        operationId: "createRazorpayOrder",
        summary:
          "Create (or find again) the Razorpay order for the server's total of the caller's pending INR order (the owner's online discount taken off once, while cash on delivery is offered for it); amount in paise",
        body: RazorpayOrderInput,
        response: { 201: envelope(RazorpayOrderDto), ...refusals(404, 409, 502) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const created = await createRazorpayOrder(
        app.db,
        providers,
        userOf(request),
        request.body.order,
        await codTermsOf(app),
      );
      return reply.status(201).send(ok(created, api.created));
    },
  );

  app.post(
    "/paypal/orders",
    {
      schema: {
        tags: ["payments"],
        operationId: "createPayPalOrder",
        summary:
          "Create the PayPal order for the server's total of the caller's pending order (the owner's online discount taken off once, while cash on delivery is offered for it)",
        body: PaypalOrderInput,
        response: { 201: envelope(z.object({ id: z.string() })), ...refusals(404, 409, 502) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const created = await createPaypalOrder(
        app.db,
        providers,
        userOf(request),
        request.body.order,
        await codTermsOf(app),
      );
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
          "Pay the caller's order: a test card (test gateway; the owner's online discount taken off first while cash on delivery is offered), the capture of an approved PayPal order, Razorpay Checkout's signed result (verified, read back and captured), cash on delivery where the owner's rules offer it (a pending payment; the order ships once the shopper confirms it), or store credit paying all that is left of it (409 when the caller's credit does not cover it)",
        body: PaymentInput,
        response: { 201: envelope(PaymentDto), 202: envelope(PaymentDto), ...refusals(402, 404, 409, 502) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const terms = await codTermsOf(app);
      if (request.body.paymentGateway === "store_credit") {
        const payment = await payWithStoreCredit(
          app.db,
          userOf(request),
          request.body.order,
          await app.mailContext(),
          terms,
        );
        app.mailer.wake();
        app.metrics.orderPaid();
        return reply.status(201).send(ok(payment, api.paymentRecorded));
      }
      if (request.body.paymentGateway === "cod") {
        const payment = await payOnDelivery(
          app.db,
          terms,
          userOf(request),
          request.body.order,
          await app.mailContext(),
        );
        app.mailer.wake();
        return reply.status(201).send(ok(payment, api.codChosen));
      }
      const { payment, pending } = await payOrder(
        app.db,
        providers,
        userOf(request),
        request.body,
        request.log,
        await app.mailContext(),
        terms,
        { holdUnmatched: (await app.settings.current()).checkout.holdUnmatchedPayments },
      );
      app.mailer.wake();
      if (!pending) app.metrics.orderPaid();
      return reply
        .status(pending ? 202 : 201)
        .send(ok(payment, pending ? api.paymentPending : api.paymentRecorded));
    },
  );

  await app.register(paypalWebhookRoute, { providers });
  await app.register(razorpayWebhookRoute, { providers });

  app.get(
    "/",
    {
      schema: {
        tags: ["payments"],
        operationId: "listPayments",
        summary: "All payments, newest first (admin)",
        description: CAPPED_LIST_NOTE,
        querystring: ListQuery,
        response: { 200: listEnvelope(PaymentDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { items, ...read } = await listPaymentDtos(app.db, { keyword }, { page, size });
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/status/:status",
    {
      schema: {
        tags: ["payments"],
        operationId: "listPaymentsByStatus",
        summary: "Payments in one status (admin)",
        description: CAPPED_LIST_NOTE,
        params: PaymentStatusParams,
        querystring: ListQuery,
        response: { 200: listEnvelope(PaymentDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { items, ...read } = await listPaymentDtos(
        app.db,
        { status: request.params.status, keyword },
        { page, size },
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/unmatched",
    {
      schema: {
        tags: ["payments"],
        operationId: "listUnmatchedPayments",
        summary:
          "Money a provider took that its order could not take (a second payment of a paid order, one after the order closed), newest first, each refunding, refunded or held for review (admin)",
        response: { 200: envelope(UnmatchedPaymentsDto) },
      },
      preValidation: requireAdmin,
    },
    async () => ok({ items: await listUnmatched(app.db) }),
  );

  app.post(
    "/unmatched/:id/refund",
    {
      schema: {
        tags: ["payments"],
        operationId: "refundUnmatchedPayment",
        summary:
          "Refund in full, through its provider, an unmatched payment held for review (admin; 409 when it is not held)",
        params: IdParams,
        response: { 200: envelope(UnmatchedPaymentDto), ...refusals(404, 409) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request) =>
      ok(
        await refundHeldPayment(app.db, providers, userOf(request), request.params.id, request.log),
        unmatchedPayments.refundStarted,
      ),
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
 * Keeps each JSON body's text as it came, for the webhooks of the scope: a provider signs those bytes,
 * not a re-serialised copy. Anything that is not JSON is refused with the webhook's message.
 */
function keepRawBodies(scope: Parameters<FastifyPluginAsyncZod>[0]): WeakMap<FastifyRequest, string> {
  const rawBodies = new WeakMap<FastifyRequest, string>();
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
  return rawBodies;
}

/** What a webhook's recording needs: the providers, the request's log, the shop's details and the owner's choice. */
async function captureContextOf(
  scope: Parameters<FastifyPluginAsyncZod>[0],
  providers: PaymentProviders,
  request: FastifyRequest,
): Promise<CaptureContext> {
  return {
    providers,
    log: request.log,
    mail: await scope.mailContext(),
    holdUnmatched: (await scope.settings.current()).checkout.holdUnmatchedPayments,
  };
}

function logWebhook(
  scope: Parameters<FastifyPluginAsyncZod>[0],
  request: FastifyRequest,
  provider: string,
  outcome: WebhookOutcome,
) {
  if (outcome === "paid") scope.metrics.orderPaid();
  if (outcome === "recorded" || outcome === "paid") scope.mailer.wake();
  request.log.info({ outcome }, `${provider} webhook handled`);
}

/**
 * The webhook lives in a scope of its own because it needs the body exactly as PayPal sent it:
 * PayPal verifies the signature over those bytes.
 */
const paypalWebhookRoute: FastifyPluginAsyncZod<{ providers: PaymentProviders }> = async (
  scope,
  { providers },
) => {
  const rawBodies = keepRawBodies(scope);

  scope.post(
    "/paypal/webhook",
    {
      schema: {
        tags: ["payments"],
        operationId: "receivePayPalWebhook",
        summary:
          "PayPal webhook: verified with PayPal, then acts on PAYMENT.CAPTURE.COMPLETED / DENIED / REFUNDED, CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED",
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
        { headers: request.headers, rawBody },
        await captureContextOf(scope, providers, request),
      );
      logWebhook(scope, request, "PayPal", outcome);
      return ok(null);
    },
  );
};

/** Razorpay's webhook headers: its signature of the raw body, and the event's id (the same at every delivery). */
const SIGNATURE_HEADER = "x-razorpay-signature";
const EVENT_ID_HEADER = "x-razorpay-event-id";

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value.length > 0 && value.length <= 256 ? value : undefined;
}

/**
 * Razorpay's webhook, in a scope of its own for the raw body as PayPal's. The signature is checked
 * before the body is validated: a request Razorpay did not sign is 401 whatever it holds.
 */
const razorpayWebhookRoute: FastifyPluginAsyncZod<{ providers: PaymentProviders }> = async (
  scope,
  { providers },
) => {
  const rawBodies = keepRawBodies(scope);
  const events = new WeakMap<FastifyRequest, RazorpayWebhookEvent>();

  scope.post(
    "/razorpay/webhook",
    {
      schema: {
        tags: ["payments"],
        operationId: "receiveRazorpayWebhook",
        summary:
          "Razorpay webhook: X-Razorpay-Signature (HMAC-SHA256 of the body with the webhook secret) checked, an X-Razorpay-Event-Id seen before ignored; acts on payment.authorized / captured / failed, order.paid, refund.processed / failed, payment.dispute.created / under_review / action_required / won / lost / closed",
        body: RazorpayWebhookBody.loose(),
        response: { 200: EmptyEnvelope, ...refusals(401, 502) },
      },
      config: { invalidMessage: api.webhookRejected },
      preValidation: async (request) => {
        const razorpay = providers.razorpay;
        if (!razorpay?.acceptsWebhooks) throw new AppError("BAD_REQUEST", api.webhookRejected);
        const rawBody = rawBodies.get(request);
        const signature = headerOf(request, SIGNATURE_HEADER);
        const event =
          rawBody !== undefined && signature ? razorpay.verifyWebhook(signature, rawBody) : undefined;
        if (!event) throw new AppError("UNAUTHORIZED", api.webhookRejected);
        events.set(request, event);
      },
    },
    async (request) => {
      const razorpay = providers.razorpay;
      const event = events.get(request);
      if (!razorpay || !event) throw new AppError("UNAUTHORIZED", api.webhookRejected);
      const outcome = await handleRazorpayWebhook(
        scope.db,
        { eventId: headerOf(request, EVENT_ID_HEADER), event },
        await captureContextOf(scope, providers, request),
      );
      logWebhook(scope, request, "Razorpay", outcome);
      return ok(null);
    },
  );
};
