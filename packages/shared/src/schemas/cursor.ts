/**
 * Keyset paging's cursor (docs/decisions/034): the `after` of a list query names the sort key of
 * the last row of the page before, so that the next page starts after it without OFFSET. On the wire
 * it is opaque: base64url of the key as a JSON array. Each list says its key's shape; a cursor that
 * does not decode to it is refused at `after` with one message, whatever is wrong with it.
 */
import { z } from "zod";
import { validation } from "../messages";
import { ID_PATTERN } from "./common";

/** One part of a sort key: a time, an id, a name, a position. */
export type CursorPart = string | number;

/** The longest cursor taken: a key of a product name (200 characters, each up to 4 bytes of UTF-8) and three more parts, encoded. */
export const CURSOR_MAX_LENGTH = 1_500;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The UTF-8 bytes of a text. NOTE: by hand, as here are neither Buffer nor TextEncoder (the package runs in Node and the browser alike). */
function utf8(text: string): number[] {
  return encodeURIComponent(text)
    .split(/(%[0-9A-F]{2})/)
    .filter(Boolean)
    .flatMap((piece) =>
      piece.startsWith("%") ? [Number.parseInt(piece.slice(1), 16)] : [...piece].map((c) => c.charCodeAt(0)),
    );
}

/** A cursor for a sort key: base64url of its JSON, without padding. */
export function encodeCursor(key: readonly CursorPart[]): string {
  const bytes = utf8(JSON.stringify(key));
  let out = "";
  for (let at = 0; at < bytes.length; at += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(at, at + 3);
    const chunk = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - at) * 8) / 6));
    for (let i = 0; i < chars; i++) out += ALPHABET[(chunk >> (18 - 6 * i)) & 63];
  }
  return out;
}

/** The JSON a cursor holds, or undefined when it is not base64url of UTF-8 JSON. */
function decodeCursor(cursor: string): unknown {
  if (cursor.length % 4 === 1) return undefined;
  let escaped = "";
  for (let at = 0; at < cursor.length; at += 4) {
    const digits = [...cursor.slice(at, at + 4)].map((c) => ALPHABET.indexOf(c));
    const chunk = digits.reduce((sum, digit, i) => sum | (digit << (18 - 6 * i)), 0);
    for (let i = 0; i < digits.length - 1; i++) {
      escaped += `%${((chunk >> (16 - 8 * i)) & 255).toString(16).padStart(2, "0")}`;
    }
  }
  try {
    return JSON.parse(decodeURIComponent(escaped));
  } catch {
    return undefined;
  }
}

/**
 * A moment of a sort key, to the microsecond as PostgreSQL keeps it, in UTC:
 * "2026-11-26T10:04:05.123456Z" (SQL's `cursorTime`, apps/api/src/db/cursor.ts, writes it). A Date
 * would keep milliseconds only, and a cursor rounded down would skip the rows of that millisecond.
 * Only a real moment passes (no 30 February), so that PostgreSQL never refuses the value.
 */
export const CursorTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((text) => {
    const millis = `${text.slice(0, 23)}Z`;
    const date = new Date(millis);
    return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
  });

/** A row's id in a sort key. */
export const CursorId = z.string().regex(ID_PATTERN);

/** A whole number in a sort key (a position), within PostgreSQL's integer. */
export const CursorInt = z.number().int().min(-2_147_483_648).max(2_147_483_647);

/** Text in a sort key (a name); NUL is the one character PostgreSQL's text cannot hold. */
export const CursorText = z
  .string()
  .max(1_000)
  .refine((text) => !text.includes("\u0000"));

/**
 * The `after` parameter of a list whose sort key is `key`: absent or empty means the first page;
 * otherwise a cursor that decodes to the key, else 'This page link is no longer valid…' at `after`.
 */
export function cursorOf<const T extends readonly [z.ZodType, ...z.ZodType[]]>(key: T) {
  const shape = z.tuple(key as unknown as [z.ZodType, ...z.ZodType[]]);
  return z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string({ error: validation.cursor })
      .max(CURSOR_MAX_LENGTH, validation.cursor)
      .regex(BASE64URL, validation.cursor)
      .transform((cursor, ctx) => {
        const parsed = shape.safeParse(decodeCursor(cursor));
        if (parsed.success) return parsed.data as { [K in keyof T]: z.output<T[K]> };
        ctx.addIssue({ code: "custom", message: validation.cursor });
        return z.NEVER;
      })
      .optional(),
  );
}
