import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sign-in tokens of services the shop calls with one (Shiprocket: a JWT valid ten days), one per
 * provider, shared by every instance: whichever renews it writes it here under an advisory lock, so
 * that however many ask at once, one logs in. The token is sealed at rest (core/sealed.ts), bound to
 * its provider; one that no longer opens (a key rotated away) is simply renewed.
 */
export const integrationTokens = pgTable("integration_tokens", {
  provider: text().primaryKey(),
  /** Sealed: `v2:<key id>:…`, bound to `integration-token:<provider>`. */
  token: text().notNull(),
  /** When the provider stops taking it (the JWT's `exp`). */
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type IntegrationToken = typeof integrationTokens.$inferSelect;
