/**
 * The one place that talks HTTP to the API. It sends JSON (or multipart) bodies, unwraps the
 * envelope `{ success, message, data, meta }`, turns every failure into an ApiError carrying the
 * server's message, and ends the local session when the server answers 401.
 */
import type { ListMeta } from "@shop/shared/api";
import { errors as messages } from "@shop/shared/messages";
import { useSession } from "./session";

const API_BASE = "/api";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, aborted, bad JSON). */
    readonly status: number,
    message: string,
    /** Field path (dotted, e.g. "name.firstName") → message, for errors that belong to a form field. */
    readonly errors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Extra request headers (e.g. `Idempotency-Key` on order placement). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Shown when the server gives no message (SPEC section 8: the per-situation defaults). */
  defaultMessage?: string | ((status: number) => string);
}

export interface ApiResponse<T> {
  data: T;
  message: string;
  meta?: ListMeta;
}

interface EnvelopeBody {
  success?: boolean;
  message?: unknown;
  data?: unknown;
  meta?: ListMeta;
  errors?: unknown;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function fallbackMessage(options: RequestOptions, status: number): string {
  const { defaultMessage } = options;
  if (typeof defaultMessage === "function") return defaultMessage(status);
  return defaultMessage ?? messages.page;
}

function fieldErrors(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === "string") result[key] = message;
  }
  return result;
}

async function readBody(response: Response): Promise<EnvelopeBody | null> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return null;
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as EnvelopeBody) : null;
  } catch {
    return null;
  }
}

/** Sends one request and returns the unwrapped envelope; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = "GET", body, query, signal } = options;
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, fallbackMessage(options, 0));
  }

  const envelope = await readBody(response);
  if (!response.ok || envelope?.success === false) {
    // NOTE: the single place a 401 ends the local session; guards react to the cleared store.
    if (response.status === 401) useSession.getState().clear();
    const serverMessage = typeof envelope?.message === "string" && envelope.message ? envelope.message : null;
    throw new ApiError(
      response.status,
      serverMessage ?? fallbackMessage(options, response.status),
      fieldErrors(envelope?.errors),
    );
  }
  if (envelope === null) {
    throw new ApiError(response.status, fallbackMessage(options, response.status));
  }
  return {
    data: envelope.data as T,
    message: typeof envelope.message === "string" ? envelope.message : "",
    ...(envelope.meta ? { meta: envelope.meta } : {}),
  };
}

type MethodOptions = Omit<RequestOptions, "method" | "body">;

/** Shorthands that resolve to the envelope's `data`. */
export const api = {
  get: <T>(path: string, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "GET" }).then((r) => r.data),
  post: <T>(path: string, body?: unknown, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "POST", body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }).then((r) => r.data),
  patch: <T>(path: string, body?: unknown, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }).then((r) => r.data),
  delete: <T>(path: string, options?: MethodOptions) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }).then((r) => r.data),
  /** A paged list: the items and the paging meta. */
  list: async <T>(path: string, options?: MethodOptions) => {
    const response = await apiRequest<T[]>(path, { ...options, method: "GET" });
    if (!response.meta) throw new ApiError(200, fallbackMessage(options ?? {}, 200));
    return { items: response.data, meta: response.meta };
  },
};
