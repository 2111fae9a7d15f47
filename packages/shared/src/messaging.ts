/**
 * The words of the shop's WhatsApp messages and consents (docs/whatsapp.md): which events, states,
 * channels and consents there are. Apart from constants.ts, which every page loads: only the API,
 * checkout, the account and the dashboard's WhatsApp screens read these.
 */

/**
 * The order and shop events the shop may tell a shopper on WhatsApp, each through a template the
 * owner maps in settings (docs/whatsapp.md): the first six are utility messages about a purchase, the
 * last two marketing (they need the offers' consent; back in stock, the shopper's own request).
 */
export const WHATSAPP_EVENTS = [
  "orderConfirmed",
  "codConfirm",
  "shipped",
  "outForDelivery",
  "delivered",
  "refunded",
  "abandonedCheckout",
  "backInStock",
] as const;
export type WhatsAppEvent = (typeof WHATSAPP_EVENTS)[number];
/** The events that need the offers and reminders' consent rather than the order updates'. */
export const WHATSAPP_MARKETING_EVENTS: readonly WhatsAppEvent[] = ["abandonedCheckout", "backInStock"];
/** What a message the shop sends may be about: an event's template, or a reply to a shopper's tap. */
export const MESSAGE_EVENTS = [...WHATSAPP_EVENTS, "reply"] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
/** A WhatsApp message's state, as Meta's statuses move it (read may come without delivered). */
export const WHATSAPP_STATES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type WhatsAppState = (typeof WHATSAPP_STATES)[number];
/** The channels the shop's messages go by. */
export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** Where a shopper gave or ended a consent: checkout's ticks, the account page, or a reply on WhatsApp. */
export const CONSENT_SOURCES = ["checkout", "account", "whatsapp"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** The consents a shopper gives: order updates on WhatsApp, and offers and reminders on it. */
export const CONSENT_KINDS = ["whatsappOrders", "whatsappMarketing"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** How a cash on delivery order was confirmed: a WhatsApp tap, the email's link, the order page, staff by phone. */
export const COD_CONFIRMED_VIA = ["whatsapp", "email", "account", "phone"] as const;
export type CodConfirmedVia = (typeof COD_CONFIRMED_VIA)[number];
/** Waits before each further attempt of a WhatsApp message Meta put off (429, 5xx, rate limits); past the last, the email goes. */
export const WHATSAPP_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000] as const;
