import { describe, expect, it } from "vitest";
import { parseConfig, threadPoolSize } from "./config";

describe("configuration", () => {
  it("refuses a wrong UV_THREADPOOL_SIZE, naming it", () => {
    expect(() => parseConfig({ UV_THREADPOOL_SIZE: "lots" })).toThrow(/UV_THREADPOOL_SIZE/);
    expect(() => parseConfig({ UV_THREADPOOL_SIZE: "0" })).toThrow(/UV_THREADPOOL_SIZE/);
  });

  it("takes a MAX_UNPAID_ORDERS above the settings' 50 up to a million, and refuses one past it, naming it", () => {
    expect(parseConfig({ MAX_UNPAID_ORDERS: "1000000" }).orderLimits.maxUnpaidOrders).toBe(1_000_000);
    expect(() => parseConfig({ MAX_UNPAID_ORDERS: "1000001" })).toThrow(/MAX_UNPAID_ORDERS/);
  });

  it("takes the seller's GSTIN and state for invoices, refusing a GSTIN of the wrong form by name", () => {
    expect(parseConfig({})).toMatchObject({ storeGstin: "27AAPFU0939F1ZV", storeState: "Maharashtra" });
    expect(parseConfig({ STORE_GSTIN: " 29aabcu9603r1zm ", STORE_STATE: "Karnataka" })).toMatchObject({
      storeGstin: "29AABCU9603R1ZM",
      storeState: "Karnataka",
    });
    for (const gstin of ["27AAPFU0939F1Z", "27AAPFU0939F1XV", "AAAPFU0939F1ZV7", "27AAPFU0939F0ZV"])
      expect(() => parseConfig({ STORE_GSTIN: gstin }), gstin).toThrow(
        /STORE_GSTIN: must be a 15-character GSTIN/,
      );
    expect(() => parseConfig({ STORE_STATE: "M" })).toThrow(/STORE_STATE/);
  });

  it("sizes the thread pool from UV_THREADPOOL_SIZE, 4 when unset", () => {
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: "8" })).toBe(8);
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: "" })).toBe(4);
  });
});

