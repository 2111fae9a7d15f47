/** Sessions (docs/design.md section 5): an opaque cookie token, of which the database keeps only a hash. */
import { createHash, randomBytes } from "node:crypto";
import { SESSION_TTL_DAYS } from "@shop/shared/constants";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import {
  deleteSessionByHash,
  deleteSessionsOfUser,
  extendSession,
  findSessionWithUser,
  insertSession,
  setSecondStep,
} from "./repo";
import { cachedSession, keepSession } from "./repo-cache";

/**
 * Forgets the sessions of a user cached on this instance: whatever changes the user's row (users,
 * two-step sign-in) calls it, so that the user's next request reads the row as it is now.
 */
export { forgetUser } from "./repo-cache";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface StartedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  sessionId: string;
  /** When the session last passed the second step of two-step sign-in, or null. */
  secondStepAt: Date | null;
  user: User;
}

/** The cookie carries the token; the database keeps only this hash of it. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Starts a new session for a user: a fresh random token every time. `secondStep`: the sign-in passed
 * the second step of two-step sign-in (a code or a recovery code), which the session records.
 */
export async function startSession(
  db: Database,
  user: User,
  client: ClientInfo,
  { secondStep = false }: { secondStep?: boolean } = {},
): Promise<StartedSession> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const row = await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt,
    ...client,
    secondStepAt: secondStep ? new Date() : null,
  });
  if (!row) throw new Error("session insert returned no row");
  return { token, sessionId: row.id, expiresAt };
}

/**
 * The signed-in user behind a cookie token, or null; kept for a few seconds (./repo-cache.ts). An
 * inactive user loses every session here. Sessions slide: one still in use gets a new expiry at
 * most once a day.
 */
export async function resolveSession(db: Database, token: string): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cachedSession(tokenHash);
  if (cached) return cached;
  const row = await findSessionWithUser(db, tokenHash);
  if (!row) return null;
  if (!row.user.status) {
    await deleteSessionsOfUser(db, row.user.id);
    return null;
  }
  const remaining = row.session.expiresAt.getTime() - Date.now();
  if (remaining < SESSION_TTL_MS - DAY_MS) {
    await extendSession(db, row.session.id, new Date(Date.now() + SESSION_TTL_MS));
  }
  const session = { sessionId: row.session.id, secondStepAt: row.session.secondStepAt, user: row.user };
  keepSession(tokenHash, session);
  return session;
}

/** Records that this session of the user passed the second step just now. */
export async function markSecondStep(db: Database, userId: string, sessionId: string): Promise<void> {
  await setSecondStep(db, userId, sessionId, new Date());
}

/** Ends the session behind a cookie token (signing out); an unknown token is no error. */
export async function endSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await deleteSessionByHash(db, hashToken(token));
}

/** Ends every session of a user, or every one but `keepSessionId` (a password change keeps the caller's). */
export async function endSessionsOfUser(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  await deleteSessionsOfUser(db, userId, keepSessionId);
}
