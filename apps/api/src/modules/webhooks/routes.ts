import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";
import { webhookWords } from "@shop/shared/messages";
import { IdParams, ListQuery } from "@shop/shared/schemas/common";
import {
  WebhookDeliveryDto,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookEndpointDto,
  WebhookEndpointInput,
  WebhookEndpointWithSecretDto,
} from "@shop/shared/schemas/webhook";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, userOf } from "#api/http/session";
import { systemResolver } from "./destination";
import { toDeliveryDto, toEndpointDto, toEndpointWithSecretDto } from "./dto";
import {
  createEndpoint,
  editEndpoint,
  listDeliveryPage,
  listEndpointPage,
  redeliver,
  removeEndpoint,
  rotateSecret,
} from "./service";

/** Mounted at /api/webhooks: the endpoints the shop's events are sent to, and their deliveries (admin). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // NOTE: only WEBHOOKS_ALLOW_PRIVATE=1 lets an endpoint be on a private address (tests receive on 127.0.0.1).
  const rules = { allowPrivate: app.config.webhooksAllowPrivate, resolve: systemResolver };

  app.post(
    "/",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "createWebhookEndpoint",
        summary: "Register an endpoint; the answer carries its signing secret, shown this once (admin)",
        body: WebhookEndpointInput,
        response: { 201: envelope(WebhookEndpointWithSecretDto) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request, reply) => {
      const endpoint = await createEndpoint(app.db, userOf(request), request.body, rules);
      return reply.status(201).send(ok(toEndpointWithSecretDto(endpoint), webhookWords.created));
    },
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "listWebhookEndpoints",
        summary: "Endpoints, newest first, without their secrets; `keyword` on the URL (admin)",
        querystring: ListQuery,
        response: { 200: listEnvelope(WebhookEndpointDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { rows, total } = await listEndpointPage(app.db, keyword || undefined, { page, size });
      return list(rows.map(toEndpointDto), { page, size, total });
    },
  );

  app.put(
    "/:id",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "updateWebhookEndpoint",
        summary: "Replace an endpoint's URL, events and switch; its secret stays (admin)",
        params: IdParams,
        body: WebhookEndpointInput,
        response: { 200: envelope(WebhookEndpointDto) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request) => {
      const endpoint = await editEndpoint(app.db, userOf(request), request.params.id, request.body, rules);
      return ok(toEndpointDto(endpoint), webhookWords.saved);
    },
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "deleteWebhookEndpoint",
        summary: "Delete an endpoint and its deliveries (admin)",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request) => {
      await removeEndpoint(app.db, userOf(request), request.params.id);
      return ok(null, webhookWords.deleted);
    },
  );

  app.post(
    "/:id/rotate-secret",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "rotateWebhookSecret",
        summary:
          "Give an endpoint a new secret, shown this once; the previous one keeps signing beside it for 24 hours (admin)",
        params: IdParams,
        response: { 200: envelope(WebhookEndpointWithSecretDto) },
      },
      preValidation: [requireAdmin, requireFreshSecondStep],
    },
    async (request) =>
      ok(
        toEndpointWithSecretDto(await rotateSecret(app.db, userOf(request), request.params.id)),
        webhookWords.rotated,
      ),
  );

  app.get(
    "/:id/deliveries",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "listWebhookDeliveries",
        summary: "An endpoint's deliveries, newest first: status, last response, attempts, body (admin)",
        description: CAPPED_LIST_NOTE,
        params: IdParams,
        querystring: WebhookDeliveryListQuery,
        response: { 200: listEnvelope(WebhookDeliveryDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, ...read } = await listDeliveryPage(app.db, request.params.id, { page, size });
      return list(rows.map(toDeliveryDto), { page, size, ...read });
    },
  );

  app.post(
    "/:id/deliveries/:deliveryId/redeliver",
    {
      schema: {
        tags: ["webhooks"],
        operationId: "redeliverWebhook",
        summary:
          "Send a delivery again now, with the same webhook-id and body, its attempts counted afresh (admin)",
        params: WebhookDeliveryParams,
        response: { 200: envelope(WebhookDeliveryDto), ...refusals(409) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const delivery = await redeliver(app.db, userOf(request), request.params.id, request.params.deliveryId);
      app.webhookSender.wake();
      return ok(toDeliveryDto(delivery), webhookWords.redeliveryQueued);
    },
  );
};
