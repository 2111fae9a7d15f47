import { validation } from "@shop/shared/messages";
import { COURIER_RULES, DEFAULT_SHIPROCKET } from "@shop/shared/schemas/parcel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { type Caller, quickUser } from "#test/fixtures";

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
});
afterAll(async () => t.close());

const put = (payload: object) =>
  inject(t.app, { method: "PUT", url: "/api/settings/shipping", cookie: admin.cookie, payload });

async function shipping() {
  const response = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.shipping;
}

const chosen = {
  pickupLocation: "Andheri warehouse",
  courierRule: "fastest",
  answersDelivery: true,
  defaultWeightKg: 1.25,
  defaultDimensionsCm: { length: 35.5, breadth: 25, height: 8 },
};

describe("the shipping settings' Shiprocket part", () => {
  it("answers its defaults before the owner saves them", async () => {
    expect((await shipping()).shiprocket).toEqual(DEFAULT_SHIPROCKET);
  });

  it("saves the five settings and reads them back", async () => {
    const { methods, dispatch } = await shipping();
    const saved = await put({ methods, dispatch, shiprocket: chosen });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.shiprocket).toEqual(chosen);
    t.app.settings.forget();
    expect((await shipping()).shiprocket).toEqual(chosen);
  });

  it("refuses a courier rule it does not know, and a bad default size, at the field and keeps what was saved", async () => {
    const { methods, dispatch } = await shipping();
    const rule = await put({ methods, dispatch, shiprocket: { ...chosen, courierRule: "slowest" } });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().errors).toEqual({ "shiprocket.courierRule": validation.oneOf(COURIER_RULES) });
    const size = await put({
      methods,
      dispatch,
      shiprocket: {
        ...chosen,
        defaultWeightKg: 0,
        defaultDimensionsCm: { ...chosen.defaultDimensionsCm, height: 0.5 },
      },
    });
    expect(size.statusCode).toBe(400);
    expect(size.json().errors).toEqual({
      "shiprocket.defaultWeightKg": validation.min(0.001),
      "shiprocket.defaultDimensionsCm.height": validation.min(0.6),
    });
    const extra = await put({ methods, dispatch, shiprocket: { ...chosen, token: "x" } });
    expect(extra.statusCode).toBe(400);
    t.app.settings.forget();
    expect((await shipping()).shiprocket).toEqual(chosen);
  });
});
