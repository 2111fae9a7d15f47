/**
 * What Meta's webhook tells the shop (docs/whatsapp.md), its signature checked by the route before
 * anything is read: statuses move the messages' log; a tap on "Confirm order" or "Cancel order" acts
 * on the cash on delivery order its payload names, with the token the shop issued for it; a STOP
 * ends the number's consents. A shopper's message is acted on once, whatever Meta sends again; each
 * answer to the shopper goes through the WhatsApp outbox.
 */
import { whatsappNotes, whatsappReplies } from "@shop/shared/messages";
import { z } from "zod";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { confirmCod, tokenMatches } from "#api/modules/cod/confirmation";
import type { MailContext } from "#api/modules/email/service";
import { readCodTap } from "#api/modules/email/whatsapp";
import { queueWhatsAppReply, recordWhatsAppStatus } from "#api/modules/email/whatsapp-queue";
import {
  cancelBeforeShipping,
  findOrderRow,
  findOrdersByIds,
  findShipmentsOfOrders,
} from "#api/modules/orders/service";
import { stopConsentsOf, stopMarketingOf } from "#api/modules/users/consents";
import { firstTimeSeen, seenBefore } from "./repo";

const Seconds = z.string().regex(/^\d{1,12}$/);

const StatusEvent = z.object({
  id: z.string().min(1).max(256),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: Seconds,
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z
        .object({ code: z.number().int(), title: z.string().optional(), message: z.string().optional() })
        .loose(),
    )
    .optional(),
});

const InboundMessage = z
  .object({
    id: z.string().min(1).max(256),
    from: z.string().regex(/^\d{6,15}$/),
    type: z.string(),
    button: z
      .object({ payload: z.string().max(512), text: z.string().optional() })
      .loose()
      .optional(),
    interactive: z
      .object({
        button_reply: z
          .object({ id: z.string().max(512), title: z.string().optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    text: z
      .object({ body: z.string().max(4096) })
      .loose()
      .optional(),
  })
  .loose();

/** The body Meta posts; only what the shop acts on is read, the rest let through. */
export const WebhookBody = z
  .object({
    object: z.string(),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: z.string(),
                    value: z
                      .object({
                        statuses: z.array(StatusEvent).optional(),
                        messages: z.array(InboundMessage).optional(),
                      })
                      .loose(),
                  })
                  .loose(),
              )
              .default([]),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();
export type WebhookBody = z.infer<typeof WebhookBody>;

/** The words a shopper types to stop the messages (any case, alone in the message). */
const STOP_WORDS = new Set(["STOP", "STOP ALL", "UNSUBSCRIBE", "CANCEL ALL", "OPT OUT", "OPTOUT"]);

/** Acts on every status and message of a webhook's body, each on its own; answers how many. */
export async function handleWebhook(db: Database, body: WebhookBody, mail: MailContext): Promise<number> {
  let handled = 0;
  for (const entry of body.entry)
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      for (const status of change.value.statuses ?? []) {
        const [error] = status.errors ?? [];
        await recordWhatsAppStatus(
          db,
          status.id,
          {
            status: status.status,
            at: new Date(Number(status.timestamp) * 1000),
            code: error?.code ?? null,
            error: error
              ? `(#${error.code}) ${error.message ?? error.title ?? ""}`.trim().slice(0, 500)
              : null,
          },
          stopMarketingOf,
        );
        handled += 1;
      }
      for (const message of change.value.messages ?? []) {
        await onMessage(db, message, mail);
        handled += 1;
      }
    }
  return handled;
}

type Inbound = z.infer<typeof InboundMessage>;

/** One shopper's message, acted on once (its wamid kept in the same transaction as what it did). */
async function onMessage(db: Database, message: Inbound, mail: MailContext): Promise<void> {
  const payload = message.type === "button" ? message.button?.payload : message.interactive?.button_reply?.id;
  const tap = payload ? readCodTap(payload) : undefined;
  if (tap) {
    // NOTE: the tap is kept as seen with its reply, after it acted: a failure on the way leaves it to
    // Meta's next delivery. Two deliveries at once both act, which the order's lock makes once (a
    // confirmation or a cancellation done answers as done), and one reply goes (keyed by the tap).
    if (await seenBefore(db, message.id)) return;
    const reply = await onTap(db, tap, mail);
    await db.transaction(async (tx) => {
      if (await firstTimeSeen(tx, message.id, message.from))
        await queueWhatsAppReply(tx, { to: message.from, key: message.id, ...reply });
    });
    return;
  }
  const words = message.type === "text" ? message.text?.body.trim().toUpperCase() : undefined;
  if (words && STOP_WORDS.has(words))
    await db.transaction(async (tx) => {
      if (!(await firstTimeSeen(tx, message.id, message.from))) return;
      await stopConsentsOf(tx, message.from);
      await queueWhatsAppReply(tx, {
        to: message.from,
        key: message.id,
        text: whatsappReplies.stopped,
        orderId: null,
        userId: null,
      });
    });
}

interface Reply {
  text: string;
  orderId: string | null;
  userId: string | null;
}

/**
 * "Confirm order" or "Cancel order" on a cash on delivery order, with its token: the order as it
 * stands decides (shipped, cancelled or confirmed already are said so), then the confirmation (as
 * the email's link does, via WhatsApp) or the cancellation (as the shopper's, stock back, email).
 */
async function onTap(
  db: Database,
  tap: NonNullable<ReturnType<typeof readCodTap>>,
  mail: MailContext,
): Promise<Reply> {
  const order = await findOrderRow(db, tap.orderId);
  if (!order || !tokenMatches(tap.token, order.codConfirmTokenHash))
    return { text: whatsappReplies.unknown, orderId: null, userId: null };
  const said = (text: (n: number) => string): Reply => ({
    text: text(order.number),
    orderId: order.id,
    userId: order.userId,
  });
  const shipped =
    (await findShipmentsOfOrders(db, [order.id])).length > 0 ||
    !["pending", "processing"].includes(order.status);
  if (order.status === "cancelled" || order.codConfirmation === "cancelled")
    return said(whatsappReplies.alreadyCancelled);
  if (shipped) return said(whatsappReplies.alreadyShipped);
  if (tap.action === "confirm") {
    if (order.codConfirmation === "confirmed") return said(whatsappReplies.alreadyConfirmed);
    try {
      await confirmCod(db, order.id, { token: tap.token, via: "whatsapp" });
      return said(whatsappReplies.confirmed);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return said(whatsappReplies.alreadyCancelled);
      throw error;
    }
  }
  const [row] = await findOrdersByIds(db, [order.id]);
  if (!row) return { text: whatsappReplies.unknown, orderId: null, userId: null };
  try {
    await cancelBeforeShipping(db, row.user, order.id, mail, whatsappNotes.cancelledByTap);
    return said(whatsappReplies.cancelled);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return said(whatsappReplies.alreadyShipped);
    throw error;
  }
}
