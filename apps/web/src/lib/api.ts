/**
 * The one place that talks HTTP to the API. It sends JSON (or multipart) bodies, unwraps the
 * envelope `{ success, message, data, meta }`, turns every failure into an ApiError carrying the
 * server's message, and ends the local session when the server answers 401. In development and
 * tests it also checks every answer against the DTO schema of @shop/shared its call names.
 */
import type { ListMeta } from "@shop/shared/api";
import { errors as messages } from "@shop/shared/messages";
import type { ZodType } from "zod";
import { askForSecondStep } from "./second-step";
import { useSession } from "./session";

const API_BASE = "/api";

/** The address of an order's PDF: its invoice (owner or staff) or packing slip (staff), for a DocumentLink. */
export function orderDocumentUrl(orderId: string, document: "invoice" | "packing-slip"): string {
  return `${API_BASE}/orders/${encodeURIComponent(orderId)}/${document}.pdf`;
}

/** The packing slip of one shipment of an order (staff). */
export function shipmentPackingSlipUrl(orderId: string, shipmentId: string): string {
  return `${API_BASE}/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/packing-slip.pdf`;
}

/** The credit note of one refund of an order (its owner or staff). */
export function creditNoteUrl(orderId: string, refundId: string): string {
  return `${API_BASE}/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(refundId)}.pdf`;
}

/**
 * The address of the staff's CSV of orders with a list's filters (GET /api/orders/export.csv), a
 * plain link: the browser downloads the streamed file itself.
 */
export function ordersExportUrl(filters: {
  status?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  payment?: string | undefined;
  fulfilment?: string | undefined;
}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return `${API_BASE}/orders/export.csv${query ? `?${query}` : ""}`;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, aborted, bad JSON). */
    readonly status: number,
    message: string,
    /** Field path (dotted, e.g. "name.firstName") → message, for errors that belong to a form field. */
    readonly errors: Readonly<Record<string, string>> = {},
    /** What a refusal carries besides its message (a sign-in that wants a code: twoFactorRequired). */
    readonly data: unknown = undefined,
  ) {
    super(message);
  }
}

/** Whether a refused sign-in asks for the second step (the password was right). */
export function isTwoFactorRequired(error: unknown): boolean {
  const data = isApiError(error) ? error.data : undefined;
  return (
    typeof data === "object" &&
    data !== null &&
    "twoFactorRequired" in data &&
    data.twoFactorRequired === true
  );
}

/** Whether a refused change asks for a code again (the second step, lib/second-step.ts). */
export function isSecondStepRequired(error: unknown): boolean {
  const data = isApiError(error) ? error.data : undefined;
  return (
    typeof data === "object" &&
    data !== null &&
    "secondStepRequired" in data &&
    data.secondStepRequired === true
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What to tell the user about a failed call: an ApiError's message (the server's, or the call's
 * default). Anything else is a bug rather than an answer, told with SPEC's generic message.
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : messages.somethingWentWrong;
}

/** A document's file: its bytes, and the name the server gives it (Content-Disposition), if any. */
export interface DocumentFile {
  blob: Blob;
  filename: string | null;
}

/** `attachment; filename="invoice-INV-2026-27-000001.pdf"` → the name. */
function filenameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}

/**
 * Fetches a document the API makes (an invoice, a credit note, a packing slip) by its address (the
 * URL helpers above). A document that cannot be made answers with the envelope: that is thrown as
 * an ApiError with the server's message, so that the page can say why (never a download of the
 * error, never nothing).
 */
export async function fetchDocument(url: string): Promise<DocumentFile> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, messages.somethingWentWrong);
  }
  if (!response.ok) {
    // NOTE: as request() does: a 401 ends the local session.
    if (response.status === 401) useSession.getState().clear();
    const envelope = await readBody(response);
    const serverMessage = typeof envelope?.message === "string" && envelope.message ? envelope.message : null;
    throw new ApiError(response.status, serverMessage ?? messages.somethingWentWrong);
  }
  return { blob: await response.blob(), filename: filenameOf(response.headers.get("content-disposition")) };
}

/** A list (several values of one filter) is sent as the parameter repeated. */
type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/**
 * The DTO schema of an answer's `data` (of one item, for a list), loaded on demand: one of
 * lib/response-schemas.ts, which the production build leaves out (undefined there).
 */
export type ResponseSchema<T> = () => Promise<ZodType<T>>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain value is sent as JSON; FormData is sent as multipart; a Blob as itself, typed by its type. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Extra request headers (e.g. `Idempotency-Key` on order placement). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The browser's HTTP cache for this request: "no-cache" asks the server again (an unchanged answer
   * comes back as a 304) where an answer the server lets browsers keep may predate a change.
   */
  cache?: RequestCache;
  /** Shown when the server gives no message (SPEC section 8: the per-situation defaults). */
  defaultMessage?: string | ((status: number) => string);
}

