/**
 * The shop's messages to a shopper, by email or on WhatsApp (decision 056): an event the shopper
 * agreed to hear of on WhatsApp, whose template the owner has on, goes there, its email kept to be
 * sent instead if WhatsApp cannot take it; every other message is an email, as before.
 */
import { WHATSAPP_MARKETING_EVENTS } from "@shop/shared/messaging";
import type { Database } from "#api/db/client";
import {
  applyStatus,
  fallBackToEmail,
  findWhatsAppMessages,
  findWhatsAppReach,
  insertWhatsAppMessages,
  keepEarlyStatus,
  type NewWhatsAppMessage,
  type ReportedStatus,
  type WhatsAppReach,
} from "./repo-whatsapp";

export type { ReportedStatus };

import { isDeliverable, type MailContext, type Outgoing, outboxRows, queueEmails } from "./service";
import { MARKETING_STOPPED, whatsappNumberOf } from "./whatsapp";

/**
 * Writes messages to the outboxes in the caller's transaction: on WhatsApp those the shopper agreed
 * to (order updates, or offers and reminders for the marketing events; back in stock, either, as it
 * answers their own request) with a number to send to, whose template is on; the rest by email. A
 * WhatsApp message already written for the same event is not written again, nor its email.
 * Without WhatsApp (mail.whatsapp absent) this is queueEmails: no statement more.
 */
export async function queueMessages(
  db: Database,
  mail: MailContext,
  messages: readonly Outgoing[],
): Promise<void> {
  const templates = mail.whatsapp?.templates;
  const candidates = templates
    ? messages.filter((message) => message.whatsapp && templates[message.whatsapp.event].enabled)
    : [];
  if (!templates || candidates.length === 0) return queueEmails(db, mail.shop, messages);
  const reach = await findWhatsAppReach(db, [
    ...new Set(candidates.map((message) => message.whatsapp?.userId ?? "")),
  ]);
  const onWhatsApp: NewWhatsAppMessage[] = [];
  const byEmail: Outgoing[] = [];
  for (const message of messages) {
    const intent = message.whatsapp;
    const shopper = intent ? reach.get(intent.userId) : undefined;
    if (!intent || !templates[intent.event].enabled || !shopper?.phone || !agreed(shopper, intent.event)) {
      byEmail.push(message);
      continue;
    }
    const template = templates[intent.event];
    const [fallback] = isDeliverable(message.to) ? outboxRows(mail.shop, [message]) : [];
    onWhatsApp.push({
      event: intent.event,
      dedupeKey: intent.dedupeKey,
      orderId: intent.orderId,
      userId: intent.userId,
      recipient: whatsappNumberOf(shopper.phone),
      content: {
        type: "template",
        name: template.name,
        language: template.language,
        body: intent.body,
        buttons: intent.buttons,
      },
      fallback: fallback ?? null,
    });
  }
  await insertWhatsAppMessages(db, onWhatsApp);
  await queueEmails(db, mail.shop, byEmail);
}

function agreed(shopper: WhatsAppReach, event: NonNullable<Outgoing["whatsapp"]>["event"]): boolean {
  if (event === "backInStock") return shopper.orders || shopper.marketing;
  return WHATSAPP_MARKETING_EVENTS.includes(event) ? shopper.marketing : shopper.orders;
}

/**
 * A status Meta reported for a message of ours (the webhook), in one transaction: the message moved
 * (never back), or the status kept until the send's answer names its wamid. A message failed now
 * (not a WhatsApp number, found after Meta accepted it) has its email written instead, but an offer
 * to a number that stopped this business's marketing (131050), whose shopper's offers' consent ends.
 */
export async function recordWhatsAppStatus(
  db: Database,
  wamid: string,
  status: ReportedStatus,
  onMarketingStopped: (tx: Database, number: string) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const applied = await applyStatus(tx, wamid, status);
    if (!applied) return keepEarlyStatus(tx, wamid, status);
    if (!applied.failedNow) return;
    if (status.code === MARKETING_STOPPED) {
      const [message] = await findWhatsAppMessages(tx, [applied.id]);
      if (message) await onMarketingStopped(tx, message.recipient);
      return;
    }
    await fallBackToEmail(tx, applied.id);
  });
}

/**
 * A reply to a shopper's tap or STOP (free text: their message opened the 24-hour window), written
 * to the WhatsApp outbox once per message it answers (`key`: that message's wamid).
 */
export async function queueWhatsAppReply(
  db: Database,
  reply: { to: string; text: string; key: string; orderId: string | null; userId: string | null },
): Promise<void> {
  await insertWhatsAppMessages(db, [
    {
      event: "reply",
      dedupeKey: `reply:${reply.key}`,
      orderId: reply.orderId,
      userId: reply.userId,
      recipient: reply.to,
      content: { type: "text", text: reply.text },
      fallback: null,
    },
  ]);
}
