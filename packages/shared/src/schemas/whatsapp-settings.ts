/**
 * The settings' whatsapp section (GET/PUT /settings/whatsapp, docs/whatsapp.md): whether the shop
 * sends on WhatsApp, and each event's approved template. Apart from the consents' and the message
 * log's schemas (whatsapp.ts), as every settings section's schema is read wherever the settings are.
 */
import { z } from "zod";
import { validation, whatsappApi } from "../messages";
import { WHATSAPP_EVENTS, type WhatsAppEvent } from "../messaging";
import { boolean } from "./common";

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
