/**
 * The `redirect` query parameter, if it is a path on this site: it must start with a single '/'
 * ("//evil.example" and "/\evil.example" are other sites to a browser). Anything else is ignored.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value?.startsWith("/")) return null;
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  // NOTE: control characters (tab, newline) are stripped by URL parsers and could turn "/\t/x" into "//x".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
