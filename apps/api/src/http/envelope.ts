/** Builders for the response envelope of docs/design.md section 4. */
import { type Envelope, ErrorEnvelope, type ListEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";

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
