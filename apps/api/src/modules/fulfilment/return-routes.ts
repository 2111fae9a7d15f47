import { envelope, listEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { IdParams } from "@shop/shared/schemas/common";
import {
  ReturnActionInput,
  ReturnDto,
  ReturnInput,
  ReturnListQuery,
  ReturnRefundInput,
} from "@shop/shared/schemas/returns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, requireStaff, requireUser, userOf } from "#api/http/session";
import { getReturn, listReturns, moveReturn, type ReturnStep, refundReturn, requestReturn } from "./returns";

const STEPS: { path: string; to: ReturnStep; operationId: string; summary: string }[] = [
  {
    path: "approve",
    to: "approved",
    operationId: "approveReturn",
    summary: "Approve a requested return, with an optional message to the shopper (staff)",
  },
  {
    path: "reject",
    to: "rejected",
    operationId: "rejectReturn",
    summary: "Reject a requested or approved return, with an optional message to the shopper (staff)",
  },
  {
    path: "receive",
    to: "received",
    operationId: "receiveReturn",
    summary:
      "Record an approved return's parcel as received: its units go back to stock, variant by variant (staff)",
  },
];

/** Mounted at /api/returns: the shopper asks, staff decide, receive and refund. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      schema: {
        tags: ["returns"],
        operationId: "requestReturn",
        summary:
          "Ask to return delivered units of one's own order, within the return window after their parcel's delivery",
        description:
          "Units are counted per line: at most those delivered within the last `returnWindowDays` days " +
          "(settings) less those already in a return not rejected; more is 409 with the line's message.",
        body: ReturnInput,
        response: { 201: envelope(ReturnDto), ...refusals(404, 409) },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      const { fulfilment } = await app.settings.current();
      const ret = await requestReturn(app.db, userOf(request), request.body, {
        windowDays: fulfilment.returnWindowDays,
        mail: await app.mailContext(),
      });
      app.mailer.wake();
      return reply.status(201).send(ok(ret, api.returnRequested));
    },
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["returns"],
        operationId: "listReturns",
        summary:
          "Returns, newest first, in one status or all; `keyword` matches the order number, the shopper's name or email (staff)",
        description: CAPPED_LIST_NOTE,
        querystring: ReturnListQuery,
        response: { 200: listEnvelope(ReturnDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size, status, keyword } = request.query;
      const { items, ...read } = await listReturns(
        app.db,
        userOf(request),
        { status, keyword: keyword || undefined },
        { page, size },
      );
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["returns"],
        operationId: "getReturn",
        summary: "One return (staff, or the shopper who asked for it)",
        params: IdParams,
        response: { 200: envelope(ReturnDto) },
      },
      preValidation: requireUser,
    },
    async (request) => ok(await getReturn(app.db, userOf(request), request.params.id)),
  );

  for (const { path, to, operationId, summary } of STEPS) {
    app.post(
      `/:id/${path}`,
      {
        schema: {
          tags: ["returns"],
          operationId,
          summary,
          params: IdParams,
          body: ReturnActionInput,
          response: { 200: envelope(ReturnDto), ...refusals(409) },
        },
        preValidation: requireStaff,
      },
      async (request) => {
        const ret = await moveReturn(
          app.db,
          userOf(request),
          request.params.id,
          to,
          request.body,
          await app.mailContext(),
        );
        app.mailer.wake();
        return ok(ret, api.returnUpdated(ret.status));
      },
    );
  }

  app.post(
    "/:id/refund",
    {
      schema: {
        tags: ["returns"],
        operationId: "refundReturn",
        summary:
          "Refund a received return's value through the order's payment (a refund with its credit note), then mark it refunded (admin); 202, the return still received, when the provider pays the refund out later",
        params: IdParams,
        body: ReturnRefundInput,
        response: { 200: envelope(ReturnDto), 202: envelope(ReturnDto), ...refusals(409, 502) },
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      const { ret, pending } = await refundReturn(
        app.db,
        app.paymentProviders,
        userOf(request),
        request.params.id,
        request.body,
        {
          mail: await app.mailContext(),
          log: request.log,
        },
      );
      app.mailer.wake();
      // 202: the provider accepted the refund and pays it out later (Razorpay's pending); refunding
      // the return again once it completed marks the return refunded.
      if (pending) return reply.status(202).send(ok(ret, api.refundPending));
      return ok(ret, api.returnUpdated(ret.status));
    },
  );
};
