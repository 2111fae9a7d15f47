import { envelope, listEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { IdParams } from "@shop/shared/schemas/common";
import { EmailDto, EmailListQuery, EmailSummaryDto } from "@shop/shared/schemas/email";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPPED_LIST_NOTE, list, ok, refusals } from "#api/http/envelope";
import { requireAdmin, userOf } from "#api/http/session";
import { toEmailDto, toEmailSummaryDto } from "./dto";
import { getEmail, listOutgoingEmails, retryEmail } from "./service";

/** Mounted at /api/emails: every outbound message, for admins (the built-in mailbox without SMTP). */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["emails"],
        operationId: "listEmails",
        summary: "Outbound messages, newest first; `keyword` on recipient or subject, `status` (admin)",
        description: CAPPED_LIST_NOTE,
        querystring: EmailListQuery,
        response: { 200: listEnvelope(EmailSummaryDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size, keyword, status } = request.query;
      const { rows, ...read } = await listOutgoingEmails(app.db, { keyword, status }, { page, size });
      return list(rows.map(toEmailSummaryDto), { page, size, ...read });
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["emails"],
        operationId: "getEmail",
        summary: "One outbound message with its text and HTML parts (admin)",
        params: IdParams,
        response: { 200: envelope(EmailDto) },
      },
      preValidation: requireAdmin,
    },
    async (request) => ok(toEmailDto(await getEmail(app.db, request.params.id))),
  );

  app.post(
    "/:id/retry",
    {
      schema: {
        tags: ["emails"],
        operationId: "retryEmail",
        summary: "Send a failed message again (admin)",
        params: IdParams,
        response: { 200: envelope(EmailDto), ...refusals(409) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const email = await retryEmail(app.db, userOf(request), request.params.id);
      app.mailer.wake();
      return ok(toEmailDto(email), api.emailRequeued);
    },
  );
};
