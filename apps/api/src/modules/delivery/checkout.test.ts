/**
 * Checkout by PIN code: the cart's pricing and the placement offer and accept a method serving a
 * PIN code list only for an address whose PIN code its list holds, as the server looks it up; a
 * method serving states as before.
 */
import { api } from "@shop/shared/messages";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAddress } from "#api/modules/addresses/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, type Caller, quickUser } from "#test/fixtures";
import { replacePincodes } from "./repo";

let t: TestApp;
let admin: Caller;
let shopper: Caller;
let productId: string;
/** ADDRESS: Mumbai, Maharashtra, 400002. */
let mumbai: string;
/** Pune, Maharashtra, 411001, saved with a space in its PIN code as some older addresses were. */
let pune: string;

/** Cheaper than Standard, for the PIN codes of its list. */
const LOCAL: ShippingMethod = {
  ...STANDARD_SHIPPING,
  _id: "d3d3d3d3d3d3d3d3d3d3d3d3",
  name: "Local",
  price: 30,
  freeAbove: null,
  serves: "pincodes",
};

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: "20" });
  admin = await quickUser(t, "admin");
  shopper = await quickUser(t);
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/shipping",
    cookie: admin.cookie,
    payload: { methods: [STANDARD_SHIPPING, LOCAL] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await replacePincodes(t.database.db, LOCAL._id, [
    { pincode: "400002", days: 1, cod: true },
    { pincode: "411001", days: 2, cod: false },
  ]);
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  productId = (await makeProduct(t.database, { category: category.id, thumbnail: media.id }, { price: 100 }))
    ._id;
  mumbai = (await addAddress(t.database.db, shopper.user.id, ADDRESS))._id;
  pune = (await addAddress(t.database.db, shopper.user.id, { ...ADDRESS, city: "Pune", pinCode: "411 001" }))
    ._id;
});
afterAll(async () => t.close());

function place(shippingAddress: string, shippingMethod?: string) {
  return inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: {
      products: [{ product: productId, quantity: 1 }],
      shippingAddress,
      ...(shippingMethod ? { shippingMethod } : {}),
    },
  });
}

function price(body: object) {
  return inject(t.app, {
    method: "POST",
    url: "/api/cart/price",
    payload: { products: [{ product: productId, quantity: 1 }], ...body },
  });
}

describe("checkout by PIN code", () => {
  it("places an order with a listed method for an address its list holds, the cheapest when none is named", async () => {
    const cheapest = await place(mumbai);
    expect(cheapest.statusCode, cheapest.body).toBe(201);
    expect(cheapest.json().data).toMatchObject({
      shippingMethod: { name: "Local", price: 30 },
      shippingAmount: 30,
    });
    // A PIN code saved with a space is the same PIN code.
    const named = await place(pune, LOCAL._id);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data.shippingMethod).toMatchObject({ name: "Local" });
  });

  it("refuses a listed method for an address its list does not hold, and prices with another", async () => {
    const delhi = (
      await addAddress(t.database.db, shopper.user.id, {
        ...ADDRESS,
        city: "New Delhi",
        state: "Delhi",
        pinCode: "110001",
      })
    )._id;
    const refused = await place(delhi, LOCAL._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: api.shippingMethodUnavailable,
      errors: { shippingMethod: api.shippingMethodUnavailable },
    });
    const standard = await place(delhi);
    expect(standard.statusCode, standard.body).toBe(201);
    expect(standard.json().data.shippingMethod).toMatchObject({ name: "Standard", price: 80 });
  });

  it("prices a cart with the listed method only when its address's PIN code is listed", async () => {
    expect((await price({ state: "Maharashtra", pincode: "400002" })).json().data).toMatchObject({
      shippingMethod: { _id: LOCAL._id, name: "Local", price: 30 },
      shippingMessage: null,
    });
    // Without the PIN code, or with one not listed, the method serving every state.
    expect((await price({ state: "Maharashtra" })).json().data.shippingMethod).toMatchObject({
      name: "Standard",
    });
    expect((await price({ state: "Delhi", pincode: "110001" })).json().data.shippingMethod).toMatchObject({
      name: "Standard",
    });
    expect(
      (await price({ state: "Delhi", pincode: "110001", shippingMethod: LOCAL._id })).json().data,
    ).toMatchObject({
      shippingMethod: null,
      shippingMessage: api.shippingMethodUnavailable,
    });
    // A cart without an address is priced by the method serving every state, as before.
    expect((await price({})).json().data.shippingMethod).toMatchObject({ name: "Standard" });
  });
});

describe("the method preselected for a cart above a free threshold", () => {
  // Issue 70: ₹7,000 of items to a listed PIN code preselected "Local ₹30" above "Standard — Free".
  async function dearProduct() {
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    return (await makeProduct(t.database, { category: category.id, thumbnail: media.id }, { price: 1000 }))
      ._id;
  }

  it("prices the cart and places the order with the method free for it, and keeps a method chosen", async () => {
    const dear = await dearProduct();
    const products = [{ product: dear, quantity: 7 }];
    const priced = await price({ products, state: "Maharashtra", pincode: "400002" });
    expect(priced.json().data).toMatchObject({
      shippingMethod: { _id: STANDARD_SHIPPING._id, name: "Standard" },
      shippingPrice: 0,
    });
    const chosen = await price({
      products,
      state: "Maharashtra",
      pincode: "400002",
      shippingMethod: LOCAL._id,
    });
    expect(chosen.json().data).toMatchObject({ shippingMethod: { name: "Local" }, shippingPrice: 30 });
    // Below the threshold the cheaper method is preselected again.
    expect(
      (await price({ state: "Maharashtra", pincode: "400002" })).json().data.shippingMethod,
    ).toMatchObject({ name: "Local" });

    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: { products, shippingAddress: mumbai },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ shippingMethod: { name: "Standard" }, shippingAmount: 0 });
  });
});
