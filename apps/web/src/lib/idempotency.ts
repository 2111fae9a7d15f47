/** A fresh Idempotency-Key: one per attempt (a checkout, a refund), so that a retried request never acts twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // NOTE: randomUUID exists only in secure contexts; a plain-HTTP preview still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** The key of each attempt not yet done, by what it is for; kept while the app runs (a dialog closed and opened again). */
const attempts = new Map<string, { inputs: string; key: string }>();

/**
 * The Idempotency-Key of an attempt (`scope`: what it is for, e.g. a refund of one order): the same
 * while what is sent stays the same, however many times it is retried or its dialog reopened, so
 * that the server answers the first try instead of acting twice; a new one once the inputs change.
 * Call doneAttempt once it succeeded.
 */
export function attemptKey(scope: string, inputs: unknown): string {
  const fingerprint = JSON.stringify(inputs);
  const kept = attempts.get(scope);
  if (kept?.inputs === fingerprint) return kept.key;
  const key = newIdempotencyKey();
  attempts.set(scope, { inputs: fingerprint, key });
  return key;
}

/** The attempt succeeded: the next one, even with the same inputs, is a new one with a new key. */
export function doneAttempt(scope: string): void {
  attempts.delete(scope);
}
