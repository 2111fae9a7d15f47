/**
 * WhatsApp messages (docs/whatsapp.md): the shopper's consents, the replies the shop sends to a tap
 * on "Confirm order" or "Cancel order", and what the API answers about the settings and the log.
 */

/** The consents as checkout and the account page ask for them. */
export const whatsappConsent = {
  /** Checkout, beside the phone number: order updates (not ticked until the shopper ticks it). */
  orders: "Send my order updates on WhatsApp",
  /** Checkout and the account page: a separate tick for offers and reminders. */
  marketing: "Send me offers and reminders on WhatsApp",
  /** Under the ticks: what they mean, and how to stop. */
  hint: (shop: string) =>
    `${shop} sends these to the phone number of your delivery address. Reply STOP on WhatsApp to end them at any time.`,
};

/** What the API answers about consents. */
export const whatsappApi = {
  consentsSaved: "Your WhatsApp choices are saved.",
  /** 400 at `phone`: a consent given with no phone number to send to. */
  phoneNeeded: "Add a phone number (on an address, or here) before turning on WhatsApp messages.",
  /** 404: the webhook is not set up (no WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN). */
  notConnected: "WhatsApp is not connected to this shop.",
  /** 401: a webhook whose signature is missing or wrong. */
  badSignature: "The request's signature is missing or wrong.",
  /** 401: Meta's verification with another token. */
  badVerifyToken: "The verification token is wrong.",
  /** 400 at `templates.<event>.name`: a template's name as Meta allows it. */
  templateName: "A template's name is lower-case letters, digits and underscores (such as order_shipped).",
  /** 400 at `templates.<event>.language`: a language code as Meta writes it. */
  templateLanguage: "A language code is like en, hi or en_US.",
};

/**
 * The shop's replies on WhatsApp to a tap on a cash on delivery order's buttons (free-form text:
 * the tap opened the 24-hour window). `n` is the order's number.
 */
export const whatsappReplies = {
  confirmed: (n: number) => `Thank you! Order #${n} is confirmed and will be packed for delivery.`,
  alreadyConfirmed: (n: number) => `Order #${n} is already confirmed. We will tell you when it ships.`,
  cancelled: (n: number) => `Order #${n} is cancelled, as you asked. Nothing will be delivered or charged.`,
  alreadyCancelled: (n: number) => `Order #${n} was already cancelled.`,
  alreadyShipped: (n: number) =>
    `Order #${n} has already shipped, so it can no longer be changed here. Reply to this message or contact us if you need help.`,
  /** A tap whose token is not the order's (an old message, a forwarded one). */
  unknown: "We could not find that order. Please open your order page from your email instead.",
  /** A STOP reply: what it ended. */
  stopped: "You will no longer get WhatsApp messages from us. You can turn them on again in your account.",
};

/** The history row's note of an order confirmed or cancelled by a tap on WhatsApp. */
export const whatsappNotes = {
  confirmedByTap: "Confirmed by the shopper on WhatsApp",
  cancelledByTap: "Cancelled by the shopper on WhatsApp",
};

/**
 * How a message's variables are written: the items of an order ("Trail Running Shoes × 2, Wool
 * Socks × 1", cut after `max` with "and N more").
 */
export function whatsappItems(lines: readonly { label: string; quantity: number }[], max = 3): string {
  const named = lines.slice(0, max).map((line) => `${line.label} × ${line.quantity}`);
  const more = lines.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}
