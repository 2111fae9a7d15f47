import { api } from "@shop/shared/messages";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHOP_DEMO: "1", STORE_EMAIL: "help@shop.test", STORE_PHONE: "+91 98765 43210" });
});
afterAll(async () => t.close());

describe("system endpoints", () => {
  it("GET /api/health answers ok once the database answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "OK", data: { status: "ok" } });
  });

  it("GET /api/config gives the public settings and, in demo mode, the demo admin", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(response.json().data).toEqual({
      storeEmail: "help@shop.test",
      storePhone: "+91 98765 43210",
      paymentProvider: "test",
      // Cash on delivery is off in a fresh shop: the test gateway alone.
      paymentMethods: ["test"],
      maxQuantityPerLine: 10,
      demo: { email: "admin@example.com", password: "Admin@123" },
      // The owner's settings as a fresh shop has them: SPEC's currency, tax on top, one method.
      store: {
        name: "Bazaar",
        legalName: "Bazaar",
        address: t.config.storeAddress,
        email: "help@shop.test",
        phone: "+91 98765 43210",
      },
      currency: { code: "USD", locale: "en-US" },
      taxes: { pricesIncludeTax: false, defaultRate: 18 },
      shippingMethods: [
        {
          _id: STANDARD_SHIPPING._id,
          name: "Standard",
          price: 80,
          freeAbove: 5000,
          estimatedDays: null,
          states: null,
          enabled: true,
          serves: "states",
          days: null,
        },
      ],
      minimumOrder: 0,
      cod: { enabled: false, maxOrderValue: 10000, fee: 0, confirmHours: 48 },
      returnWindowDays: 7,
      shiprocket: false,
      whatsapp: false,
    });
    const plain = await createTestApp({
      SHOP_DEMO: "0",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
    });
    try {
      const data = (await plain.app.inject({ method: "GET", url: "/api/config" })).json().data;
      expect(data.demo).toBeNull();
      expect(data.paymentProvider).toBe("paypal");
      expect(data.paymentMethods).toEqual(["paypal"]);
    } finally {
      await plain.close();
    }
  });

  it("GET /api/config names Razorpay, not the test gateway, on a shop configured with Razorpay alone", async () => {
    const razorpay = await createTestApp({
      SHOP_DEMO: "0",
      RAZORPAY_KEY_ID: "rzp_test_SystemTest0001",
      RAZORPAY_KEY_SECRET: "secret",
    });
    try {
      const data = (await razorpay.app.inject({ method: "GET", url: "/api/config" })).json().data;
      expect(data.paymentProvider).toBe("razorpay");
      expect(data.paymentMethods).toEqual(["razorpay"]);
    } finally {
      await razorpay.close();
    }
  });

  it("answers an unknown /api path with a JSON 404 envelope", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/no-such-thing" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: api.routeNotFound });
    }
  });

  it("sends the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("serves the OpenAPI document from the route schemas at /api/docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      "/api/auth/register",
      "/api/auth/login",
      "/api/auth/logout",
      "/api/users/current-user",
      "/api/users/current-user/password",
      "/api/users/current-user/addresses",
      "/api/users/current-user/addresses/{id}",
      "/api/users/customers",
      "/api/users/{userId}",
      "/api/users/user/{userId}/status",
      "/api/health",
      "/api/config",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(
      doc.paths["/api/auth/register"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("password");
    expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("in production: no API document unless API_DOCS=1, no demo account even with SHOP_DEMO=1", async () => {
    const live = await createTestApp({ NODE_ENV: "production", SHOP_DEMO: "1" });
    try {
      expect((await live.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
      expect((await live.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBe(404);
      const config = (await live.app.inject({ method: "GET", url: "/api/config" })).json().data;
      expect(config.demo).toBeNull();
      expect(JSON.stringify(config)).not.toContain("Admin@123");
    } finally {
      await live.close();
    }
  });

  it("answers 503 with the envelope, and no stack trace, when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const response = await broken.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, message: api.unavailable });
    } finally {
      await broken.app.close();
    }
  });

  it("answers a URL the router cannot read with the envelope", async () => {
    // NOTE: a DELETE, because a GET of an unknown long path may end in the web app's history fallback.
    for (const url of ["/api/products/%C0%AE", `/api/products/${"x".repeat(300)}`]) {
      const response = await t.app.inject({ method: "DELETE", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, message: api.invalidInput });
    }
  });
});
