/** Password resets: the token's hash, its expiry, and whether it was used. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { passwordResets } from "#api/db/schema/emails";

export async function insertPasswordReset(db: Database, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/**
 * Marks a reset used and answers its user id, when the token is known, unused and not expired.
 * One statement: of two requests with the same token, only one gets the id.
 */
export async function usePasswordReset(db: Database, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** A successful reset retires every other link the account was sent. */
export async function retirePasswordResets(db: Database, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
