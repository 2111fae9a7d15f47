/**
 * WhatsApp messages (docs/whatsapp.md): the shopper's consents, and the log of every message an
 * order or a customer was sent; the settings' section (each event's template) with them.
 */
import { z } from "zod";
import { EMAIL_KINDS, EMAIL_STATUSES } from "../constants";
import { CONSENT_SOURCES, MESSAGE_CHANNELS, MESSAGE_EVENTS, WHATSAPP_STATES } from "../messaging";
import { PhoneNumber } from "./address";
import { boolean, Id, oneOf } from "./common";

export {
  DEFAULT_WHATSAPP_SETTINGS,
  TEMPLATE_LANGUAGE_PATTERN,
  TEMPLATE_NAME_PATTERN,
  WhatsAppSettings,
  WhatsAppTemplate,
} from "./whatsapp-settings";

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
