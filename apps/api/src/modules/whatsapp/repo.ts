/**
 * WhatsApp's SQL that is not the outbox's: the shoppers' messages already acted on, and the log of
 * an order's or a customer's messages on both channels, with WhatsApp's delivery and read figures.
 */
import type { MessageChannel } from "@shop/shared/messaging";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { emails } from "#api/db/schema/emails";
import { orders } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { whatsappInbound, whatsappMessages } from "#api/db/schema/whatsapp";

/** Marks a shopper's message as acted on; false when it was already (Meta sent it again). */
export async function firstTimeSeen(db: Database, wamid: string, sender: string): Promise<boolean> {
  const rows = await db
    .insert(whatsappInbound)
    .values({ wamid, sender })
    .onConflictDoNothing()
    .returning({ wamid: whatsappInbound.wamid });
  return rows.length === 1;
}

export async function seenBefore(db: Database, wamid: string): Promise<boolean> {
  const rows = await db
    .select({ wamid: whatsappInbound.wamid })
    .from(whatsappInbound)
    .where(eq(whatsappInbound.wamid, wamid));
  return rows.length > 0;
}

export interface MessageRow extends Record<string, unknown> {
  id: string;
  channel: MessageChannel;
  event: string;
  to: string;
  state: string;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
  error: string | null;
  created_at: Date | string;
}

/** At most this many messages are listed, newest first. */
export const MESSAGES_LISTED = 200;

/**
 * An order's or a customer's messages (or every one of a channel), emails and WhatsApp together,
 * newest first, in one statement. A customer's emails are those of their orders and those to
 * their address; each side is read through its index (order id, user id, created_at).
 */
export async function listMessages(
  db: Database,
  filter: { order?: string | undefined; customer?: string | undefined; channel?: MessageChannel | undefined },
): Promise<MessageRow[]> {
  const emailWhere = filter.order
    ? sql`e.order_id = ${filter.order}`
    : filter.customer
      ? sql`(e.order_id in (select o.id from ${orders} o where o.user_id = ${filter.customer})
          or e.recipient = (select u.email from ${users} u where u.id = ${filter.customer}))`
      : sql`true`;
  const whatsappWhere = filter.order
    ? sql`w.order_id = ${filter.order}`
    : filter.customer
      ? sql`w.user_id = ${filter.customer}`
      : sql`true`;
  const emailPart = sql`(select e.id, 'email' as channel, e.kind as event, e.recipient as "to", e.status as state,
      e.sent_at, null::timestamptz as delivered_at, null::timestamptz as read_at, e.last_error as error, e.created_at
    from ${emails} e where ${emailWhere}
    order by e.created_at desc limit ${MESSAGES_LISTED})`;
  const whatsappPart = sql`(select w.id, 'whatsapp' as channel, w.event, w.recipient as "to", w.state,
      w.sent_at, w.delivered_at, w.read_at, w.error, w.created_at
    from ${whatsappMessages} w where ${whatsappWhere}
    order by w.created_at desc limit ${MESSAGES_LISTED})`;
  const parts =
    filter.channel === "email"
      ? [emailPart]
      : filter.channel === "whatsapp"
        ? [whatsappPart]
        : [emailPart, whatsappPart];
  const result = await db.execute<MessageRow>(sql`
    select * from (${sql.join(parts, sql` union all `)}) m
    order by m.created_at desc, m.id desc limit ${MESSAGES_LISTED}`);
  return result.rows;
}

export interface RatesRow extends Record<string, unknown> {
  wa_queued: number;
  wa_sent: number;
  wa_delivered: number;
  wa_read: number;
  wa_failed: number;
  email_queued: number;
  email_sent: number;
  email_failed: number;
}

/**
 * WhatsApp's messages of the last `days` days (replies left out) by what became of them, and the
 * emails', in one statement. Sent counts every message Meta accepted (a failure after it included);
 * delivered counts those delivered or read.
 */
export async function messageRates(db: Database, days: number): Promise<RatesRow> {
  const since = sql`now() - ${days} * interval '1 day'`;
  const result = await db.execute<RatesRow>(sql`
    select w.*, e.* from
      (select count(*) filter (where state = 'queued')::int as wa_queued,
              count(*) filter (where wamid is not null)::int as wa_sent,
              count(*) filter (where state in ('delivered', 'read'))::int as wa_delivered,
              count(*) filter (where state = 'read')::int as wa_read,
              count(*) filter (where state = 'failed')::int as wa_failed
         from ${whatsappMessages} where created_at >= ${since} and event <> 'reply') w,
      (select count(*) filter (where status = 'queued')::int as email_queued,
              count(*) filter (where status = 'sent')::int as email_sent,
              count(*) filter (where status = 'failed')::int as email_failed
         from ${emails} where created_at >= ${since}) e`);
  const [row] = result.rows;
  if (!row) throw new Error("message rates answered no row");
  return row;
}
