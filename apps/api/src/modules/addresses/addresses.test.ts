import { api, validation } from "@shop/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { ADDRESS as address } from "#test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const URL = "/api/users/current-user/addresses";

describe("the shopper's addresses", () => {
  it("adds, lists, changes and deletes an address", async () => {
    const { cookie } = await signedInUser(t);
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
    const created = await inject(t.app, { method: "POST", url: URL, cookie, payload: address });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    expect(created.json().data).toEqual({ _id: id, ...address });
    const changed = await inject(t.app, {
      method: "PUT",
      url: `${URL}/${id}`,
      cookie,
      payload: { ...address, city: "Pune" },
    });
    expect(changed.json().data.city).toBe("Pune");
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toHaveLength(1);
    expect((await inject(t.app, { method: "DELETE", url: `${URL}/${id}`, cookie })).statusCode).toBe(200);
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
  });

  it("answers each field below its minimum with its SPEC message and stores nothing", async () => {
    const { cookie } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "POST",
      url: URL,
      cookie,
      payload: {
        ...address,
        phoneNumber: "98765",
        building: "Flat 12",
        street: "Short",
        city: "Mu",
        state: "MH",
        pinCode: "4000",
        country: "Nepal",
        countryCode: "1",
        userId: newId(),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      phoneNumber: validation.phoneNumber,
      building: validation.building,
      street: validation.street,
      city: validation.city,
      state: validation.state,
      pinCode: validation.pinCode,
      country: validation.country,
      countryCode: validation.countryCode,
      userId: validation.unknownField,
    });
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
  });

  it("hides another shopper's address: 404 on change and delete, absent from the list", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const id = (
      await inject(t.app, { method: "POST", url: URL, cookie: owner.cookie, payload: address })
    ).json().data._id;
    const put = await inject(t.app, {
      method: "PUT",
      url: `${URL}/${id}`,
      cookie: other.cookie,
      payload: address,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ success: false, message: api.addressNotFound });
    expect(
      (await inject(t.app, { method: "DELETE", url: `${URL}/${id}`, cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect((await inject(t.app, { method: "GET", url: URL, cookie: other.cookie })).json().data).toEqual([]);
    expect((await inject(t.app, { method: "GET", url: URL, cookie: owner.cookie })).json().data).toHaveLength(
      1,
    );
  });

  it("answers 401 without a session and 400 for a malformed id", async () => {
    expect((await t.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: URL, payload: address })).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const malformed = await inject(t.app, { method: "DELETE", url: `${URL}/123`, cookie });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ id: validation.id });
  });
});
