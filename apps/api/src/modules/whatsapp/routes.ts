/**
 * WhatsApp's routes (docs/whatsapp.md): Meta's webhook (its verification and its events), the
 * shopper's consents, and the staff's log of the messages an order or a customer was sent.
 */
import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { api, whatsappApi } from "@shop/shared/messages";
import {
  ConsentsChange,
  ConsentsDto,
  MessageRatesDto,
  MessageRatesQuery,
  MessagesDto,
  MessagesQuery,
} from "@shop/shared/schemas/whatsapp";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import { sameSecret } from "#api/core/same-secret";
import { fileAnswer, ok, refusals } from "#api/http/envelope";
import { requireStaff, requireUser, userOf } from "#api/http/session";
import { changeConsents, getConsents } from "#api/modules/users/consents";
import { signatureMatches } from "#api/whatsapp/signature";
import { handleWebhook, WebhookBody } from "./inbound";
import { listMessageLog, messageRatesOf } from "./service";

/** Meta's verification: the mode, our token, and the number to echo. */
const VerifyField = z.string({ error: api.webhookRejected }).max(512, api.webhookRejected).optional();
const VerifyQuery = z
  .object({ "hub.mode": VerifyField, "hub.verify_token": VerifyField, "hub.challenge": VerifyField })
  .loose();

/**
 * Mounted at /api/whatsapp: Meta's webhook, in a scope of its own so that the signature of the raw
 * body (X-Hub-Signature-256, HMAC-SHA256 with the app secret) is checked before the body is parsed:
 * a request Meta did not sign is 401 whatever it holds.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (scope) => {
  const secrets = scope.config.whatsapp;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const header = request.headers["x-hub-signature-256"];
    if (
      !secrets?.appSecret ||
      !signatureMatches(raw, typeof header === "string" ? header : undefined, secrets.appSecret)
    ) {
      done(new AppError("UNAUTHORIZED", whatsappApi.badSignature), undefined);
      return;
    }
    try {
      done(null, JSON.parse(raw.toString("utf8")));
    } catch {
      done(new AppError("BAD_REQUEST", api.webhookRejected), undefined);
    }
  });

  scope.get(
    "/webhook",
    {
      schema: {
        tags: ["whatsapp"],
        operationId: "verifyWhatsAppWebhook",
        summary:
          "Meta's verification of the webhook: `hub.mode=subscribe` and `hub.verify_token` equal to WHATSAPP_VERIFY_TOKEN answer `hub.challenge` alone, as text",
        description: "Any other mode or token, or no WHATSAPP_VERIFY_TOKEN set: 401 (as Meta's SDK answers).",
        querystring: VerifyQuery,
        response: { 200: fileAnswer("text/plain", "`hub.challenge`, alone"), ...refusals(400, 401) },
      },
      config: { invalidMessage: api.webhookRejected },
    },
    async (request, reply) => {
      const query = request.query;
      if (
        query["hub.mode"] !== "subscribe" ||
        !sameSecret(query["hub.verify_token"], secrets?.verifyToken) ||
        query["hub.challenge"] === undefined
      )
        throw new AppError("UNAUTHORIZED", whatsappApi.badVerifyToken);
      return reply.header("content-type", "text/plain; charset=utf-8").send(query["hub.challenge"]);
    },
  );

  scope.post(
    "/webhook",
    {
      schema: {
        tags: ["whatsapp"],
        operationId: "receiveWhatsAppWebhook",
        summary:
          'Meta\'s WhatsApp webhook: X-Hub-Signature-256 checked over the raw body before it is read; statuses move the message log, a tap on "Confirm order" or "Cancel order" acts on its cash on delivery order, STOP ends the number\'s consents',
        description:
          "401 for a missing or wrong signature, or no WHATSAPP_APP_SECRET set (nothing is read or written). A message id seen before is ignored; a status for a message whose send is not recorded yet is kept until it is.",
        body: WebhookBody,
        response: { 200: EmptyEnvelope, ...refusals(400, 401) },
      },
      config: { invalidMessage: api.webhookRejected },
    },
    async (request) => {
      const handled = await handleWebhook(scope.db, request.body, await scope.mailContext());
      if (handled > 0) scope.mailer.wake();
      return ok(null);
    },
  );
};

/** Mounted at /api/users: the signed-in shopper's WhatsApp consents. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/current-user/consents",
    {
      schema: {
        tags: ["users"],
        operationId: "getConsents",
        summary:
          "The signed-in shopper's WhatsApp consents: order updates, offers and reminders, when and where each was given",
        response: { 200: envelope(ConsentsDto), ...refusals(401) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await getConsents(app.db, userOf(request).id));
    },
  );

  app.put(
    "/current-user/consents",
    {
      schema: {
        tags: ["users"],
        operationId: "changeConsents",
        summary:
          'Give or end the signed-in shopper\'s WhatsApp consents (kept with the time and "account" as where); `phone` sets the number they go to',
        description:
          "A consent given with no number known (none given, none kept, no address) answers 400 at `phone`.",
        body: ConsentsChange,
        response: { 200: envelope(ConsentsDto), ...refusals(400, 401) },
      },
      preValidation: requireUser,
    },
    async (request) =>
      ok(await changeConsents(app.db, userOf(request).id, request.body), whatsappApi.consentsSaved),
  );
};

/** Mounted at /api/messages (staff): the messages sent by email and on WhatsApp. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["whatsapp"],
        operationId: "listMessages",
        summary:
          "An order's or a customer's messages, by email and on WhatsApp, with their states (staff), newest first, at most 200",
        querystring: MessagesQuery,
        response: { 200: envelope(MessagesDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await listMessageLog(app.db, request.query)),
  );

  app.get(
    "/rates",
    {
      schema: {
        tags: ["whatsapp"],
        operationId: "getMessageRates",
        summary:
          "WhatsApp's messages of the last `days` days (30) sent, delivered, read and failed, with the rates; email's sent and failed (staff)",
        querystring: MessageRatesQuery,
        response: { 200: envelope(MessageRatesDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await messageRatesOf(app.db, request.query.days)),
  );
};
