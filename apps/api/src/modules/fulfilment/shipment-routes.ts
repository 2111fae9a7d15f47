import { envelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { OrderIdParams, ShipmentDto } from "@shop/shared/schemas/order";
import { ShipmentInput, ShipmentParams, ShipmentUpdateInput } from "@shop/shared/schemas/shipment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { returnShipmentToOrigin } from "./returned-to-origin";
import { createShipment, deliverShipment } from "./shipments";

/** Mounted at /api/orders: an order's parcels, shipped and delivered by staff. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/:orderId/shipments",
    {
      schema: {
        tags: ["orders"],
        operationId: "createShipment",
        summary:
          "Ship units of a paid order with a carrier and tracking number; the order is shipped once every unit is (staff)",
        description:
          "`carrier` is a carrier's name from the fulfilment settings, or `Other` (no tracking link). " +
          "`lines` names order lines (`line`: the line's `_id`) and units; absent, every unit not yet " +
          "shipped goes. Only a `processing` order ships (409 otherwise); more units than remain to ship " +
          "is 409, a line of another order 400. The shopper is emailed the carrier, number and link. A cash " +
          "on delivery order's first parcel issues its GST invoice (numbered and dated then).",
        params: OrderIdParams,
        body: ShipmentInput,
        response: { 201: envelope(ShipmentDto), ...refusals(409) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { fulfilment } = await app.settings.current();
      const shipment = await createShipment(app.db, userOf(request), request.params.orderId, request.body, {
        carriers: fulfilment.carriers,
        mail: await app.mailContext(),
      });
      app.mailer.wake();
      return reply.status(201).send(ok(shipment, api.shipmentCreated));
    },
  );

  app.patch(
    "/:orderId/shipments/:shipmentId",
    {
      schema: {
        tags: ["orders"],
        operationId: "updateShipment",
        summary:
          "Mark a shipment delivered, or returned to origin; the order is delivered once every unit shipped and every parcel arrived (staff)",
        description:
          "`{ delivered: true }`: the parcel arrived. `{ returnedToOrigin: true, reason }`: the carrier brought a cash on " +
          "delivery parcel back undelivered (RTO), only for an order whose cash was not collected and none of whose " +
          'parcels was delivered (409 otherwise); `reason` ("refused", "unreachable", "wrong_address" or "other") is ' +
          'required (400 at `reason`). Only "refused" bars the shopper from cash on delivery (while the checkout ' +
          "settings' `cod.blockAfterRefusal` is on; `codBar` of the customer summary, lifted by DELETE " +
          "/users/{userId}/cod-bar). Once no parcel is on its way, the order is cancelled with nothing to refund: a " +
          "credit note without money reverses its invoice, every unit goes back to stock and the shopper is emailed " +
          "(saying that cash on delivery is no longer offered, and why, when barred).",
        params: ShipmentParams,
        body: ShipmentUpdateInput,
        response: { 200: envelope(ShipmentDto), ...refusals(409) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { orderId, shipmentId } = request.params;
      const mail = await app.mailContext();
      if ("returnedToOrigin" in request.body) {
        const { checkout } = await app.settings.current();
        const returned = await returnShipmentToOrigin(
          app.db,
          userOf(request),
          orderId,
          shipmentId,
          { reason: request.body.reason, barOnRefusal: checkout.cod.blockAfterRefusal },
          mail,
        );
        app.mailer.wake();
        return ok(returned, api.shipmentReturnedToOrigin);
      }
      const shipment = await deliverShipment(app.db, userOf(request), orderId, shipmentId, mail);
      app.mailer.wake();
      return ok(shipment, api.shipmentDelivered);
    },
  );
};
