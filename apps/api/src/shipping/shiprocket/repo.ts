/** The SQL of a provider's shared sign-in token (integration_tokens). */
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "#api/db/client";
import { type IntegrationToken, integrationTokens } from "#api/db/schema/integrations";

/**
 * Holds the provider's token lock until the transaction ends: every instance renewing it waits
 * here, and finds the token the first one wrote. PGlite has one connection, so it is held trivially.
 */
export async function lockToken(tx: Transaction, provider: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`integration-token:${provider}`}, 0))`,
  );
}

/** The provider's token as stored (sealed), or undefined when none was written. */
export async function readToken(
  db: Database | Transaction,
  provider: string,
): Promise<IntegrationToken | undefined> {
  const [row] = await db.select().from(integrationTokens).where(eq(integrationTokens.provider, provider));
  return row;
}

/** Writes the provider's token (sealed by the caller) and when it ends. */
export async function writeToken(
  db: Database | Transaction,
  provider: string,
  token: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(integrationTokens)
    .values({ provider, token, expiresAt })
    .onConflictDoUpdate({
      target: integrationTokens.provider,
      set: { token, expiresAt, updatedAt: sql`now()` },
    });
}
