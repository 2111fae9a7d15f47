/** Every environment variable the server reads, parsed once at start (DESIGN.md section 6). */
import path from "node:path";
import { AUTH_RATE_LIMIT } from "@shop/shared/constants";
import { z } from "zod";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
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
  SHOP_DEMO: flag.optional(),
  STORE_EMAIL: z.email().default("support@example.com"),
  STORE_PHONE: z.string().default("+91 22 4000 1234"),
  REDIS_URL: z.url().optional(),
  ORDER_HOLD_MINUTES: z.coerce.number().positive().default(30),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(AUTH_RATE_LIMIT.max),
  PUBLIC_ORIGIN: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  COOKIE_SECURE: flag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

/** Reads the configuration from an environment; a wrong value throws a message naming the variable. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
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
  // NOTE: npm runs workspace scripts inside the workspace folder; INIT_CWD is where the command was
  // typed, so `npm start`, `npm run dev` and `npm run create-admin` all find the same ./data.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const production = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
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
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            apiBase: e.PAYPAL_API_BASE,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : undefined,
    /** Demo mode seeds demo data and shows "Login as admin"; on by default only for the embedded database. */
    demo: e.SHOP_DEMO ?? !e.DATABASE_URL,
    storeEmail: e.STORE_EMAIL,
    storePhone: e.STORE_PHONE,
    redisUrl: e.REDIS_URL,
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    /** Sign-in and registration attempts per client address per minute. */
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : undefined,
  };
}

/** The demo accounts seeded in demo mode (issue: Foundation, item 7). */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin@123", firstName: "Asha", lastName: "Admin" },
  shopper: { email: "shopper@example.com", password: "Shopper@123", firstName: "Sam", lastName: "Shopper" },
} as const;
