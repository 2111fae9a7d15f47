import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/**
 * Every outbound message, written in the transaction that causes it (the outbox), then sent by the
 * mail sender (modules/email/sender.ts). Without SMTP it stays here as the built-in mailbox.
 */
export const emails = pgTable(
  "emails",
  {
    id: primaryId(),
    kind: text().$type<EmailKind>().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().$type<EmailStatus>().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    /** When the sender may take it next: now for a new message, later after a failed attempt. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A sender holds it until then; one that died mid-send leaves it to be taken again after. */
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("emails_kind_check", sql`${t.kind} in (${sqlList(EMAIL_KINDS)})`),
    check("emails_status_check", sql`${t.status} in (${sqlList(EMAIL_STATUSES)})`),
    index("emails_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("emails_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("emails_status_created_at_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** A password reset asked for: the token's sha-256 only, valid until `expiresAt`, used once. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique("password_resets_token_hash_unique"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_id_idx").on(t.userId)],
);

export type Email = typeof emails.$inferSelect;
export type NewEmail = typeof emails.$inferInsert;
