/**
 * The owner's order of the payment methods (the checkout section): SPEC's order among the configured
 * providers until changed, another order saved and recorded, a method this server has no keys for
 * refused at its place, and the order the pay page reads in GET /api/config.
 */
import { api, validation } from "@shop/shared/messages";
import { PAYMENT_METHODS } from "@shop/shared/schemas/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { type Caller, quickUser } from "#test/fixtures";
import { createSettingsStore } from "./service";

let t: TestApp;
let admin: Caller;

// Keys for both real providers: nothing here calls them.
beforeAll(async () => {
  t = await createTestApp({
    RAZORPAY_KEY_ID: "rzp_test_SettingsTest01",
    RAZORPAY_KEY_SECRET: "razorpay-secret",
    PAYPAL_CLIENT_ID: "paypal-id",
    PAYPAL_CLIENT_SECRET: "paypal-secret",
  });
  admin = await quickUser(t, "admin");
});
afterAll(async () => t.close());

const LIMITS = { holdMinutes: 30, maxUnpaidOrders: 5, maxQuantityPerLine: 10, minimumOrder: 0 };
const COD_ON = { enabled: true, maxOrderValue: 10000, fee: 0 };

function putCheckout(body: object) {
  return inject(t.app, { method: "PUT", url: "/api/settings/checkout", cookie: admin.cookie, payload: body });
}

async function settingsMethods(): Promise<string[]> {
  const response = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.checkout.paymentMethods;
}

async function publicMethods(): Promise<string[]> {
  const response = await inject(t.app, { method: "GET", url: "/api/config" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.paymentMethods;
}

describe("the payment methods of the checkout settings", () => {
  it("are the configured providers and cash on delivery in SPEC's order until the owner orders them", async () => {
    expect(await settingsMethods()).toEqual(["razorpay", "paypal", "cod"]);
    // Cash on delivery is off in a fresh shop: the pay page offers the providers alone.
    expect(await publicMethods()).toEqual(["razorpay", "paypal"]);
    // PayPal is configured: the older field still names it.
    const config = (await inject(t.app, { method: "GET", url: "/api/config" })).json().data;
    expect(config.paymentProvider).toBe("paypal");
  });

  it("take the owner's order, record it in the history, and publish it for the pay page", async () => {
    const before = await settingsMethods();
    const order = ["cod", "paypal", "razorpay"];
    const response = await putCheckout({ ...LIMITS, cod: COD_ON, paymentMethods: order });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: api.settingsSaved, data: { paymentMethods: order } });
    expect(await settingsMethods()).toEqual(order);
    expect(await publicMethods()).toEqual(order);

    const history = await inject(t.app, {
      method: "GET",
      url: "/api/settings/history?size=1",
      cookie: admin.cookie,
    });
    expect(history.json().data[0]).toMatchObject({
      section: "checkout",
      before: { paymentMethods: before },
      after: { paymentMethods: order },
    });

    // Cash on delivery turned off leaves the pay page, keeping its place in the settings.
    expect((await putCheckout({ ...LIMITS, paymentMethods: order })).statusCode).toBe(200);
    expect(await settingsMethods()).toEqual(order);
    expect(await publicMethods()).toEqual(["paypal", "razorpay"]);
  });

  it("put the configured methods a list leaves out after it, in SPEC's order", async () => {
    const response = await putCheckout({ ...LIMITS, cod: COD_ON, paymentMethods: ["paypal"] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.paymentMethods).toEqual(["paypal", "razorpay", "cod"]);
    // A section saved without the field (a client from before it) is SPEC's order.
    expect((await putCheckout({ ...LIMITS, cod: COD_ON })).statusCode).toBe(200);
    expect(await settingsMethods()).toEqual(["razorpay", "paypal", "cod"]);
  });

  it.each([
    [["razorpay", "test", "cod"], { "paymentMethods.1": validation.paymentMethodNotConfigured }],
    [["upi", "razorpay"], { "paymentMethods.0": validation.oneOf(PAYMENT_METHODS) }],
    [["paypal", "razorpay", "paypal"], { "paymentMethods.2": validation.paymentMethodRepeated }],
  ])("refuse %j at the field, keeping the order there was", async (paymentMethods, errors) => {
    const before = await settingsMethods();
    const response = await putCheckout({ ...LIMITS, cod: COD_ON, paymentMethods });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(await settingsMethods()).toEqual(before);
  });

  it("drop a provider whose keys are gone from the order read, keeping the rest as the owner left it", async () => {
    const order = ["cod", "paypal", "razorpay"];
    expect((await putCheckout({ ...LIMITS, cod: COD_ON, paymentMethods: order })).statusCode).toBe(200);
    // The same database read by a server started without PayPal's keys.
    const withoutPaypal = createSettingsStore(t.database.db, { ...t.config, paypal: undefined });
    expect((await withoutPaypal.current()).checkout.paymentMethods).toEqual(["cod", "razorpay"]);
    // And by one started with the test gateway alone.
    const testOnly = createSettingsStore(t.database.db, {
      ...t.config,
      paypal: undefined,
      razorpay: undefined,
      testGateway: true,
    });
    expect((await testOnly.current()).checkout.paymentMethods).toEqual(["cod", "test"]);
  });
});
