import { envelope, listEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import {
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  SettingsChange,
  SettingsDto,
  SettingsHistoryQuery,
} from "@shop/shared/schemas/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { list, ok } from "#api/http/envelope";
import { requireAdmin, requireFreshSecondStep, requireStaff, userOf } from "#api/http/session";
import { listChanges } from "./service";

/** Mounted at /api/settings: the shop's own rules, read by staff and changed by admins. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["settings"],
        operationId: "getSettings",
        summary: "Every section of the shop's settings as it applies now (staff)",
        response: { 200: envelope(SettingsDto) },
      },
      preValidation: requireStaff,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await app.settings.current());
    },
  );

  app.get(
    "/history",
    {
      schema: {
        tags: ["settings"],
        operationId: "listSettingsChanges",
        summary: "Changes of the settings, newest first: the section, who, when, before and after (admin)",
        querystring: SettingsHistoryQuery,
        response: { 200: listEnvelope(SettingsChange) },
      },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listChanges(app.db, { page, size });
      return list(rows, { page, size, total });
    },
  );

  // One route per section, each with its own body schema: the API document shows each section's fields.
  for (const section of SETTINGS_SECTIONS) {
    // The payment methods (checkout) and the taxes ask a user with two-step sign-in for a fresh step.
    const fresh = section === "checkout" || section === "taxes";
    const schema = SETTINGS_SCHEMAS[section];
    app.put(
      `/${section}`,
      {
        schema: {
          tags: ["settings"],
          operationId: `putSettings${section[0]?.toUpperCase()}${section.slice(1)}`,
          summary: `Replace the ${section} section of the settings; the change is recorded (admin)`,
          body: schema,
          response: { 200: envelope(schema) },
        },
        preValidation: fresh ? [requireAdmin, requireFreshSecondStep] : requireAdmin,
      },
      async (request) => {
        const saved = await app.settings.update(section, request.body, userOf(request));
        return ok(saved, api.settingsSaved);
      },
    );
  }
};
