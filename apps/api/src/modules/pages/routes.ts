import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { injectHead } from "./head";
import { headForPath, robotsTxt, sitemapXml } from "./service";

export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicOrigin;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

/** /sitemap.xml and /robots.txt, at the site's root. */
export async function pageRoutes(app: FastifyInstance) {
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600");
    return sitemapXml(app.db, publicOrigin(request));
  });
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return robotsTxt(publicOrigin(request));
  });
}

/**
 * Sends the web app's index.html with the head of the requested page (history fallback), named with
 * the shop's name and carrying the settings the app shows from its first paint.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, template: string) {
  const url = new URL(request.url, "http://x");
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  const { store, currency } = await request.server.settings.current();
  const settings = {
    store: { name: store.name },
    currency: { code: currency.code, locale: currency.locale },
  };
  const head = await headForPath(request.server.db, pathname, publicOrigin(request), {
    search: url.search,
    settings,
  });
  return reply
    .header("cache-control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(injectHead(template, head));
}
