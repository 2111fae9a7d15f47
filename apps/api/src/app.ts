/** Builds the Fastify instance: plugins, routes, error handling. It never listens (server.ts does). */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { api } from "@shop/shared/messages";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { z } from "zod";
import type { Config } from "./config";
import { installKeyring, keyringOfConfig } from "./core/sealed";
import type { Database, DatabaseHandle } from "./db/client";
import { registerCompression } from "./http/compression";
import { registerErrorHandling } from "./http/error-handler";
import { registerMetrics } from "./http/metrics";
import { registerApiDocument } from "./http/openapi";
import { registerRateLimits } from "./http/rate-limit";
import { registerReadCache } from "./http/read-cache";
import { logOutput, registerRequestLog } from "./http/request-log";
import { registerSameOriginCheck } from "./http/same-origin";
import { securityHeaders } from "./http/security-headers";
import { registerTextCheck } from "./http/text-check";
import { activityRoutes } from "./modules/activity/routes";
import { addressRoutes } from "./modules/addresses/routes";
import { accountRoutes, authRoutes } from "./modules/auth/routes";
import { twoFactorRoutes } from "./modules/auth/two-factor-routes";
import { keptCartRoutes } from "./modules/carts/routes";
import { categoryRoutes } from "./modules/categories/routes";
import { codRoutes } from "./modules/cod/routes";
import { deliveryRoutes, pincodeListRoutes } from "./modules/delivery/routes";
import { discountRoutes } from "./modules/discounts/routes";
import { disputeRoutes } from "./modules/disputes/routes";
import { documentRoutes } from "./modules/documents/routes";
import { outboxBacklog } from "./modules/email/repo";
import { emailRoutes } from "./modules/email/routes";
import { startMailSender } from "./modules/email/sender";
import { type MailContext, mailContextOf, mailDomainOf } from "./modules/email/service";
import { createMailTransport } from "./modules/email/transport";
import { sendingOf, startWhatsAppSender } from "./modules/email/whatsapp-sender";
import { returnRoutes } from "./modules/fulfilment/return-routes";
import { shipmentRoutes } from "./modules/fulfilment/shipment-routes";
import { inventoryRoutes } from "./modules/inventory/routes";
import { giveSupplierToOlderDocuments, recordSupplier, supplierOf } from "./modules/invoices/service";
import { mediaRoutes } from "./modules/media/routes";
import { cartRoutes } from "./modules/orders/cart-routes";
import { orderExportRoutes } from "./modules/orders/export-routes";
import { orderRoutes } from "./modules/orders/routes";
import { pageRoutes, sendPage, type WebApp } from "./modules/pages/routes";
import { payPageRoutes } from "./modules/payments/order-routes";
import { paymentRoutes } from "./modules/payments/routes";
import { categoryProductRoutes, productRoutes, searchRoutes } from "./modules/products/routes";
import { refundRoutes } from "./modules/refunds/routes";
import { remittanceRoutes } from "./modules/remittances/routes";
import { reportRoutes } from "./modules/reports/routes";
import { reviewModerationRoutes } from "./modules/reviews/moderation-routes";
import { reviewRoutes } from "./modules/reviews/routes";
import { resolveSession } from "./modules/sessions/service";
import { SETTINGS_CHANNEL } from "./modules/settings/repo";
import { settingsRoutes } from "./modules/settings/routes";
import { createSettingsStore, type SettingsStore } from "./modules/settings/service";
import { shiprocketOrderRoutes, shiprocketRoutes } from "./modules/shiprocket/routes";
import { adminStatsRoutes, salesStatsRoutes } from "./modules/stats/routes";
import { stockAlertRoutes } from "./modules/stock-alerts/routes";
import { storeCreditRoutes } from "./modules/store-credit/routes";
import { systemRoutes } from "./modules/system/routes";
import { ndrRoutes, scanRoutes, trackingRoutes } from "./modules/tracking/routes";
import { avatarRoutes } from "./modules/users/avatar-routes";
import { userRoutes } from "./modules/users/routes";
import { systemResolver } from "./modules/webhooks/destination";
import { webhookBacklog } from "./modules/webhooks/repo";
import { webhookRoutes } from "./modules/webhooks/routes";
import { startWebhookSender, WEBHOOKS_CHANNEL } from "./modules/webhooks/sender";
import { consentRoutes, messageRoutes, whatsappWebhookRoutes } from "./modules/whatsapp/routes";
import { wishlistRoutes } from "./modules/wishlist/routes";
import { createPaymentProviders } from "./payments/create-provider";
import type { PaymentProviders } from "./payments/provider";
import { ShiprocketClient } from "./shipping/shiprocket/client";
import { openStorage } from "./storage/create-storage";
import type { MediaStorage } from "./storage/storage";
import { WhatsAppClient } from "./whatsapp/client";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    storage: MediaStorage;
    /** The providers configured, one client each (PayPal's access token is cached in it): payments and refunds share them. */
    paymentProviders: PaymentProviders;
    /** Shiprocket's client when SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are set (its token shared by every instance); else undefined. */
    shiprocket: ShiprocketClient | undefined;
    /** The WhatsApp Cloud API's client; undefined when WhatsApp is not connected. */
    whatsapp: WhatsAppClient | undefined;
    /** The owner's settings, kept a few seconds per instance (modules/settings/service.ts). */
    settings: SettingsStore;
    /** What a message is written with: the store's details as the settings have them now, the origin. */
    mailContext(): Promise<MailContext>;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /**
   * Where the log goes, from which level: standard output at LOG_LEVEL without it; tests pass
   * `false` to keep the output quiet, or a stream of their own to read it.
   */
  logger?: false | { level: string; stream: DestinationStream };
}

