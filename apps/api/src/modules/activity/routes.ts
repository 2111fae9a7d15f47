import { envelope, listEnvelope } from "@shop/shared/api";
import { ActivityActorDto, ActivityEntryDto, ActivityQuery } from "@shop/shared/schemas/activity";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPPED_LIST_NOTE, list, ok } from "#api/http/envelope";
import { requireAdmin } from "#api/http/session";
import { listActivityActorDtos, listActivityEntries } from "./service";

/** Mounted at /api/activity: the staff activity log, for admins. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["activity"],
        operationId: "listActivity",
        summary:
          "Every staff write, newest first: who, when, what, and the fields it changed before and after; by `actor` (a user id), `kind`, the days `from` and `to` (both included, by the shop's clock) and `keyword` (what it is about); `after` (a page's `meta.next`) reads on by keyset (admin)",
        description: CAPPED_LIST_NOTE,
        querystring: ActivityQuery,
        response: { 200: listEnvelope(ActivityEntryDto) },
      },
      preValidation: requireAdmin,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { store } = await app.settings.current();
      const { items, ...read } = await listActivityEntries(app.db, request.query, store.utcOffset);
      return list(items, { page: request.query.page, size: request.query.size, ...read });
    },
  );

  app.get(
    "/actors",
    {
      schema: {
        tags: ["activity"],
        operationId: "listActivityActors",
        summary: "Everyone the activity log names, former staff included, by name (admin)",
        response: { 200: envelope(z.array(ActivityActorDto)) },
      },
      preValidation: requireAdmin,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await listActivityActorDtos(app.db));
    },
  );
};
