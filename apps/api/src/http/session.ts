/** Session cookie handling and the guards routes put in front of their handlers. */
import { type Role, SESSION_COOKIE } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { User } from "../db/schema/users";
import { type ResolvedSession, resolveSession, type StartedSession } from "../modules/auth/service";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Filled by the guards; undefined until a guard or `currentSession` ran. */
    session?: ResolvedSession | null;
  }
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

/** The caller's session, looked up once per request. */
export async function currentSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  if (request.session !== undefined) return request.session;
  const token = sessionToken(request);
  request.session = token ? await resolveSession(request.server.db, token) : null;
  return request.session;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: StartedSession) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.server.config.cookieSecure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.server.config.cookieSecure,
  });
}

/** preValidation guard: a signed-in, active user, else 401. */
export async function requireUser(request: FastifyRequest) {
  const session = await currentSession(request);
  if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
}

/** preValidation guard factory: a signed-in user with one of these roles, else 401 or 403. */
export function requireRole(...roles: Role[]) {
  return async function requireRoleHandler(request: FastifyRequest) {
    const session = await currentSession(request);
    if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
    if (!roles.includes(session.user.role)) throw new AppError("FORBIDDEN", api.forbidden);
  };
}

/** The signed-in user inside a handler behind requireUser/requireRole. */
export function userOf(request: FastifyRequest): User {
  const user = request.session?.user;
  if (!user) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  return user;
}

export function sessionIdOf(request: FastifyRequest): string {
  const id = request.session?.sessionId;
  if (!id) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  return id;
}
