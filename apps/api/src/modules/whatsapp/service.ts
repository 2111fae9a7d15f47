/** The staff's log of messages (email and WhatsApp) and WhatsApp's delivery and read rates. */
import type { MessageDto, MessageRatesDto, MessagesQuery } from "@shop/shared/schemas/whatsapp";
import type { Database } from "#api/db/client";
import { listMessages, type MessageRow, messageRates } from "./repo";

const isoOf = (at: Date | string | null): string | null => (at === null ? null : new Date(at).toISOString());

function toMessageDto(row: MessageRow): MessageDto {
  return {
    _id: row.id,
    channel: row.channel,
    event: row.event as MessageDto["event"],
    to: row.to,
    state: row.state as MessageDto["state"],
    sentAt: isoOf(row.sent_at),
    deliveredAt: isoOf(row.delivered_at),
    readAt: isoOf(row.read_at),
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listMessageLog(db: Database, query: MessagesQuery): Promise<{ items: MessageDto[] }> {
  return { items: (await listMessages(db, query)).map(toMessageDto) };
}

/** A share in percent with one decimal, in integer arithmetic; null of nothing. */
function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}

export async function messageRatesOf(db: Database, days: number): Promise<MessageRatesDto> {
  const row = await messageRates(db, days);
  return {
    days,
    whatsapp: {
      sent: row.wa_sent,
      delivered: row.wa_delivered,
      read: row.wa_read,
      failed: row.wa_failed,
      queued: row.wa_queued,
      deliveryRate: rate(row.wa_delivered, row.wa_sent),
      readRate: rate(row.wa_read, row.wa_sent),
    },
    email: { sent: row.email_sent, failed: row.email_failed, queued: row.email_queued },
  };
}