// NOTE: nothing the shop logs carries headers today (Fastify's req and res serializers keep none,
// and the request line names its fields one by one); the list is there so that an object logged
// with them later (`{ headers: request.headers }`, a serializer that keeps them) still hides the
// session cookie and credentials.
const LOG_REDACT = [
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

/** JSON bodies larger than this are refused with 413; uploads have their own limit. */
const BODY_LIMIT = 256 * 1024;

function answerUnreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const internal = error.code === "FST_ERR_ASYNC_CONSTRAINT";
  reply
    .status(internal ? 500 : 400)
    .send({ success: false, message: internal ? api.internal : api.invalidInput });
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const output =
    logger === false
      ? undefined
      : { level: logger?.level ?? config.logLevel, stream: logger?.stream ?? logOutput() };
  const app = Fastify({
    logger: output ? { ...output, redact: LOG_REDACT } : false,
    // One line a request, written when it is answered (http/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A client that sends its headers or body a byte at a time is cut off instead of holding a socket.
    connectionTimeout: config.timeouts.connection,
    keepAliveTimeout: config.timeouts.keepAlive,
    requestTimeout: config.timeouts.request,
    http: { headersTimeout: config.timeouts.headers, connectionsCheckingInterval: 1000 },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot read (bad percent-encoding, a segment over maxParamLength) never reaches
    // a route or the error handler; it still gets the envelope.
    frameworkErrors: answerUnreadableUrl,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("config", config);
  installKeyring(keyringOfConfig(config.secretsKeys));
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("storage", await openStorage(config));
  app.decorate<PaymentProviders>("paymentProviders", createPaymentProviders(config, app.log));
  app.decorate(
    "shiprocket",
    config.shiprocket
      ? new ShiprocketClient({ ...config.shiprocket, db: database.db, log: app.log })
      : undefined,
  );
  app.decorate("sessions", {
    resolve: (token: string) => resolveSession(database.db, token),
    staffTwoFactorRequired: async () => (await app.settings.current()).security.requireStaffTwoFactor,
  });
  // WhatsApp (decision 056): connected by its environment, sending once the owner turns it on.
  const whatsapp = config.whatsapp ? new WhatsAppClient(config.whatsapp) : undefined;
  app.decorate("whatsapp", whatsapp);
  app.decorate("mailContext", async () => {
    const { store, currency, whatsapp: templates } = await app.settings.current();
    const context = mailContextOf(config, store, currency.locale);
    return whatsapp && templates.enabled
      ? { ...context, whatsapp: { templates: templates.templates } }
      : context;
  });
  const settings = createSettingsStore(database.db, config, {
    cacheMs: config.settingsCacheMs,
    onInvalid: (section, error) =>
      app.log.error({ err: error, section }, "stored settings refused by their schema: defaults apply"),
  });
  app.decorate("settings", settings);
  // The supplier GST documents state from now on (modules/invoices/supplier.ts), and to those issued before.
  app.addHook("onReady", async () => {
    const supplier = supplierOf((await settings.current()).store);
    await recordSupplier(database.db, supplier);
    await giveSupplierToOlderDocuments(database.db, supplier);
  });
  const stopListening = database.listen(SETTINGS_CHANNEL, () => settings.forget());
  app.addHook("onClose", stopListening);
  app.addHook("onClose", async () => app.storage.close());
  // The outbox sender starts with the app and stops before the database closes.
  let mailer: ReturnType<typeof startMailSender> | undefined;
  let whatsappSender: ReturnType<typeof startWhatsAppSender> | undefined;
  app.decorate("whatsappSender", {
    wake: () => whatsappSender?.wake(),
    stop: async () => whatsappSender?.stop(),
  });
  // A change that wrote a message wakes both outboxes: it may have gone on WhatsApp.
  app.decorate("mailer", {
    wake: () => {
      mailer?.wake();
      whatsappSender?.wake();
    },
    stop: async () => mailer?.stop(),
  });
  app.addHook("onReady", async () => {
    mailer = startMailSender(database.db, createMailTransport(config.mail), {
      domain: mailDomainOf(config),
      log: app.log,
    });
  });
  app.addHook("onClose", async () => mailer?.stop());
  app.addHook("onReady", async () => {
    if (whatsapp) whatsappSender = startWhatsAppSender(database.db, sendingOf(whatsapp), { log: app.log });
  });
  app.addHook("onClose", async () => whatsappSender?.stop());
  // The webhook sender likewise, woken at once by the NOTIFY of a transaction that queued deliveries.
  let webhookSender: ReturnType<typeof startWebhookSender> | undefined;
  app.decorate("webhookSender", {
    wake: () => webhookSender?.wake(),
    stop: async () => webhookSender?.stop(),
  });
  app.addHook("onReady", async () => {
    webhookSender = startWebhookSender(database.db, {
      // NOTE: only WEBHOOKS_ALLOW_PRIVATE=1 lets a delivery reach a private address (tests receive on 127.0.0.1).
      allowPrivate: config.webhooksAllowPrivate,
      resolve: systemResolver,
      mail: () => app.mailContext(),
      log: app.log,
      onDisabled: () => app.mailer.wake(),
    });
  });
  const stopWebhookWakes = database.listen(WEBHOOKS_CHANNEL, () => app.webhookSender.wake());
  app.addHook("onClose", stopWebhookWakes);
  app.addHook("onClose", async () => webhookSender?.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // NOTE: HTML forms can post text/plain across sites without a preflight; the API takes JSON and multipart only.
  app.removeContentTypeParser("text/plain");

  registerErrorHandling(app);
  registerRequestLog(app, output);
  await app.register(cookie);
  const razorpay = razorpaySources(config);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://www.paypal.com", "https://www.sandbox.paypal.com", ...razorpay.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          "data:",
          "blob:",
          "https://www.paypalobjects.com",
          ...razorpay.img,
          ...(app.storage.externalOrigin ? [app.storage.externalOrigin] : []),
        ],
        connectSrc: [
          "'self'",
          "https://www.paypal.com",
          "https://www.sandbox.paypal.com",
          ...razorpay.connect,
        ],
        frameSrc: ["'self'", "https://www.paypal.com", "https://www.sandbox.paypal.com", ...razorpay.frame],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });
  await registerRateLimits(app);
  registerSameOriginCheck(app);
  registerTextCheck(app);
  await registerCompression(app);
  await app.register(registerReadCache);
  registerMetrics(app, {
    token: config.metricsToken,
    poolStats: database.poolStats,
    outboxBacklog: () => outboxBacklog(database.db),
    webhookBacklog: () => webhookBacklog(database.db),
    readCache: () => app.readCache,
  });

  // NOTE: a production shop publishes its API document only when asked to (API_DOCS=1).
  await registerApiDocument(app, { publicOrigin: config.publicOrigin, ui: config.apiDocs });

  await app.register(
    async (apiScope) => {
      await apiScope.register(systemRoutes);
      await apiScope.register(authRoutes, { prefix: "/auth" });
      await apiScope.register(twoFactorRoutes, { prefix: "/auth" });
      await apiScope.register(userRoutes, { prefix: "/users" });
      await apiScope.register(accountRoutes, { prefix: "/users" });
      await apiScope.register(adminStatsRoutes, { prefix: "/users" });
      await apiScope.register(storeCreditRoutes, { prefix: "/users" });
      await apiScope.register(addressRoutes, { prefix: "/users/current-user/addresses" });
      await apiScope.register(avatarRoutes, { prefix: "/users/current-user/avatar" });
      await apiScope.register(mediaRoutes, { prefix: "/media" });
      await apiScope.register(categoryRoutes, { prefix: "/categories" });
      await apiScope.register(categoryProductRoutes, { prefix: "/categories" });
      await apiScope.register(productRoutes, { prefix: "/products" });
      await apiScope.register(reviewRoutes, { prefix: "/products" });
      await apiScope.register(reviewModerationRoutes, { prefix: "/reviews" });
      await apiScope.register(searchRoutes, { prefix: "/search" });
      await apiScope.register(orderRoutes, { prefix: "/orders" });
      await apiScope.register(shipmentRoutes, { prefix: "/orders" });
      await apiScope.register(shiprocketOrderRoutes, { prefix: "/orders" });
      await apiScope.register(shiprocketRoutes, { prefix: "/shiprocket" });
      await apiScope.register(documentRoutes, { prefix: "/orders" });
      await apiScope.register(refundRoutes, { prefix: "/orders" });
      await apiScope.register(orderExportRoutes, { prefix: "/orders" });
      await apiScope.register(cartRoutes, { prefix: "/cart" });
      await apiScope.register(keptCartRoutes, { prefix: "/cart" });
      await apiScope.register(discountRoutes, { prefix: "/discounts" });
      await apiScope.register(paymentRoutes, { prefix: "/payments" });
      await apiScope.register(payPageRoutes, { prefix: "/orders" });
      await apiScope.register(codRoutes, { prefix: "/orders" });
      await apiScope.register(emailRoutes, { prefix: "/emails" });
      await apiScope.register(salesStatsRoutes, { prefix: "/stats" });
      await apiScope.register(reportRoutes, { prefix: "/reports" });
      await apiScope.register(settingsRoutes, { prefix: "/settings" });
      await apiScope.register(pincodeListRoutes, { prefix: "/settings/shipping" });
      await apiScope.register(deliveryRoutes, { prefix: "/delivery" });
      await apiScope.register(remittanceRoutes, { prefix: "/cod-remittances" });
      await apiScope.register(returnRoutes, { prefix: "/returns" });
      await apiScope.register(disputeRoutes, { prefix: "/disputes" });
      await apiScope.register(inventoryRoutes, { prefix: "/inventory" });
      await apiScope.register(wishlistRoutes, { prefix: "/wishlist" });
      await apiScope.register(stockAlertRoutes, { prefix: "/stock-alerts" });
      await apiScope.register(activityRoutes, { prefix: "/activity" });
      await apiScope.register(webhookRoutes, { prefix: "/webhooks" });
      await apiScope.register(trackingRoutes, { prefix: "/tracking" });
      await apiScope.register(ndrRoutes, { prefix: "/shipments" });
      await apiScope.register(scanRoutes, { prefix: "/orders" });
      await apiScope.register(whatsappWebhookRoutes, { prefix: "/whatsapp" });
      await apiScope.register(consentRoutes, { prefix: "/users" });
      await apiScope.register(messageRoutes, { prefix: "/messages" });
    },
    { prefix: "/api" },
  );

  registerStaticFiles(app, config);
  return app;
}

