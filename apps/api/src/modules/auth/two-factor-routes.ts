/** Mounted at /api/auth: two-step sign-in of the signed-in user, and ending their other sessions. */
import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { twoFactor } from "@shop/shared/messages";
import {
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  TwoFactorRecoveryCodesDto,
  TwoFactorSetupDto,
} from "@shop/shared/schemas/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, refusals } from "#api/http/envelope";
import { limitAttemptsFromAddress } from "#api/http/rate-limit";
import { requireUser, sessionIdOf, userOf } from "#api/http/session";
import { endSessionsOfUser } from "#api/modules/sessions/service";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from "./two-factor";

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/two-factor/setup",
    {
      schema: {
        tags: ["auth"],
        operationId: "setUpTwoFactor",
        summary: "Start two-step sign-in: a new TOTP secret, pending until a code of it turns it on",
        response: { 200: envelope(TwoFactorSetupDto), ...refusals(409) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { store } = await app.settings.current();
      return ok(await setUpTwoFactor(app.db, userOf(request), store.name), twoFactor.setupStarted);
    },
  );

  app.post(
    "/two-factor/enable",
    {
      schema: {
        tags: ["auth"],
        operationId: "enableTwoFactor",
        summary:
          "Turn two-step sign-in on with a code of the pending secret; answers ten recovery codes, once",
        body: TwoFactorEnableInput,
        response: { 200: envelope(TwoFactorRecoveryCodesDto), ...refusals(409) },
      },
      config: { invalidMessage: twoFactor.codeFormat },
      preValidation: requireUser,
    },
    async (request) => {
      const recoveryCodes = await enableTwoFactor(app.db, userOf(request), request.body.code);
      return ok({ recoveryCodes }, twoFactor.enabled);
    },
  );

  app.delete(
    "/two-factor",
    {
      schema: {
        tags: ["auth"],
        operationId: "disableTwoFactor",
        summary: "Turn two-step sign-in off, given the current password; the recovery codes go too",
        body: TwoFactorDisableInput,
        response: { 200: EmptyEnvelope },
      },
      preValidation: [requireUser, limitAttemptsFromAddress],
    },
    async (request) => {
      await disableTwoFactor(app.db, userOf(request), request.body);
      return ok(null, twoFactor.disabled);
    },
  );

  app.post(
    "/sessions/revoke-others",
    {
      schema: {
        tags: ["auth"],
        operationId: "revokeOtherSessions",
        summary: "End every session of the signed-in user but the current one",
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request) => {
      await endSessionsOfUser(app.db, userOf(request).id, sessionIdOf(request));
      return ok(null, twoFactor.otherSessionsEnded);
    },
  );
};
