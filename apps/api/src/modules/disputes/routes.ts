/** Mounted at /api/disputes: the payments' disputes the providers reported, for staff. */
import { envelope } from "@shop/shared/api";
import { disputeWords } from "@shop/shared/messages";
import { IdParams } from "@shop/shared/schemas/common";
import {
  DisputeDto,
  DisputeEvidenceInput,
  DisputeListDto,
  DisputeListQuery,
} from "@shop/shared/schemas/dispute";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { listDisputesFor, markEvidenceSent } from "./service";

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["disputes"],
        operationId: "listDisputes",
        summary:
          "Disputes (chargebacks) newest first, with their order and payment; `state` one state or several separated by commas, all when left out (staff)",
        querystring: DisputeListQuery,
        response: { 200: envelope(DisputeListDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => ok(await listDisputesFor(app.db, request.query.state)),
  );

  app.patch(
    "/:id",
    {
      schema: {
        tags: ["disputes"],
        operationId: "markDisputeEvidenceSent",
        summary:
          "Record that the evidence was sent in the provider's dashboard, with an optional note (staff; 409 once the dispute is won, lost or closed)",
        params: IdParams,
        body: DisputeEvidenceInput,
        response: { 200: envelope(DisputeDto), ...refusals(404, 409) },
      },
      preValidation: requireStaff,
    },
    async (request) =>
      ok(
        await markEvidenceSent(app.db, userOf(request), request.params.id, request.body),
        disputeWords.evidenceMarked,
      ),
  );
};