interface Answer {
  data: unknown;
  meta?: ListMeta;
  status: number;
  /** The server's message ("" when it sent none). */
  message: string;
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
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function fallbackMessage(options: RequestOptions, status: number): string {
  const { defaultMessage } = options;
  if (typeof defaultMessage === "function") return defaultMessage(status);
  return defaultMessage ?? messages.somethingWentWrong;
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

/**
 * Development and tests: an answer that does not match its schema fails like a broken answer, with
 * the call's default message, and the mismatch is logged. The data is returned as received either
 * way (never the parsed copy), so that development behaves exactly as production does.
 */
async function checkAnswer(
  path: string,
  options: RequestOptions,
  status: number,
  data: unknown,
  meta: ListMeta | undefined,
  schema: ResponseSchema<unknown>,
  list: boolean,
): Promise<void> {
  const [dataSchema, { ListMeta: metaSchema }] = await Promise.all([schema(), import("@shop/shared/api")]);
  const checks = list
    ? [dataSchema.array().safeParse(data), metaSchema.safeParse(meta)]
    : [dataSchema.safeParse(data)];
  const failed = checks.find((check) => !check.success);
  if (failed?.error) {
    console.error(`The answer of ${path} does not match its schema`, failed.error.issues);
    throw new ApiError(status, fallbackMessage(options, status));
  }
}

/**
 * Sends one request and returns the unwrapped envelope; throws ApiError on any failure. A change
 * refused for want of a fresh second step asks for a code, and is sent once more when one was given.
 */
async function request(
  path: string,
  options: RequestOptions,
  schema: ResponseSchema<unknown> | undefined,
  list = false,
): Promise<Answer> {
  try {
    return await requestOnce(path, options, schema, list);
  } catch (error) {
    if (!isSecondStepRequired(error) || !(await askForSecondStep())) throw error;
    return requestOnce(path, options, schema, list);
  }
}

async function requestOnce(
  path: string,
  options: RequestOptions,
  schema: ResponseSchema<unknown> | undefined,
  list = false,
): Promise<Answer> {
  const { method = "GET", body, query, signal, cache } = options;
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body instanceof Blob) {
    // A file sent as itself (a PIN code list's CSV), typed by its type.
    if (body.type) headers["content-type"] = body.type;
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
      cache,
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
      envelope?.data,
    );
  }
  if (envelope === null || (list && !envelope.meta)) {
    throw new ApiError(response.status, fallbackMessage(options, response.status));
  }
  // NOTE: written out (not through a constant) so that the production build drops the branch and
  // the schema loaders it would call.
  if ((import.meta.env.DEV || import.meta.env.MODE === "test") && schema) {
    await checkAnswer(path, options, response.status, envelope.data, envelope.meta, schema, list);
  }
  const message = typeof envelope.message === "string" ? envelope.message : "";
  return {
    data: envelope.data,
    status: response.status,
    message,
    ...(envelope.meta ? { meta: envelope.meta } : {}),
  };
}

type MethodOptions = Omit<RequestOptions, "method" | "body">;
/** A read: its answer is typed by, and in development checked against, its schema. */
type ReadOptions<T> = MethodOptions & { schema: ResponseSchema<T> | undefined };
type Method = "POST" | "PUT" | "PATCH";

/**
 * A write. With a schema it resolves to the answer's `data`, typed by the schema; without one it is
 * typed as nothing (the caller has no use for the answer), so no answer is ever typed by hand.
 * NOTE: the data is returned either way: the production build has no schemas (`schema` is
 * undefined there), and a call that named one must still get its answer.
 */
function write(method: Method) {
  function send<T>(path: string, body: unknown, options: ReadOptions<T>): Promise<T>;
  function send(path: string, body?: unknown, options?: MethodOptions): Promise<void>;
  async function send<T>(
    path: string,
    body?: unknown,
    options?: MethodOptions & { schema?: ResponseSchema<T> },
  ) {
    const { data } = await request(path, { ...options, method, body }, options?.schema);
    return data as T;
  }
  return send;
}

/** A write that resolves to its answer's `data` with the status and the server's message. */
function writeWithStatus(method: Method) {
  return async <T>(
    path: string,
    body: unknown,
    options: ReadOptions<T>,
  ): Promise<{ data: T; status: number; message: string }> => {
    const { data, status, message } = await request(path, { ...options, method, body }, options.schema);
    return { data: data as T, status, message };
  };
}

/** The calls of every `features/<name>/api/` file: each resolves to the envelope's `data`. */
export const api = {
  get: async <T>(path: string, options: ReadOptions<T>): Promise<T> =>
    (await request(path, { ...options, method: "GET" }, options.schema)).data as T,
  /** A paged list: the items (each checked against `schema`) and the paging meta. */
  list: async <T>(path: string, options: ReadOptions<T>): Promise<{ items: T[]; meta: ListMeta }> => {
    const { data, meta } = await request(path, { ...options, method: "GET" }, options.schema, true);
    return { items: data as T[], meta: meta as ListMeta };
  },
  post: write("POST"),
  /**
   * A POST whose status says more than its answer: 202 is accepted, to be completed later (a
   * provider's pending refund, or one whose answer is being checked), with the server's message saying which.
   */
  postWithStatus: writeWithStatus("POST"),
  put: write("PUT"),
  patch: write("PATCH"),
  /** A PATCH whose status says more than its answer (setting an order Refunded: 202 as postWithStatus). */
  patchWithStatus: writeWithStatus("PATCH"),
  /** No deletion answers anything the app uses; a few take a body (closing the account: the password). */
  delete: async (path: string, options?: MethodOptions & { body?: unknown }): Promise<void> => {
    await request(path, { ...options, method: "DELETE" }, undefined);
  },
};
