/**
 * Mounted at /api/auth: two-step sign-in of the signed-in user, its second step asked again, and
 * ending their other sessions.
 */
import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { twoFactor } from "@shop/shared/messages";
import {
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  TwoFactorRecoveryCodesDto,
  TwoFactorSetupDto,
  TwoFactorVerifyInput,
} from "@shop/shared/schemas/auth";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { ok, refusals } from "#api/http/envelope";
import { countSecondStepFailure, limitAttemptsFromAddress, limitSecondStepTries } from "#api/http/rate-limit";
import { requireFreshSecondStep, requireUser, sessionIdOf, userOf } from "#api/http/session";
import { endSessionsOfUser } from "#api/modules/sessions/service";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, verifySecondStep } from "./two-factor";

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
      config: { twoStepSetUp: true },
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
      config: { invalidMessage: twoFactor.codeFormat, twoStepSetUp: true },
      preValidation: requireUser,
    },
    async (request) => {
      const recoveryCodes = await enableTwoFactor(
        app.db,
        userOf(request),
        sessionIdOf(request),
        request.body.code,
        await app.mailContext(),
      );
      app.mailer.wake();
      return ok({ recoveryCodes }, twoFactor.enabled);
    },
  );

  app.post(
    "/two-factor/verify",
    {
      schema: {
        tags: ["auth"],
        operationId: "verifySecondStep",
        summary:
          "Pass the second step again in this session (a code of the app or a recovery code), for the changes that ask for a fresh one",
        body: TwoFactorVerifyInput,
        response: { 200: EmptyEnvelope, ...refusals(409, 429) },
      },
      config: { invalidMessage: twoFactor.codeFormat, twoStepSetUp: true },
      preValidation: [requireUser, limitSecondStepTries],
    },
    async (request) => {
      try {
        await verifySecondStep(app.db, userOf(request), sessionIdOf(request), request.body);
      } catch (error) {
        if (error instanceof AppError && error.status === 400) await countSecondStepFailure(request);
        throw error;
      }
      return ok(null, twoFactor.verified);
    },
  );

  app.delete(
    "/two-factor",
    {
      schema: {
        tags: ["auth"],
        operationId: "disableTwoFactor",
        summary:
          "Turn two-step sign-in off, given the current password and a fresh second step; the recovery codes go too",
        body: TwoFactorDisableInput,
        response: { 200: EmptyEnvelope },
      },
      preValidation: [requireUser, requireFreshSecondStep, limitAttemptsFromAddress],
    },
    async (request) => {
      await disableTwoFactor(app.db, userOf(request), request.body, await app.mailContext());
      app.mailer.wake();
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
