/**
 * Text the database cannot store: PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate
 * has no UTF-8 form (the embedded database fails on it). A request that carries either anywhere
 * (body, query string, path) is refused as invalid input before any handler runs.
 */
import { api } from "@shop/shared/messages";
import type { FastifyInstance } from "fastify";
import { AppError } from "#api/core/errors";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** Whether a parsed value holds such text in any string or key (walked without recursion, so depth is no risk). */
export function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "string") {
      if (unstorable(current)) return true;
    } else if (current && typeof current === "object") {
      for (const [key, inner] of Object.entries(current)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export function registerTextCheck(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const { params, query, body } = request;
    if (containsUnstorableText(params) || containsUnstorableText(query) || containsUnstorableText(body))
      throw new AppError("BAD_REQUEST", request.routeOptions.config?.invalidMessage ?? api.invalidInput);
  });
}
