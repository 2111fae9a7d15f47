/** A fresh Idempotency-Key: one per attempt (a checkout, a refund), so that a retried request never acts twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // NOTE: randomUUID exists only in secure contexts; a plain-HTTP preview still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
