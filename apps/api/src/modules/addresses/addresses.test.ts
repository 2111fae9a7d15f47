import { api, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { addresses } from "#api/db/schema/addresses";
import { orders } from "#api/db/schema/orders";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS as address } from "#test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A well-formed GSTIN of Maharashtra (GST.md's example), and one of Karnataka with its check character. */
const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";

const URL = "/api/users/current-user/addresses";

describe("the shopper's addresses", () => {
  it("adds, lists, changes and deletes an address", async () => {
    const { cookie } = await signedInUser(t);
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
    const created = await inject(t.app, { method: "POST", url: URL, cookie, payload: address });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    expect(created.json().data).toEqual({
      _id: id,
      ...address,
      gstin: null,
      legalName: null,
      stateValid: true,
    });
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
        state: "Maharastra",
        pinCode: "4000",
        country: "Nepal",
        countryCode: "1",
        userId: newId(),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      phoneNumber: validation.phoneNumber,
      building: validation.atLeast("Building", 10),
      street: validation.atLeast("Street", 10),
      city: validation.atLeast("City", 3),
      state: validation.state,
      pinCode: validation.atLeast("PIN code", 6, "digits"),
      country: validation.country,
      countryCode: validation.countryCode,
      userId: validation.unknownField,
    });
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
  });

  it("stores a phone typed with spaces, +91 or a leading 0 as its ten digits, and a PIN code's six", async () => {
    const { cookie } = await signedInUser(t);
    for (const typed of ["98450 12345", "+91 98450 12345", "098450 12345"]) {
      const created = await inject(t.app, {
        method: "POST",
        url: URL,
        cookie,
        payload: { ...address, phoneNumber: typed, pinCode: " 400 050 " },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ phoneNumber: "9845012345", pinCode: "400050" });
    }
    const saved = await t.database.db.select().from(addresses);
    expect(saved.filter((row) => row.phoneNumber === "9845012345")).toHaveLength(3);
  });

  it("refuses a PIN code outside the state's zones with 400 at pinCode, naming both, and stores nothing", async () => {
    const { cookie } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "POST",
      url: URL,
      cookie,
      payload: { ...address, state: "Karnataka", pinCode: "400050" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      pinCode: validation.pinCodeOtherState("400050", ["Maharashtra"], "Karnataka"),
    });
    expect(response.json().errors.pinCode).toBe("PIN code 400050 is in Maharashtra, not in Karnataka.");
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

describe("an address's state and GSTIN", () => {
  it("saves a listed state typed in any case and spacing with its listed spelling", async () => {
    const { cookie } = await signedInUser(t);
    const created = await inject(t.app, {
      method: "POST",
      url: URL,
      cookie,
      payload: { ...address, state: "  maharashtra " },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ state: "Maharashtra", stateValid: true });
    const changed = await inject(t.app, {
      method: "PUT",
      url: `${URL}/${created.json().data._id}`,
      cookie,
      payload: { ...address, state: "TAMIL   nadu", pinCode: "600004" },
    });
    expect(changed.json().data.state).toBe("Tamil Nadu");
  });

  it.each(["Maharastra", "Bombay", "MH", "Other Territory"])(
    "refuses the state %j at `state` with SPEC's message and stores nothing",
    async (state) => {
      const { cookie } = await signedInUser(t);
      const response = await inject(t.app, {
        method: "POST",
        url: URL,
        cookie,
        payload: { ...address, state },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ state: validation.state });
      expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
    },
  );

  it("keeps a GSTIN upper-cased, prints it back, and clears it when left blank", async () => {
    const { cookie } = await signedInUser(t);
    const created = await inject(t.app, {
      method: "POST",
      url: URL,
      cookie,
      payload: {
        ...address,
        gstin: ` ${MAHARASHTRA_GSTIN.toLowerCase()} `,
        legalName: "Asha Traders Pvt Ltd",
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.gstin).toBe(MAHARASHTRA_GSTIN);
    expect(created.json().data.legalName).toBe("Asha Traders Pvt Ltd");
    const cleared = await inject(t.app, {
      method: "PUT",
      url: `${URL}/${created.json().data._id}`,
      cookie,
      payload: { ...address, gstin: "" },
    });
    expect(cleared.json().data.gstin).toBeNull();
  });

  it.each([
    ["a wrong shape", "27AAPFU0939F1Z", validation.gstin],
    ["a wrong check character", "27AAPFU0939F1ZW", validation.gstinCheck],
    ["no state's code", "99AAPFU0939F1ZV", validation.gstinStateCode],
    ["another state's code", "29AAPFU0939F1ZR", validation.gstinOtherState("Maharashtra", "27")],
  ])("refuses a GSTIN with %s at `gstin`", async (_label, gstin, message) => {
    const { cookie } = await signedInUser(t);
    const response = await inject(t.app, {
      method: "POST",
      url: URL,
      cookie,
      payload: { ...address, gstin, legalName: "Asha Traders Pvt Ltd" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ gstin: message });
  });

  it("asks for the business's legal name with a GSTIN, at `legalName`, and saves nothing without it", async () => {
    const { cookie } = await signedInUser(t);
    for (const legalName of [undefined, "", "  "]) {
      const response = await inject(t.app, {
        method: "POST",
        url: URL,
        cookie,
        payload: { ...address, gstin: MAHARASHTRA_GSTIN, ...(legalName === undefined ? {} : { legalName }) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ legalName: validation.legalNameRequired });
    }
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data).toEqual([]);
  });

  it("flags an address saved with a state that is none of India's, refuses an order to it, and ships once a state is picked", async () => {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(
      t.database,
      { category: category.id, thumbnail: media.id },
      { stock: 5 },
    );
    const { cookie, user } = await signedInUser(t);
    const id = (await inject(t.app, { method: "POST", url: URL, cookie, payload: address })).json().data._id;
    // As typed before states were a list, and left so by migration 0033.
    await t.database.db.update(addresses).set({ state: "Maharastra" }).where(eq(addresses.id, id));
    expect((await inject(t.app, { method: "GET", url: URL, cookie })).json().data[0]).toMatchObject({
      state: "Maharastra",
      stateValid: false,
    });
    const order = { products: [{ product: product._id, quantity: 1 }], shippingAddress: id };
    const refused = await inject(t.app, { method: "POST", url: "/api/orders", cookie, payload: order });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: api.addressNeedsState,
      errors: { shippingAddress: api.addressNeedsState },
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    await inject(t.app, {
      method: "PUT",
      url: `${URL}/${id}`,
      cookie,
      payload: { ...address, gstin: MAHARASHTRA_GSTIN, legalName: "Asha Traders Pvt Ltd" },
    });
    const placed = await inject(t.app, { method: "POST", url: "/api/orders", cookie, payload: order });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.shippingAddress).toMatchObject({
      state: "Maharashtra",
      gstin: MAHARASHTRA_GSTIN,
      legalName: "Asha Traders Pvt Ltd",
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(row?.buyerGstin).toBe(MAHARASHTRA_GSTIN);
    expect(row?.shippingAddress.gstin).toBe(MAHARASHTRA_GSTIN);
    const read = await inject(t.app, { method: "GET", url: `/api/orders/current-user/${row?.id}`, cookie });
    expect(read.json().data.shippingAddress.gstin).toBe(MAHARASHTRA_GSTIN);
  });
});
