/** A shared secret a provider's request carries (a webhook's key, a verify token), compared with ours. */
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether a request's secret is ours, in constant time (over digests of equal length); never while
 * none is configured, nor for a missing, empty or repeated one.
 */
export function sameSecret(given: string | string[] | undefined, kept: string | undefined): boolean {
  if (!kept || typeof given !== "string" || given.length === 0) return false;
  return timingSafeEqual(digest(given), digest(kept));
}
