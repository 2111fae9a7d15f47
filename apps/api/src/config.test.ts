import { describe, expect, it } from "vitest";
import { parseConfig, threadPoolSize } from "./config";

describe("configuration", () => {
  it("refuses a wrong UV_THREADPOOL_SIZE, naming it", () => {
    expect(() => parseConfig({ UV_THREADPOOL_SIZE: "lots" })).toThrow(/UV_THREADPOOL_SIZE/);
    expect(() => parseConfig({ UV_THREADPOOL_SIZE: "0" })).toThrow(/UV_THREADPOOL_SIZE/);
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
  const live = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://shop.example" };
  const paypal = { PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "secret" };

  it("refuses to start without PayPal or an explicit test gateway, naming the variables", () => {
    expect(() => parseConfig(live)).toThrow(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required/);
    expect(() => parseConfig({ ...live, PAYMENTS_TEST_GATEWAY: "0" })).toThrow(/PAYPAL_CLIENT_ID/);
  });

  it("takes test cards in production only when PAYMENTS_TEST_GATEWAY=1, and never beside PayPal", () => {
    expect(parseConfig({ ...live, PAYMENTS_TEST_GATEWAY: "1" }).testGateway).toBe(true);
    expect(parseConfig({ ...live, ...paypal }).testGateway).toBe(false);
    expect(parseConfig({ ...live, ...paypal, PAYMENTS_TEST_GATEWAY: "1" }).testGateway).toBe(false);
    expect(parseConfig({}).testGateway).toBe(true);
  });

  it("requires PUBLIC_ORIGIN in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", ...paypal })).toThrow(
      /PUBLIC_ORIGIN: required in production/,
    );
    expect(parseConfig({ ...paypal }).publicOrigin).toBeUndefined();
  });

  it("ignores SHOP_DEMO in production, with a warning", () => {
    const config = parseConfig({ ...live, ...paypal, SHOP_DEMO: "1" });
    expect(config.demo).toBe(false);
    expect(config.warnings).toEqual([expect.stringContaining("SHOP_DEMO is ignored in production")]);
    expect(parseConfig({ SHOP_DEMO: "1" }).demo).toBe(true);
    expect(parseConfig({ SHOP_DEMO: "1" }).warnings).toEqual([]);
  });

  it("publishes the API document in production only with API_DOCS=1", () => {
    expect(parseConfig({ ...live, ...paypal }).apiDocs).toBe(false);
    expect(parseConfig({ ...live, ...paypal, API_DOCS: "1" }).apiDocs).toBe(true);
    expect(parseConfig({}).apiDocs).toBe(true);
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
