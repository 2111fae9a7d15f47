/** Every environment variable the server reads, parsed once at start (docs/design.md section 6). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { AUTH_RATE_LIMIT, ORDER_LIMITS } from "@shop/shared/constants";
import { normaliseState } from "@shop/shared/india";
import { MAX_LINE_QUANTITY } from "@shop/shared/schemas/order";
import { MAX_UNPAID_ORDERS_CEILING } from "@shop/shared/schemas/settings";
import forge from "node-forge";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

/** libuv's thread pool; Node reads the variable itself, the shop sizes password hashing by it. */
const ThreadPoolSize = z.coerce.number().int().min(1).max(1024).default(4);

/**
 * A key of the secrets sealed at rest (core/sealed.ts): 32 bytes, as 64 hex digits or base64
 * (`openssl rand -base64 32`).
 */
function secretsKeyOf(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, "hex");
  const key = Buffer.from(text, "base64");
  const written = [key.toString("base64"), key.toString("base64url")];
  return key.length === 32 && written.includes(text) ? key : undefined;
}
const SECRETS_KEY_FORM = "must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)";
const SecretsKey = z.string().transform((text, ctx) => {
  const key = secretsKeyOf(text.trim());
  if (key) return key;
  ctx.addIssue({ code: "custom", message: SECRETS_KEY_FORM });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  MIGRATION_DATABASE_URL: z.url().optional(),
  MEDIA_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.url().default("https://api-m.sandbox.paypal.com"),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  /** The secret Razorpay signs its webhooks with (set with the webhook in Razorpay's dashboard). */
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_BASE: z.url().default("https://api.razorpay.com"),
  /** Checkout's script, loaded by the pay page; the browser journeys point it at a stand-in. */
  RAZORPAY_CHECKOUT_URL: z.url().default("https://checkout.razorpay.com/v1/checkout.js"),
  /** Shiprocket's API user (panel: Settings → API): both or neither; neither, Shiprocket is off. */
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_API_BASE: z.url().default("https://apiv2.shiprocket.in"),
  /** The token Shiprocket's tracking webhook sends in `x-api-key` (set with the webhook in its panel). */
  SHIPROCKET_WEBHOOK_TOKEN: z.string().optional(),
  /**
   * The WhatsApp Business Platform (Cloud API, docs/whatsapp.md): a system user's token and the
   * business number's id send; the app secret checks the webhooks' signatures and the verify token
   * answers Meta's verification. The token and the number's id: both or neither; neither, WhatsApp is off.
   */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_BASE: z.url().default("https://graph.facebook.com/v21.0"),
  /**
   * How long a payment or refund is left to the request that made it, the browser and the webhooks
   * before the payment sweep asks its provider (a Razorpay order, a refund of any provider).
   */
  // NOTE: at least twice a provider call's timeout (15 s): a refund still waiting for its answer is never swept.
  PAYMENTS_SWEEP_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(
      30,
      "must be at least 30 (seconds; provider calls wait up to 15 s for their answer, and the sweep must not ask about a refund still waiting)",
    )
    .max(86_400)
    .default(300),
  /** How long a call to a payment provider waits for its answer, in ms: at most 15 000; tests shorten it. */
  PAYMENTS_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(15_000).default(15_000),
  /** How often the abandoned-checkout reminders' sender looks; unset, the sender's own default (a minute). */
  CART_REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
  /**
   * The reminders' sender reads its clock this many minutes ahead, so that a journey meets a reminder
   * without waiting for it; refused in production.
   */
  CART_REMINDERS_EARLY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  PAYMENTS_TEST_GATEWAY: flag.optional(),
  SHOP_DEMO: flag.optional(),
  API_DOCS: flag.optional(),
  /** Webhooks may reach loopback and private addresses (tests, a local integration); refused in production. */
  WEBHOOKS_ALLOW_PRIVATE: flag.optional(),
  STORE_EMAIL: z.email().default("support@example.com"),
  STORE_PHONE: z.string().default("+91 22 4000 1234"),
  STORE_ADDRESS: z
    .string()
    .default("4th Floor, Maker Chambers IV, Nariman Point, Mumbai 400021, Maharashtra, India"),
  /** The seller's GST identification number, printed on every tax invoice. */
  STORE_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
      "must be a 15-character GSTIN: 2-digit state code, PAN, entity number, Z, check character (e.g. 27AAPFU0939F1ZV)",
    )
    .default("27AAPFU0939F1ZV"),
  /** The seller's state: an invoice to an address in it splits GST into CGST and SGST, otherwise IGST. */
  STORE_STATE: z
    .string()
    .default("Maharashtra")
    .transform((name, ctx) => {
      const listed = normaliseState(name);
      if (listed !== null) return listed;
      ctx.addIssue({
        code: "custom",
        message: "must be one of India's states or union territories, e.g. Maharashtra",
      });
      return z.NEVER;
    }),
  SMTP_URL: z
    .url({ error: "must be smtp://user:pass@host:port or smtps://..." })
    .refine((url) => /^smtps?:\/\//.test(url), "must be smtp://user:pass@host:port or smtps://...")
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/,
      "must be an address, or a name and <address>",
    )
    .default("Shop <no-reply@example.com>"),
  REDIS_URL: z.url().optional(),
  ORDER_HOLD_MINUTES: z.coerce.number().positive().default(30),
  /** How long an instance keeps the settings it read; a change made anywhere reaches it at once by NOTIFY. */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  // NOTE: above the settings' most (50) it raises that most to its own value (mostUnpaidOrders), so
  // that the owner can save the checkout section it fills; never above MAX_UNPAID_ORDERS_CEILING.
  MAX_UNPAID_ORDERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_UNPAID_ORDERS_CEILING)
    .default(ORDER_LIMITS.maxUnpaidOrders),
  MAX_QUANTITY_PER_LINE: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_QUANTITY)
    .default(ORDER_LIMITS.maxQuantityPerLine),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.max),
  PUBLIC_ORIGIN: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  COOKIE_SECURE: flag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  UV_THREADPOOL_SIZE: ThreadPoolSize,
  /** The bearer token GET /metrics asks for; unset, the metrics are off (404). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (a random secret)").optional(),
  SECRETS_KEY: SecretsKey.optional(),
  /**
   * The owner's certificate, a PKCS#12 file: every invoice and credit note PDF is signed with it
   * (decision 050); its passphrase beside it. Read and opened at start: a file that cannot be read or
   * opened stops the server.
   */
  INVOICE_SIGNING_P12: z.string().optional(),
  INVOICE_SIGNING_PASSPHRASE: z.string().optional(),
  /** Keys of a rotation still opening what they sealed, comma-separated, until secrets:reseal has run. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .transform((list, ctx) =>
      list
        .split(",")
        .filter((text) => text.trim() !== "")
        .map((text) => {
          const key = secretsKeyOf(text.trim());
          if (!key) ctx.addIssue({ code: "custom", message: `each key ${SECRETS_KEY_FORM}` });
          return key ?? Buffer.alloc(0);
        }),
    )
    .optional(),
});

export type Config = ReturnType<typeof parseConfig>;

/** The owner's certificate and its passphrase (INVOICE_SIGNING_P12, INVOICE_SIGNING_PASSPHRASE). */
export interface SigningKey {
  p12: Buffer;
  passphrase: string;
}

