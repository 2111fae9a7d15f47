/** The dashboard's WhatsApp screens. */
import type { MessageChannel, MessageEvent, WhatsAppEvent, WhatsAppState } from "../messaging";

/**
 * Settings → WhatsApp (docs/whatsapp.md): whether the shop sends on WhatsApp, and each event's
 * template as Meta approved it.
 */
export const whatsappSettingsForm = {
  enabled: "Send on WhatsApp",
  enabledHint:
    "On: shoppers who agreed get the events turned on below on WhatsApp; a message that cannot go there goes by email. Off: email only.",
  /** Under the switch while it is on but the server has no WhatsApp connection. */
  notConnected:
    "WhatsApp is not connected yet: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID on the server (from Meta's WhatsApp Manager), then restart it. Until then every message goes by email.",
  events: "Events",
  eventsHint:
    "Each event goes through the template of that name and language, as Meta approved it in WhatsApp Manager. A name is lower-case letters, digits and underscores; a language is like en, hi or en_US.",
  /** Each event as the form names it, with what its template carries. */
  eventLabels: {
    orderConfirmed: "Order confirmed",
    codConfirm: "Cash on delivery to confirm (Confirm / Cancel buttons)",
    shipped: "Shipped (tracking link button)",
    outForDelivery: "Out for delivery",
    delivered: "Delivered",
    refunded: "Refund made",
    abandonedCheckout: "Abandoned checkout (offers consent only)",
    backInStock: "Back in stock (the shopper's own request)",
  } satisfies Record<WhatsAppEvent, string>,
  templateName: "Template name",
  language: "Language",
  /** An event's switch, named for screen readers: "Send Order confirmed". */
  eventEnabled: (event: string) => `Send ${event}`,
};

/** The messages an order or a customer was sent, on the order and customer pages and the Messages page. */
export const messageLog = {
  title: "Messages",
  loading: "Loading messages…",
  empty: "No messages yet.",
  failed: "The messages could not be loaded.",
  channels: { email: "Email", whatsapp: "WhatsApp" } satisfies Record<MessageChannel, string>,
  /** What a WhatsApp message was about, in a list. */
  events: {
    orderConfirmed: "Order confirmed",
    codConfirm: "Cash on delivery to confirm",
    shipped: "Shipped",
    outForDelivery: "Out for delivery",
    delivered: "Delivered",
    refunded: "Refund made",
    abandonedCheckout: "Abandoned checkout",
    backInStock: "Back in stock",
    reply: "Reply to the shopper",
  } satisfies Record<MessageEvent, string>,
  states: {
    queued: "Queued",
    sent: "Sent",
    delivered: "Delivered",
    read: "Read",
    failed: "Failed",
  } satisfies Record<WhatsAppState, string>,
  to: "To",
  queuedAt: "Queued",
  sentAt: "Sent",
  deliveredAt: "Delivered",
  readAt: "Read",
  error: "Error",
};

/** /dashboard/messages: WhatsApp's figures over the last days, and its latest messages. */
export const messagesPage = {
  title: "Messages",
  /** The figures' heading: "WhatsApp, last 30 days". */
  whatsappFigures: (days: number) => `WhatsApp, last ${days} days`,
  emailFigures: (days: number) => `Email, last ${days} days`,
  sent: "Sent",
  sentHint: "Messages Meta accepted: sent, delivered, read, or failed after it.",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  deliveryRate: "Delivery rate",
  deliveryRateHint: "Delivered or read, of those sent.",
  readRate: "Read rate",
  readRateHint: "Read, of those sent.",
  emailSent: "Emails sent",
  emailFailed: "Emails failed",
  /** A rate with nothing sent yet. */
  noRate: "—",
  /** A rate in percent: "97.5%". */
  rate: (percent: number) => `${percent.toFixed(1)}%`,
  latest: "Latest WhatsApp messages",
  latestHint: "The newest 200, newest first.",
  emptyLatest: "No WhatsApp messages yet.",
};
