/**
 * The read cache of the public catalogue (docs/decisions/006-read-cache.md): for a few seconds this
 * process answers a repeated catalogue read from memory, with the very bytes it serialized the
 * first time and their ETag, and answers a conditional repeat (`If-None-Match`) with 304.
 *
 * - Per process and short-lived: another instance sees a change within READ_CACHE_TTL_MS.
 * - Keyed by the route and its parsed, normalised query (see `readKey`), never by the raw URL.
 * - Only public answers: one the producer marks `cache-control: private` (a staff view of an
 *   inactive product) is sent but never stored; staff-only and per-user routes do not use it.
 * - Every write request of this instance that was not refused (see `registerReadCache`) empties it
 *   before the write's answer leaves, so the writer's next read, and everyone else's, sees the change.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";

/** How long an answer is reused: the most another instance lags behind a write. */
export const READ_CACHE_TTL_MS = 5_000;
/** Bytes of bodies kept at most; the oldest entries go first. */
export const READ_CACHE_MAX_BYTES = 32 * 2 ** 20;

const JSON_TYPE = "application/json; charset=utf-8";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Writes under these paths change nothing a catalogue read shows (sign-in, sign-out, registration;
 * a shopper's wishlist and back-in-stock requests, which a heart's tap or a sold-out size sends).
 */
const NON_CATALOGUE_WRITES = ["/api/auth/", "/api/wishlist/", "/api/stock-alerts"];

export interface CachedBody {
  body: Buffer;
  etag: string;
}

interface Entry extends CachedBody {
  expires: number;
}

export interface ReadCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** What a producer hands the cache: the serialized answer, and whether everyone may be given it. */
export interface Produced {
  body: Buffer;
  shared: boolean;
}

/** Serialized answers by key, each for a few seconds, at most `maxBytes` of them. */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being read from the database right now, which requests for the same key wait for. */
  private readonly running = new Map<string, Promise<CachedBody | undefined>>();
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private bytes = 0;
  private generation = 0;
  /** Answers given without reading the database (a fresh entry, or another request's read), and reads. */
  hits = 0;
  misses = 0;

  constructor({
    ttlMs = READ_CACHE_TTL_MS,
    maxBytes = READ_CACHE_MAX_BYTES,
    now = Date.now,
  }: ReadCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /** The fresh entry for this key, if any. */
  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry;
    this.delete(key, entry);
    return undefined;
  }

  /**
   * Taken before reading the database for an answer and handed to `set`. NOTE: a write that
   * clears the cache in between makes that `set` a no-op, so an answer read before the write
   * committed can never be stored after the clear.
   */
  begin(): number {
    return this.generation;
  }

  /** Stores a body read since `begin()` returned `token`; the entry, or undefined when it was not stored. */
  set(key: string, body: Buffer, token: number): CachedBody | undefined {
    if (token !== this.generation || body.length > this.maxBytes) return undefined;
    const entry: Entry = { body, etag: etagOf(body), expires: this.now() + this.ttlMs };
    const previous = this.entries.get(key);
    if (previous) this.delete(key, previous);
    this.entries.set(key, entry);
    this.bytes += body.length;
    // Insertion order is age order: with a lifetime of seconds, dropping the oldest is as good as LRU.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldKey, old);
    }
    return entry;
  }

  /**
   * The answer for a key: the cached one; else the one another request is reading right now, once
   * it is stored (NOTE: when an entry expires under load, one request reads the database and the
   * others wait for it, instead of all reading at once); else `produce`'s, stored when shared.
   */
  async load(key: string, produce: () => Promise<Produced>): Promise<CachedBody> {
    const hit = this.get(key);
    if (hit) {
      this.hits += 1;
      return hit;
    }
    // NOTE: no await before `running.set` below unless another request is reading: requests that
    // arrive together must find the first one's promise.
    const running = this.running.get(key);
    const joined = running && (await running);
    if (joined) {
      this.hits += 1;
      return joined;
    }
    this.misses += 1;
    const token = this.begin();
    const produced = produce();
    const stored = produced.then(
      ({ body, shared }) => (shared ? this.set(key, body, token) : undefined),
      () => undefined,
    );
    this.running.set(key, stored);
    try {
      const { body } = await produced;
      return (await stored) ?? { body, etag: etagOf(body) };
    } finally {
      if (this.running.get(key) === stored) this.running.delete(key);
    }
  }

  /** Forgets everything; answers being read right now will not be stored nor handed to later requests. */
  clear(): void {
    this.entries.clear();
    this.running.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

export function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return (candidate.startsWith("W/") ? candidate.slice(2) : candidate) === etag;
  });
}

/**
 * The cache key of a read: the route's name and what it was asked for, after the route's schema
 * parsed it (so `?page=1` and no page at all are one entry, `?size=5000` is `size: 1000`, and
 * unknown query parameters, which the schema drops, make no new entry).
 */
export function readKey(route: string, ...values: readonly unknown[]): string {
  return JSON.stringify([route, ...values]);
}

function send(request: FastifyRequest, reply: FastifyReply, { body, etag }: CachedBody): FastifyReply {
  reply.header("etag", etag);
  if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(body);
}

function isPrivate(reply: FastifyReply): boolean {
  const cacheControl = reply.getHeader("cache-control");
  return typeof cacheControl === "string" && /\b(private|no-store)\b/.test(cacheControl);
}

/** What a cached read answers a client that already holds its body, for the route's `response`. */
export const notModified = {
  304: z.null().describe("Not modified: the ETag sent in If-None-Match is still current. No body."),
};

/**
 * Answers a public catalogue read: from the cache when a fresh answer is there, else from
 * `produce` (serialized with the route's response schema, then stored unless the producer marked
 * the reply private). Either way with an ETag, and 304 when the client already holds that body.
 * Headers the answer carries (cache-control) must be set before the call, as a hit sends no others.
 */
export async function sendCachedRead(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<unknown>,
): Promise<FastifyReply> {
  const entry = await request.server.readCache.load(key, async () => {
    const payload = await produce();
    return { body: Buffer.from(reply.serialize(payload) as string), shared: !isPrivate(reply) };
  });
  return send(request, reply, entry);
}

declare module "fastify" {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/**
 * Decorates the app with its read cache and empties it on every write request under /api but
 * sign-in, sign-out and registration, whatever the module, unless it was refused (4xx: nothing
 * changed, and a stream of anonymous POSTs must not keep the cache empty). A 5xx clears it too: the
 * write may have committed before the failure. NOTE: it runs in onSend, after the handler's
 * transaction committed and before the answer leaves: whoever learns of the write reads it back.
 * Writes that come from no request (the sweep that cancels expired orders and returns their
 * stock) show within READ_CACHE_TTL_MS, as on other instances.
 */
export const registerReadCache = fp(
  async (app: FastifyInstance, options: ReadCacheOptions) => {
    app.decorate("readCache", new ReadCache(options));
    app.addHook("onSend", (request, reply, payload, done) => {
      if (
        !SAFE_METHODS.has(request.method) &&
        (reply.statusCode < 400 || reply.statusCode >= 500) &&
        request.url.startsWith("/api/") &&
        !NON_CATALOGUE_WRITES.some((prefix) => request.url.startsWith(prefix))
      ) {
        app.readCache.clear();
      }
      done(null, payload);
    });
  },
  { name: "read-cache" },
);
