/** Builders for the response envelope of docs/design.md section 4. */
import type { Envelope, ListEnvelope } from "@shop/shared/api";
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
