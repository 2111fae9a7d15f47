import { envelope, listEnvelope } from "@shop/shared/api";
import { deliveryApi } from "@shop/shared/messages";
import {
  DeliveryDto,
  DeliveryQuery,
  PINCODE_FAULTS_LISTED,
  PINCODE_LIST_MAX_ROWS,
  PincodeListQuery,
  PincodeMethodParams,
  PincodeParams,
  PincodeRowDto,
  PincodeUploadDto,
} from "@shop/shared/schemas/delivery";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list, ok, refusals } from "#api/http/envelope";
import { notModified, readKey, sendCachedRead } from "#api/http/read-cache";
import { currentSession, requireAdmin, userOf } from "#api/http/session";
import { answerDelivery, CourierReachSource } from "./courier-reach";
import { pincodeListPage, replacePincodeList } from "./pincode-list";

/**
 * How long a browser may keep a delivery answer: its date moves at the dispatch cut-off, a minute
 * late at most; the server's own read cache keeps it a few seconds and forgets it at any change.
 */
const DELIVERY_CACHE_SECONDS = 60;

/** Bytes of an uploaded list: its most rows at 80 bytes each, far more than `110001,3,yes` needs. */
const PINCODE_LIST_BODY_LIMIT = PINCODE_LIST_MAX_ROWS * 80;

/** Mounted at /api/delivery: whether the shop delivers to a PIN code, for anyone. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shiprocket's couriers answer when the settings say so; their answers are kept in this process.
  const couriers = app.shiprocket ? new CourierReachSource(app.shiprocket, app.log) : undefined;
  app.get(
    "/:pincode",
    {
      schema: {
        tags: ["delivery"],
        operationId: "getDelivery",
        summary:
          "Whether the shop delivers to a PIN code: the methods that serve it (cheapest first) with their days, delivery date and COD, and whether COD is possible there (`codReason` when not; `codLimit` when it is)",
        description:
          "`deliverBy` is a date (YYYY-MM-DD) on the shop's clock: the day a parcel ordered now leaves (before the dispatch cut-off hour on a dispatch day: that day; otherwise the next dispatch day, skipping the shop's non-dispatch weekdays and holidays) plus the method's days. A method serving states serves the PIN code when its state (by India Post's PIN zones) is one of the method's, or the method serves every state. `product`, when given, must name an active product (404 otherwise); the answer is about the address only, whatever the product's stock. `cod` applies every cash on delivery rule known before the cart: the shop's switch, its COD block list of PIN codes, the signed-in shopper's bar after a refused parcel (their answer is private) and the methods' word for the PIN code; `codLimit` is the order-value limit (the total with the COD fee) left to checkout. When the shipping settings let Shiprocket answer delivery (and it is configured, with a pickup location named), its couriers' serviceability for a parcel of the product's weight (else the shop's default) replaces the PIN code lists: the methods serving lists or the PIN code's state take the days of the courier the shop's rule picks and COD when a courier takes it, and a PIN code no courier serves is not deliverable; answers are kept a day per PIN code and half-kilogram band, and when Shiprocket does not answer within 800 ms the lists answer.",
        params: PincodeParams,
        querystring: DeliveryQuery,
        response: { 200: envelope(DeliveryDto), ...notModified },
      },
    },
    async (request, reply) => {
      const { pincode } = request.params;
      const { product } = request.query;
      // A signed-in shopper's answer is their own (their cash on delivery bar): kept by no shared cache.
      const session = await currentSession(request);
      if (session) {
        reply.header("cache-control", "private, no-store");
        const codBarred = session.user.codRefusedAt !== null;
        const settings = await app.settings.current();
        return ok(await answerDelivery(app.db, couriers, settings, pincode, { product, codBarred }));
      }
      reply.header("cache-control", `public, max-age=${DELIVERY_CACHE_SECONDS}`);
      try {
        return await sendCachedRead(request, reply, readKey("delivery", pincode, request.query), async () =>
          ok(await answerDelivery(app.db, couriers, await app.settings.current(), pincode, { product })),
        );
      } catch (error) {
        // A refusal (an inactive product) is kept by no cache.
        reply.removeHeader("cache-control");
        throw error;
      }
    },
  );
};

/**
 * The body of an upload: the CSV file's text. NOTE: a union, so that a JSON body is told to come as
 * CSV (a string's own refusal would be the word for a JSON body that is no object), and optional so
 * that a request without a body is told the file holds no PIN codes.
 */
const PincodeCsv = z
  .union([z.string(), z.null()], { error: deliveryApi.csvBody })
  .optional()
  .describe("The list as CSV: `pincode,days,cod` a line (an optional header line of those words first).");

/** Mounted at /api/settings/shipping: a shipping method's PIN code list (admins). */
export const pincodeListRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list comes as the CSV file's own text: no form, no JSON around it.
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "string", bodyLimit: PINCODE_LIST_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.put(
    "/:methodId/pincodes",
    {
      schema: {
        tags: ["settings"],
        operationId: "replaceShippingPincodes",
        summary: `Replace a shipping method's PIN code list with a CSV file (text/csv, up to ${PINCODE_LIST_MAX_ROWS.toLocaleString("en-US")} rows of pincode,days,cod); every row is checked, and any wrong row saves nothing (admin)`,
        description: `A PIN code is 6 digits not starting with 0, listed once; days a whole number from 1 to 60; cod yes/no, true/false or 1/0 (any case). Saved: \`{ rows, errors: [] }\`. Refused: 400 with each wrong row at \`errors["lines.<line>"]\` and \`data: { rows, errors: [{ line, message }] }\` (lines of the file from 1, a header counted; the first ${PINCODE_FAULTS_LISTED} faults, the message counting them all).`,
        params: PincodeMethodParams,
        consumes: ["text/csv"],
        body: PincodeCsv,
        response: { 200: envelope(PincodeUploadDto), ...refusals(404) },
      },
      bodyLimit: PINCODE_LIST_BODY_LIMIT,
      preValidation: requireAdmin,
    },
    async (request) => {
      const { shipping } = await app.settings.current();
      const saved = await replacePincodeList(
        app.db,
        shipping.methods,
        request.params.methodId,
        request.body ?? "",
        userOf(request),
      );
      return ok(saved, deliveryApi.listSaved(saved.rows));
    },
  );

  app.get(
    "/:methodId/pincodes",
    {
      schema: {
        tags: ["settings"],
        operationId: "listShippingPincodes",
        summary:
          "A shipping method's PIN code list in PIN code order, `search` keeping the codes that start with its digits; `meta.total` counts them (admin)",
        params: PincodeMethodParams,
        querystring: PincodeListQuery,
        response: { 200: listEnvelope(PincodeRowDto), ...refusals(404) },
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { shipping } = await app.settings.current();
      const { page, size } = request.query;
      const { rows, total } = await pincodeListPage(
        app.db,
        shipping.methods,
        request.params.methodId,
        request.query,
      );
      return list(rows, { page, size, total });
    },
  );
};
