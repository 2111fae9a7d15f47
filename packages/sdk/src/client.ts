/**
 * The shop API's client: openapi-fetch over the types generated from the API's OpenAPI document
 * (./schema.d.ts, `npm run sdk:generate`), so every path, parameter, body and answer is typed from
 * the document and nothing here repeats it. What this file adds is the session cookie.
 */
import createClient, { type Client, type ClientOptions, type Middleware } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, paths } from "./schema";
export {
  type VerifyOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./webhooks";

/** The typed client: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` on the API's paths, and `use` for middleware. */
export type ShopClient = Client<paths>;

/**
 * Where the session cookie lives between calls.
 * - `"browser"`: the browser keeps it; requests go with `credentials: "include"`.
 * - `"memory"`: the client keeps it (Node and other runtimes without a cookie store): each
 *   `Set-Cookie` answer updates it and each request sends it back, as a browser would for this origin.
 */
export type CookieMode = "browser" | "memory";

export interface ShopClientOptions {
  /** Default: `"browser"` where there is a `document`, else `"memory"`. */
  cookies?: CookieMode;
  /** Another `fetch` (a test double, a proxy agent); default `globalThis.fetch`. */
  fetch?: ClientOptions["fetch"];
  /** Headers sent with every request (e.g. a User-Agent naming the integration). */
  headers?: Record<string, string>;
}

/** A client of the shop API at `baseUrl` (its origin, e.g. `https://shop.example`; paths start with /api). */
export function createShopClient(baseUrl: string, options: ShopClientOptions = {}): ShopClient {
  const mode = options.cookies ?? ("document" in globalThis ? "browser" : "memory");
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    credentials: mode === "browser" ? "include" : "omit",
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (mode === "memory") client.use(cookieJar(new URL(baseUrl)));
  return client;
}

/**
 * Keeps the cookies the API sets and sends them back. One client talks to one origin, so a cookie's
 * Domain and Path need no matching; `Max-Age`, `Expires` and `Secure` are honoured (a Secure cookie
 * goes only over https, or to a loopback host, as browsers do).
 */
function cookieJar(origin: URL): Middleware {
  const cookies = new Map<string, { value: string; expires: number; secure: boolean }>();
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(origin.hostname);
  const secureChannel = origin.protocol === "https:" || loopback;
  return {
    onRequest({ request }) {
      const now = Date.now();
      const pairs: string[] = [];
      for (const [name, cookie] of cookies) {
        if (cookie.expires <= now) cookies.delete(name);
        else if (!cookie.secure || secureChannel) pairs.push(`${name}=${cookie.value}`);
      }
      if (pairs.length > 0) request.headers.set("cookie", pairs.join("; "));
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const cookie = parseSetCookie(line);
        if (!cookie) continue;
        if (cookie.expires <= Date.now()) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie);
      }
      return response;
    },
  };
}

interface SetCookie {
  name: string;
  value: string;
  /** Milliseconds since the epoch; Infinity for a session cookie. */
  expires: number;
  secure: boolean;
}

/** One `Set-Cookie` header line (RFC 6265 section 5.2), reduced to what the jar needs. */
function parseSetCookie(line: string): SetCookie | undefined {
  const [pair = "", ...attributes] = line.split(";");
  const equals = pair.indexOf("=");
  if (equals <= 0) return undefined;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  let expires = Number.POSITIVE_INFINITY;
  let maxAge: number | undefined;
  let secure = false;
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=");
    const argument = rest.join("=").trim();
    switch (key.trim().toLowerCase()) {
      case "max-age": {
        const seconds = Number(argument);
        if (/^-?\d+$/.test(argument)) maxAge = seconds;
        break;
      }
      case "expires": {
        const at = Date.parse(argument);
        if (!Number.isNaN(at)) expires = at;
        break;
      }
      case "secure":
        secure = true;
        break;
    }
  }
  // Max-Age wins over Expires; zero or less removes the cookie.
  if (maxAge !== undefined) expires = maxAge <= 0 ? 0 : Date.now() + maxAge * 1000;
  return { name, value, expires, secure };
}
