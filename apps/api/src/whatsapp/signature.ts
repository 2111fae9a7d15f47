/**
 * The check of Meta's webhook signature (docs/whatsapp.md): `X-Hub-Signature-256: sha256=<hex>`, the
 * HMAC-SHA256 of the raw body with the app secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const HEADER = /^sha256=([0-9a-f]{64})$/i;

/**
 * Whether `header` signs `rawBody` with `appSecret`. The bytes as received: Meta signs what it
 * sends (non-ASCII escaped as `\u00e4`), so a body parsed and written again would not match.
 */
export function signatureMatches(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const hex = header === undefined ? undefined : HEADER.exec(header.trim())?.[1];
  if (hex === undefined || appSecret === "") return false;
  const given = Buffer.from(hex, "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  // NOTE: timingSafeEqual throws on buffers of different lengths; the pattern makes both 32 bytes.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
