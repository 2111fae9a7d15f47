/** A keyword inside a LIKE / ILIKE pattern: its `\`, `%` and `_` match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
