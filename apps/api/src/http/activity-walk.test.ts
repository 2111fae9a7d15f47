/**
 * No staff write without its activity entry: the walk reads the API document, and calls every
 * operation that only staff may call (`x-roles` lists roles) and that writes (POST, PUT, PATCH,
 * DELETE) as an admin, with a valid request, then looks for a new entry in the activity log. It fails
 * for an operation missing from WALK (a new route must say how it is called, and so cannot forget
 * its entry), and for one that answered without writing an entry.
 */
import { DiscountInput } from "@shop/shared/schemas/discount";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { disputes } from "#api/db/schema/disputes";
import { emails } from "#api/db/schema/emails";
import { orders, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { createDiscount } from "#api/modules/discounts/service";
import { recordProviderDispute } from "#api/modules/disputes/service";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { takeUnmatched } from "#api/modules/payments/unmatched";
import { addReview } from "#api/modules/reviews/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { DESCRIPTION, makeCategory, makeMedia, makeProduct, productBody } from "#test/catalog";
import { APPROVED_CARD, makeShop, quickUser, REVIEW, type Shop, webhookWithDelivery } from "#test/fixtures";
import { ShiprocketFake } from "#test/shiprocket-fake";
import { postUpdate, shiprocketParcel } from "#test/shiprocket-parcel";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** How the walk calls an operation: its path's parameters, a query, and a JSON or multipart body. */
interface Call {
  params?: Record<string, string>;
  query?: string;
  payload?: object;
  /** One file, sent as a browser's form sends it. */
  file?: { field: string; bytes: Buffer; filename: string; type: string };
  /** A body of another type than JSON, sent as it is (a CSV file's text). */
  raw?: { type: string; text: string };
}

/** An operation of the document that only staff may call and that writes. */
interface StaffWrite {
  operationId: string;
  method: Method;
  path: string;
}

let t: TestApp;
let shiprocket: ShiprocketFake;
let shop: Shop;
let writes: StaffWrite[];
let unique = 0;
const next = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++unique}`;

beforeAll(async () => {
  // Shiprocket's writes call it: the walk's shop is connected to its fake, from the pickup location it names.
  shiprocket = await ShiprocketFake.start();
  t = await createTestApp(shiprocket.env);
  shop = await makeShop(t);
  const { shipping } = await send("GET", "/api/settings");
  await send("PUT", "/api/settings/shipping", {
    ...shipping,
    shiprocket: { ...shipping.shiprocket, pickupLocation: shiprocket.pickupLocations[0]?.pickup_location },
  });
  writes = await staffWrites();
});
afterAll(async () => {
  await t?.close();
  await shiprocket?.close();
});

async function staffWrites(): Promise<StaffWrite[]> {
  const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  const doc = response.json() as {
    paths: Record<string, Record<string, { operationId: string; "x-roles"?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([lower, operation]) => {
      const method = lower.toUpperCase();
      const write = method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";
      // `x-roles` is a list of roles for a staff guard, "signed-in" for any user, absent for anyone.
      return write && Array.isArray(operation["x-roles"])
        ? [{ operationId: operation.operationId, method, path }]
        : [];
    }),
  );
}

/** Sends a request as the admin (or `cookie`) and answers its data; a refusal fails the test. */
async function send(method: "GET" | Method, url: string, payload?: object, cookie = shop.admin.cookie) {
  const response = await inject(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

const refs = () => ({ category: shop.categoryId, thumbnail: shop.mediaId });
const newProduct = () => makeProduct(t.database, refs());

/** A new order of the shopper, paid with the test card: processing, one unit. */
async function paidOrder(): Promise<string> {
  const line = { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId };
  const { order } = await placeOrder(t.database.db, shop.shopper.user, line, {
    mail: mailContextOf(t.config),
  });
  await send(
    "POST",
    "/api/payments",
    { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    shop.shopper.cookie,
  );
  return order._id;
}

/** A paid order shipped whole: the order's id and its shipment's. */
async function shippedOrder(): Promise<{ orderId: string; shipmentId: string }> {
  const orderId = await paidOrder();
  const shipment: ShipmentDto = await send("POST", `/api/orders/${orderId}/shipments`, {
    carrier: "Other",
    carrierName: "Hand delivery",
    trackingNumber: next("WALK"),
  });
  return { orderId, shipmentId: shipment._id };
}

/** A return the shopper asked for of a delivered order, taken by staff as far as `until` says. */
async function returnOf(until: "requested" | "approved" | "received"): Promise<string> {
  const { orderId, shipmentId } = await shippedOrder();
  await send("PATCH", `/api/orders/${orderId}/shipments/${shipmentId}`, { delivered: true });
  const order: OrderDto = await send("GET", `/api/orders/${orderId}`);
  const ret = await send(
    "POST",
    "/api/returns",
    {
      order: orderId,
      lines: [{ line: order.products[0]?._id ?? "", quantity: 1 }],
      reason: "changed_mind",
      note: "",
    },
    shop.shopper.cookie,
  );
  if (until !== "requested") await send("POST", `/api/returns/${ret._id}/approve`, {});
  if (until === "received") await send("POST", `/api/returns/${ret._id}/receive`, {});
  return ret._id;
}

/** An open dispute of a new paid order, as a provider's webhook records one. */
async function openDispute(): Promise<string> {
  const orderId = await paidOrder();
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error("the order has no payment");
  const providerDisputeId = next("disp");
  await recordProviderDispute(
    t.database.db,
    {
      provider: "razorpay",
      id: providerDisputeId,
      transactionId: payment.transactionId,
      amount: { cents: 1000, currency: payment.currency },
      reasonCode: "chargeback_fraudulent",
      reasonText: "Fraudulent payment",
      phase: "chargeback",
      state: "open",
      respondBy: null,
      createdAt: null,
    },
    t.app.log,
    mailContextOf(t.config),
  );
  const [row] = await t.database.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(eq(disputes.providerDisputeId, providerDisputeId));
  if (!row) throw new Error("no dispute recorded");
  return row.id;
}

const newDiscount = async () =>
  (
    await createDiscount(
      t.database.db,
      null,
      DiscountInput.parse({ code: next("WALK").toUpperCase(), type: "percentage", value: 10 }),
    )
  )._id;

async function newReview(): Promise<string> {
  const product = await newProduct();
  return (await addReview(t.database.db, shop.shopper.user, product._id, REVIEW)).review._id;
}

const newEndpoint = async () =>
  (await send("POST", "/api/webhooks", { url: "http://127.0.0.1:9/walk", events: ["inventory.low"] }))
    ._id as string;

/** A section of the settings saved as it is read. */
const settingsAsRead = (section: string) => async (): Promise<Call> => ({
  payload: (await send("GET", "/api/settings"))[section],
});

const IMPORT_HEADER =
  "Handle,Name,Description,Category,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Price,Sale Price,Stock,Active,Variant Active,Image URL";

/**
 * Every staff write of the document, by operationId: what it acts on, made first (writes made
 * there come before the walk counts the entries), and how it is called.
 */
const WALK: Record<string, () => Promise<Call>> = {
  changeUserRole: async () => ({
    params: { userId: (await quickUser(t)).user.id },
    payload: { role: "manager" },
  }),
  addCustomerNote: async () => ({
    params: { userId: shop.shopper.user.id },
    payload: { note: "Prefers calls." },
  }),
  adjustStoreCredit: async () => ({
    params: { userId: shop.shopper.user.id },
    payload: { amount: 15, reason: "Apology for a late parcel" },
  }),
  toggleUserStatus: async () => ({ params: { userId: (await quickUser(t)).user.id } }),
  liftCodBar: async () => {
    // A shopper barred from cash on delivery: a parcel of theirs came back refused at the door.
    const { user } = await quickUser(t);
    await t.database.db
      .update(users)
      .set({ codRefusedAt: new Date(), codBarReason: "refused" })
      .where(eq(users.id, user.id));
    return { params: { userId: user.id } };
  },
  uploadImage: async () => ({
    file: {
      field: "image",
      bytes: await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3b82f6" } })
        .png()
        .toBuffer(),
      filename: "walk.png",
      type: "image/png",
    },
  }),
  deleteImage: async () => ({ params: { id: (await makeMedia(t.database)).id } }),
  createCategory: async () => {
    const name = next("Walk");
    return { payload: { name, slug: name.toLowerCase() } };
  },
  setCategoryTax: async () => ({
    params: { id: (await makeCategory(t.database)).id },
    payload: { taxRate: 5, hsnCode: "6214" },
  }),
  renameCategory: async () => ({
    params: { id: (await makeCategory(t.database)).id },
    payload: { name: next("Walk") },
  }),
  deleteCategory: async () => ({ params: { id: (await makeCategory(t.database)).id } }),
  createProduct: async () => ({ payload: productBody(refs(), { name: next("Walk") }) }),
  importProductsCsv: async () => {
    // A product's new price, its row named by the product's id (Handle) and its one SKU.
    const { _id: id } = await newProduct();
    const csv = [
      IMPORT_HEADER,
      `${id},Walk Import,"${DESCRIPTION}",${shop.categorySlug},,,,,,,${id},135,,10,true,true,`,
    ].join("\n");
    return {
      query: "dryRun=false",
      file: { field: "file", bytes: Buffer.from(csv), filename: "products.csv", type: "text/csv" },
    };
  },
  replaceProduct: async () => {
    const product = await newProduct();
    return {
      params: { productId: product._id },
      payload: { ...productBody(refs(), { name: next("Walk") }), productId: product._id },
    };
  },
  switchProductFlags: async () => {
    const product = await newProduct();
    return {
      params: { productId: product._id },
      payload: { productId: product._id, key: "isActive", value: false },
    };
  },
  deleteProduct: async () => ({ params: { productId: (await newProduct())._id } }),
  setReviewVisibility: async () => ({ params: { reviewId: await newReview() }, payload: { hidden: true } }),
  deleteReview: async () => ({ params: { reviewId: await newReview() } }),
  replyToReview: async () => ({ params: { reviewId: await newReview() }, payload: { text: "Thank you!" } }),
  updateOrderStatus: async () => ({
    params: { orderId: await paidOrder() },
    payload: { status: "cancelled" },
  }),
  addOrderNote: async () => ({ params: { orderId: shop.paidOrderId }, payload: { note: "Gift wrap it." } }),
  createShipment: async () => ({
    params: { orderId: await paidOrder() },
    payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: next("WALK") },
  }),
  updateShipment: async () => ({ params: await shippedOrder(), payload: { delivered: true } }),
  shipWithShiprocket: async () => ({ params: { orderId: await paidOrder() }, payload: { courierId: 10 } }),
  cancelShiprocketShipment: async () => {
    const orderId = await paidOrder();
    const booked: ShipmentDto = await send("POST", `/api/orders/${orderId}/shiprocket/shipments`, {
      courierId: 10,
    });
    return { params: { orderId, shipmentId: booked._id } };
  },
  shipShiprocketBatch: async () => ({ payload: { orders: [await paidOrder()] } }),
  answerNdr: async () => {
    // A Shiprocket parcel the courier reported undelivered.
    const parcel = await shiprocketParcel(t, shop.admin.cookie, await paidOrder());
    const update = shiprocket.scanUpdate(parcel.awb, 21, new Date(), { activity: "Customer not available" });
    const posted = await postUpdate(t, update, shiprocket.webhookToken);
    if (posted.statusCode !== 200) throw new Error(`tracking update: ${posted.statusCode} ${posted.body}`);
    return { params: { id: parcel.shipmentId }, payload: { action: "reattempt" } };
  },
  refundOrder: async () => ({
    params: { orderId: await paidOrder() },
    payload: { amount: 10, reason: "Late" },
  }),
  createDiscount: async () => ({
    payload: { code: next("WALK").toUpperCase(), type: "percentage", value: 15 },
  }),
  replaceDiscount: async () => ({
    params: { id: await newDiscount() },
    payload: { code: next("WALK").toUpperCase(), type: "percentage", value: 20 },
  }),
  setDiscountActive: async () => ({ params: { id: await newDiscount() }, payload: { isActive: false } }),
  deleteDiscount: async () => ({ params: { id: await newDiscount() } }),
  collectCashOnDelivery: async () => {
    const { checkout } = await send("GET", "/api/settings");
    await send("PUT", "/api/settings/checkout", { ...checkout, cod: { ...checkout.cod, enabled: true } });
    const line = { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId };
    const order: OrderDto = await send("POST", "/api/orders", line, shop.shopper.cookie);
    const payment = await send(
      "POST",
      "/api/payments",
      { order: order._id, paymentGateway: "cod" },
      shop.shopper.cookie,
    );
    // Cash is collected once the order is confirmed and a parcel has left.
    await send("POST", `/api/orders/${order._id}/confirm-cod`, {}, shop.shopper.cookie);
    await send("POST", `/api/orders/${order._id}/shipments`, {
      carrier: "Other",
      carrierName: "Hand delivery",
      trackingNumber: next("WALK"),
    });
    return { params: { id: payment._id } };
  },
  refundUnmatchedPayment: async () => {
    // A second charge of a paid order, held for review: what the owner's "hold" leaves for staff.
    const orderId = await paidOrder();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error("no order");
    const { row } = await takeUnmatched(
      t.database.db,
      t.app.paymentProviders,
      { provider: "test", providerPaymentId: next("charge"), amount: 10, currency: order.currency, order },
      "second_payment",
      { hold: true, log: t.app.log, locale: "en-US" },
    );
    return { params: { id: row.id } };
  },
  retryEmail: async () => {
    // NOTE: a message already sent, so that the mail sender, done with it, cannot write over its failure.
    const sent = async () =>
      (
        await t.database.db.select({ id: emails.id }).from(emails).where(eq(emails.status, "sent")).limit(1)
      )[0];
    await expect.poll(sent, { timeout: 10_000 }).toBeDefined();
    const email = await sent();
    if (!email) throw new Error("no email sent");
    await t.database.db
      .update(emails)
      .set({ status: "failed", lastError: "mailbox full" })
      .where(eq(emails.id, email.id));
    return { params: { id: email.id } };
  },
  putSettingsStore: settingsAsRead("store"),
  putSettingsCurrency: settingsAsRead("currency"),
  putSettingsTaxes: settingsAsRead("taxes"),
  putSettingsShipping: settingsAsRead("shipping"),
  putSettingsCheckout: settingsAsRead("checkout"),
  putSettingsFulfilment: settingsAsRead("fulfilment"),
  putSettingsInventory: settingsAsRead("inventory"),
  putSettingsSecurity: settingsAsRead("security"),
  putSettingsMarketing: settingsAsRead("marketing"),
  putSettingsWhatsapp: settingsAsRead("whatsapp"),
  replaceShippingPincodes: async () => ({
    params: { methodId: STANDARD_SHIPPING._id },
    raw: { type: "text/csv", text: "pincode,days,cod\n560001,2,yes\n400001,3,no\n" },
  }),
  uploadCodRemittances: async () => ({
    raw: { type: "text/csv", text: `awb,amount,date,utr\n${next("AWB")},100.00,2026-11-20,${next("UTR")}\n` },
  }),
  approveReturn: async () => ({ params: { id: await returnOf("requested") }, payload: {} }),
  rejectReturn: async () => ({ params: { id: await returnOf("requested") }, payload: { message: "Worn" } }),
  receiveReturn: async () => ({ params: { id: await returnOf("approved") }, payload: {} }),
  refundReturn: async () => ({ params: { id: await returnOf("received") }, payload: {} }),
  markDisputeEvidenceSent: async () => ({
    params: { id: await openDispute() },
    payload: { evidenceSent: true, note: "Proof of delivery sent" },
  }),
  adjustVariantStock: async () => ({
    params: { variantId: shop.variantIds[0] ?? "" },
    payload: { change: 7, reason: "received", note: "From the mill" },
  }),
  createWebhookEndpoint: async () => ({
    payload: { url: "http://127.0.0.1:9/walk", events: ["inventory.low"], enabled: false },
  }),
  updateWebhookEndpoint: async () => ({
    params: { id: await newEndpoint() },
    payload: { url: "http://127.0.0.1:9/walk-edited", events: ["inventory.low"], enabled: false },
  }),
  deleteWebhookEndpoint: async () => ({ params: { id: await newEndpoint() } }),
  rotateWebhookSecret: async () => ({ params: { id: await newEndpoint() } }),
  redeliverWebhook: async () => {
    const { endpointId, deliveryId } = await webhookWithDelivery(t, shop.paidOrderId);
    // The fixture's endpoint is off; a delivery of a disabled endpoint is not sent again.
    await send("PUT", `/api/webhooks/${endpointId}`, {
      url: "http://127.0.0.1:9/hook",
      events: ["order.created"],
      enabled: true,
    });
    return { params: { id: endpointId, deliveryId } };
  },
};

/**
 * Staff writes that rightly write no entry, each with the reason: a pure read sent as a POST (a
 * preview, a quote) goes here; a change of the shop's data never does.
 */
const EXEMPT: Record<string, string> = {
  quoteShiprocket: "a read sent as a POST: Shiprocket's prices for a parcel, nothing written",
};

/** The path of an operation with its parameters put in. */
function pathOf(operation: StaffWrite, params: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** A multipart body of one file. */
async function multipart(file: NonNullable<Call["file"]>) {
  const form = new FormData();
  form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

const entries = async () => (await t.database.db.select({ n: count() }).from(activity))[0]?.n ?? 0;

describe("the activity walk over the API document", () => {
  it("finds the staff writes in the document, and WALK and EXEMPT name only those", () => {
    const ids = writes.map((operation) => operation.operationId);
    expect(ids.length).toBeGreaterThan(40);
    expect(ids).toEqual(expect.arrayContaining(["createProduct", "putSettingsStore", "redeliverWebhook"]));
    const stale = [...Object.keys(WALK), ...Object.keys(EXEMPT)].filter((id) => !ids.includes(id));
    expect(stale, "not a staff write of the document: remove it").toEqual([]);
    const both = Object.keys(EXEMPT).filter((id) => id in WALK);
    expect(both, "both walked and exempt").toEqual([]);
  });

  // NOTE: over a hundred writes, each made ready first: longer than one test's default on a busy machine.
  it("calls every staff write as an admin, and each writes an activity entry", {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const operation of writes) {
      const { operationId, method } = operation;
      if (operationId in EXEMPT) continue;
      const prepare = WALK[operationId];
      if (!prepare) {
        failures.push(`${operationId} (${method} ${operation.path}): not in the walk; add it to WALK`);
        continue;
      }
      const call = await prepare();
      const url = `${pathOf(operation, call.params ?? {})}${call.query ? `?${call.query}` : ""}`;
      const body = call.file
        ? await multipart(call.file)
        : call.raw
          ? { payload: call.raw.text, headers: { "content-type": call.raw.type } }
          : call.payload
            ? { payload: call.payload }
            : {};
      const before = await entries();
      const response = await inject(t.app, { method, url, cookie: shop.admin.cookie, ...body });
      if (response.statusCode >= 300) {
        failures.push(`${operationId}: answered ${response.statusCode} ${response.body.slice(0, 300)}`);
        continue;
      }
      if ((await entries()) <= before) {
        failures.push(`${operationId} (${method} ${operation.path}): wrote no activity entry`);
        continue;
      }
      const [newest] = await t.database.db
        .select({ actorId: activity.actorId })
        .from(activity)
        .orderBy(desc(activity.at), desc(activity.id))
        .limit(1);
      if (newest?.actorId !== shop.admin.user.id)
        failures.push(`${operationId}: the entry is not the admin's`);
    }
    expect(failures).toEqual([]);
  });
});
