/** Builders for the response envelope of docs/design.md section 4, and for the files sent outside it. */
import type { Readable } from "node:stream";
import { type Envelope, ErrorEnvelope, type ListEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import type { FastifyReply } from "fastify";

export function ok<T>(data: T, message: string = api.ok): Envelope<T> {
  return { success: true, message, data };
}

export function list<T>(
  items: T[],
  { page, size, total }: { page: number; size: number; total: number },
  message: string = api.ok,
): ListEnvelope<T> {
  return {
    success: true,
    message,
    data: items,
    meta: { page, size, total, pageCount: Math.max(1, Math.ceil(total / size)) },
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
