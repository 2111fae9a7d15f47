import { envelope, listEnvelope } from "@shop/shared/api";
import { api, successes, validation } from "@shop/shared/messages";
import { ListQuery } from "@shop/shared/schemas/common";
import {
  OrderDto,
  OrderIdParams,
  OrderInput,
  OrderListQuery,
  OrderNoteInput,
  OrderStatusInput,
  OrderSummaryDto,
  StatusParams,
} from "@shop/shared/schemas/order";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireStaff, requireUser, userOf } from "#api/http/session";
import { refundWholeOrder } from "#api/modules/refunds/whole-order";
import { cancelParcelsOfOrder } from "#api/modules/shiprocket/cancel";
import { placeOrder } from "./placement";
import {
  addOrderNote,
  cancelOrder,
  getOrder,
  listOrderSummaries,
  listStaffOrders,
  updateOrderStatus,
} from "./service";

/** The Idempotency-Key header of a write a client may retry (placement, refund). */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string({ error: validation.required })
    .trim()
    .min(1, validation.required)
    .max(128, validation.maxLength(128))
    .optional(),
});

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["orders"],
        operationId: "placeOrder",
        summary:
          "Place an order; the server prices it and takes the stock of each line's variant (Idempotency-Key makes retries safe)",
        headers: IdempotencyHeaders,
        body: OrderInput,
        response: { 200: envelope(OrderDto), 201: envelope(OrderDto), ...refusals(404, 409, 422) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { checkout, shipping, currency, taxes, store } = await app.settings.current();
      const { order, created } = await placeOrder(app.db, userOf(request), request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        limits: checkout,
        shipping: shipping.methods,
        currency: currency.code,
        taxes,
        storeState: store.state,
        mail: await app.mailContext(),
      });
      if (created) {
        app.metrics.orderPlaced();
        app.mailer.wake();
      }
      return reply.status(created ? 201 : 200).send(ok(order, api.orderPlaced));
    },
  );

  app.get(
    "/current-user",
    {
      schema: {
        tags: ["orders"],
        operationId: "listOwnOrders",
        summary: "The caller's orders, newest first",
        querystring: ListQuery,
        response: { 200: listEnvelope(OrderSummaryDto) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { page, size } = request.query;
      const { items, ...read } = await listOrderSummaries(
        app.db,
        userOf(request),
        { userId: userOf(request).id },
        { page, size },
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/current-user/:orderId",
    {
      schema: {
        tags: ["orders"],
        operationId: "getOwnOrder",
        summary: "One of the caller's orders, with its history (no staff notes)",
        params: OrderIdParams,
        response: { 200: envelope(OrderDto) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await getOrder(app.db, userOf(request), request.params.orderId, { ownOnly: true })),
  );

  app.patch(
    "/:orderId/cancel",
    {
      schema: {
        tags: ["orders"],
        operationId: "cancelOwnOrder",
        summary: "Cancel an order (its owner while pending, or staff); the stock comes back",
        params: OrderIdParams,
        response: { 200: envelope(OrderDto), ...refusals(409) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const order = await cancelOrder(
        app.db,
        userOf(request),
        request.params.orderId,
        await app.mailContext(),
      );
      app.mailer.wake();
      return ok(order, api.orderCancelled);
    },
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["orders"],
        operationId: "listOrders",
        summary:
          "All orders, newest first, placed from `from` to `to` (days, both included) and matching `keyword`; `after` (a page's `meta.next`) reads on by keyset (staff)",
        description: CAPPED_LIST_NOTE,
        querystring: OrderListQuery,
        response: { 200: listEnvelope(OrderSummaryDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size, after, ...filter } = request.query;
      const { store } = await app.settings.current();
      const { items, ...read } = await listStaffOrders(
        app.db,
        userOf(request),
        filter,
        { page, size, after },
        store.utcOffset,
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/status/:status",
    {
      schema: {
        tags: ["orders"],
        operationId: "listOrdersByStatus",
        summary: "Orders in one status, with the date range and keyword of the list of all orders (staff)",
        description: CAPPED_LIST_NOTE,
        params: StatusParams,
        querystring: OrderListQuery,
        response: { 200: listEnvelope(OrderSummaryDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size, after, ...filter } = request.query;
      const { store } = await app.settings.current();
      const { items, ...read } = await listStaffOrders(
        app.db,
        userOf(request),
        { ...filter, status: request.params.status },
        { page, size, after },
        store.utcOffset,
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/:orderId",
    {
      schema: {
        tags: ["orders"],
        operationId: "getOrder",
        summary: "One order with its full history, staff notes included (staff)",
        params: OrderIdParams,
        response: { 200: envelope(OrderDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await getOrder(app.db, userOf(request), request.params.orderId)),
  );

  app.patch(
    "/:orderId/update",
    {
      schema: {
        tags: ["orders"],
        operationId: "updateOrderStatus",
        summary:
          "Change an order's status by the allowed transitions (staff); refunded refunds the rest of the payment through the provider (admin)",
        description:
          "`status: refunded` moves money: what remains of the payment (its amount less the refunds already " +
          "made) goes back, each tender to where it came from in one step: what the provider took through " +
          "the provider, what the order's store credit paid to the shopper's credit; one credit note, and " +
          "the units of an order that never left (processing) go back to stock; the payment becomes " +
          "`refunded`. Admins only; a refusal by the provider changes nothing (502). An Idempotency-Key " +
          "makes a retry safe: it answers the refund made under the key and sends nothing. 202 when the " +
          "provider pays it out later, or its answer was unclear (the payment sweep asks it; recorded or " +
          "released then). `status: cancelled` first cancels with the courier the order's parcels booked through " +
          "Shiprocket and not yet picked up (503 when it cannot be reached; 409 once one is picked up).",
        headers: IdempotencyHeaders,
        params: OrderIdParams,
        body: OrderStatusInput,
        response: {
          200: envelope(OrderDto),
          202: envelope(OrderDto),
          ...refusals(403, 409, 422, 502, 503),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      // NOTE: "refunded" moves money: the rest of the payment goes back, each tender where it came from (admin only).
      if (request.body.status === "refunded") {
        const { order, pending, checking } = await refundWholeOrder(
          app.db,
          app.paymentProviders,
          userOf(request),
          request.params.orderId,
          {
            idempotencyKey: request.headers["idempotency-key"],
            mail: await app.mailContext(),
            log: request.log,
          },
        );
        app.mailer.wake();
        if (pending)
          return reply.status(202).send(ok(order, checking ? api.refundBeingChecked : api.refundPending));
        return ok(order, successes.orderStatus(order.status));
      }
      // Parcels booked with Shiprocket and not yet picked up are cancelled with the courier first.
      if (request.body.status === "cancelled")
        await cancelParcelsOfOrder(app.db, app.shiprocket, userOf(request), request.params.orderId);
      const order = await updateOrderStatus(
        app.db,
        userOf(request),
        request.params.orderId,
        request.body,
        await app.mailContext(),
      );
      app.mailer.wake();
      return ok(order, successes.orderStatus(order.status));
    },
  );

  app.post(
    "/:orderId/notes",
    {
      schema: {
        tags: ["orders"],
        operationId: "addOrderNote",
        summary: "Add a staff note to an order's history; the shopper never sees it (staff)",
        params: OrderIdParams,
        body: OrderNoteInput,
        response: { 200: envelope(OrderDto) },
      },
      preValidation: requireStaff,
    },
    async (request) =>
      ok(
        await addOrderNote(app.db, userOf(request), request.params.orderId, request.body),
        successes.orderNote,
      ),
  );
};
