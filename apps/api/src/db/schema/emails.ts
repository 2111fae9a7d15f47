import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "#api/core/ids";
import { idRef, primaryId } from "./columns";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/** A message's words, as a use case writes them (modules/email/compose.ts renders them). */
export interface MessageParts {
  /** The recipient's first name, for the greeting. */
  firstName: string;
  lines: readonly string[];
  /** A button in the HTML part, the bare link in the text part. */
  action?: { label: string; url: string };
  /** A small link above the footer (a reminder's unsubscribe link), the bare link in the text part. */
  unsubscribe?: { label: string; url: string };
}

/** The shop's details a message's footer names. */
export interface ShopDetails {
  /** The store's name as the owner's settings gave it; messages written before it was kept have none. */
  name?: string;
  address: string;
  email: string;
  phone: string;
}

/**
 * Every outbound message, written in the transaction that causes it (the outbox), then sent by the
 * mail sender (modules/email/sender.ts). Without SMTP it stays here as the built-in mailbox.
 * NOTE: partitioned by status (migration 0041): the messages waiting or failed in `emails_outbox`,
 * the sent ones in `emails_sent`. Marking a message sent moves it out of the small table the sender
 * reads and updates, into one only ever added to, so that what a sale sends leaves no dead rows
 * behind in a table that grows. Its key is (id, status), as a partitioned table's key must hold its
 * partition column; ids are unique on their own (core/ids.ts).
 */
export const emails = pgTable(
  "emails",
  {
    id: idRef().notNull().$defaultFn(newId),
    kind: text().$type<EmailKind>().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    /** The order it tells of, if one (an order's Messages tab). NOTE: no foreign key, as on a partitioned log. */
    orderId: idRef(),
    /**
     * What the message says, kept as written (its words and the shop's details of that moment) and
     * rendered by the sender (modules/email/service.ts), outside the transaction that wrote it.
     */
    parts: jsonb().$type<MessageParts>(),
    shop: jsonb().$type<ShopDetails>(),
    /** The rendered parts: set by the sender when it renders; rows written before 0018 have only these. */
    text: text(),
    html: text(),
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
    primaryKey({ name: "emails_pkey", columns: [t.id, t.status] }),
    check("emails_kind_check", sql`${t.kind} in (${sqlList(EMAIL_KINDS)})`),
    check("emails_status_check", sql`${t.status} in (${sqlList(EMAIL_STATUSES)})`),
    // NOTE: a row the sender could neither render nor send as it is would stay queued for ever.
    check(
      "emails_body_check",
      sql`(${t.text} is not null and ${t.html} is not null) or (${t.parts} is not null and ${t.shop} is not null)`,
    ),
    index("emails_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
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
