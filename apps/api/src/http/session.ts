/** Session cookie handling and the guards routes put in front of their handlers. */
import { FRESH_SECOND_STEP_MINUTES, type Role, SESSION_COOKIE, STAFF_ROLES } from "@shop/shared/constants";
import { api, twoFactor } from "@shop/shared/messages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#api/core/errors";
import type { User } from "#api/db/schema/users";

/** A signed-in caller: the session row's id, when it last passed the second step, and its (active) user. */
export interface ResolvedSession {
  sessionId: string;
  secondStepAt: Date | null;
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
  interface FastifyContextConfig {
    /**
     * A route a staff session may use before it set up two-step sign-in the owner requires: the
     * set-up itself and reading its own account (signing out takes no session at all).
     */
    twoStepSetUp?: boolean;
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

/**
 * Refuses a session that has not passed the second step of its staff user: one of a user with
 * two-step sign-in on (opened by a password reset) is asked for a code, with `secondStepRequired`;
 * one of staff without it, when the owner requires it of staff, is sent to the set-up.
 */
async function checkStaffSecondStep(request: FastifyRequest, session: ResolvedSession) {
  const { user } = session;
  if (!(STAFF_ROLES as readonly Role[]).includes(user.role)) return;
  if (user.twoFactorEnabledAt) {
    if (!session.secondStepAt) throw secondStepRequired();
    return;
  }
  if (await request.server.sessions.staffTwoFactorRequired()) {
    throw new AppError("FORBIDDEN", twoFactor.setupRequired);
  }
}

function secondStepRequired() {
  return new AppError("FORBIDDEN", twoFactor.freshStepRequired, undefined, { secondStepRequired: true });
}

/**
 * preValidation guard: a signed-in, active user, else 401. A staff session that has not passed the
 * second step the owner requires reaches only the routes of the set-up (`config.twoStepSetUp`).
 */
export async function requireUser(request: FastifyRequest) {
  const session = await currentSession(request);
  if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  if (!request.routeOptions.config.twoStepSetUp) await checkStaffSecondStep(request, session);
}

/** A guard for a signed-in user with one of these roles, else 401 or 403. */
function requireRole(roles: readonly Role[]) {
  return async function requireRoleHandler(request: FastifyRequest) {
    const session = await currentSession(request);
    if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
    if (!roles.includes(session.user.role)) throw new AppError("FORBIDDEN", api.forbidden);
    await checkStaffSecondStep(request, session);
  };
}

/** preValidation guard: staff (admin or manager), else 401 or 403 (docs/design.md section 5). */
export const requireStaff = requireRole(STAFF_ROLES);

/** preValidation guard: an admin (customers, payments, roles), else 401 or 403. */
export const requireAdmin = requireRole(["admin"]);

const FRESH_SECOND_STEP_MS = FRESH_SECOND_STEP_MINUTES * 60_000;

/**
 * preValidation guard, after requireStaff or requireAdmin: the changes that ask a user with two-step
 * sign-in for a code again (roles, webhook endpoints, payment and tax settings, refunds) pass only
 * within FRESH_SECOND_STEP_MINUTES of the session's last second step; else 403 with
 * `secondStepRequired`, and POST /api/auth/two-factor/verify makes it fresh. A user without
 * two-step sign-in is not asked.
 */
export async function requireFreshSecondStep(request: FastifyRequest) {
  const session = await currentSession(request);
  if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  if (!session.user.twoFactorEnabledAt) return;
  const at = session.secondStepAt?.getTime();
  if (at === undefined || Date.now() - at >= FRESH_SECOND_STEP_MS) throw secondStepRequired();
}

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
