/**
 * The delivery answer for a PIN code (GET /api/delivery/{pincode}): the methods that serve it,
 * cheapest first, by their PIN code lists or by the state India Post's zones give the code; each
 * method's days, delivery date on the shop's clock and COD; an ill-formed PIN code refused at its
 * field; a product named that is not on sale refused.
 */
import { deliverByDate } from "@shop/shared/delivery-dates";
import { deliveryApi, errors } from "@shop/shared/messages";
import { DEFAULT_COD_SETTINGS, DEFAULT_DISPATCH, type ShippingMethod } from "@shop/shared/schemas/settings";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#api/db/schema/users";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { loggingDatabase } from "#test/db";
import { type Caller, quickUser } from "#test/fixtures";
import { replacePincodes } from "./repo";
import { type DeliverySettings, deliveryFor, methodReach, methodsListing } from "./service";

let t: TestApp;
let admin: Caller;

const method = (overrides: Partial<ShippingMethod>): ShippingMethod => ({
  ...STANDARD_SHIPPING,
  freeAbove: null,
  ...overrides,
});
/** Every state, five days. */
const STANDARD = method({ _id: STANDARD_SHIPPING._id, name: "Standard", price: 80, days: 5 });
/** Karnataka and Goa only, two days. */
const EXPRESS = method({
  _id: "e2e2e2e2e2e2e2e2e2e2e2e2",
  name: "Express",
  price: 150,
  states: ["Karnataka", "Goa"],
  days: 2,
});
/** The PIN codes of its list, their days and COD from it. */
const LOCAL = method({ _id: "f2f2f2f2f2f2f2f2f2f2f2f2", name: "Local", price: 40, serves: "pincodes" });
/** Off: serves nothing. */
const PICKUP = method({ _id: "a9a9a9a9a9a9a9a9a9a9a9a9", name: "Pickup", price: 0, enabled: false });

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/shipping",
    cookie: admin.cookie,
    payload: { methods: [STANDARD, EXPRESS, LOCAL, PICKUP], dispatch: DEFAULT_DISPATCH },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await replacePincodes(t.database.db, LOCAL._id, [
    { pincode: "560001", days: 1, cod: false },
    { pincode: "400001", days: 2, cod: true },
  ]);
  // The pickup method's list is never read: the method is off.
  await replacePincodes(t.database.db, PICKUP._id, [{ pincode: "560001", days: 1, cod: true }]);
});
afterAll(async () => t.close());

function ask(pincode: string, query = "") {
  return inject(t.app, { method: "GET", url: `/api/delivery/${pincode}${query ? `?${query}` : ""}` });
}

/** The delivery dates a method of `days` may answer: the one before the request and the one after (a cut-off may pass between). */
function dateOf(days: number | null, before: Date) {
  const at = (now: Date) => deliverByDate(now, "+05:30", DEFAULT_DISPATCH, days);
  return expect.toBeOneOf([at(before), at(new Date())]);
}

