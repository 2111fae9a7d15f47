/** Registration, sign-in and sessions (DESIGN.md section 5). */
import { createHash, randomBytes } from "node:crypto";
import { SESSION_TTL_DAYS } from "@shop/shared/constants";
import { api, errors, validation } from "@shop/shared/messages";
import type { LoginInput, RegisterInput } from "@shop/shared/schemas/auth";
import type { Database } from "../../db/client";
import { isPgError, UNIQUE_VIOLATION } from "../../db/errors";
import type { User } from "../../db/schema/users";
import { AppError } from "../../http/errors";
import { findUserByEmail, insertUser } from "../users/repo";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./password";
import {
  deleteSessionByHash,
  deleteSessionsOfUser,
  extendSession,
  findSessionWithUser,
  insertSession,
} from "./repo";

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

/** The cookie carries the token; the database keeps only this hash of it. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a new session for a user: a fresh random token every time. */
export async function startSession(db: Database, user: User, client: ClientInfo): Promise<StartedSession> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const row = await insertSession(db, { userId: user.id, tokenHash: hashToken(token), expiresAt, ...client });
  if (!row) throw new Error("session insert returned no row");
  return { token, sessionId: row.id, expiresAt };
}

/** Creates a shopper account (role and status are never taken from the request) and signs it in. */
export async function register(db: Database, input: RegisterInput, client: ClientInfo) {
  if (await findUserByEmail(db, input.email)) {
    throw new AppError("CONFLICT", api.emailTaken, { email: api.emailTaken });
  }
  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    user = await insertUser(db, {
      firstName: input.name.firstName,
      lastName: input.name.lastName,
      email: input.email,
      passwordHash,
      role: "customer",
      status: true,
    });
  } catch (error) {
    // NOTE: two registrations racing for one email: the unique index decides.
    if (isPgError(error, UNIQUE_VIOLATION)) {
      throw new AppError("CONFLICT", api.emailTaken, { email: api.emailTaken });
    }
    throw error;
  }
  return { user, session: await startSession(db, user, client) };
}

/** Signs in: one answer for an unknown email and a wrong password, and the same time spent on both. */
export async function login(db: Database, input: LoginInput, client: ClientInfo) {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !valid) throw new AppError("UNAUTHORIZED", errors.badCredentials);
  if (!user.status) {
    await deleteSessionsOfUser(db, user.id);
    throw new AppError("FORBIDDEN", api.accountInactive);
  }
  return { user, session: await startSession(db, user, client) };
}

export async function logout(db: Database, token: string | undefined) {
  if (token) await deleteSessionByHash(db, hashToken(token));
}

export interface ResolvedSession {
  sessionId: string;
  user: User;
}

/**
 * The signed-in user behind a cookie token, or null. An inactive user loses every session here.
 * Sessions slide: one still in use gets a new expiry at most once a day.
 */
export async function resolveSession(db: Database, token: string): Promise<ResolvedSession | null> {
  const row = await findSessionWithUser(db, hashToken(token));
  if (!row) return null;
  if (!row.user.status) {
    await deleteSessionsOfUser(db, row.user.id);
    return null;
  }
  const remaining = row.session.expiresAt.getTime() - Date.now();
  if (remaining < SESSION_TTL_MS - DAY_MS) {
    await extendSession(db, row.session.id, new Date(Date.now() + SESSION_TTL_MS));
  }
  return { sessionId: row.session.id, user: row.user };
}

/** Checks a password for a password change. */
export async function checkPassword(user: User, password: string) {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("BAD_REQUEST", validation.oldPassword, { oldPassword: validation.oldPassword });
  }
}
