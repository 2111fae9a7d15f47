/**
 * The owner's settings: SPEC's values until changed, each section saved on its own with the field
 * errors of a bad value, every change recorded, the checkout limits, store details and shipping
 * methods applied to the next order, the public part in GET /api/config, and another instance in
 * step by NOTIFY or within its cache time.
 */

import { api, discountCodes, formErrors, mail, validation } from "@shop/shared/messages";
import { DiscountInput } from "@shop/shared/schemas/discount";
import {
  DEFAULT_FULFILMENT_SETTINGS,
  MAX_TAX_RATE,
  type ShippingMethod,
} from "@shop/shared/schemas/settings";
import { DEFAULT_WHATSAPP_SETTINGS } from "@shop/shared/schemas/whatsapp";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { and, eq, sql } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { addAddress } from "#api/modules/addresses/service";
import { createDiscount } from "#api/modules/discounts/service";
import { renderEmail } from "#api/modules/email/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, productBody } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser, STORE_DETAILS } from "#test/fixtures";
import { shopDay } from "../reports/service";
import { SETTINGS_CHANNEL } from "./repo";
import { createSettingsStore } from "./service";

let t: TestApp;
let admin: Caller;
let manager: Caller;

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: "5", ORDER_HOLD_MINUTES: "45" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
});
afterAll(async () => t.close());

function put(section: string, payload: object, caller: Caller = admin) {
  return inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: caller.cookie, payload });
}

async function current(caller: Caller = manager) {
  const response = await inject(t.app, { method: "GET", url: "/api/settings", cookie: caller.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** An "Express" method at 150 for every state, with what a case changes. */
function express(overrides: Partial<ShippingMethod> = {}): ShippingMethod {
  return {
    _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
    name: "Express",
    price: 150,
    freeAbove: null,
    estimatedDays: null,
    states: null,
    enabled: true,
    serves: "states",
    days: null,
    ...overrides,
  };
}

/** Checkout limits that let a test's shopper place a few orders freely. */
const OPEN_CHECKOUT = { holdMinutes: 30, maxUnpaidOrders: 5, maxQuantityPerLine: 10, minimumOrder: 0 };

/** A shopper with a Mumbai address, a product at 100, and placing it (one unit unless said). */
async function buyer() {
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: media.id };
  const product = await makeProduct(t.database, refs, { price: 100 });
  const shopper = await quickUser(t);
  const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
  const place = ({ quantity = 1, addressId = address._id, shippingMethod }: PlaceOptions = {}) =>
    inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: {
        products: [{ product: product._id, quantity }],
        shippingAddress: addressId,
        ...(shippingMethod ? { shippingMethod } : {}),
      },
    });
  return { product, shopper, address, place };
}

interface PlaceOptions {
  quantity?: number;
  addressId?: string;
  shippingMethod?: string;
}

