/**
 * Signing deliveries as the Standard Webhooks specification says (https://www.standardwebhooks.com):
 * a secret is `whsec_` and a random key in base64; a delivery carries `webhook-id` (the same at every
 * attempt), `webhook-timestamp` (the attempt's time, in seconds) and `webhook-signature`, made of
 * `v1,` and base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), one per secret, separated by
 * spaces (an endpoint whose secret was rotated is signed with the new and the previous one for a day).
 */
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
/** 32 random bytes: the specification asks for 24 to 64. */
const KEY_BYTES = 32;

/** A new endpoint secret, `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return PREFIX + randomBytes(KEY_BYTES).toString("base64");
}

/** The key a secret holds: the base64 after `whsec_`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}

/** One `v1,<base64>` signature of a delivery's content with one secret. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function signatureHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((secret) => sign(secret, id, timestamp, body)).join(" "),
  };
}
