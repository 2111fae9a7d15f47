/** Builders for the response envelope of docs/design.md section 4, and for the files sent outside it. */
import type { Readable } from "node:stream";
import { type Envelope, ErrorEnvelope, type ListEnvelope } from "@shop/shared/api";
import { COUNT_CAP } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyReply } from "fastify";

export function ok<T>(data: T, message: string = api.ok): Envelope<T> {
  return { success: true, message, data };
}

/** What a list counted up to COUNT_CAP says of its meta, in the API document. */
export const CAPPED_LIST_NOTE = `\`meta.total\` counts at most ${COUNT_CAP.toLocaleString("en-US")} rows: past that it is ${COUNT_CAP.toLocaleString("en-US")} with \`meta.totalCapped\`, and \`meta.pageCount\` the pages of those rows, or this page and the next while more follow. \`meta.next\`, when a row follows, is the cursor to pass as \`after\` where the list takes one.`;

/** What a list's meta is made of: the page asked for and what its read found (core/paging.ts `ListRead`). */
export interface ListPaging {
  page: number;
  size: number;
  total: number;
  /** More rows match than were counted: `total` is COUNT_CAP. */
  totalCapped?: boolean | undefined;
  /** Whether a row follows the page (read as one row more than the page's size). */
  more?: boolean | undefined;
  /** The cursor of the page's last row, for a list paged by keyset. */
  next?: string | undefined;
}

/**
 * The pages of a list: every page of its total; when the total was capped, the pages of the counted
 * rows, or, past them, this page and one more while a next row exists.
 */
export function pageCountOf({ page, size, total, totalCapped, more }: ListPaging, items: number): number {
  const counted = Math.max(1, Math.ceil(total / size));
  if (!totalCapped) return counted;
  return Math.max(counted, items > 0 ? page : 0, more ? page + 1 : 0);
}

export function list<T>(items: T[], paging: ListPaging, message: string = api.ok): ListEnvelope<T> {
  const { page, size, total, totalCapped, next } = paging;
  return {
    success: true,
    message,
    data: items,
    meta: {
      page,
      size,
      total,
      pageCount: pageCountOf(paging, items.length),
      ...(totalCapped ? { totalCapped: true } : {}),
      ...(next ? { next } : {}),
    },
  };
}

/** The refusal statuses a route may declare; http/openapi.ts says what each means. */
export type RefusalStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * The refusals a route's service may give beyond those its mounting implies (http/openapi.ts adds
 * those), for the route's `response`: `response: { 200: envelope(OrderDto), ...refusals(409, 422) }`.
 */
export function refusals(...statuses: RefusalStatus[]): Partial<Record<RefusalStatus, typeof ErrorEnvelope>> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
}

/** A file a route sends as its bytes (a Buffer), outside the envelope. */
export interface FileAnswer {
  description: string;
  content: Record<string, { schema: { type: "string"; format: "binary" } }>;
}

/**
 * A success answer that is a file (`response: { 200: fileAnswer("application/pdf", "...") }`): the
 * document shows it as binary of that type; the route sends it with sendDownload, which fastify
 * passes on unserialized. Refusals stay in the JSON envelope.
 */
export function fileAnswer(mediaType: string, description: string): FileAnswer {
  return { description, content: { [mediaType]: { schema: { type: "string", format: "binary" } } } };
}

/** Whether a declared answer is a file answer. */
export function isFileAnswer(answer: unknown): answer is FileAnswer {
  if (!answer || typeof answer !== "object" || !("content" in answer)) return false;
  const content = (answer as { content: unknown }).content;
  return !!content && typeof content === "object" && !("_zod" in answer);
}

/** A file a route sends as a download: a Buffer, a string or a stream. */
export interface Download {
  contentType: string;
  /** The name a browser saves it under (Content-Disposition). */
  filename: string;
  body: Buffer | string | Readable;
}

/**
 * Sends a file answer as a download; no cache may keep it, since every file the API sends is one
 * shopper's or staff's (invoices, exports, reports).
 */
export function sendDownload(reply: FastifyReply, { contentType, filename, body }: Download) {
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(body);
}
