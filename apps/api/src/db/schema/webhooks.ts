import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from "@shop/shared/constants";
import type { WebhookEvent } from "@shop/shared/schemas/webhook";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { sqlList } from "./sql-lists";

/**
 * Where admins send the shop's events (docs/decisions/024-webhooks.md): a URL, the events it asked
 * for, whether it is on, and the secret its deliveries are signed with. After a rotation the previous
 * secret keeps signing beside the new one until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: primaryId(),
    url: text().notNull(),
    events: text().array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean().notNull().default(true),
    /** `whsec_` and the key in base64 (Standard Webhooks); stored as is: the sender signs with it. */
    secret: text().notNull(),
    previousSecret: text(),
    previousSecretUntil: timestamp({ withTimezone: true }),
    /** Set when the sender disabled it after a delivery failed for 24 hours; cleared when enabled again. */
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * When it was last known to work: its last 2xx, or when it was enabled again. A delivery failing
     * for good disables it only when that delivery was made after this (no success since).
     */
    healthyAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      "webhook_endpoints_events_check",
      sql`cardinality(${t.events}) > 0 and ${t.events} <@ array[${sqlList(WEBHOOK_EVENTS)}]::text[]`,
    ),
    index("webhook_endpoints_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The webhook outbox: one row per event and endpoint that asked for it, written in the transaction
 * of the change (by the database's triggers, or by `webhook_enqueue` from a service; migration
 * 0030), then sent by the sender of any instance (modules/webhooks/sender.ts) with leases and
 * retries. Its id is the delivery's `webhook-id`, the same at every attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: primaryId(),
    endpointId: idRef()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text().$type<WebhookEventType>().notNull(),
    /** The body sent, `{ type, timestamp, data }`. */
    payload: jsonb().$type<WebhookEvent>().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** When a sender may take it next: now for a new delivery, later after a failed attempt. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A sender holds it until then; one that died mid-send leaves it to be taken again after. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** The last attempt's HTTP status, and what went wrong with it. */
    responseStatus: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("webhook_deliveries_event_type_check", sql`${t.eventType} in (${sqlList(WEBHOOK_EVENTS)})`),
    check("webhook_deliveries_status_check", sql`${t.status} in (${sqlList(WEBHOOK_DELIVERY_STATUSES)})`),
    index("webhook_deliveries_endpoint_created_at_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
