/**
 * The abandoned-checkout reminders' sender (docs/decisions/041-cart-kept-by-the-server.md): each run
 * takes the carts whose reminder is due, in batches locked with SKIP LOCKED (every instance may run
 * it), and writes each reminder to the outbox in the batch's transaction. A cart gets none (and none
 * is due for it any more) when reminders are off, it is empty or nothing in it can be bought, its
 * shopper unsubscribed or cannot receive mail, or two were sent since it reached checkout.
 */
import { randomBytes } from "node:crypto";
import { fromCents, unitPriceCents } from "@shop/shared/pricing";
import type { AbandonedCheckoutSettings } from "@shop/shared/schemas/marketing";
import { variantLabel } from "@shop/shared/variants";
import type { FastifyBaseLogger } from "fastify";
import { newId } from "#api/core/ids";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { discountCodeExists } from "#api/modules/discounts/service";
import { cartReminderEmail, type ReminderLine } from "#api/modules/email/cart-reminder";
import { isDeliverable, type MailContext, type Outgoing } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { isBuyable, variantOfLine } from "./dto";
import {
  claimDueCarts,
  type DueCart,
  findProductsOfCart,
  type ProductOfCart,
  recordReminders,
  type SentReminder,
  unscheduleCarts,
} from "./repo";
import { hashReminderSecret } from "./service";

/** What a run reads as it starts: the owner's reminder settings, the shop's currency and details. */
export interface ReminderTerms {
  reminders: AbandonedCheckoutSettings;
  currency: string;
  mail: MailContext;
}

/** Carts taken by one statement. */
export const REMINDER_BATCH = 50;
/** How often the sender looks for due reminders: a reminder goes at most this late. */
export const REMINDERS_EVERY_MS = 60_000;

/** The lines of a cart that can be bought now, as its reminder lists them. */
function buyableLines(cart: DueCart, found: ReadonlyMap<string, ProductOfCart>): ReminderLine[] {
  return cart.lines.flatMap((line) => {
    const sold = variantOfLine(line, found);
    if (!sold || !isBuyable(sold)) return [];
    return [
      {
        label: variantLabel(sold.product.name, sold.product.options, sold.variant.options),
        quantity: Math.min(line.quantity, sold.variant.stock),
        unitPrice: fromCents(unitPriceCents(sold.variant)),
      },
    ];
  });
}

/** A reminder link's token: the reminder's id and a secret, whose sha-256 alone is kept. */
function newToken(id: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { token: `${id}.${secret}`, hash: hashReminderSecret(secret) };
}

/** One batch in its transaction; answers how many carts it took, and the reminders it wrote. */
async function sendBatch(
  db: Database,
  { reminders, currency, mail }: ReminderTerms,
  now: Date,
  batch: number,
): Promise<{ taken: number; sent: number }> {
  return db.transaction(async (tx) => {
    const due = await claimDueCarts(tx, now, batch);
    if (due.length === 0) return { taken: 0, sent: 0 };
    const found = reminders.enabled
      ? await findProductsOfCart(
          tx,
          due.flatMap((cart) => cart.lines.map((line) => line.product)),
        )
      : new Map<string, ProductOfCart>();
    // The owner's code goes with second reminders while it exists (it may have been deleted since it was saved).
    const ownerCode =
      reminders.enabled && reminders.discountCode && due.some((cart) => cart.remindersSent === 1)
        ? (await discountCodeExists(tx, reminders.discountCode))
          ? reminders.discountCode
          : null
        : null;
    const sent: SentReminder[] = [];
    const messages: Outgoing[] = [];
    const skipped: string[] = [];
    for (const cart of due) {
      const lines = buyableLines(cart, found);
      const gets =
        reminders.enabled &&
        cart.remindersSent < 2 &&
        cart.active &&
        !cart.unsubscribed &&
        isDeliverable(cart.email) &&
        lines.length > 0;
      if (!gets) {
        skipped.push(cart.userId);
        continue;
      }
      const number = cart.remindersSent === 0 ? 1 : 2;
      const id = newId();
      const { token, hash } = newToken(id);
      const code = number === 2 ? ownerCode : null;
      sent.push({
        id,
        userId: cart.userId,
        number,
        tokenHash: hash,
        discountCode: code,
        nextAt: number === 1 ? new Date(now.getTime() + reminders.secondAfterHours * 3_600_000) : null,
      });
      messages.push(
        cartReminderEmail(
          {
            id,
            userId: cart.userId,
            to: { email: cart.email, firstName: cart.firstName },
            number,
            lines,
            code: code ? { code, added: cart.discountCode === null } : null,
            cartUrl: `${mail.origin}/cart?reminder=${id}`,
            unsubscribeUrl: `${mail.origin}/unsubscribe?token=${encodeURIComponent(token)}`,
          },
          { code: currency, locale: mail.locale },
        ),
      );
    }
    await unscheduleCarts(tx, skipped);
    await recordReminders(tx, sent, now);
    await queueMessages(tx, mail, messages);
    return { taken: due.length, sent: sent.length };
  });
}

/**
 * Sends every reminder due at `now` (tests pass their clock), a batch at a time until a batch comes
 * back short; answers how many went.
 */
export async function sendDueReminders(
  db: Database,
  terms: ReminderTerms,
  { now = new Date(), batch = REMINDER_BATCH }: { now?: Date; batch?: number } = {},
): Promise<number> {
  let sent = 0;
  for (;;) {
    const result = await sendBatch(db, terms, now, batch);
    sent += result.sent;
    if (result.taken < batch) return sent;
  }
}

/**
 * Sends due reminders on a timer from the server's start; answers how to stop it. `earlyMs` reads the
 * clock that far ahead (CART_REMINDERS_EARLY_MINUTES, never in production): a journey meets a
 * reminder due minutes after checkout without waiting for it.
 */
export function startReminderSender(
  db: Database,
  terms: () => Promise<ReminderTerms>,
  {
    log,
    wakeMailer,
    everyMs = REMINDERS_EVERY_MS,
    earlyMs = 0,
  }: { log: FastifyBaseLogger; wakeMailer: () => void; everyMs?: number; earlyMs?: number },
): () => Promise<void> {
  const polling = startPolling(
    () =>
      terms()
        .then((read) => sendDueReminders(db, read, { now: new Date(Date.now() + earlyMs) }))
        .then((sent) => {
          if (sent === 0) return;
          log.info({ sent }, "abandoned-checkout reminders queued");
          // The messages are committed with their reminders: send them now.
          wakeMailer();
        })
        .catch((error: unknown) => log.warn({ err: error }, "abandoned-checkout reminders failed")),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