describe("the shop's settings", () => {
  it("are SPEC's values, and the environment's first limits, until the owner changes them", async () => {
    expect(await current()).toEqual({
      store: expect.objectContaining({
        email: t.config.storeEmail,
        gstin: t.config.storeGstin,
        utcOffset: "+05:30",
      }),
      currency: { code: "USD", locale: "en-US" },
      taxes: { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109", chargesTaxed: false },
      shipping: {
        methods: [
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
        dispatch: { cutoffHour: 14, nonDispatchDays: [0], holidays: [] },
        shiprocket: {
          pickupLocation: "",
          courierRule: "cheapest",
          answersDelivery: false,
          defaultWeightKg: 0.5,
          defaultDimensionsCm: { length: 20, breadth: 15, height: 10 },
        },
      },
      checkout: {
        holdMinutes: 45,
        maxUnpaidOrders: 5,
        maxQuantityPerLine: 10,
        minimumOrder: 0,
        cod: {
          enabled: false,
          maxOrderValue: 10000,
          fee: 0,
          blockedPincodes: [],
          blockAfterRefusal: true,
          onlineDiscount: 0,
          confirmHours: 48,
        },
        // The test gateway (no provider's keys here) and cash on delivery, in SPEC's order.
        paymentMethods: ["test", "cod"],
        // Money no order could take is refunded at once (decision 046).
        holdUnmatchedPayments: false,
      },
      fulfilment: DEFAULT_FULFILMENT_SETTINGS,
      inventory: { lowStockThreshold: 10 },
      security: { requireStaffTwoFactor: false },
      marketing: {
        abandonedCheckout: {
          enabled: false,
          firstAfterMinutes: 60,
          secondAfterHours: 24,
          discountCode: null,
        },
      },
      // Off until the owner turns it on, with the template names docs/whatsapp.md gives.
      whatsapp: DEFAULT_WHATSAPP_SETTINGS,
    });
  });

  it("answer first values from the environment that the form would not take (a load test's limits)", async () => {
    const loose = await createTestApp({ MAX_UNPAID_ORDERS: "1000000", ORDER_HOLD_MINUTES: "0.5" });
    try {
      const owner = await quickUser(loose, "admin");
      const response = await inject(loose.app, { method: "GET", url: "/api/settings", cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const { checkout } = response.json().data;
      expect(checkout).toMatchObject({ maxUnpaidOrders: 1_000_000, holdMinutes: 0.5 });
      // The environment raised the settings' most to its own value: the section saves as it reads
      // (a hold the form accepts), and not above it.
      const save = (maxUnpaidOrders: number) =>
        inject(loose.app, {
          method: "PUT",
          url: "/api/settings/checkout",
          cookie: owner.cookie,
          payload: { ...checkout, holdMinutes: 30, maxUnpaidOrders },
        });
      const saved = await save(1_000_000);
      expect(saved.statusCode, saved.body).toBe(200);
      const over = await save(1_000_001);
      expect(over.statusCode).toBe(400);
      expect(over.json().errors).toEqual({ maxUnpaidOrders: validation.max(1_000_000) });
    } finally {
      await loose.close();
    }
  });

  it("refuse a manager's change, and anyone else's read", async () => {
    expect((await put("store", STORE_DETAILS, manager)).statusCode).toBe(403);
    const shopper = await quickUser(t);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/settings", cookie: shopper.cookie })).statusCode,
    ).toBe(403);
    expect((await inject(t.app, { method: "GET", url: "/api/settings" })).statusCode).toBe(401);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/settings/history", cookie: manager.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await put("nowhere", {})).statusCode).toBe(404);
  });

  it.each([
    ["store", { ...STORE_DETAILS, gstin: "27AAPFU0939F1Z" }, { gstin: validation.gstin }],
    // The shop's GSTIN is checked as a buyer's is: its check character, and its state code against the store's state.
    ["store", { ...STORE_DETAILS, gstin: "27AAPFU0939F1ZR" }, { gstin: validation.gstinCheck }],
    ["store", { ...STORE_DETAILS, gstin: "29AAPFU0939F1ZV" }, { gstin: validation.gstinCheck }],
    [
      "store",
      { ...STORE_DETAILS, gstin: "29AAPFU0939F1ZR" },
      { gstin: validation.gstinOtherState("Maharashtra", "27") },
    ],
    [
      "store",
      { ...STORE_DETAILS, signatory: { name: "M", designation: "" } },
      {
        "signatory.name": validation.minLength(2),
        "signatory.designation": validation.required,
      },
    ],
    ["store", { ...STORE_DETAILS, legalName: "x".repeat(121) }, { legalName: validation.maxLength(120) }],
    ["store", { ...STORE_DETAILS, utcOffset: "5:30" }, { utcOffset: validation.utcOffset }],
    ["store", { ...STORE_DETAILS, email: "not-an-email" }, { email: validation.email }],
    ["store", { ...STORE_DETAILS, state: "Maharastra" }, { state: validation.state }],
    [
      "shipping",
      { methods: [express({ states: ["Goa", "Bombay"] })] },
      { "methods.0.states.1": validation.state },
    ],
    ["currency", { code: "RUPEE", locale: "en-IN" }, { code: validation.currencyCode }],
    ["currency", { code: "INR", locale: "not a locale!" }, { locale: validation.locale }],
    [
      "taxes",
      { pricesIncludeTax: true, defaultRate: 51, defaultHsn: "6109" },
      { defaultRate: validation.max(50) },
    ],
    [
      "taxes",
      { pricesIncludeTax: true, defaultRate: 5, defaultHsn: "61" },
      { defaultHsn: validation.hsnCode },
    ],
    [
      "taxes",
      { pricesIncludeTax: true, defaultRate: 5, defaultHsn: "6109", chargesTaxed: "yes" },
      { chargesTaxed: validation.notAnOption },
    ],
    [
      "shipping",
      {
        methods: [express({ estimatedDays: "1–2 days", states: [] })],
      },
      { "methods.0.states": validation.shippingStates },
    ],
    [
      "shipping",
      {
        methods: [express(), express({ _id: "b1b1b1b1b1b1b1b1b1b1b1b1", name: "express", price: 90 })],
      },
      { "methods.1.name": validation.shippingMethodNames },
    ],
    [
      "shipping",
      {
        methods: [express({ enabled: false })],
      },
      { methods: validation.shippingMethodEnabled },
    ],
    [
      "checkout",
      { holdMinutes: 2, maxUnpaidOrders: 3, maxQuantityPerLine: 10, minimumOrder: 0 },
      { holdMinutes: validation.min(5) },
    ],
    [
      "checkout",
      { holdMinutes: 30, maxUnpaidOrders: 3, maxQuantityPerLine: 10, minimumOrder: 10.005 },
      { minimumOrder: validation.cents },
    ],
    // A server started with MAX_UNPAID_ORDERS of 50 or less keeps the settings' most, 50.
    [
      "checkout",
      { holdMinutes: 30, maxUnpaidOrders: 51, maxQuantityPerLine: 10, minimumOrder: 0 },
      { maxUnpaidOrders: validation.max(50) },
    ],
    ["security", { requireStaffTwoFactor: "yes" }, { requireStaffTwoFactor: validation.notAnOption }],
    [
      "marketing",
      {
        abandonedCheckout: { enabled: true, firstAfterMinutes: 5, secondAfterHours: 24, discountCode: null },
      },
      { "abandonedCheckout.firstAfterMinutes": validation.min(10) },
    ],
    [
      "marketing",
      { abandonedCheckout: { enabled: true, firstAfterMinutes: 60, secondAfterHours: 0, discountCode: "x" } },
      {
        "abandonedCheckout.secondAfterHours": validation.min(1),
        "abandonedCheckout.discountCode": validation.discountCode,
      },
    ],
    [
      "marketing",
      {
        abandonedCheckout: {
          enabled: true,
          firstAfterMinutes: 60,
          secondAfterHours: 24,
          discountCode: "NO-SUCH",
        },
      },
      { "abandonedCheckout.discountCode": discountCodes.invalid },
    ],
  ])(
    "refuse a bad %s section with its field's message, and keep what was there",
    async (section, body, errors) => {
      const before = await current();
      const response = await put(section, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toMatchObject(errors);
      expect(await current()).toEqual(before);
    },
  );

  it("save the reminders with an existing code, upper-cased, or none", async () => {
    const discount = await createDiscount(
      t.database.db,
      null,
      DiscountInput.parse({ code: `COME-${Date.now().toString(36)}`, type: "percentage", value: 5 }),
    );
    const reminders = { enabled: true, firstAfterMinutes: 90, secondAfterHours: 48 };
    const response = await put("marketing", {
      abandonedCheckout: { ...reminders, discountCode: ` ${discount.code.toLowerCase()} ` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.abandonedCheckout).toEqual({ ...reminders, discountCode: discount.code });
    expect((await current()).marketing.abandonedCheckout).toEqual({
      ...reminders,
      discountCode: discount.code,
    });
    const without = await put("marketing", { abandonedCheckout: { ...reminders, discountCode: null } });
    expect(without.statusCode, without.body).toBe(200);
    expect((await current()).marketing.abandonedCheckout.discountCode).toBeNull();
  });

  it("save one section, answer it, apply it at once and record who changed what", async () => {
    const before = (await current()).store;
    const response = await put("store", {
      ...STORE_DETAILS,
      gstin: " 27aapfu0939f1zv ",
      state: " maharashtra",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: api.settingsSaved, data: STORE_DETAILS });
    expect((await current()).store).toEqual(STORE_DETAILS);

    const history = await inject(t.app, {
      method: "GET",
      url: "/api/settings/history?size=1",
      cookie: admin.cookie,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({
      section: "store",
      by: { _id: admin.user.id, name: `${admin.user.firstName} ${admin.user.lastName}` },
      before,
      after: STORE_DETAILS,
    });
    // The record is append-only.
    await expect(
      t.database.db.execute(sql`update settings_changes set actor_name = 'someone else'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from settings_changes`)).rejects.toThrow();
  });

  it("publish the public part in GET /api/config: name, currency, tax display, enabled methods", async () => {
    expect((await put("currency", { code: "inr", locale: "en-IN" })).statusCode).toBe(200);
    const methods = [
      {
        _id: "c1c1c1c1c1c1c1c1c1c1c1c1",
        name: "Express",
        price: 150,
        freeAbove: null,
        estimatedDays: "1–2 days",
        states: ["Maharashtra", "Karnataka"],
        enabled: true,
      },
      {
        _id: STANDARD_SHIPPING._id,
        name: "Standard",
        price: 80,
        freeAbove: 5000,
        estimatedDays: "4–6 days",
        states: null,
        enabled: true,
      },
      {
        _id: "d1d1d1d1d1d1d1d1d1d1d1d1",
        name: "Pickup",
        price: 0,
        freeAbove: null,
        estimatedDays: null,
        states: null,
        enabled: false,
      },
    ];
    // States typed in any case and spacing are kept with their listed spelling.
    const typed = [{ ...methods[0], states: ["maharashtra", " KARNATAKA "] }, ...methods.slice(1)];
    // A method saved without saying where it delivers serves states, promising no days.
    expect((await put("shipping", { methods: typed })).json().data.methods).toEqual(
      methods.map((method) => ({ ...method, serves: "states", days: null })),
    );
    const response = await inject(t.app, { method: "GET", url: "/api/config" });
    expect(response.json().data).toMatchObject({
      store: { name: STORE_DETAILS.name },
      storeEmail: STORE_DETAILS.email,
      currency: { code: "INR", locale: "en-IN" },
      taxes: { pricesIncludeTax: false },
      shippingMethods: [methods[1], methods[0]],
      minimumOrder: 0,
    });
  });

  it("apply the checkout limits to the next order: units per line, unpaid orders, the minimum", async () => {
    const { place } = await buyer();

    const limits = { holdMinutes: 30, maxUnpaidOrders: 1, maxQuantityPerLine: 2, minimumOrder: 150 };
    expect((await put("checkout", limits)).statusCode).toBe(200);
    const tooMany = await place({ quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(api.quantityPerLine(2));
    const tooLittle = await place({ quantity: 1 });
    expect(tooLittle.statusCode).toBe(409);
    // In the shop's currency, which an earlier case made rupees.
    expect(tooLittle.json().message).toBe(api.minimumOrder("₹150.00"));
    expect((await place({ quantity: 2 })).statusCode).toBe(201);
    const held = await place({ quantity: 2 });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(api.tooManyUnpaidOrders);
    expect((await inject(t.app, { method: "GET", url: "/api/config" })).json().data).toMatchObject({
      maxQuantityPerLine: 2,
      minimumOrder: 150,
    });
  });

  it("reach another instance at once by NOTIFY, and within its cache time without it", async () => {
    const waitFor = async (check: () => Promise<boolean>) => {
      for (let tries = 0; tries < 100 && !(await check()); tries += 1)
        await new Promise((r) => setTimeout(r, 20));
      return check();
    };
    // Kept for a minute, but told of every change.
    const told = createSettingsStore(t.database.db, t.config, { cacheMs: 60_000 });
    const stop = t.database.listen(SETTINGS_CHANNEL, () => told.forget());
    // Kept for 200 ms, and told of nothing.
    const untold = createSettingsStore(t.database.db, t.config, { cacheMs: 200 });
    try {
      // Listening starts once the listener's connection is up: a change made before may be missed.
      await new Promise((r) => setTimeout(r, 300));
      const seen = (await untold.current()).taxes;
      await told.current();
      const next = { pricesIncludeTax: true, defaultRate: 12, defaultHsn: "610910", chargesTaxed: true };
      expect((await put("taxes", next)).statusCode).toBe(200);
      expect(await waitFor(async () => (await told.current()).taxes.defaultRate === 12)).toBe(true);
      // The one not told keeps what it read until its time is up, then reads again.
      expect((await untold.current()).taxes).toEqual(seen);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await untold.current()).taxes).toEqual(next);
    } finally {
      await stop();
    }
  });

  it("put the store's details on the next message and the next invoice", async () => {
    const store = {
      ...STORE_DETAILS,
      name: "Kapda Bazaar",
      address: "7 Residency Road, Bengaluru 560025, Karnataka, India",
      gstin: "29AAPFU0939F1ZR",
      state: "Karnataka",
    };
    expect((await put("store", store)).statusCode).toBe(200);
    expect((await put("checkout", OPEN_CHECKOUT)).statusCode).toBe(200);
    const { shopper, place } = await buyer();
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data._id as string;
    const [message] = await t.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.recipient, shopper.user.email), eq(emails.kind, "orderPlaced")));
    if (!message) throw new Error("no confirmation written");
    const { text } = renderEmail(message);
    expect(text).toContain(store.name);
    expect(text).toContain(store.address);

    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const invoice = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${orderId}/invoice.pdf`,
      cookie: shopper.cookie,
    });
    expect(invoice.statusCode).toBe(200);
    const { text: pages } = await extractText(new Uint8Array(invoice.rawPayload), { mergePages: true });
    const flat = pages.replace(/\s+/g, " ");
    expect(flat).toContain(store.gstin);
    expect(flat).toContain("Bengaluru 560025");
  });

  it("price each order with a method that serves its address, kept with the order as it was", async () => {
    const economy = {
      _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
      name: "Economy",
      price: 40,
      freeAbove: null,
      estimatedDays: "5–8 days",
      states: ["Maharashtra"],
      enabled: true,
    };
    const express = {
      _id: "c1c1c1c1c1c1c1c1c1c1c1c1",
      name: "Express",
      price: 150,
      freeAbove: null,
      estimatedDays: "1–2 days",
      states: ["Karnataka"],
      enabled: true,
    };
    const standard = { ...STANDARD_SHIPPING, estimatedDays: "4–6 days" };
    expect((await put("shipping", { methods: [express, standard, economy] })).statusCode).toBe(200);
    expect((await put("checkout", OPEN_CHECKOUT)).statusCode).toBe(200);
    const { product, shopper, place } = await buyer();
    const kochi = await addAddress(t.database.db, shopper.user.id, {
      ...ADDRESS,
      city: "Kochi",
      state: "Kerala",
    });

    // Mumbai: the cheapest that serves Maharashtra, in the shop's currency.
    const cheapest = await place();
    expect(cheapest.statusCode, cheapest.body).toBe(201);
    expect(cheapest.json().data).toMatchObject({
      currency: "INR",
      shippingMethod: { name: "Economy", price: 40 },
      shippingAmount: 40,
    });
    // Asked for, and serving Kerala.
    const chosen = await place({ addressId: kochi._id, shippingMethod: STANDARD_SHIPPING._id });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data).toMatchObject({
      shippingMethod: { name: "Standard", price: 80 },
      shippingAmount: 80,
    });
    // Express serves Karnataka only: refused at its field, nothing placed.
    const refused = await place({ addressId: kochi._id, shippingMethod: express._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: api.shippingMethodUnavailable,
      errors: { shippingMethod: api.shippingMethodUnavailable },
    });
    // The cart says the same before anything is placed.
    const cart = (body: object) =>
      inject(t.app, {
        method: "POST",
        url: "/api/cart/price",
        payload: { products: [{ product: product._id, quantity: 1 }], ...body },
      });
    expect((await cart({ state: "Karnataka", shippingMethod: express._id })).json().data).toMatchObject({
      shippingMethod: { _id: express._id, name: "Express", price: 150 },
      shippingPrice: 150,
      shippingMessage: null,
    });
    expect((await cart({ state: "Kerala", shippingMethod: express._id })).json().data).toMatchObject({
      shippingMethod: null,
      shippingMessage: api.shippingMethodUnavailable,
    });

    // With no method for Kerala, an order there is refused and says so; the earlier orders keep theirs.
    expect((await put("shipping", { methods: [{ ...economy, price: 45 }] })).statusCode).toBe(200);
    const nowhere = await place({ addressId: kochi._id });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().message).toBe(api.noShippingMethod("Kerala"));
    const kept = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${cheapest.json().data._id}`,
      cookie: shopper.cookie,
    });
    expect(kept.json().data).toMatchObject({
      currency: "INR",
      shippingMethod: { name: "Economy", price: 40 },
      shippingAmount: 40,
    });
  });

  it("price INR orders with tax included, each product at its rate, and invoice them per rate and state", async () => {
    expect((await put("store", STORE_DETAILS)).statusCode).toBe(200);
    expect((await put("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
    expect(
      (
        await put("taxes", {
          pricesIncludeTax: true,
          defaultRate: 18,
          defaultHsn: "6109",
          chargesTaxed: true,
        })
      ).statusCode,
    ).toBe(200);
    const express = {
      _id: "c2c2c2c2c2c2c2c2c2c2c2c2",
      name: "Express",
      price: 150,
      freeAbove: 3000,
      estimatedDays: "1–2 days",
      states: ["Maharashtra", "Karnataka"],
      enabled: true,
    };
    expect((await put("shipping", { methods: [STANDARD_SHIPPING, express] })).statusCode).toBe(200);
    expect((await put("checkout", OPEN_CHECKOUT)).statusCode).toBe(200);
    // A kurta at 5% with its own HSN code, and a shirt at the shop's 18%.
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const refs = { category: category.id, thumbnail: media.id };
    const kurta = await makeProduct(t.database, refs, { price: 525, taxRate: 5, hsnCode: "6211" });
    const shirt = await makeProduct(t.database, refs, { price: 1180 });
    expect(kurta).toMatchObject({ taxRate: 5, hsnCode: "6211" });
    const shopper = await quickUser(t);
    const mumbai = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const bengaluru = await addAddress(t.database.db, shopper.user.id, {
      ...ADDRESS,
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560025",
    });
    const products = [
      { product: kurta._id, quantity: 2 },
      { product: shirt._id, quantity: 1 },
    ];
    const cart = await inject(t.app, {
      method: "POST",
      url: "/api/cart/price",
      payload: { products, state: "Maharashtra", shippingMethod: express._id },
    });
    // 1050 at 5% holds 50; 1180 at 18% holds 180; Express's 150 at 18% holds 22.88.
    expect(cart.json().data).toMatchObject({
      itemsPrice: 2230,
      shippingPrice: 150,
      taxPrice: 252.88,
      taxIncluded: true,
      totalPrice: 2380,
    });

    const orderFor = async (address: string) => {
      const placed = await inject(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: shopper.cookie,
        payload: { products, shippingAddress: address, shippingMethod: express._id },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().data;
      const paid = await inject(t.app, {
        method: "POST",
        url: "/api/payments",
        cookie: shopper.cookie,
        payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      return order;
    };
    const invoiceText = async (orderId: string) => {
      const invoice = await inject(t.app, {
        method: "GET",
        url: `/api/orders/${orderId}/invoice.pdf`,
        cookie: shopper.cookie,
      });
      expect(invoice.statusCode).toBe(200);
      const { text } = await extractText(new Uint8Array(invoice.rawPayload), { mergePages: true });
      return text.replace(/\s+/g, " ");
    };

    const order = await orderFor(mumbai._id);
    // The server's order is the cart's pricing to the paisa.
    expect(order).toMatchObject({
      currency: "INR",
      shippingMethod: { name: "Express", price: 150 },
      subTotal: 2230,
      shippingAmount: 150,
      taxAmount: 252.88,
      totalAmount: 2380,
    });
    expect(
      order.products.map((line: { taxRate: number; hsnCode: string }) => [line.taxRate, line.hsnCode]),
    ).toEqual(
      expect.arrayContaining([
        [5, "6211"],
        [18, "6109"],
      ]),
    );
    // The confirmation writes the order's amounts in rupees, the GST of its two rates as included.
    const [message] = await t.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.recipient, shopper.user.email), eq(emails.kind, "orderPlaced")));
    if (!message) throw new Error("no confirmation written");
    const { text: mailText } = renderEmail(message);
    expect(mailText).toContain("Total: ₹2,380.00");
    expect(mailText).toContain(`${mail.order.taxAtRates("₹252.88")}, included in the prices`);
    const intra = await invoiceText(order._id);
    for (const text of ["HSN: 6211", "HSN: 6109", "CGST 2.5%", "SGST 2.5%", "CGST 9%", "SGST 9%"])
      expect(intra).toContain(text);
    expect(intra).not.toContain("IGST");
    expect(intra).toContain("Shipping (Express)");
    expect(intra).toContain("INR 2,380.00");
    expect(intra).toContain("Rupees two thousand three hundred eighty only");

    const inter = await invoiceText((await orderFor(bengaluru._id))._id);
    for (const text of ["IGST 5%", "IGST 18%"]) expect(inter).toContain(text);
    expect(inter).not.toContain("CGST");

    // A change of rates, of the product's and the shop's, leaves the order and its invoice as they were.
    const update = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${kurta._id}`,
      cookie: admin.cookie,
      payload: { ...productBody(refs, { name: kurta.name, price: 525 }), taxRate: 12, hsnCode: "6204" },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(
      (await put("taxes", { pricesIncludeTax: false, defaultRate: 28, defaultHsn: "6205" })).statusCode,
    ).toBe(200);
    const again = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: shopper.cookie,
    });
    expect(again.json().data.products).toEqual(order.products);
    expect(again.json().data).toMatchObject({ taxAmount: 252.88, totalAmount: 2380 });
    expect(await invoiceText(order._id)).toBe(intra);
    // And the next order is priced with the new ones.
    const next = await inject(t.app, {
      method: "POST",
      url: "/api/cart/price",
      payload: { products, state: "Maharashtra", shippingMethod: express._id },
    });
    // 1050 at 12% adds 126; 1180 at 28% adds 330.40; shipping is not taxed on top.
    expect(next.json().data).toMatchObject({ taxPrice: 456.4, taxIncluded: false, totalPrice: 2836.4 });
  });

  it("price a product without its own rate at its category's, which admins alone set", async () => {
    expect(
      (await put("taxes", { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109" })).statusCode,
    ).toBe(200);
    const create = (caller: Caller, payload: object) =>
      inject(t.app, { method: "POST", url: "/api/categories", cookie: caller.cookie, payload });
    const byManager = await create(manager, { name: "Sarees", slug: "sarees-taxed", taxRate: 5 });
    expect(byManager.statusCode).toBe(403);
    const created = await create(admin, {
      name: "Sarees",
      slug: "sarees-taxed",
      taxRate: 5,
      hsnCode: "5208",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ taxRate: 5, hsnCode: "5208" });
    const category = created.json().data._id as string;
    const setTax = (caller: Caller, payload: object) =>
      inject(t.app, {
        method: "PUT",
        url: `/api/categories/${category}/tax`,
        cookie: caller.cookie,
        payload,
      });
    expect((await setTax(manager, { taxRate: 12, hsnCode: null })).statusCode).toBe(403);
    const bad = await setTax(admin, { taxRate: 51, hsnCode: "12" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: formErrors.category,
      errors: { taxRate: validation.max(MAX_TAX_RATE), hsnCode: validation.hsnCode },
    });
    const unknown = await inject(t.app, {
      method: "PUT",
      url: "/api/categories/0123456789abcdef01234567/tax",
      cookie: admin.cookie,
      payload: { taxRate: 12, hsnCode: null },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.categoryNotFound);
    const media = await makeMedia(t.database);
    const saree = await makeProduct(t.database, { category, thumbnail: media.id }, { price: 1000 });
    const price = async () =>
      (
        await inject(t.app, {
          method: "POST",
          url: "/api/cart/price",
          payload: { products: [{ product: saree._id, quantity: 1 }] },
        })
      ).json().data;
    // Nothing of the refused changes was written: still 5%.
    expect(await price()).toMatchObject({ taxPrice: 50 });
    const changed = await setTax(admin, { taxRate: 12, hsnCode: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.taxRate).toBe(12);
    expect(changed.json().data).not.toHaveProperty("hsnCode");
    expect(await price()).toMatchObject({ taxPrice: 120 });
    // Back to the shop's default when the category sets none.
    expect((await setTax(admin, { taxRate: null, hsnCode: null })).statusCode).toBe(200);
    expect(await price()).toMatchObject({ taxPrice: 180 });
  });

  it("read the days of the orders list by the store's clock", async () => {
    expect((await put("checkout", OPEN_CHECKOUT)).statusCode).toBe(200);
    const { place } = await buyer();
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data._id as string;
    // A day of UTC+14 is always a later date than the same moment's at UTC-12 (26 hours apart).
    const day = shopDay(new Date(), "+14:00");
    const listed = async () => {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/orders?from=${day}&to=${day}&size=100`,
        cookie: admin.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.some((order: { _id: string }) => order._id === id);
    };
    expect((await put("store", { ...STORE_DETAILS, utcOffset: "+14:00" })).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    expect((await put("store", { ...STORE_DETAILS, utcOffset: "-12:00" })).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect((await put("store", STORE_DETAILS)).statusCode).toBe(200);
  });
});
