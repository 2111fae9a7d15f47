/**
 * A shopper's message on WhatsApp (docs/whatsapp.md, decision 056): the email builders give each
 * order or shop event they tell of its WhatsApp side (the template's event, its variables and
 * buttons, and the key that tells it once), and queueMessages (whatsapp-queue.ts) sends it on
 * WhatsApp instead of by email when the shopper agreed and the owner's template is on.
 */
import type { WhatsAppEvent } from "@shop/shared/messaging";
import type { WhatsAppSettings } from "@shop/shared/schemas/whatsapp";
import type { WhatsAppButton } from "#api/db/schema/whatsapp";

/** An event as a WhatsApp template tells it; who to (their consent and number), and once. */
export interface WhatsAppIntent {
  event: WhatsAppEvent;
  /** `<event>:<id of what it tells of>`: a second message for it is never written. */
  dedupeKey: string;
  /** The shopper: their consent and number decide whether it goes on WhatsApp. */
  userId: string;
  orderId: string | null;
  /** The template's body variables, {{1}}, {{2}}… in order. */
  body: string[];
  buttons: WhatsAppButton[];
}

/** The owner's templates, when the shop sends on WhatsApp (connected and turned on); else none. */
export interface WhatsAppRoute {
  templates: WhatsAppSettings["templates"];
}

/** Meta's code for a number that stopped this business's marketing messages (its offers' consent ends). */
export const MARKETING_STOPPED = 131050;

/** The shopper's number on WhatsApp: India's country code and the 10 digits of their phone. */
export function whatsappNumberOf(phone: string): string {
  return `91${phone}`;
}

/** A date as the shopper reads it in India ("29 Nov 2026"). */
export function shopDate(at: Date): string {
  return new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  }).format(at);
}

/** The payload of a cash on delivery order's buttons: what the tap asks, the order and its link's token. */
export function codTapPayload(action: "confirm" | "cancel", orderId: string, token: string): string {
  return `cod:${action}:${orderId}:${token}`;
}

/** A tap's payload read back; undefined for one the shop did not write. */
export function readCodTap(
  payload: string,
): { action: "confirm" | "cancel"; orderId: string; token: string } | undefined {
  const match = /^cod:(confirm|cancel):([0-9a-f]{24}):([A-Za-z0-9_-]{16,128})$/.exec(payload);
  if (!match) return undefined;
  const [, action, orderId, token] = match;
  if ((action !== "confirm" && action !== "cancel") || !orderId || !token) return undefined;
  return { action, orderId, token };
}
