/** Session cookie handling and the guards routes put in front of their handlers. */
import { type Role, SESSION_COOKIE, STAFF_ROLES } from "@shop/shared/constants";
import { api, twoFactor } from "@shop/shared/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#api/core/errors";
import type { User } from "#api/db/schema/users";

/** A signed-in caller: the session row's id and its (active) user. */
export interface ResolvedSession {
  sessionId: string;
  user: User;
}

/**
 * What the guards need from the sessions store: the signed-in caller behind a cookie token, or null.
 * app.ts wires it to the auth module, so this layer knows no module.
 */
export interface Sessions {
  resolve(token: string): Promise<ResolvedSession | null>;
  /** Whether the owner's settings require two-step sign-in of staff (read from the settings' cache). */
  staffTwoFactorRequired(): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    sessions: Sessions;
  }
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
  request.session = token ? await request.server.sessions.resolve(token) : null;
  return request.session;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
) {
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

/** A guard for a signed-in user with one of these roles, else 401 or 403. */
function requireRole(roles: readonly Role[]) {
  return async function requireRoleHandler(request: FastifyRequest) {
    const session = await currentSession(request);
    if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
    if (!roles.includes(session.user.role)) throw new AppError("FORBIDDEN", api.forbidden);
    // NOTE: staff without two-step sign-in, when the owner requires it, may still sign in and use
    // their account (profile, the set-up of two-step sign-in, signing out: none of those is behind
    // this guard), but no staff operation until they set it up.
    if (!session.user.twoFactorEnabledAt && (await request.server.sessions.staffTwoFactorRequired())) {
      throw new AppError("FORBIDDEN", twoFactor.setupRequired);
    }
  };
}

/** preValidation guard: staff (admin or manager), else 401 or 403 (docs/design.md section 5). */
export const requireStaff = requireRole(STAFF_ROLES);

/** preValidation guard: an admin (customers, payments, roles), else 401 or 403. */
export const requireAdmin = requireRole(["admin"]);

/** The signed-in user inside a handler behind requireUser, requireStaff or requireAdmin. */
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
