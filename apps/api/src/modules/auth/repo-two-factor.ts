/** SQL of two-step sign-in: the last accepted time step of a user, and the recovery codes' hashes. */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { twoFactorRecoveryCodes, users } from "#api/db/schema/users";

/**
 * Records that a code of `step` was accepted, when no code of this step or a later one was: one
 * statement, so that of two sign-ins racing with one code only one gets true. The caller forgets the
 * user's cached sessions (a column of their row changes).
 */
export async function acceptTimeStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces every recovery code of a user with these hashes. */
export async function replaceRecoveryCodes(db: Database, userId: string, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Uses up a recovery code: true when it was one of the user's (its row is gone after). */
export async function useRecoveryCode(db: Database, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function deleteRecoveryCodes(db: Database, userId: string) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** Every user's TOTP secret as stored (sealed), locked until the caller's transaction ends (secrets:reseal). */
export async function lockTwoFactorSecrets(db: Database): Promise<{ id: string; secret: string }[]> {
  const rows = await db
    .select({ id: users.id, secret: users.twoFactorSecret })
    .from(users)
    .where(isNotNull(users.twoFactorSecret))
    .for("update");
  return rows.flatMap((row) => (row.secret === null ? [] : [{ id: row.id, secret: row.secret }]));
}

/**
 * Writes a user's TOTP secret sealed anew (the same secret: its time step stays); two-factor.ts
 * storeTwoFactorSecret forgets the user's cached sessions with it.
 */
export async function writeTwoFactorSecret(db: Database, userId: string, secret: string): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorSecret: secret, updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, userId));
}
