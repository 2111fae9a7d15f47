/**
 * A small HTTP client for one server process, as a script (not a browser) calls the API: JSON
 * bodies, the session cookie sent by hand, no Origin header (the same-origin check lets such
 * requests through), kept-alive connections.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import { SESSION_COOKIE } from "@shop/shared/constants";

/** The API's envelope (docs/design.md section 4): `data` on success, `message` (and `errors`) on failure. */
export interface Envelope {
  success: boolean;
  message?: string;
  data?: unknown;
  errors?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Envelope;
}

export interface RequestOptions {
  /** The session token (the value of the session cookie). */
  session?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The request fails when no complete answer came after this long (default 30 s). */
  timeoutMs?: number;
}

export class ShopClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  constructor(readonly baseUrl: string) {}

  get(path: string, options: RequestOptions = {}) {
    return this.request("GET", path, options);
  }

  post(path: string, body: unknown, options: RequestOptions = {}) {
    return this.request("POST", path, { ...options, body });
  }

  patch(path: string, body: unknown, options: RequestOptions = {}) {
    return this.request("PATCH", path, { ...options, body });
  }

  put(path: string, body: unknown, options: RequestOptions = {}) {
    return this.request("PUT", path, { ...options, body });
  }

  /** One request; rejects on a network error (a killed server) or after the timeout. */
  request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const { session, body, timeoutMs = 30_000 } = options;
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      accept: "application/json",
      ...(payload ? { "content-type": "application/json" } : {}),
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            clearTimeout(timer);
            const text = Buffer.concat(chunks).toString("utf8");
            try {
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: JSON.parse(text) as Envelope,
              });
            } catch {
              reject(
                new Error(`${method} ${path}: ${response.statusCode} with a body that is not JSON: ${text}`),
              );
            }
          });
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(payload);
    });
  }

  /** Closes the kept-alive connections. */
  close() {
    this.agent.destroy();
  }
}

/** The session token a sign-in answer set, if any. */
export function sessionOf(answer: Answer): string | undefined {
  const cookies = answer.headers["set-cookie"] ?? [];
  for (const cookie of cookies) {
    const [pair] = cookie.split(";");
    const [name, value] = (pair ?? "").split("=");
    if (name?.trim() === SESSION_COOKIE && value) return value.trim();
  }
  return undefined;
}

/** The `_id` of the record an answer carries. */
export function idOf(answer: Answer): string {
  const data = answer.body.data as { _id?: unknown } | undefined;
  if (typeof data?._id !== "string") {
    throw new Error(`expected a record in the answer, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return data._id;
}
