/**
 * WhatsApp messages (docs/whatsapp.md, decision 056): the outbox the WhatsApp sender drains and the
 * log staff read, the statuses Meta reported before the send's answer was recorded, the shoppers'
 * replies already acted on, and the record of each consent given or ended.
 */
import {
  CONSENT_KINDS,
  CONSENT_SOURCES,
  type ConsentKind,
  type ConsentSource,
  MESSAGE_EVENTS,
  type MessageEvent,
  WHATSAPP_STATES,
  type WhatsAppState,
} from "@shop/shared/messaging";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import type { NewEmail } from "./emails";
import { orders } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/** A template's button as the message fills it: a quick reply's payload, or a URL's variable end. */
export interface WhatsAppButton {
  subType: "quick_reply" | "url";
  index: number;
  value: string;
}

/** What a message says: an event's template with its variables, or a reply's free text. */
export type WhatsAppContent =
  | { type: "template"; name: string; language: string; body: string[]; buttons: WhatsAppButton[] }
  | { type: "text"; text: string };

/**
 * Every WhatsApp message, written in the transaction of the change it tells of (the outbox), then
 * sent by the WhatsApp sender (modules/whatsapp/sender.ts) and moved by Meta's statuses.
 * `dedupe_key` is unique: one event of one order (or cart, or alert) is never written twice.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: primaryId(),
    event: text().$type<MessageEvent>().notNull(),
    /** `<event>:<order id>` (or the cart's, the alert's, the tap's): the event told once. */
    dedupeKey: text().notNull(),
    orderId: idRef().references(() => orders.id, { onDelete: "set null" }),
    userId: idRef().references(() => users.id, { onDelete: "set null" }),
    /** The number with its country code, digits only (919876543210). */
    recipient: text().notNull(),
    content: jsonb().$type<WhatsAppContent>().notNull(),
    /**
     * The email this message stands for, written to the outbox if the message cannot go (not a
     * WhatsApp number, template paused...); null for a reply, which has none.
     */
    fallback: jsonb().$type<Omit<NewEmail, "id">>(),
    /** Whether the fallback email was written (once). */
    fellBack: boolean().notNull().default(false),
    state: text().$type<WhatsAppState>().notNull().default("queued"),
    /** Meta's id of the message (wamid.…), once it accepted it: statuses and replies name it. */
    wamid: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** Meta's error code and words of the last failure. */
    errorCode: integer(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("whatsapp_messages_event_check", sql`${t.event} in (${sqlList(MESSAGE_EVENTS)})`),
    check("whatsapp_messages_state_check", sql`${t.state} in (${sqlList(WHATSAPP_STATES)})`),
    uniqueIndex("whatsapp_messages_dedupe_key_idx").on(t.dedupeKey),
    uniqueIndex("whatsapp_messages_wamid_idx").on(t.wamid),
    index("whatsapp_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index("whatsapp_messages_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    index("whatsapp_messages_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
    index("whatsapp_messages_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A status Meta reported for a wamid no message had yet (the send's answer not recorded yet): the
 * sender applies it when it records the wamid. Kept once per wamid and status.
 */
export const whatsappEarlyStatuses = pgTable(
  "whatsapp_early_statuses",
  {
    wamid: text().notNull(),
    status: text().$type<WhatsAppState>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    errorCode: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whatsapp_early_statuses_wamid_status_idx").on(t.wamid, t.status)],
);

/** A shopper's message (a tap, a STOP) already acted on, by its wamid: Meta may send it twice. */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  wamid: text().primaryKey(),
  sender: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Each consent given or ended: who, which, by what number, where (checkout, account, a STOP), when. */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().$type<ConsentKind>().notNull(),
    given: boolean().notNull(),
    source: text().$type<ConsentSource>().notNull(),
    /** The number the consent was for (10 digits). */
    phone: text(),
    /** The order whose checkout gave it, if one did. */
    orderId: idRef(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("consent_events_kind_check", sql`${t.kind} in (${sqlList(CONSENT_KINDS)})`),
    check("consent_events_source_check", sql`${t.source} in (${sqlList(CONSENT_SOURCES)})`),
    index("consent_events_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);
