/**
 * The abandoned-checkout reminder (modules/carts/reminders.ts): the cart's lines at today's prices,
 * a link that opens the cart on any device, and the link that stops these reminders. Built from
 * plain values that the sender read.
 */
import { mail, whatsappItems } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { Outgoing } from "./service";

/** A line as the reminder names it: "Trail Tee (Size: M)", its unit price today (after any sale). */
export interface ReminderLine {
  label: string;
  quantity: number;
  unitPrice: number;
}

export interface CartReminder {
  /** The reminder's id and the shopper's account: with them, it may go on WhatsApp (offers' consent). */
  id?: string;
  userId?: string;
  to: { email: string; firstName: string };
  number: 1 | 2;
  lines: readonly ReminderLine[];
  /** The owner's code offered by the second reminder, and whether the cart took it (it had none). */
  code: { code: string; added: boolean } | null;
  cartUrl: string;
  unsubscribeUrl: string;
}

export function cartReminderEmail(reminder: CartReminder, money: { code: string; locale: string }): Outgoing {
  const words = mail.cartReminder;
  const format = (amount: number) => formatMoney(amount, money);
  let itemsCents = 0;
  const lines = reminder.lines.map((line) => {
    const totalCents = toCents(line.unitPrice) * line.quantity;
    itemsCents += totalCents;
    return mail.order.line(line.quantity, line.label, format(line.unitPrice), format(fromCents(totalCents)));
  });
  const code = reminder.code;
  return {
    kind: "cartReminder",
    to: reminder.to.email,
    // Name, the items; the button opens the cart (the approved URL ends in the reminder's id).
    ...(reminder.id && reminder.userId
      ? {
          whatsapp: {
            event: "abandonedCheckout" as const,
            dedupeKey: `abandonedCheckout:${reminder.id}`,
            userId: reminder.userId,
            orderId: null,
            body: [reminder.to.firstName, whatsappItems(reminder.lines)],
            buttons: [{ subType: "url" as const, index: 0, value: reminder.id }],
          },
        }
      : {}),
    subject: reminder.number === 1 ? words.subject : words.secondSubject,
    parts: {
      firstName: reminder.to.firstName,
      lines: [
        reminder.number === 1 ? words.intro : words.secondIntro,
        ...lines,
        words.total(format(fromCents(itemsCents))),
        ...(code ? [code.added ? words.codeAdded(code.code) : words.code(code.code)] : []),
      ],
      action: { label: words.action, url: reminder.cartUrl },
      unsubscribe: { label: words.unsubscribe, url: reminder.unsubscribeUrl },
    },
  };
}
