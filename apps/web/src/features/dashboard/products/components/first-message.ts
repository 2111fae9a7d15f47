/**
 * The first message in a react-hook-form error, however deep: an array field's own message, or
 * that of one of its items ("options.0.values.2" from the server).
 */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref") continue;
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}
