import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { api, ndrActionWords, trackingApi } from "@shop/shared/messages";
import { IdParams } from "@shop/shared/schemas/common";
import { ShipmentParams } from "@shop/shared/schemas/shipment";
import {
  NdrActionDto,
  NdrActionInput,
  NdrListDto,
  ScansDto,
  TrackingUpdate,
} from "@shop/shared/schemas/tracking";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { sameSecret } from "#api/core/same-secret";
import { ok, refusals } from "#api/http/envelope";
import { requireStaff, requireUser, userOf } from "#api/http/session";
import { answerNdr, listNdrs, parcelScans } from "./ndr";
import { receiveTrackingUpdate } from "./update";

/**
 * Mounted at /api/tracking: Shiprocket's tracking webhook, in a scope of its own so that its key is
 * checked before its body is read (a request without it is 401 whatever it holds) and a body that is
 * not JSON gets the webhook's message. NOTE: Shiprocket refuses a URL that contains "shiprocket",
 * "kartrocket", "sr" or "kr"; hence /tracking/updates.
 */
export const trackingRoutes: FastifyPluginAsyncZod = async (scope) => {
  scope.addHook("onRequest", async (request) => {
    if (!sameSecret(request.headers["x-api-key"], scope.config.shiprocket?.webhookToken))
      throw new AppError("UNAUTHORIZED", api.webhookRejected);
  });
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError("BAD_REQUEST", api.webhookRejected), undefined);
    }
  });

  scope.post(
    "/updates",
    {
      schema: {
        tags: ["orders"],
        operationId: "receiveTrackingUpdate",
        summary:
          "Shiprocket's tracking webhook: `x-api-key` checked against SHIPROCKET_WEBHOOK_TOKEN; each scan kept, and the parcel of the AWB moved by `shipment_status_id`",
        description:
          "401 for a missing or wrong key, or when no token is configured (nothing is written). Every update " +
          "it can read answers 200: an AWB the shop does not know keeps its scans and nothing else; an update " +
          "no newer than the parcel's last (`current_timestamp`, India time) keeps its scans and changes " +
          "nothing. Picked up, in transit, out for delivery (the shopper is emailed), delivered (the order " +
          "once every parcel is; a cash on delivery order's cash collected), undelivered (an NDR for staff), " +
          "return to origin started and back at the shop (a cash on delivery order cancelled with a credit " +
          "note, its stock back). A body that is not JSON, or without an AWB, a status or a readable time: 400.",
        body: TrackingUpdate,
        response: { 200: EmptyEnvelope, ...refusals(401) },
      },
      config: { invalidMessage: api.webhookRejected },
    },
    async (request) => {
      const { checkout } = await scope.settings.current();
      const outcome = await receiveTrackingUpdate(scope.db, request.body, {
        mail: await scope.mailContext(),
        barOnRefusal: checkout.cod.blockAfterRefusal,
      });
      if (outcome === "moved") scope.mailer.wake();
      request.log.info({ outcome }, "tracking update handled");
      return ok(null);
    },
  );
};

/** Mounted at /api/shipments: staff's NDR list and their answer to one. */
export const ndrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ndr",
    {
      schema: {
        tags: ["orders"],
        operationId: "listNdrs",
        summary:
          "Parcels the courier could not deliver (NDR) and not answered since, oldest report first, with the courier's reason and attempts (staff)",
        response: { 200: envelope(NdrListDto) },
      },
      preValidation: requireStaff,
    },
    async () => ok(await listNdrs(app.db)),
  );

  app.post(
    "/:id/ndr",
    {
      schema: {
        tags: ["orders"],
        operationId: "answerNdr",
        summary:
          "Ask the courier to deliver an undelivered parcel again, or to return it to the shop (staff)",
        description:
          '`action`: "reattempt" or "return" (return to origin: no undo). Shiprocket is asked first (503 when ' +
          "it is not configured or cannot be reached, 422 when it refuses); the answer is kept on the parcel " +
          "with a row of the order's history. 404 for a parcel not booked through Shiprocket, 409 for one not " +
          "reported undelivered or already answered since its last report.",
        params: IdParams,
        body: NdrActionInput,
        response: { 200: envelope(NdrActionDto), ...refusals(409, 422, 502, 503) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { action } = request.body;
      const answer = await answerNdr(app.db, app.shiprocket, userOf(request), request.params.id, action);
      return ok(answer, trackingApi.ndrAsked(ndrActionWords[action]));
    },
  );
};

/** Mounted at /api/orders: a parcel's scans, for its order's shopper and staff. */
export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:orderId/shipments/:shipmentId/scans",
    {
      schema: {
        tags: ["orders"],
        operationId: "listShipmentScans",
        summary:
          "A parcel's courier scans, oldest first: its timeline (the order's shopper or staff; anyone else gets 404)",
        params: ShipmentParams,
        response: { 200: envelope(ScansDto) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { orderId, shipmentId } = request.params;
      return ok(await parcelScans(app.db, userOf(request), orderId, shipmentId));
    },
  );
};
