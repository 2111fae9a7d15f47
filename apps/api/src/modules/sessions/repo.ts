/** SQL for sessions. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { preparedFor } from "#api/db/prepared";
import { sessions, users } from "#api/db/schema/users";
import { forgetSession, forgetUser } from "./repo-cache";

export async function insertSession(
  db: Database,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    secondStepAt: Date | null;
  },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row;
}

const sessionWithUser = preparedFor((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), sql`${sessions.expiresAt} > now()`))
    .limit(1)
    .prepare("session_with_user"),
);

/** The live session of a token's hash with its user (read on every signed-in request the cache misses). */
export async function findSessionWithUser(db: Database, tokenHash: string) {
  const [row] = await sessionWithUser(db).execute({ tokenHash });
  return row;
}

export async function extendSession(db: Database, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Records that a session of this user passed the second step at `at`. */
export async function setSecondStep(db: Database, userId: string, sessionId: string, at: Date) {
  forgetUser(userId);
  await db
    .update(sessions)
    .set({ secondStepAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

export async function deleteSessionByHash(db: Database, tokenHash: string) {
  forgetSession(tokenHash);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteSessionsOfUser(db: Database, userId: string, keepSessionId?: string) {
  // The kept session is read again too: it was cached with the user row this change came with.
  forgetUser(userId);
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}
