/**
 * Receiving the shop's webhooks: the events' types (from the API document's `WebhookEvent`, so
 * nothing here repeats them) and `verifyWebhook`, which checks a delivery as the Standard Webhooks
 * specification says (https://www.standardwebhooks.com) with Web Crypto, in Node and browsers alike.
 */
import type { components } from "./schema";

/** The body of every delivery: `{ type, timestamp, data }`, told apart by `type`. */
export type WebhookEvent = components["schemas"]["WebhookEvent"];
/** "order.created", "order.paid", ...: every event an endpoint may ask for. */
export type WebhookEventType = WebhookEvent["type"];
/** The event of one type, `WebhookEventOf<"order.paid">`, with its `data` typed. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** A delivery that did not pass: its headers are missing, its time too far off, or no signature matches. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** A request's headers: a Fetch `Headers`, or Node's `IncomingHttpHeaders` (lower-case names). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the delivery's webhook-timestamp may be from now, either way (default 300 s, against replays). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (tests). */
  now?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares two strings in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Checks a delivery and answers its event: `secret` is the endpoint's (`whsec_...`, shown when it
 * was created or its secret rotated), `headers` the request's, `body` its raw body exactly as
 * received (not parsed and serialized again). Throws WebhookVerificationError when the
 * `webhook-id`, `webhook-timestamp` or `webhook-signature` header is missing, the timestamp is more
 * than `toleranceSeconds` away from now, or no `v1` signature of the header matches.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  { toleranceSeconds = 300, now = Date.now() }: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook headers");
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - seconds) > toleranceSeconds)
    throw new WebhookVerificationError("The webhook's timestamp is too far from now");
  const text = typeof body === "string" ? body : new TextDecoder().decode(body);
  const key = await crypto.subtle.importKey(
    "raw",
    fromBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${text}`));
  const expected = toBase64(new Uint8Array(mac));
  const matches = signatures
    .split(" ")
    .map((signature) => signature.split(","))
    .filter(([version, value]) => version === "v1" && value !== undefined && sameText(value, expected));
  if (matches.length === 0) throw new WebhookVerificationError("No signature matches");
  return JSON.parse(text) as WebhookEvent;
}
