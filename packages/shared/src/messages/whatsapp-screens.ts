/**
 * The web's words for the shopper's WhatsApp consents: the ticks at checkout and the account's
 * "WhatsApp" card (the ticks' own labels and hint are whatsappConsent's, messages/whatsapp.ts).
 */
import type { ConsentSource } from "../messaging";

/** Where a consent was given or ended, as the account's card says it: "at checkout". */
const consentPlace: Record<ConsentSource, string> = {
  checkout: "at checkout",
  account: "in your account",
  whatsapp: "on WhatsApp",
};

/** The account's "WhatsApp" card. */
export const whatsappCard = {
  title: "WhatsApp",
  /** The checkout's ticks, for a screen reader: what they are about. */
  ticksLegend: "WhatsApp messages",
  loading: "Loading your WhatsApp choices…",
  /** A consent as it stands: "Given at checkout on 29 Nov 2026". */
  given: (source: ConsentSource | null, date: string) =>
    source ? `Given ${consentPlace[source]} on ${date}` : `Given on ${date}`,
  /** Ended: by a STOP reply, at checkout (the tick left off) or in the account. */
  ended: (source: ConsentSource | null, date: string) =>
    source === "whatsapp"
      ? `Stopped on WhatsApp on ${date}`
      : source
        ? `Turned off ${consentPlace[source]} on ${date}`
        : `Turned off on ${date}`,
  never: "Not given",
  /** The number the messages go to: "Messages go to +91 98765 43210". */
  sentTo: (phone: string) => `Messages go to ${phone}`,
  noPhone: "We have no phone number for you yet. Add one here, or add an address with one.",
  phone: "WhatsApp number",
  phoneHint: "10 digits, without +91.",
  save: "Save",
};
