/**
 * An order's documents as PDFs: the GST tax invoice and each refund's credit note (owner or staff),
 * and the packing slip (staff).
 */
import { OrderIdParams } from "@shop/shared/schemas/order";
import { CreditNoteParams } from "@shop/shared/schemas/refund";
import { ShipmentParams } from "@shop/shared/schemas/shipment";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileAnswer, refusals, sendDownload } from "#api/http/envelope";
import { requireStaff, requireUser, userOf } from "#api/http/session";
import {
  type OrderDocument,
  orderCreditNote,
  orderInvoice,
  orderPackingSlip,
  type Seller,
  sellerOf,
  shipmentPackingSlip,
} from "./service";

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The seller as the owner's store settings have it now: on the document made for this request. */
  const sellerNow = async (): Promise<Seller> =>
    sellerOf(await app.settings.current(), app.config.invoiceSigning);
  const send = (reply: FastifyReply, { pdf, filename }: OrderDocument) =>
    sendDownload(reply, { contentType: "application/pdf", filename, body: pdf });

  app.get(
    "/:orderId/invoice.pdf",
    {
      schema: {
        tags: ["orders"],
        operationId: "getOrderInvoice",
        summary:
          "The GST tax invoice of an order as a PDF, once issued: at payment, or with a cash on delivery order's first parcel (its owner or staff; another shopper gets 404, an order without its invoice yet 409)",
        params: OrderIdParams,
        response: {
          200: fileAnswer("application/pdf", "The invoice, named after its number (Content-Disposition)."),
          ...refusals(409),
        },
      },
      preValidation: requireUser,
    },
    async (request, reply) =>
      send(reply, await orderInvoice(app.db, userOf(request), request.params.orderId, await sellerNow())),
  );

  app.get(
    "/:orderId/packing-slip.pdf",
    {
      schema: {
        tags: ["orders"],
        operationId: "getOrderPackingSlip",
        summary:
          "The packing slip of a paid or cash on delivery order as a PDF: lines, SKUs, quantities and the address, no prices (staff)",
        params: OrderIdParams,
        response: {
          200: fileAnswer("application/pdf", "The packing slip, named after the invoice number."),
          ...refusals(409),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) =>
      send(reply, await orderPackingSlip(app.db, userOf(request), request.params.orderId, await sellerNow())),
  );

  app.get(
    "/:orderId/shipments/:shipmentId/packing-slip.pdf",
    {
      schema: {
        tags: ["orders"],
        operationId: "getShipmentPackingSlip",
        summary:
          "The packing slip of one shipment as a PDF: its lines and units only, its carrier and number (staff)",
        params: ShipmentParams,
        response: {
          200: fileAnswer("application/pdf", "The shipment's packing slip."),
          ...refusals(409),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { orderId, shipmentId } = request.params;
      return send(
        reply,
        await shipmentPackingSlip(app.db, userOf(request), orderId, shipmentId, await sellerNow()),
      );
    },
  );

  app.get(
    "/:orderId/credit-notes/:refundId.pdf",
    {
      schema: {
        tags: ["orders"],
        operationId: "getOrderCreditNote",
        summary:
          "The credit note of one refund of an order as a PDF: each line given back with its HSN, units, taxable value, rate and GST as the invoice charged it (its owner or staff; anyone else gets 404)",
        params: CreditNoteParams,
        response: {
          200: fileAnswer(
            "application/pdf",
            "The credit note, named after its number (Content-Disposition).",
          ),
        },
      },
      preValidation: requireUser,
    },
    async (request, reply) =>
      send(
        reply,
        await orderCreditNote(
          app.db,
          userOf(request),
          request.params.orderId,
          request.params.refundId,
          await sellerNow(),
        ),
      ),
  );
};