describe("the delivery answer for a PIN code", () => {
  it("lists the methods serving it, cheapest first, with their days, delivery dates and COD", async () => {
    const before = new Date();
    const bengaluru = await ask("560001");
    expect(bengaluru.statusCode, bengaluru.body).toBe(200);
    expect(bengaluru.json().data).toEqual({
      pincode: "560001",
      deliverable: true,
      methods: [
        { _id: LOCAL._id, name: "Local", price: 40, days: 1, deliverBy: dateOf(1, before), cod: false },
        { _id: STANDARD._id, name: "Standard", price: 80, days: 5, deliverBy: dateOf(5, before), cod: true },
        { _id: EXPRESS._id, name: "Express", price: 150, days: 2, deliverBy: dateOf(2, before), cod: true },
      ],
      // The shop does not take cash on delivery until the owner turns it on.
      cod: false,
      codReason: "off",
      codLimit: null,
    });
    // Mumbai: the local list's own days and COD; Express serves Karnataka and Goa only.
    const mumbai = (await ask("400001")).json().data;
    expect(
      mumbai.methods.map((m: { name: string; days: number; cod: boolean }) => [m.name, m.days, m.cod]),
    ).toEqual([
      ["Local", 2, true],
      ["Standard", 5, true],
    ]);
    // Goa's PIN codes (403) are not Maharashtra's (40).
    expect((await ask("403001")).json().data.methods.map((m: { name: string }) => m.name)).toEqual([
      "Standard",
      "Express",
    ]);
    // A PIN code whose state the zones do not settle: only the method serving every state.
    expect((await ask("605001")).json().data.methods.map((m: { name: string }) => m.name)).toEqual([
      "Standard",
    ]);
  });

  it("answers COD when a serving method allows it and the shop takes it", async () => {
    const settings = await t.app.settings.current();
    const codOn: DeliverySettings = {
      ...settings,
      checkout: { ...settings.checkout, cod: { ...DEFAULT_COD_SETTINGS, enabled: true } },
    };
    expect((await deliveryFor(t.database.db, codOn, "560001")).cod).toBe(true);
    const localOnly: DeliverySettings = { ...codOn, shipping: { ...codOn.shipping, methods: [LOCAL] } };
    // Bengaluru's row takes no COD, Mumbai's does.
    expect(await deliveryFor(t.database.db, localOnly, "560001")).toMatchObject({
      deliverable: true,
      cod: false,
    });
    expect(await deliveryFor(t.database.db, localOnly, "400001")).toMatchObject({
      deliverable: true,
      cod: true,
    });
    expect(await deliveryFor(t.database.db, localOnly, "110001")).toEqual({
      pincode: "110001",
      deliverable: false,
      methods: [],
      cod: false,
      codReason: null,
      codLimit: null,
    });
  });

  it("applies every COD rule knowable before the cart: the block list, the signed-in shopper's bar, the methods' word; and leaves the limit to the order", async () => {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
    const checkout = settings.json().data.checkout;
    const codOn = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: {
        ...checkout,
        maxUnpaidOrders: Math.min(checkout.maxUnpaidOrders, 50),
        cod: { ...checkout.cod, enabled: true, maxOrderValue: 20000, blockedPincodes: ["403001"] },
      },
    });
    expect(codOn.statusCode, codOn.body).toBe(200);
    const asked = async (pincode: string, caller?: Caller) => {
      const answer = await inject(t.app, {
        method: "GET",
        url: `/api/delivery/${pincode}`,
        cookie: caller?.cookie,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return { data: answer.json().data, cacheControl: answer.headers["cache-control"] };
    };
    expect((await asked("400001")).data).toMatchObject({ cod: true, codReason: null, codLimit: 20000 });
    // On the owner's COD block list.
    expect((await asked("403001")).data).toMatchObject({
      deliverable: true,
      cod: false,
      codReason: "pincodeBlocked",
      codLimit: null,
    });
    // Bengaluru: Standard takes COD there.
    expect((await asked("560001")).data).toMatchObject({ cod: true });

    // A shopper barred after a refused parcel is told so; their answer is their own, kept by no cache.
    const barred = await quickUser(t);
    await t.database.db
      .update(users)
      .set({ codRefusedAt: new Date(), codBarReason: "refused" })
      .where(eq(users.id, barred.user.id));
    const theirs = await asked("400001", barred);
    expect(theirs.data).toMatchObject({ cod: false, codReason: "barred", codLimit: null });
    expect(theirs.cacheControl).toBe("private, no-store");
    const someoneElse = await asked("400001", await quickUser(t));
    expect(someoneElse.data).toMatchObject({ cod: true, codReason: null });
    expect((await asked("400001")).data).toMatchObject({ cod: true });

    // The methods' word: with only the local list, Bengaluru's row takes no COD.
    const { shipping } = (
      await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie })
    ).json().data;
    const settingsNow = await t.app.settings.current();
    const localOnly: DeliverySettings = { ...settingsNow, shipping: { ...shipping, methods: [LOCAL] } };
    expect(await deliveryFor(t.database.db, localOnly, "560001")).toMatchObject({
      cod: false,
      codReason: "noMethod",
    });

    const restored = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: admin.cookie,
      payload: checkout,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it("dates a delivery across the cut-off hour, a Sunday and a holiday on the shop's clock, and not at all without days", async () => {
    const settings = await t.app.settings.current();
    // Tuesday 26 November 2024, 13:59 in India, with 2 December a holiday.
    const now = new Date("2024-11-26T08:29:00Z");
    const rules: DeliverySettings = {
      ...settings,
      shipping: {
        ...settings.shipping,
        methods: [STANDARD, { ...EXPRESS, days: null }],
        dispatch: { cutoffHour: 14, nonDispatchDays: [0], holidays: ["2024-11-27"] },
      },
    };
    const answer = await deliveryFor(t.database.db, rules, "560001", { now });
    expect(answer.methods.map((m) => [m.name, m.deliverBy])).toEqual([
      ["Standard", "2024-12-01"],
      ["Express", null],
    ]);
    // A minute later the parcel leaves the next dispatch day: the 27th is a holiday, so the 28th.
    const later = await deliveryFor(t.database.db, rules, "560001", {
      now: new Date("2024-11-26T08:30:00Z"),
    });
    expect(later.methods[0]?.deliverBy).toBe("2024-12-03");
    // Saturday 30 November, 15:00 in India (09:30 UTC): past the cut-off, Sunday closed, so it
    // leaves on Monday 2 December and arrives five days later.
    const saturday = await deliveryFor(t.database.db, rules, "560001", {
      now: new Date("2024-11-30T09:30:00Z"),
    });
    expect(saturday.methods[0]?.deliverBy).toBe("2024-12-07");
    // 23:59 on Sunday in India (18:29 UTC) is still Sunday: it leaves on Monday too.
    const sundayNight = await deliveryFor(t.database.db, rules, "560001", {
      now: new Date("2024-12-01T18:29:00Z"),
    });
    expect(sundayNight.methods[0]?.deliverBy).toBe("2024-12-07");
  });

  it("refuses an ill-formed PIN code at its field, and a product that is not on sale", async () => {
    for (const bad of ["012345", "56001", "5600011", "56000a"]) {
      const response = await ask(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors).toEqual({ pincode: deliveryApi.pincode });
    }
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const refs = { category: category.id, thumbnail: media.id };
    const onSale = await makeProduct(t.database, refs);
    const withdrawn = await makeProduct(t.database, refs, { isActive: false });
    expect((await ask("560001", `product=${onSale._id}`)).json().data.deliverable).toBe(true);
    const inactive = await ask("560001", `product=${withdrawn._id}`);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().message).toBe(errors.productNotAvailable);
    expect(inactive.headers["cache-control"]).toBeUndefined();
    const missing = await ask("560001", "product=c0c0c0c0c0c0c0c0c0c0c0c0");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(errors.productNotFound);
  });

  it("is a public read browsers may keep a minute, answered again with 304 for its ETag", async () => {
    const first = await ask("560001");
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    const again = await inject(t.app, {
      method: "GET",
      url: "/api/delivery/560001",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("reads the PIN code's rows in one statement, and none when no method serves a list", async () => {
    const settings = await t.app.settings.current();
    const logged = loggingDatabase(t.database);
    await deliveryFor(logged.db, settings, "560001");
    expect(logged.statements).toHaveLength(1);
    const statesOnly: DeliverySettings = {
      ...settings,
      shipping: { ...settings.shipping, methods: [STANDARD] },
    };
    const none = loggingDatabase(t.database);
    await deliveryFor(none.db, statesOnly, "560001");
    expect(none.statements).toHaveLength(0);
  });
});

describe("one method's reach, and the methods listing a PIN code", () => {
  it("says whether a method serves a PIN code, with its days and COD", async () => {
    const { methods } = (await t.app.settings.current()).shipping;
    const db = t.database.db;
    expect(await methodReach(db, methods, LOCAL._id, "400001")).toEqual({ serves: true, cod: true, days: 2 });
    expect(await methodReach(db, methods, LOCAL._id, "560001")).toEqual({
      serves: true,
      cod: false,
      days: 1,
    });
    expect(await methodReach(db, methods, LOCAL._id, "110001")).toEqual({
      serves: false,
      cod: false,
      days: null,
    });
    expect(await methodReach(db, methods, EXPRESS._id, "560001")).toEqual({
      serves: true,
      cod: true,
      days: 2,
    });
    expect(await methodReach(db, methods, EXPRESS._id, "400001")).toEqual({
      serves: false,
      cod: false,
      days: null,
    });
    expect(await methodReach(db, methods, PICKUP._id, "560001")).toEqual({
      serves: false,
      cod: false,
      days: null,
    });
    expect(await methodReach(db, methods, "c0c0c0c0c0c0c0c0c0c0c0c0", "560001")).toMatchObject({
      serves: false,
    });
  });

  it("finds the enabled methods whose lists hold a PIN code, with their days, without a statement when none serves a list", async () => {
    const { methods } = (await t.app.settings.current()).shipping;
    expect([...(await methodsListing(t.database.db, methods, "560001"))]).toEqual([[LOCAL._id, 1]]);
    expect([...(await methodsListing(t.database.db, methods, "110001"))]).toEqual([]);
    const logged = loggingDatabase(t.database);
    expect([...(await methodsListing(logged.db, methods, undefined))]).toEqual([]);
    expect([...(await methodsListing(logged.db, [STANDARD, EXPRESS], "560001"))]).toEqual([]);
    expect(logged.statements).toHaveLength(0);
  });
});
