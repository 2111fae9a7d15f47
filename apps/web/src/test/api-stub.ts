/**
 * A stand-in for the API in web-dom tests: `fetch` answers with the shop's envelope from a table of
 * routes, and records what was sent. Answers go through lib/api.ts as in the browser, so in tests
 * they are checked against their DTO schemas too: fixtures must be real DTOs.
 */
import type { ListMeta } from "@shop/shared/api";
import { vi } from "vitest";

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The request's headers, names lower-cased (an Idempotency-Key). */
  headers: Record<string, string>;
}

interface StubAnswer {
  status?: number;
  /** The envelope's data, of a success or of a refusal (a sign-in's `twoFactorRequired`). */
  data?: unknown;
  meta?: ListMeta;
  message?: string;
  errors?: Record<string, string>;
}

/** "GET /api/categories" (the path without its query) → the answer, or a function making it. */
export type StubRoutes = Record<string, StubAnswer | ((request: StubRequest) => StubAnswer)>;

export function stubApi(routes: StubRoutes) {
  const requests: StubRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://shop.test");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request = { method, path: url.pathname, query: url.searchParams, body, headers };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`No stubbed answer for ${method} ${url.pathname}`);
    const answer = typeof route === "function" ? route(request) : route;
    const status = answer.status ?? 200;
    const ok = status < 400;
    const envelope = ok
      ? {
          success: true,
          message: answer.message ?? "OK",
          data: answer.data,
          ...(answer.meta ? { meta: answer.meta } : {}),
        }
      : {
          success: false,
          ...(answer.message ? { message: answer.message } : {}),
          ...(answer.errors ? { errors: answer.errors } : {}),
          ...(answer.data !== undefined ? { data: answer.data } : {}),
        };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { requests };
}

/**
 * Holds the stubbed API's answers to `path` (a call after stubApi) until `release()`, to see a page
 * before the server has answered; `asked` counts the requests held.
 */
export function holdAnswers(path: string) {
  const answer = globalThis.fetch;
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held = { asked: 0, release: () => open() };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), "http://shop.test").pathname === path) {
      held.asked += 1;
      await gate;
    }
    return answer(input, init);
  });
  return held;
}