/**
 * What Razorpay Checkout loads, for the CSP: its script (RAZORPAY_CHECKOUT_URL's origin), the
 * window it opens in a frame, the calls it makes and its logos. Nothing unless Razorpay is configured.
 */
function razorpaySources(config: Config) {
  if (!config.razorpay) return { script: [], frame: [], connect: [], img: [] };
  const checkout = new URL(config.razorpay.checkoutUrl).origin;
  const hosts = ["https://api.razorpay.com", "https://checkout.razorpay.com"];
  return {
    script: [checkout],
    frame: [...new Set([checkout, ...hosts])],
    connect: [...new Set([checkout, ...hosts, "https://lumberjack.razorpay.com"])],
    img: ["https://cdn.razorpay.com"],
  };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The files each storefront page's first render needs beside the app's own, as the web build lists them
 * (apps/web/vite.config.ts); none when the build has no such list (an older build, or none).
 */
function readPageCode(webDist: string): WebApp["pageCode"] {
  const file = path.join(webDist, ".vite", "page-code.json");
  if (!existsSync(file)) return {};
  const parsed = PageCode.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${file} is not a list of each page's files: ${parsed.error.message}`);
  return parsed.data;
}

const CodeFiles = z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)).optional();
const PageCode = z.object({ product: CodeFiles, category: CodeFiles, search: CodeFiles });

