import { envelope } from "@shop/shared/api";
import { shipping } from "@shop/shared/messages";
import { OrderDto, OrderIdParams } from "@shop/shared/schemas/order";
import { ShipmentParams } from "@shop/shared/schemas/shipment";
import {
  ShiprocketBatchDto,
  ShiprocketBatchInput,
  ShiprocketQuoteDto,
  ShiprocketQuoteInput,
  ShiprocketShipInput,
  ShiprocketShipmentDto,
} from "@shop/shared/schemas/shiprocket";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { ok, refusals } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { getOrder } from "#api/modules/orders/service";
import { shipBatch } from "./batch";
import { bookParcel } from "./booking";
import { cancelParcel } from "./cancel";
import { quote, type ShiprocketContext } from "./quote";

/** The client and the owner's Shiprocket settings; 503 when Shiprocket is not connected. */
async function contextOf(app: FastifyInstance): Promise<ShiprocketContext> {
  if (!app.shiprocket) throw new AppError("UNAVAILABLE", shipping.notConnected);
  const { shipping: settings } = await app.settings.current();
  return { db: app.db, client: app.shiprocket, settings: settings.shiprocket };
}

const SHIPROCKET_FAILS =
  "503 when Shiprocket is not connected or cannot be reached, 502 when its answer cannot be used, 422 " +
  "when it refuses (its words in the message).";

/** Mounted at /api/orders: an order's parcel quoted, booked and cancelled through Shiprocket (staff). */
export const shiprocketOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/:orderId/shiprocket/quote",
    {
      schema: {
        tags: ["orders"],
        operationId: "quoteShiprocket",
        summary:
          "The couriers that serve a parcel of the order, with price, delivery date, COD and rating (staff)",
        description:
          "`lines` (absent: every unit not yet shipped), `weightKg` (absent: the units' weights summed, each " +
          "its variant's, else its product's, else the shop's default) and `dimensionsCm` (absent: the largest " +
          "unit's box) describe the parcel. `preselected` is the courier the settings' `shiprocket.courierRule` " +
          "picks; a cash on delivery parcel lists only couriers that collect cash. `ewaybillRequired` when its " +
          `units are worth more than ₹50,000 with GST. 409 when the order may not ship or no pickup location is set. ${SHIPROCKET_FAILS}`,
        params: OrderIdParams,
        body: ShiprocketQuoteInput,
        response: { 200: envelope(ShiprocketQuoteDto), ...refusals(409, 422, 502, 503) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await quote(await contextOf(app), request.params.orderId, request.body)),
  );

  app.post(
    "/:orderId/shiprocket/shipments",
    {
      schema: {
        tags: ["orders"],
        operationId: "shipWithShiprocket",
        summary:
          "Book a parcel of the order with a courier through Shiprocket: its AWB, label and pickup; the parcel is recorded as a shipment (staff)",
        description:
          'Creates the Shiprocket order (`order_id` "<order number>-<n>"), assigns the AWB with `courierId`, ' +
          "fetches the label and schedules the pickup; then records the parcel (carrier = the courier, tracking " +
          "number = the AWB, its tracking link), so the order, its history, the shopper's email and a cash on " +
          "delivery order's invoice follow as for any parcel. A booking stopped half-way is taken up by the next " +
          "request for the order (never booked twice); 409 while another request books it. A parcel worth more " +
          "than ₹50,000 needs `ewaybillNo` (400 at `ewaybillNo`), sent to Shiprocket and printed on the invoice. " +
          SHIPROCKET_FAILS,
        params: OrderIdParams,
        body: ShiprocketShipInput,
        response: { 201: envelope(ShiprocketShipmentDto), ...refusals(409, 422, 502, 503) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { srShipmentId: _id, ...shipment } = await bookParcel(
        await contextOf(app),
        userOf(request),
        request.params.orderId,
        request.body,
        await app.mailContext(),
      );
      app.mailer.wake();
      return reply.status(201).send(ok(shipment, shipping.booked(shipment.awb, shipment.courier)));
    },
  );

  app.post(
    "/:orderId/shipments/:shipmentId/cancel",
    {
      schema: {
        tags: ["orders"],
        operationId: "cancelShiprocketShipment",
        summary:
          "Cancel a parcel booked through Shiprocket before the courier picks it up; its units are to ship again (staff)",
        description:
          "Shiprocket cancels the AWB first; then the parcel is removed, a shipped order is back to processing and " +
          "the history says so. 409 for a parcel shipped by hand, or one the courier has picked up (it can only " +
          `come back as a return to origin). ${SHIPROCKET_FAILS}`,
        params: ShipmentParams,
        response: { 200: envelope(OrderDto), ...refusals(409, 422, 502, 503) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { orderId, shipmentId } = request.params;
      const { client, db } = await contextOf(app);
      await cancelParcel(db, client, userOf(request), orderId, shipmentId);
      return ok(await getOrder(db, userOf(request), orderId), shipping.cancelled);
    },
  );
};

/** Mounted at /api/shiprocket: Ready to Ship's batch (staff). */
export const shiprocketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/batches",
    {
      schema: {
        tags: ["orders"],
        operationId: "shipShiprocketBatch",
        summary:
          "Book many orders at once through Shiprocket, each whole with the courier a rule picks; one label PDF and the manifest (staff)",
        description:
          "`rule` (absent: the settings' `shiprocket.courierRule`) picks each order's courier. An order that cannot " +
          "be booked (not ready to ship, no courier, worth more than ₹50,000 and so needing an e-way bill, refused " +
          "by Shiprocket) is in `failed` with why, and the rest go on. `labelsPdf` is one PDF of every booked " +
          "parcel's label, `manifestPdf` the pickup manifest (null when Shiprocket made none). 503 when Shiprocket " +
          "is not connected.",
        body: ShiprocketBatchInput,
        response: { 200: envelope(ShiprocketBatchDto), ...refusals(409, 503) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const result = await shipBatch(
        await contextOf(app),
        userOf(request),
        request.body,
        await app.mailContext(),
        request.log,
      );
      app.mailer.wake();
      return ok(result, shipping.batchDone(result.shipped.length, result.failed.length));
    },
  );
};
