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
     * A route of two-step sign-in itself, which a session not past its second step still reaches:
     * verifying a code or a recovery code (a session that owes the step), the set-up (staff without
     * the two-step sign-in the owner requires), and reading its own account, for the prompt.
     * Signing out takes no session at all.
     */
    twoStepSetUp?: boolean;
  }
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

/** The session behind the caller's cookie, looked up once per request, whether or not it passed its second step. */
async function lookUpSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  if (request.session !== undefined) return request.session;
  const token = sessionToken(request);
  request.session = token ? await request.server.sessions.resolve(token) : null;
  return request.session;
}

/**
 * Whether a session still owes the second step of its user's two-step sign-in: one opened by a
 * password reset (or any way in but a sign-in with a code) has not passed it.
 */
function owesSecondStep(session: ResolvedSession): boolean {
  return session.user.twoFactorEnabledAt !== null && session.secondStepAt === null;
}

/**
 * The caller's session on a route open to anyone (a cart's price, a product page, a back-in-stock
 * request): null when there is none, and when it still owes its second step, which counts as not
 * signed in until it is passed.
 */
export async function currentSession(request: FastifyRequest): Promise<ResolvedSession | null> {
  const session = await lookUpSession(request);
  return session && !owesSecondStep(session) ? session : null;
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
 * Refuses a session that has not passed its second step: one of any user (shopper or staff) with
 * two-step sign-in on that has not passed it (a password reset opens such a one) is asked for a
 * code, with `secondStepRequired`; one of staff without it, when the owner requires it of staff, is
 * sent to the set-up.
 */
async function checkSecondStep(request: FastifyRequest, session: ResolvedSession) {
  if (owesSecondStep(session)) throw secondStepRequired();
  const { user } = session;
  if (user.twoFactorEnabledAt || !(STAFF_ROLES as readonly Role[]).includes(user.role)) return;
  if (await request.server.sessions.staffTwoFactorRequired()) {
    throw new AppError("FORBIDDEN", twoFactor.setupRequired);
  }
}

function secondStepRequired() {
  return new AppError("FORBIDDEN", twoFactor.freshStepRequired, undefined, { secondStepRequired: true });
}

/**
 * preValidation guard: a signed-in, active user, else 401. A session that still owes its second
 * step (or a staff one without the two-step sign-in the owner requires) reaches only the routes of
 * the second step (`config.twoStepSetUp`); elsewhere it is answered 403.
 */
export async function requireUser(request: FastifyRequest) {
  const session = await lookUpSession(request);
  if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
  if (!request.routeOptions.config.twoStepSetUp) await checkSecondStep(request, session);
}

/** A guard for a signed-in user with one of these roles, else 401 or 403. */
function requireRole(roles: readonly Role[]) {
  return async function requireRoleHandler(request: FastifyRequest) {
    const session = await lookUpSession(request);
    if (!session) throw new AppError("UNAUTHORIZED", api.notSignedIn);
    if (!roles.includes(session.user.role)) throw new AppError("FORBIDDEN", api.forbidden);
    await checkSecondStep(request, session);
  };
}

/** preValidation guard: staff (admin or manager), else 401 or 403 (docs/design.md section 5). */
export const requireStaff = requireRole(STAFF_ROLES);

/** preValidation guard: an admin (customers, payments, roles), else 401 or 403. */
export const requireAdmin = requireRole(["admin"]);

const FRESH_SECOND_STEP_MS = FRESH_SECOND_STEP_MINUTES * 60_000;

/**
 * preValidation guard, after requireUser, requireStaff or requireAdmin: the changes that ask a user
 * with two-step sign-in for a code again (turning it off, roles, webhook endpoints, payment and tax
 * settings, refunds) pass only within FRESH_SECOND_STEP_MINUTES of the session's last second step; else 403 with
 * `secondStepRequired`, and POST /api/auth/two-factor/verify makes it fresh. A user without
 * two-step sign-in is not asked.
 */
export async function requireFreshSecondStep(request: FastifyRequest) {
  const session = await lookUpSession(request);
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