/** PKCS#12's bags of a shrouded private key and of a certificate (RFC 7292), as @signpdf reads them. */
const KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const CERT_BAG = "1.2.840.113549.1.12.10.1.3";

/**
 * Opens a PKCS#12 file with its passphrase as @signpdf will (node-forge): throws what is wrong (not
 * PKCS#12, a wrong passphrase, no private key or no certificate).
 */
function checkSigningKey({ p12, passphrase }: SigningKey): void {
  let opened: forge.pkcs12.Pkcs12Pfx;
  try {
    opened = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString("binary")), false, passphrase);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot be opened with INVOICE_SIGNING_PASSPHRASE (${reason})`);
  }
  const bags = (type: string) => opened.getBags({ bagType: type })[type] ?? [];
  if (bags(KEY_BAG).length === 0) throw new Error("holds no private key");
  if (bags(CERT_BAG).length === 0) throw new Error("holds no certificate");
}

/**
 * The owner's signing certificate, read and opened with its passphrase; a path that cannot be read,
 * or a file the passphrase does not open, throws a message naming the variable.
 */
function signingKeyOf(file: string | undefined, passphrase = "", cwd?: string): SigningKey | undefined {
  if (!file) return undefined;
  const where = path.resolve(cwd ?? process.cwd(), file);
  let p12: Buffer;
  try {
    p12 = readFileSync(where);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid configuration:\n  INVOICE_SIGNING_P12: cannot be read (${reason})`);
  }
  const key = { p12, passphrase };
  try {
    checkSigningKey(key);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid configuration:\n  INVOICE_SIGNING_P12: ${where} ${reason}`);
  }
  return key;
}

/**
 * Reads the configuration from an environment; a wrong value throws a message naming the variable.
 * Tools that only open the database (create-admin) pass `{ server: false }`: what only a serving
 * shop needs (its public origin, a payment provider) is not asked of them.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env, { server = true } = {}) {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const paypal =
    e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
      ? {
          clientId: e.PAYPAL_CLIENT_ID,
          clientSecret: e.PAYPAL_CLIENT_SECRET,
          apiBase: e.PAYPAL_API_BASE,
          webhookId: e.PAYPAL_WEBHOOK_ID,
        }
      : undefined;
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          apiBase: e.RAZORPAY_API_BASE,
          checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
        }
      : undefined;
  // NOTE: a live shop must never take a test card: in production the test gateway is an explicit choice.
  const testGateway =
    !paypal &&
    !razorpay &&
    (production ? e.PAYMENTS_TEST_GATEWAY === true : e.PAYMENTS_TEST_GATEWAY !== false);
  // NOTE: half of Razorpay's keys is a mistake, not a choice: it stops every start, tools included.
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET))
    throw new Error(
      "Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: set both or neither (the key id and key secret of Razorpay's dashboard, API keys)",
    );
  // NOTE: half of Shiprocket's sign-in is a mistake, as half of Razorpay's keys is.
  if (Boolean(e.SHIPROCKET_EMAIL) !== Boolean(e.SHIPROCKET_PASSWORD))
    throw new Error(
      "Invalid configuration:\n  SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD: set both or neither (the email and password of an API user of Shiprocket's panel, Settings → API)",
    );
  const shiprocket =
    e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
      ? {
          email: e.SHIPROCKET_EMAIL,
          password: e.SHIPROCKET_PASSWORD,
          apiBase: e.SHIPROCKET_API_BASE,
          webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN,
        }
      : undefined;
  // NOTE: half of WhatsApp's connection is a mistake, as half of Razorpay's keys is.
  if (Boolean(e.WHATSAPP_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID))
    throw new Error(
      "Invalid configuration:\n  WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: set both or neither (a system user's token and the business number's id, from Meta's WhatsApp Manager)",
    );
  const whatsapp =
    e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
      ? {
          token: e.WHATSAPP_TOKEN,
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
          apiBase: e.WHATSAPP_API_BASE.replace(/\/+$/, ""),
          appSecret: e.WHATSAPP_APP_SECRET,
          verifyToken: e.WHATSAPP_VERIFY_TOKEN,
        }
      : undefined;
  // NOTE: a live shop's webhooks must never reach its own network (server-side request forgery),
  // whatever else says so: the switch stops every start in production, tools included.
  if (production && e.WEBHOOKS_ALLOW_PRIVATE)
    throw new Error(
      "Invalid configuration:\n  WEBHOOKS_ALLOW_PRIVATE: refused in production (webhooks may not reach loopback or private addresses there); unset it",
    );
  // NOTE: a clock ahead sends a live shop's shoppers their reminders early: never in production.
  if (production && e.CART_REMINDERS_EARLY_MINUTES > 0)
    throw new Error(
      "Invalid configuration:\n  CART_REMINDERS_EARLY_MINUTES: refused in production (it sends the abandoned-checkout reminders that many minutes early, for the journeys); unset it",
    );
  // NOTE: the tables' owner applies the migrations of the shop the app role serves: PGlite has no roles.
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\n  MIGRATION_DATABASE_URL: needs DATABASE_URL (the owner's address of the same PostgreSQL database, used only to apply the migrations)",
    );
  const invoiceSigning = signingKeyOf(e.INVOICE_SIGNING_P12, e.INVOICE_SIGNING_PASSPHRASE, env.INIT_CWD);
  const missing: string[] = [];
  if (production && !e.SECRETS_KEY)
    missing.push(
      "SECRETS_KEY: required in production (the key the TOTP and webhook secrets are sealed with: openssl rand -base64 32)",
    );
  if (production && !e.PUBLIC_ORIGIN)
    missing.push(
      "PUBLIC_ORIGIN: required in production (the shop's public address, e.g. https://shop.example)",
    );
  if (!paypal && !razorpay && !testGateway)
    missing.push(
      "RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET or PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required to take payments (or PAYMENTS_TEST_GATEWAY=1 for a shop that takes only test cards)",
    );
  if (server && missing.length > 0)
    throw new Error(`Invalid configuration:\n${missing.map((line) => `  ${line}`).join("\n")}`);
  const warnings: string[] = [];
  if (e.NODE_ENV === "development" && !e.SECRETS_KEY)
    warnings.push(
      "SECRETS_KEY is not set: TOTP and webhook secrets are sealed with the development key, which this source holds; set one before the data matters.",
    );
  if (production && e.SHOP_DEMO)
    warnings.push("SHOP_DEMO is ignored in production: no demo accounts or catalogue are created.");
  if (razorpay && !razorpay.webhookSecret)
    warnings.push(
      "RAZORPAY_WEBHOOK_SECRET is not set: Razorpay's webhooks are refused, and a payment whose shopper closed the tab waits for the payment sweep.",
    );
  if (shiprocket && !shiprocket.webhookToken)
    warnings.push(
      "SHIPROCKET_WEBHOOK_TOKEN is not set: Shiprocket's tracking updates are refused, so parcels shipped through it move only by hand.",
    );
  if (whatsapp && (!whatsapp.appSecret || !whatsapp.verifyToken))
    warnings.push(
      "WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN is not set: WhatsApp's webhooks are refused, so messages stay 'sent' and a tap on \"Confirm order\" confirms nothing.",
    );
  if (paypal && !paypal.webhookId)
    warnings.push(
      "PAYPAL_WEBHOOK_ID is not set: PayPal's webhooks are refused, so a capture PayPal reports as pending, or one whose answer the shop lost, is never recorded (its order is cancelled when the hold ends), nor is a refund made in PayPal's dashboard.",
    );
  // NOTE: npm runs workspace scripts inside the workspace folder; INIT_CWD is where the command was
  // typed, so `npm start`, `npm run dev` and `npm run create-admin` all find the same ./data.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** The tables' owner's address of the same database, used only to apply the migrations at start. */
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    /** PGlite folder when no DATABASE_URL is given. */
    pgliteDir: path.join(dataDir, "db"),
    mediaDir: e.MEDIA_DIR ? path.resolve(base, e.MEDIA_DIR) : path.join(dataDir, "media"),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    paypal,
    /** Razorpay's keys (HTTP Basic), its webhook secret, its API and Checkout's script; undefined when not configured. */
    razorpay,
    /** Shiprocket's API user, its API and its webhook's token; undefined when not configured (no shipping through it). */
    shiprocket,
    /** WhatsApp's connection (sending, and the webhooks' secret and verify token); undefined when not configured. */
    whatsapp,
    /** The offline test gateway takes the payments (never beside PayPal or Razorpay; in production only when asked for). */
    testGateway,
    /** What the payment sweep leaves alone: anything younger than this (PAYMENTS_SWEEP_AFTER_SECONDS). */
    paymentSweepAfterMs: e.PAYMENTS_SWEEP_AFTER_SECONDS * 1000,
    /** How long a call to a payment provider waits for its answer (PAYMENTS_PROVIDER_TIMEOUT_MS). */
    providerTimeoutMs: e.PAYMENTS_PROVIDER_TIMEOUT_MS,
    /**
     * The abandoned-checkout reminders' sender: how often it looks (undefined: its default), and how
     * far ahead of the time it reads its clock (never in production).
     */
    cartReminders: {
      everyMs:
        e.CART_REMINDERS_EVERY_SECONDS === undefined ? undefined : e.CART_REMINDERS_EVERY_SECONDS * 1000,
      earlyMs: e.CART_REMINDERS_EARLY_MINUTES * 60_000,
    },
    /** Webhook endpoints on loopback and private addresses allowed (WEBHOOKS_ALLOW_PRIVATE=1; never in production). */
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === true,
    /** Demo mode seeds demo data and shows "Login as admin"; on by default only for the embedded database, never in production. */
    demo: production ? false : (e.SHOP_DEMO ?? !e.DATABASE_URL),
    /** The API document at /api/docs: on, except in production unless API_DOCS=1. */
    apiDocs: e.API_DOCS ?? !production,
    storeEmail: e.STORE_EMAIL,
    storePhone: e.STORE_PHONE,
    storeAddress: e.STORE_ADDRESS,
    storeGstin: e.STORE_GSTIN,
    storeState: e.STORE_STATE,
    /** The certificate invoices and credit notes are signed with (INVOICE_SIGNING_P12); undefined: not signed. */
    invoiceSigning,
    /** Outgoing mail: SMTP when SMTP_URL is set, else the built-in mailbox (kept in the database, read in the dashboard). */
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    redisUrl: e.REDIS_URL,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    settingsCacheMs: e.SETTINGS_CACHE_MS,
    orderLimits: { maxUnpaidOrders: e.MAX_UNPAID_ORDERS, maxQuantityPerLine: e.MAX_QUANTITY_PER_LINE },
    /** Sign-in and registration attempts per client address per minute. */
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    /** Prometheus metrics at GET /metrics behind this bearer token; undefined: off. */
    metricsToken: e.METRICS_TOKEN,
    /** The keys secrets are sealed with at rest (core/sealed.ts); no current one outside production: the development key. */
    secretsKeys: { current: e.SECRETS_KEY, previous: e.SECRETS_KEY_PREVIOUS ?? [] },
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : undefined,
    /**
     * Slow clients are cut off: headers or a whole request taking longer to arrive. A socket silent
     * either way is closed after `connection`, which stays above the longest answer (a 503 after
     * the database's 10 s query timeout and a rollback), or a slow answer would lose its socket.
     */
    timeouts: {
      connection: e.CONNECTION_TIMEOUT_MS,
      headers: e.HEADERS_TIMEOUT_MS,
      request: e.REQUEST_TIMEOUT_MS,
      keepAlive: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    /** Settings that were ignored, for the server to log at start. */
    warnings,
  };
}

/**
 * The size of libuv's thread pool (UV_THREADPOOL_SIZE, default 4), for code that runs before or
 * without the server's configuration (password hashing is also used by the seed, the CLI and the
 * bench). A wrong value stops the server in parseConfig; here it reads as the default.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = ThreadPoolSize.safeParse(env.UV_THREADPOOL_SIZE || undefined);
  return parsed.success ? parsed.data : 4;
}

/** The demo accounts seeded in demo mode (docs/spec.md: the demo admin and shopper). */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin@123", firstName: "Asha", lastName: "Admin" },
  shopper: { email: "shopper@example.com", password: "Shopper@123", firstName: "Sam", lastName: "Shopper" },
} as const;