describe("production configuration", () => {
  const live = {
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "https://shop.example",
    SECRETS_KEY: "5e".repeat(32),
  };
  const paypal = { PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" };
  const razorpay = { RAZORPAY_KEY_ID: "rzp_test_1DP5mmOlF5G5ag", RAZORPAY_KEY_SECRET: "secret" };

  it("refuses to start without Razorpay, PayPal or an explicit test gateway, naming the variables", () => {
    expect(() => parseConfig(live)).toThrow(
      /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET or PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required/,
    );
    expect(() => parseConfig({ ...live, PAYMENTS_TEST_GATEWAY: "0" })).toThrow(/PAYPAL_CLIENT_ID/);
  });

  it("starts with Razorpay alone, which takes the place of the test gateway", () => {
    const config = parseConfig({ ...live, ...razorpay });
    expect(config.razorpay).toEqual({
      keyId: "rzp_test_1DP5mmOlF5G5ag",
      keySecret: "secret",
      webhookSecret: undefined,
      apiBase: "https://api.razorpay.com",
      checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
    expect(config.paypal).toBeUndefined();
    expect(config.testGateway).toBe(false);
    expect(parseConfig({ ...razorpay, PAYMENTS_TEST_GATEWAY: "1" }).testGateway).toBe(false);
    expect(parseConfig({}).razorpay).toBeUndefined();
  });

  it("refuses half of Razorpay's keys, whatever else is set, naming both", () => {
    for (const half of [{ RAZORPAY_KEY_ID: "rzp_test_1" }, { RAZORPAY_KEY_SECRET: "secret" }]) {
      expect(() => parseConfig({ ...live, ...paypal, ...half })).toThrow(
        /RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: set both or neither/,
      );
      // Tools that only open the database are stopped too: the mistake would meet the next start.
      expect(() => parseConfig(half, { server: false })).toThrow(/set both or neither/);
    }
  });

  it("leaves Shiprocket off without its sign-in, and takes the email, password, API and webhook token together", () => {
    expect(parseConfig({}).shiprocket).toBeUndefined();
    const signIn = { SHIPROCKET_EMAIL: "api@shop.example", SHIPROCKET_PASSWORD: "secret" };
    expect(parseConfig({ ...live, ...razorpay, ...signIn }).shiprocket).toEqual({
      email: "api@shop.example",
      password: "secret",
      apiBase: "https://apiv2.shiprocket.in",
      webhookToken: undefined,
    });
    const config = parseConfig({
      ...live,
      ...razorpay,
      RAZORPAY_WEBHOOK_SECRET: "whsec",
      ...signIn,
      SHIPROCKET_API_BASE: "http://127.0.0.1:9200",
      SHIPROCKET_WEBHOOK_TOKEN: "token-in-the-panel",
    });
    expect(config.shiprocket).toMatchObject({
      apiBase: "http://127.0.0.1:9200",
      webhookToken: "token-in-the-panel",
    });
    expect(config.warnings).toEqual([]);
    expect(
      parseConfig({ ...live, ...razorpay, RAZORPAY_WEBHOOK_SECRET: "whsec", ...signIn }).warnings,
    ).toEqual([expect.stringContaining("SHIPROCKET_WEBHOOK_TOKEN is not set")]);
    expect(() => parseConfig({ ...signIn, SHIPROCKET_API_BASE: "apiv2.shiprocket.in" })).toThrow(
      /SHIPROCKET_API_BASE/,
    );
  });

  it("refuses half of Shiprocket's sign-in, whatever else is set, naming both", () => {
    for (const half of [{ SHIPROCKET_EMAIL: "api@shop.example" }, { SHIPROCKET_PASSWORD: "secret" }]) {
      expect(() => parseConfig(half, { server: false })).toThrow(
        /SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD: set both or neither/,
      );
    }
  });

  it("takes Razorpay's webhook secret, API and Checkout addresses, warning when webhooks cannot be verified", () => {
    const config = parseConfig({
      ...live,
      ...razorpay,
      RAZORPAY_WEBHOOK_SECRET: "whsec",
      RAZORPAY_API_BASE: "http://127.0.0.1:9100",
      RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:9101/checkout.js",
    });
    expect(config.razorpay).toMatchObject({
      webhookSecret: "whsec",
      apiBase: "http://127.0.0.1:9100",
      checkoutUrl: "http://127.0.0.1:9101/checkout.js",
    });
    expect(config.warnings).toEqual([]);
    expect(parseConfig({ ...live, ...razorpay }).warnings).toEqual([
      expect.stringContaining("RAZORPAY_WEBHOOK_SECRET is not set"),
    ]);
    expect(() => parseConfig({ ...razorpay, RAZORPAY_API_BASE: "api.razorpay" })).toThrow(
      /RAZORPAY_API_BASE/,
    );
  });

  it("takes test cards in production only when PAYMENTS_TEST_GATEWAY=1, and never beside PayPal", () => {
    expect(parseConfig({ ...live, PAYMENTS_TEST_GATEWAY: "1" }).testGateway).toBe(true);
    expect(parseConfig({ ...live, ...paypal }).testGateway).toBe(false);
    expect(parseConfig({ ...live, ...paypal, PAYMENTS_TEST_GATEWAY: "1" }).testGateway).toBe(false);
    expect(parseConfig({}).testGateway).toBe(true);
  });

  it("leaves payments and refunds to their requests for PAYMENTS_SWEEP_AFTER_SECONDS before the sweep asks, whatever the provider", () => {
    expect(parseConfig({ ...live, ...paypal }).paymentSweepAfterMs).toBe(300_000);
    expect(parseConfig({ PAYMENTS_SWEEP_AFTER_SECONDS: "30" }).paymentSweepAfterMs).toBe(30_000);
    expect(() => parseConfig({ PAYMENTS_SWEEP_AFTER_SECONDS: "0" })).toThrow(/PAYMENTS_SWEEP_AFTER_SECONDS/);
  });

  it("refuses a sweep delay under 30 s, which could ask about a refund still waiting for its provider's answer", () => {
    expect(() => parseConfig({ PAYMENTS_SWEEP_AFTER_SECONDS: "29" })).toThrow(
      /PAYMENTS_SWEEP_AFTER_SECONDS: must be at least 30/,
    );
  });

  it("gives provider calls 15 s at most for their answer; tests may shorten it", () => {
    expect(parseConfig({}).providerTimeoutMs).toBe(15_000);
    expect(parseConfig({ PAYMENTS_PROVIDER_TIMEOUT_MS: "200" }).providerTimeoutMs).toBe(200);
    expect(() => parseConfig({ PAYMENTS_PROVIDER_TIMEOUT_MS: "15001" })).toThrow(
      /PAYMENTS_PROVIDER_TIMEOUT_MS/,
    );
  });

  it("warns that without PAYPAL_WEBHOOK_ID a capture PayPal reports later is never recorded", () => {
    expect(parseConfig({ ...live, ...paypal }).warnings).toEqual([
      expect.stringContaining("PAYPAL_WEBHOOK_ID is not set"),
    ]);
    expect(parseConfig({ ...live, ...paypal, PAYPAL_WEBHOOK_ID: "WH-1" }).warnings).toEqual([]);
  });

  it("requires SECRETS_KEY in production, 32 bytes in hex or base64, and warns of the development key in development", () => {
    const { SECRETS_KEY: _, ...keyless } = live;
    expect(() => parseConfig({ ...keyless, ...paypal })).toThrow(/SECRETS_KEY: required in production/);
    expect(parseConfig({ ...keyless, ...paypal }, { server: false }).secretsKeys.current).toBeUndefined();
    const key = Buffer.alloc(32, 7);
    for (const text of [key.toString("hex"), key.toString("base64"), key.toString("base64url")])
      expect(parseConfig({ SECRETS_KEY: text }).secretsKeys.current).toEqual(key);
    for (const text of ["short", "ab".repeat(31), Buffer.alloc(31).toString("base64")])
      expect(() => parseConfig({ SECRETS_KEY: text }), text).toThrow(/SECRETS_KEY: must be 32 bytes/);
    const old = Buffer.alloc(32, 9).toString("hex");
    expect(parseConfig({ SECRETS_KEY_PREVIOUS: `${old}, ${old}` }).secretsKeys.previous).toEqual([
      Buffer.alloc(32, 9),
      Buffer.alloc(32, 9),
    ]);
    expect(() => parseConfig({ SECRETS_KEY_PREVIOUS: "nope" })).toThrow(/SECRETS_KEY_PREVIOUS: each key/);
    expect(parseConfig({}).warnings).toEqual([expect.stringContaining("SECRETS_KEY is not set")]);
    expect(parseConfig({ NODE_ENV: "test" }).warnings).toEqual([]);
  });

  it("requires PUBLIC_ORIGIN in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", ...paypal })).toThrow(
      /PUBLIC_ORIGIN: required in production/,
    );
    expect(parseConfig({ ...paypal }).publicOrigin).toBeUndefined();
  });

  it("ignores SHOP_DEMO in production, with a warning", () => {
    const config = parseConfig({ ...live, ...paypal, PAYPAL_WEBHOOK_ID: "WH-1", SHOP_DEMO: "1" });
    expect(config.demo).toBe(false);
    expect(config.warnings).toEqual([expect.stringContaining("SHOP_DEMO is ignored in production")]);
    expect(parseConfig({ SHOP_DEMO: "1" }).demo).toBe(true);
    expect(parseConfig({ SHOP_DEMO: "1", NODE_ENV: "test" }).warnings).toEqual([]);
  });

  it("publishes the API document in production only with API_DOCS=1", () => {
    expect(parseConfig({ ...live, ...paypal }).apiDocs).toBe(false);
    expect(parseConfig({ ...live, ...paypal, API_DOCS: "1" }).apiDocs).toBe(true);
    expect(parseConfig({}).apiDocs).toBe(true);
  });

  it("lets webhooks reach private addresses only with WEBHOOKS_ALLOW_PRIVATE=1, which production refuses by name", () => {
    for (const env of ["development", "test"]) {
      expect(parseConfig({ NODE_ENV: env }).webhooksAllowPrivate, env).toBe(false);
      expect(parseConfig({ NODE_ENV: env, WEBHOOKS_ALLOW_PRIVATE: "1" }).webhooksAllowPrivate, env).toBe(
        true,
      );
    }
    expect(parseConfig({ ...live, ...paypal }).webhooksAllowPrivate).toBe(false);
    expect(parseConfig({ ...live, ...paypal, WEBHOOKS_ALLOW_PRIVATE: "0" }).webhooksAllowPrivate).toBe(false);
    for (const options of [{ server: true }, { server: false }])
      expect(() => parseConfig({ ...live, ...paypal, WEBHOOKS_ALLOW_PRIVATE: "1" }, options)).toThrow(
        /WEBHOOKS_ALLOW_PRIVATE: refused in production/,
      );
  });

  it("reads how often the reminders' sender looks, and its clock ahead only outside production, which refuses it by name", () => {
    expect(parseConfig({}).cartReminders).toEqual({ everyMs: undefined, earlyMs: 0 });
    expect(
      parseConfig({ CART_REMINDERS_EVERY_SECONDS: "1", CART_REMINDERS_EARLY_MINUTES: "10" }).cartReminders,
    ).toEqual({ everyMs: 1_000, earlyMs: 600_000 });
    for (const every of ["0", "3601", "0.5", "often"])
      expect(() => parseConfig({ CART_REMINDERS_EVERY_SECONDS: every }), every).toThrow(
        /CART_REMINDERS_EVERY_SECONDS/,
      );
    for (const early of ["-1", "10081", "1.5"])
      expect(() => parseConfig({ CART_REMINDERS_EARLY_MINUTES: early }), early).toThrow(
        /CART_REMINDERS_EARLY_MINUTES/,
      );
    expect(parseConfig({ NODE_ENV: "test", CART_REMINDERS_EARLY_MINUTES: "10" }).cartReminders.earlyMs).toBe(
      600_000,
    );
    expect(parseConfig({ ...live, ...paypal, CART_REMINDERS_EVERY_SECONDS: "30" }).cartReminders).toEqual({
      everyMs: 30_000,
      earlyMs: 0,
    });
    expect(parseConfig({ ...live, ...paypal, CART_REMINDERS_EARLY_MINUTES: "0" }).cartReminders.earlyMs).toBe(
      0,
    );
    for (const options of [{ server: true }, { server: false }])
      expect(() => parseConfig({ ...live, ...paypal, CART_REMINDERS_EARLY_MINUTES: "10" }, options)).toThrow(
        /CART_REMINDERS_EARLY_MINUTES: refused in production/,
      );
  });

  it("migrates through MIGRATION_DATABASE_URL only beside DATABASE_URL, with which it shares the database", () => {
    const database = "postgres://shop_app@db.example/shop";
    const owner = "postgres://shop_owner@db.example/shop";
    expect(parseConfig({}).migrationDatabaseUrl).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: database, MIGRATION_DATABASE_URL: owner })).toMatchObject({
      databaseUrl: database,
      migrationDatabaseUrl: owner,
    });
    for (const options of [{ server: true }, { server: false }])
      expect(() => parseConfig({ MIGRATION_DATABASE_URL: owner }, options)).toThrow(
        /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
      );
    expect(() => parseConfig({ DATABASE_URL: database, MIGRATION_DATABASE_URL: "owner" })).toThrow(
      /MIGRATION_DATABASE_URL/,
    );
  });

  it("sets timeouts for slow clients, configurable", () => {
    expect(parseConfig({}).timeouts).toEqual({
      connection: 30_000,
      headers: 10_000,
      request: 30_000,
      keepAlive: 5_000,
    });
    expect(parseConfig({ HEADERS_TIMEOUT_MS: "2000" }).timeouts.headers).toBe(2000);
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: "soon" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
