import { setTimeout as sleep } from "node:timers/promises";
import { EmptyEnvelope, ErrorEnvelope, envelope } from "@shop/shared/api";
import { api, formErrors } from "@shop/shared/messages";
import {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from "@shop/shared/schemas/auth";
import {
  ChangePasswordInput,
  CloseAccountInput,
  UpdateProfileInput,
  UserDto,
} from "@shop/shared/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";
import { ok, refusals } from "#api/http/envelope";
import {
  accountSlowdownMs,
  countAccountFailure,
  limitAccountFromAddress,
  limitAttemptsFromAddress,
  limitEmailChange,
} from "#api/http/rate-limit";
import {
  clearSessionCookie,
  requireUser,
  sessionIdOf,
  sessionToken,
  setSessionCookie,
  userOf,
} from "#api/http/session";
import { toUserDto } from "#api/modules/users/dto";
import { findResettableAccount, resetPassword, sendResetLink } from "./recovery";
import { changePassword, changeProfile, closeAccount, login, logout, register } from "./service";

const clientOf = (request: { headers: Record<string, unknown>; ip: string }) => ({
  userAgent:
    typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"].slice(0, 300) : null,
  ip: request.ip,
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/register",
    {
      schema: {
        tags: ["auth"],
        operationId: "register",
        summary: "Create a shopper account and sign it in",
        body: RegisterInput,
        response: { 201: envelope(UserDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.register },
      preValidation: limitAttemptsFromAddress,
    },
    async (request, reply) => {
      const { user, session } = await register(
        app.db,
        request.body,
        clientOf(request),
        await app.mailContext(),
      );
      app.mailer.wake();
      setSessionCookie(request, reply, session);
      return reply.status(201).send(ok(toUserDto(user), api.registered));
    },
  );

  app.post(
    "/login",
    {
      schema: {
        tags: ["auth"],
        operationId: "login",
        summary: "Sign in with email and password",
        body: LoginInput,
        response: { 200: envelope(UserDto), 401: ErrorEnvelope },
      },
      preValidation: [limitAttemptsFromAddress, limitAccountFromAddress],
    },
    async (request, reply) => {
      const wait = await accountSlowdownMs(request);
      if (wait > 0) await sleep(wait);
      try {
        const { user, session } = await login(app.db, request.body, clientOf(request));
        setSessionCookie(request, reply, session);
        return ok(toUserDto(user), api.loggedIn);
      } catch (error) {
        // A right password that wants its code is no failure; a wrong code is, as a wrong password.
        if (error instanceof AppError && error.status === 401 && !error.data?.twoFactorRequired) {
          await countAccountFailure(request);
        }
        throw error;
      }
    },
  );

  app.post(
    "/forgot-password",
    {
      schema: {
        tags: ["auth"],
        operationId: "forgotPassword",
        summary: "Email a password reset link; the same answer whether or not the account exists",
        body: ForgotPasswordInput,
        response: { 200: EmptyEnvelope },
      },
      preValidation: limitAttemptsFromAddress,
    },
    async (request, reply) => {
      const account = await findResettableAccount(app.db, request.body.email);
      // NOTE: the link is written once the answer has gone, so that a known and an unknown email are
      // answered alike and as fast; a failure is only logged (the shopper may ask again).
      if (account) {
        const write = () =>
          app
            .mailContext()
            .then((mail) => sendResetLink(app.db, account, mail))
            .then(() => app.mailer.wake())
            .catch((error: unknown) => request.log.error({ err: error }, "password reset link not written"));
        // A timer, not the event itself: the answer's last bytes leave before the database is busy.
        reply.raw.once("finish", () => setTimeout(write, 0));
      }
      return ok(null, api.resetLinkSent);
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        tags: ["auth"],
        operationId: "resetPassword",
        summary:
          "Set a new password with a reset link's token; every session ends and the caller is signed in",
        body: ResetPasswordInput,
        response: { 200: envelope(UserDto) },
      },
      config: { invalidMessage: formErrors.resetPassword },
      preValidation: limitAttemptsFromAddress,
    },
    async (request, reply) => {
      const { user, session } = await resetPassword(
        app.db,
        request.body,
        clientOf(request),
        await app.mailContext(),
      );
      app.mailer.wake();
      setSessionCookie(request, reply, session);
      return ok(toUserDto(user), api.passwordReset);
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags: ["auth"],
        operationId: "logout",
        summary: "End the current session",
        response: { 200: EmptyEnvelope },
      },
    },
    async (request, reply) => {
      await logout(app.db, sessionToken(request));
      clearSessionCookie(request, reply);
      return ok(null, api.loggedOut);
    },
  );
};

/** Mounted at /api/users: what of the signed-in user's account takes the current password. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    "/current-user",
    {
      schema: {
        tags: ["users"],
        operationId: "updateProfile",
        summary: "Change the signed-in user's name and email (a new email takes the current password)",
        body: UpdateProfileInput,
        response: { 200: envelope(UserDto), ...refusals(409) },
      },
      config: { invalidMessage: formErrors.profile },
      preValidation: [requireUser, limitEmailChange],
    },
    async (request) => {
      const user = await changeProfile(app.db, userOf(request), request.body, await app.mailContext());
      app.mailer.wake();
      return ok(toUserDto(user), api.updated);
    },
  );

  app.delete(
    "/current-user",
    {
      schema: {
        tags: ["users"],
        operationId: "closeAccount",
        summary: "Close the signed-in user's account, given the current password",
        body: CloseAccountInput,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      await closeAccount(app.db, app.storage, userOf(request), request.body);
      clearSessionCookie(request, reply);
      return ok(null, api.deleted);
    },
  );

  app.patch(
    "/current-user/password",
    {
      schema: {
        tags: ["users"],
        operationId: "changePassword",
        summary: "Change the password; every other session ends",
        body: ChangePasswordInput,
        response: { 200: EmptyEnvelope },
      },
      config: { invalidMessage: formErrors.changePassword },
      preValidation: requireUser,
    },
    async (request) => {
      await changePassword(
        app.db,
        userOf(request),
        sessionIdOf(request),
        request.body,
        await app.mailContext(),
      );
      app.mailer.wake();
      return ok(null, api.passwordChanged);
    },
  );
};
