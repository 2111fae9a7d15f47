/**
 * Helmet's security headers (CSP, frame, referrer, ... policies) on every response, worked out once.
 *
 * NOTE: @fastify/helmet builds helmet afresh on every request (it parses and re-serializes the whole
 * CSP), which cost about as much CPU as the rest of a catalogue read answered from the read cache.
 * With no CSP nonces the headers depend on the options alone, so the same plugin, with the same
 * options, answers one request on a probe instance at start, and its headers are copied onto every
 * reply from then on. Set in onRequest as the plugin does, so a route may still override one.
 */
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Headers of the probe's answer that Fastify itself writes, not helmet. */
const NOT_HELMET = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/** The headers @fastify/helmet gives a response with these options. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get("/", async () => "");
    const response = await probe.inject({ method: "GET", url: "/" });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !NOT_HELMET.has(name)) headers[name] = String(value);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/** Registers the security headers of these helmet options on every route of the app. */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    // NOTE: nonces differ per response; a table worked out once cannot carry them.
    if (options.enableCSPNonces) throw new Error("security headers: CSP nonces are not supported");
    const headers = Object.freeze(await helmetHeaders(options));
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: "security-headers" },
);
