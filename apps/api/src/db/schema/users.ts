import {
  RTO_REASONS,
  type RtoReason,
  ROLES as USER_ROLES,
  type Role as UserRole,
} from "@shop/shared/constants";
import type { ConsentSource } from "@shop/shared/messaging";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { sqlList } from "./sql-lists";

export const users = pgTable(
  "users",
  {
    id: primaryId(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    // Always stored lower-case (the CHECK below refuses anything else), so the plain unique
    // constraint is also a case-insensitive one.
    email: text().notNull().unique("users_email_unique"),
    passwordHash: text().notNull(),
    avatarUrl: text(),
    role: text().$type<UserRole>().notNull().default("customer"),
    // The active flag: a user whose status is false cannot sign in.
    status: boolean().notNull().default(true),
    // Two-step sign-in (modules/auth/two-factor.ts): the TOTP secret (base32), pending until
    // twoFactorEnabledAt is set; the last time step a code was accepted for, so a code works once.
    // Sealed with SECRETS_KEY (core/sealed.ts): a dump of the table alone passes no second step.
    twoFactorSecret: text(),
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    twoFactorLastStep: integer(),
    // Their cash on delivery bar: when a cash on delivery parcel of theirs last came back refused (RTO)
    // while the owner bars those (settings' cod.blockAfterRefusal), why, and the order; null once
    // staff lift it (DELETE /users/{userId}/cod-bar). NOTE: the order by id without a foreign key,
    // as orders reference users (the bar is kept when an order is erased).
    codRefusedAt: timestamp({ withTimezone: true }),
    codBarReason: text().$type<RtoReason>(),
    codBarOrderId: text(),
    // When they unsubscribed from abandoned-checkout reminders (a link in each; honoured at once).
    remindersUnsubscribedAt: timestamp({ withTimezone: true }),
    // WhatsApp (docs/whatsapp.md): the number messages go to (10 digits, the delivery address's given
    // last with a consent), and each consent as it stands: when given and where (null: not given).
    // Every change is kept in consent_events.
    whatsappPhone: text(),
    whatsappOrdersAt: timestamp({ withTimezone: true }),
    whatsappOrdersSource: text().$type<ConsentSource>(),
    whatsappMarketingAt: timestamp({ withTimezone: true }),
    whatsappMarketingSource: text().$type<ConsentSource>(),
    // The shopper's store credit: the sum of their store_credit_entries, kept with each entry.
    storeCredit: money().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in (${sqlList(USER_ROLES)})`),
    check("users_email_lower_case_check", sql`${t.email} = lower(${t.email})`),
    check("users_store_credit_check", sql`${t.storeCredit} >= 0`),
    check(
      "users_cod_bar_reason_check",
      sql`${t.codBarReason} is null or ${t.codBarReason} in (${sqlList(RTO_REASONS)})`,
    ),
    index("users_role_created_at_idx").on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The customers list narrowed to active or inactive accounts, newest first, page and capped count.
    index("users_status_created_at_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A STOP on WhatsApp ends the consents given for its number.
    index("users_whatsapp_phone_idx").on(t.whatsappPhone).where(sql`${t.whatsappPhone} is not null`),
    // The staff's order search by the shopper's email or name (modules/orders/repo-keyword.ts keywordMatch).
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // sha-256 hex of the opaque cookie token; the token itself is never stored.
    tokenHash: text().notNull().unique("sessions_token_hash_unique"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ip: text(),
    // When this session last passed the second step of two-step sign-in (a code at sign-in, turning
    // it on, or a code asked again before a sensitive change); null: never (modules/auth/two-factor.ts).
    secondStepAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Single-use recovery codes of two-step sign-in: only a sha-256 of each; a used code's row is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("two_factor_recovery_codes_user_id_idx").on(t.userId, t.codeHash)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * Staff notes on a customer, newest first on the customer page. Append-only: the API inserts and
 * reads, never updates or deletes (the author's name is kept as it was when written).
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: idRef().references(() => users.id, { onDelete: "set null" }),
    authorName: text().notNull(),
    note: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index("customer_notes_user_at_idx").on(t.userId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type CustomerNote = typeof customerNotes.$inferSelect;
