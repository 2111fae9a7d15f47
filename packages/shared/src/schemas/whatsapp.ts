/**
 * WhatsApp messages (docs/whatsapp.md): the settings' whatsapp section (each event's approved
 * template), the shopper's consents, and the log of every message an order or a customer was sent.
 */
import { z } from "zod";
import {
  CONSENT_SOURCES,
  EMAIL_KINDS,
  EMAIL_STATUSES,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  WHATSAPP_EVENTS,
  WHATSAPP_STATES,
  type WhatsAppEvent,
} from "../constants";
import { validation, whatsappApi } from "../messages";
import { PhoneNumber } from "./address";
import { boolean, Id, oneOf } from "./common";

/** A template's name as Meta allows it: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
/** A language code as Meta writes a template's translation: en, hi, en_US, pt_BR. */
export const TEMPLATE_LANGUAGE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/** One event's template: its approved name and language, and whether the event is sent on WhatsApp. */
export const WhatsAppTemplate = z
  .object(
    {
      name: z
        .string({ error: whatsappApi.templateName })
        .trim()
        .regex(TEMPLATE_NAME_PATTERN, whatsappApi.templateName),
      language: z
        .string({ error: whatsappApi.templateLanguage })
        .trim()
        .regex(TEMPLATE_LANGUAGE_PATTERN, whatsappApi.templateLanguage),
      enabled: boolean(),
    },
    { error: validation.object },
  )
  .strict();
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplate>;

const templateFields = Object.fromEntries(
  WHATSAPP_EVENTS.map((event) => [event, WhatsAppTemplate]),
) as Record<WhatsAppEvent, typeof WhatsAppTemplate>;

/**
 * GET/PUT /settings/whatsapp: whether the shop sends on WhatsApp at all (with the connection's
 * environment set), and each event's template. Off until the owner turns it on.
 */
export const WhatsAppSettings = z
  .object({
    enabled: boolean(),
    templates: z.object(templateFields, { error: validation.object }).strict(),
  })
  .strict();
export type WhatsAppSettings = z.infer<typeof WhatsAppSettings>;

/**
 * The names the shop's templates are submitted under (docs/whatsapp.md gives each one's words and
 * variables), in English; each event on once the section is.
 */
export const DEFAULT_WHATSAPP_SETTINGS: WhatsAppSettings = {
  enabled: false,
  templates: {
    orderConfirmed: { name: "order_confirmed", language: "en", enabled: true },
    codConfirm: { name: "cod_confirm", language: "en", enabled: true },
    shipped: { name: "order_shipped", language: "en", enabled: true },
    outForDelivery: { name: "out_for_delivery", language: "en", enabled: true },
    delivered: { name: "order_delivered", language: "en", enabled: true },
    refunded: { name: "refund_made", language: "en", enabled: true },
    abandonedCheckout: { name: "abandoned_checkout", language: "en", enabled: true },
    backInStock: { name: "back_in_stock", language: "en", enabled: true },
  },
};

/** PUT /users/current-user/consents; the order placement takes the two consents too. */
export const ConsentsInput = z
  .object({
    whatsappOrders: boolean(),
    whatsappMarketing: boolean(),
  })
  .strict();
export type ConsentsInput = z.infer<typeof ConsentsInput>;

/** PUT /users/current-user/consents: the two consents, and the number to send to when none is known yet. */
export const ConsentsChange = ConsentsInput.extend({ phone: PhoneNumber.optional() }).strict();
export type ConsentsChange = z.infer<typeof ConsentsChange>;

/** One consent as it stands: given or not, when and where it was last given or ended. */
export const ConsentDto = z.object({
  given: z.boolean(),
  /** When it was last given or ended; null if never asked. */
  at: z.string().nullable(),
  // NOTE: a union with null, as OrderDto's codConfirmation: the API document's nullable enum would refuse null.
  source: z.union([...CONSENT_SOURCES.map((value) => z.literal(value)), z.null()]),
});
export type ConsentDto = z.infer<typeof ConsentDto>;

/** GET and PUT /users/current-user/consents. */
export const ConsentsDto = z.object({
  whatsappOrders: ConsentDto,
  whatsappMarketing: ConsentDto,
  /** The WhatsApp number the messages go to (10 digits), from the delivery address given last. */
  phone: z.string().nullable(),
});
export type ConsentsDto = z.infer<typeof ConsentsDto>;

/** GET /messages (staff): an order's or a customer's messages, or every one of a channel. */
export const MessagesQuery = z
  .object({
    order: Id.optional(),
    customer: Id.optional(),
    channel: oneOf(MESSAGE_CHANNELS).optional(),
  })
  .strict();
export type MessagesQuery = z.infer<typeof MessagesQuery>;

/** One message the shop sent (or is sending): by email or on WhatsApp, with its state. */
export const MessageDto = z.object({
  _id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** An email's kind (orderShipped...) or a WhatsApp message's event (shipped, reply...). */
  event: z.union([z.enum(EMAIL_KINDS), z.enum(MESSAGE_EVENTS)]),
  /** An email address, or a WhatsApp number with its country code. */
  to: z.string(),
  /** An email's status, or a WhatsApp message's state. */
  state: z.union([z.enum(EMAIL_STATUSES), z.enum(WHATSAPP_STATES)]),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof MessageDto>;

export const MessagesDto = z.object({ items: z.array(MessageDto) });
export type MessagesDto = z.infer<typeof MessagesDto>;

/** GET /messages/rates (staff): WhatsApp's figures over the last `days` days, and email's. */
export const MessageRatesQuery = z
  .object({ days: z.coerce.number().int().min(1).max(366).default(30) })
  .strict();

export const MessageRatesDto = z.object({
  days: z.number().int(),
  whatsapp: z.object({
    /** Messages Meta accepted (sent, delivered, read, or failed after it). */
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
    queued: z.number().int(),
    /** Delivered (or read) of those sent, in percent with one decimal; null when none was sent. */
    deliveryRate: z.number().nullable(),
    readRate: z.number().nullable(),
  }),
  email: z.object({ sent: z.number().int(), failed: z.number().int(), queued: z.number().int() }),
});
export type MessageRatesDto = z.infer<typeof MessageRatesDto>;