/** The built web app (with history fallback) and the media folder, when they exist. */
function registerStaticFiles(app: FastifyInstance, config: Config) {
  mkdirSync(config.mediaDir, { recursive: true });
  app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    // Every file is written once under a fresh key; nosniff keeps browsers to the declared image type.
    setHeaders: (res) => {
      res.header("cache-control", IMMUTABLE);
      res.header("x-content-type-options", "nosniff");
    },
  });

  const webDist = config.webDist ?? path.resolve(import.meta.dirname, "../../web/dist");
  const indexHtml = path.join(webDist, "index.html");
  // NOTE: read once; a new build of the web app comes with a restart of the server.
  const template = existsSync(indexHtml) ? readFileSync(indexHtml, "utf8") : undefined;
  app.register(pageRoutes);
  if (template) {
    const web: WebApp = { template, pageCode: readPageCode(webDist) };
    const files = builtFiles(webDist);
    app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? IMMUTABLE : "no-cache");
      },
    });
    app.get("/", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, web));
    // A built file, or else a page: the web app's router decides what the path shows and the server
    // writes its head (history fallback). A route rather than the not-found handler, so that pages
    // are compressed as every other read is.
    app.get<{ Params: { "*": string } }>("/*", { schema: { hide: true } }, (request, reply) => {
      const file = request.params["*"];
      if (files.has(file)) return reply.sendFile(file);
      if (isApiPath(request.url)) return reply.callNotFound();
      return sendPage(request, reply, web);
    });
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, message: api.routeNotFound }),
  );
}

function isApiPath(url: string) {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?") || url.startsWith("/media/");
}

/**
 * The files of the web build that are sent as they are, by their path in it: not the build's own
 * records (its dot folders), nor a file's compressed copies, which are sent in its place.
 */
function builtFiles(webDist: string): Set<string> {
  const files = readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDist, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !file.split("/").some((part) => part.startsWith(".")) && !/\.(br|gz)$/.test(file));
  return new Set(files);
}
