import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type CodedPage, injectHead } from "./head";
import { headForPath, robotsTxt, sitemapIndexXml, sitemapPagesXml, sitemapProductsXml } from "./service";

export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicOrigin;
  return configured ? new URL(configured).origin : `${request.protocol}://${request.host}`;
}

const SITEMAP_TYPE = "application/xml; charset=utf-8";
const ONE_HOUR = "public, max-age=3600";

/** The sitemap index (/sitemap.xml), the files it names, and /robots.txt, at the site's root. */
export async function pageRoutes(app: FastifyInstance) {
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const xml = await sitemapIndexXml(app.db, publicOrigin(request));
    return reply.type(SITEMAP_TYPE).header("cache-control", ONE_HOUR).send(xml);
  });
  app.get("/sitemap-pages.xml", { schema: { hide: true } }, async (request, reply) => {
    const xml = await sitemapPagesXml(app.db, publicOrigin(request));
    return reply.type(SITEMAP_TYPE).header("cache-control", ONE_HOUR).send(xml);
  });
  // Any other name (file 0, a leading zero) is not a sitemap file: the history fallback answers it.
  app.get<{ Params: { file: string } }>(
    "/sitemap-products-:file(^[1-9]\\d{0,14}).xml",
    { schema: { hide: true } },
    async (request, reply) => {
      // NOTE: headers are set once the file is known: a file past the last answers the error handler's 404.
      const xml = await sitemapProductsXml(app.db, publicOrigin(request), Number(request.params.file));
      return reply.type(SITEMAP_TYPE).header("cache-control", ONE_HOUR).send(xml);
    },
  );
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", ONE_HOUR);
    return robotsTxt(publicOrigin(request));
  });
}

/** The built web app as the server sends its pages: index.html, and each storefront page's own code. */
export interface WebApp {
  template: string;
  /** From the build's `.vite/page-code.json`: the files each page's first render needs beside the app's. */
  pageCode: Partial<Record<CodedPage, readonly string[]>>;
}

/**
 * Sends the web app's index.html with the head of the requested page (history fallback), named with
 * the shop's name, carrying the settings the app shows from its first paint and preloading the page's
 * own code.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, { template, pageCode }: WebApp) {
  const url = new URL(request.url, "http://x");
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  const { store, currency } = await request.server.settings.current();
  const settings = {
    store: {
      name: store.name,
      legalName: store.legalName,
      address: store.address,
      email: store.email,
      phone: store.phone,
    },
    currency: { code: currency.code, locale: currency.locale },
  };
  const head = await headForPath(request.server.db, pathname, publicOrigin(request), {
    search: url.search,
    settings,
  });
  return reply
    .header("cache-control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(injectHead(template, { ...head, modules: head.page ? pageCode[head.page] : undefined }));
}
