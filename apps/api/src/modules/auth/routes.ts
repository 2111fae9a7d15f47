import { EmptyEnvelope, envelope } from "@shop/shared/api";
import { api, formErrors } from "@shop/shared/messages";
import { LoginInput, RegisterInput } from "@shop/shared/schemas/auth";
import { UserDto } from "@shop/shared/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../http/envelope";
import { AppError } from "../../http/errors";
import { checkAccountNotLocked, countAccountFailure, limitAttemptsFromAddress } from "../../http/rate-limit";
import { clearSessionCookie, sessionToken, setSessionCookie } from "../../http/session";
import { toUserDto } from "../users/dto";
import { login, logout, register } from "./service";

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
        summary: "Create a shopper account and sign it in",
        body: RegisterInput,
        response: { 201: envelope(UserDto) },
      },
      config: { invalidMessage: formErrors.register },
      preValidation: limitAttemptsFromAddress,
    },
    async (request, reply) => {
      const { user, session } = await register(app.db, request.body, clientOf(request));
      setSessionCookie(request, reply, session);
      return reply.status(201).send(ok(toUserDto(user), api.registered));
    },
  );

  app.post(
    "/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password",
        body: LoginInput,
        response: { 200: envelope(UserDto) },
      },
      preValidation: [limitAttemptsFromAddress, checkAccountNotLocked],
    },
    async (request, reply) => {
      try {
        const { user, session } = await login(app.db, request.body, clientOf(request));
        setSessionCookie(request, reply, session);
        return ok(toUserDto(user), api.loggedIn);
      } catch (error) {
        if (error instanceof AppError && error.status === 401) await countAccountFailure(request);
        throw error;
      }
    },
  );

  app.post(
    "/logout",
    { schema: { tags: ["auth"], summary: "End the current session", response: { 200: EmptyEnvelope } } },
    async (request, reply) => {
      await logout(app.db, sessionToken(request));
      clearSessionCookie(request, reply);
      return ok(null, api.loggedOut);
    },
  );
};
