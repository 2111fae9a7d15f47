/**
 * Which changes raise which events (docs/decisions/024-webhooks.md): each in the transaction of the
 * change, one delivery per enabled endpoint that asked for it, its data the shape the shared schema
 * gives (no more, no less), nothing when the change is refused, and the checkout's statement budget
 * untouched (decision 018: three statements to place, two to pay).
 */
import { LOW_STOCK_THRESHOLD, WEBHOOK_EVENTS, type WebhookEventType } from "@shop/shared/constants";
import { WebhookEvent, type WebhookEventOf } from "@shop/shared/schemas/webhook";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "#api/db/schema/webhooks";
import { mailContextOf } from "#api/modules/email/service";
import { createShipment } from "#api/modules/fulfilment/shipments";
import { adjustVariantStock } from "#api/modules/inventory/service";
import { placeOrder } from "#api/modules/orders/placement";
import { payOrder } from "#api/modules/payments/service";
import { refundOrder } from "#api/modules/refunds/service";
import { testGatewayProviders } from "#api/payments/test-gateway";
import { createTestApp, inject, PASSWORD, shopperWithAddress, type TestApp, uniqueEmail } from "#test/app";
import { makeCategory, makeMedia, makeProduct, productBody } from "#test/catalog";
import { type LoggedStatement, loggingDatabase } from "#test/db";
import { APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "#test/webhook-receiver";

let t: TestApp;
let receiver: WebhookReceiver;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: "1000" });
  receiver = await startWebhookReceiver();
  admin = await quickUser(t, "admin");
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const quiet = {
  level: "silent",
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
};

/** An endpoint registered through the API; answers its id. */
async function register(events: readonly WebhookEventType[], enabled = true): Promise<string> {
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/webhooks",
    cookie: admin.cookie,
    payload: { url: `${receiver.origin}/hook`, events, enabled },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

/** An endpoint's deliveries as the API lists them, oldest first (the conformance hook checks each against the document). */
async function deliveriesOf(endpointId: string): Promise<WebhookEvent[]> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/webhooks/${endpointId}/deliveries?size=100`,
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { payload: WebhookEvent }[]).map((delivery) => delivery.payload).reverse();
}

/** The one event of a type among `events`. */
function one<T extends WebhookEventType>(events: WebhookEvent[], type: T): WebhookEventOf<T> {
  const found = events.filter((event): event is WebhookEventOf<T> => event.type === type);
  expect(found, type).toHaveLength(1);
  return found[0] as WebhookEventOf<T>;
}

/** The statements that are not a transaction's BEGIN, COMMIT or ROLLBACK. */
const work = (statements: readonly LoggedStatement[]) =>
  statements.map((s) => s.sql).filter((sql) => !/^\s*(begin|commit|rollback)\b/i.test(sql));

describe("the events", () => {
  it("raises every event in the transaction of its change, to each endpoint that asked for it, with the data its schema gives", async () => {
    const everything = await register(WEBHOOK_EVENTS);
    const placedOnly = await register(["order.created", "order.created"]);
    const off = await register(WEBHOOK_EVENTS, false);
    const mail = mailContextOf(t.config);
    const db = t.database.db;

    // customer.created: a shopper registers.
    const email = uniqueEmail("hooked");
    const registered = await inject(t.app, {
      method: "POST",
      url: "/api/auth/register",
      payload: { name: { firstName: "Priya", lastName: "Sharma" }, email, password: PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // product.created, product.updated, product.deleted: staff through the API.
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const refs = { category: category.id, thumbnail: media.id };
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin.cookie,
      payload: productBody(refs, { name: "Webhook Tote Bag" }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const toteId: string = created.json().data._id;
    const patched = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${toteId}`,
      cookie: admin.cookie,
      payload: { key: "isActive", value: false, productId: toteId },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const deleted = await inject(t.app, {
      method: "DELETE",
      url: `/api/products/${toteId}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // order.created and inventory.low: a placement takes the stock from one above the threshold to it,
    // in its three statements.
    const product = await makeProduct(t.database, refs, { stock: LOW_STOCK_THRESHOLD + 2, price: 40 });
    const shopper = await shopperWithAddress(t);
    const placing = loggingDatabase(t.database);
    const { order } = await placeOrder(
      placing.db,
      shopper.user,
      { products: [{ product: product._id, quantity: 2 }], shippingAddress: shopper.addressId },
      { mail },
    );
    expect(work(placing.statements)).toHaveLength(3);

    // order.paid and order.status_changed: the payment, in its two statements.
    const paying = loggingDatabase(t.database);
    await payOrder(
      paying.db,
      testGatewayProviders(),
      shopper.user,
      { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
      quiet,
      mail,
    );
    expect(work(paying.statements)).toHaveLength(2);

    // shipment.created (and the order shipped), then order.refunded.
    await createShipment(
      db,
      admin.user,
      order._id,
      { carrier: "Other", trackingNumber: "HOOK-1" },
      {
        carriers: [],
        mail,
      },
    );
    await refundOrder(
      db,
      t.app.paymentProviders,
      admin.user,
      order._id,
      { amount: 10, reason: "Scratched on arrival", restock: [] },
      { mail, log: t.app.log },
    );
    // A further fall under the threshold raises nothing: the stock was already low.
    await adjustVariantStock(db, admin.user, product.variants[0]?._id ?? "", {
      change: -1,
      reason: "damaged",
    });

    const events = await deliveriesOf(everything);
    for (const event of events) expect(WebhookEvent.parse(event), event.type).toEqual(event);
    expect(events.map((event) => event.type).sort()).toEqual(
      [
        "customer.created",
        // The shopper who places the order below, made by the test.
        "customer.created",
        "product.created",
        "product.updated",
        "product.deleted",
        "product.created",
        "order.created",
        "inventory.low",
        "order.paid",
        "order.status_changed",
        "shipment.created",
        "order.status_changed",
        "order.refunded",
      ].sort(),
    );

    const customers = events.filter((event) => event.type === "customer.created");
    expect(customers.map((event) => event.data.customer.email)).toEqual([email, shopper.user.email]);
    const [tote] = events.filter((event) => event.type === "product.created");
    expect(tote).toMatchObject({
      data: { product: { _id: toteId, name: "Webhook Tote Bag", isActive: true } },
    });
    expect(one(events, "product.updated").data.product).toMatchObject({ _id: toteId, isActive: false });
    expect(one(events, "product.deleted").data.product).toEqual({ _id: toteId, name: "Webhook Tote Bag" });
    expect(one(events, "order.created").data.order).toMatchObject({
      _id: order._id,
      number: order.number,
      status: "pending",
      totalAmount: order.totalAmount,
      payment: null,
      invoiceNumber: null,
      customer: { _id: shopper.user.id, email: shopper.user.email },
      lines: [{ product: product._id, variant: product.variants[0]?._id, quantity: 2, price: 40 }],
    });
    expect(one(events, "inventory.low").data).toEqual({
      product: { _id: product._id, name: product.name },
      variant: {
        _id: product.variants[0]?._id,
        sku: product.variants[0]?.sku,
        options: {},
        stock: LOW_STOCK_THRESHOLD,
      },
      threshold: LOW_STOCK_THRESHOLD,
    });
    const paid = one(events, "order.paid").data.order;
    expect(paid).toMatchObject({ status: "processing", payment: { status: "completed", gateway: "test" } });
    expect(paid.invoiceNumber).toMatch(/^INV\d{4}\//);
    const moves = events.filter((event) => event.type === "order.status_changed");
    expect(moves.map((event) => [event.data.previousStatus, event.data.order.status])).toEqual([
      ["pending", "processing"],
      ["processing", "shipped"],
    ]);
    expect(one(events, "shipment.created").data).toMatchObject({
      order: { _id: order._id, status: "shipped" },
      shipment: { carrier: "Other", trackingNumber: "HOOK-1", lines: [{ quantity: 2 }] },
    });
    expect(one(events, "order.refunded").data).toMatchObject({
      order: { _id: order._id, payment: { refundedAmount: 10, status: "partially_refunded" } },
      refund: { amount: 10, reason: "Scratched on arrival" },
    });
    expect(one(events, "order.refunded").data.refund.creditNoteNumber).toMatch(/^CN\d{4}\//);

    expect((await deliveriesOf(placedOnly)).map((event) => event.type)).toEqual(["order.created"]);
    expect(await deliveriesOf(off)).toEqual([]);
  });

  it("tells product.updated of each product whose category was renamed or deleted with its products moved, naming the category it is in now", async () => {
    const endpoint = await register(["product.updated"]);
    const media = await makeMedia(t.database);
    const category = async (name: string, slug: string): Promise<string> => {
      const made = await inject(t.app, {
        method: "POST",
        url: "/api/categories",
        cookie: admin.cookie,
        payload: { name, slug },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data._id;
    };
    const from = await category("Shawls", "shawls-events");
    const to = await category("Wraps", "wraps-events");
    const product = await makeProduct(t.database, { category: from, thumbnail: media.id });

    const renamed = await inject(t.app, {
      method: "PATCH",
      url: `/api/categories/${from}`,
      cookie: admin.cookie,
      payload: { name: "Pashmina Shawls" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const deleted = await inject(t.app, {
      method: "DELETE",
      url: `/api/categories/${from}?moveTo=${to}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const events = await deliveriesOf(endpoint);
    expect(events.map((event) => event.type)).toEqual(["product.updated", "product.updated"]);
    const [afterRename, afterMove] = events as WebhookEventOf<"product.updated">[];
    expect(afterRename?.data.product._id).toBe(product._id);
    expect(afterMove?.data.product._id).toBe(product._id);
    expect(afterRename?.data.product.category).toMatchObject({ _id: from, name: "Pashmina Shawls" });
    expect(afterMove?.data.product.category).toMatchObject({ _id: to, name: "Wraps" });
  });

  it("raises nothing for a change that is refused or rolled back", async () => {
    const endpoint = await register(WEBHOOK_EVENTS);
    const category = await makeCategory(t.database);
    const media = await makeMedia(t.database);
    const product = await makeProduct(
      t.database,
      { category: category.id, thumbnail: media.id },
      { stock: 1 },
    );
    const shopper = await shopperWithAddress(t);
    const before = await t.database.db
      .select({ type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint))
      .orderBy(asc(webhookDeliveries.createdAt));
    expect(before.map((row) => row.type)).toEqual(["product.created", "customer.created"]);

    const short = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: { products: [{ product: product._id, quantity: 2 }], shippingAddress: shopper.addressId },
    });
    expect(short.statusCode).toBe(409);
    const badEdit = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: admin.cookie,
      payload: productBody({ category: "0123456789abcdef01234567", thumbnail: media.id }),
    });
    expect(badEdit.statusCode).toBe(400);
    expect(await deliveriesOf(endpoint)).toHaveLength(2);
  });

  it("reads the low-stock threshold from the settings when the owner set one", async () => {
    const endpoint = await register(["inventory.low"]);
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/inventory",
      cookie: admin.cookie,
      payload: { lowStockThreshold: 20 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const category = await makeCategory(t.database);
      const media = await makeMedia(t.database);
      const product = await makeProduct(
        t.database,
        { category: category.id, thumbnail: media.id },
        { stock: 25 },
      );
      const variant = product.variants[0]?._id ?? "";
      await adjustVariantStock(t.database.db, admin.user, variant, { change: -4, reason: "damaged" });
      expect(await deliveriesOf(endpoint)).toEqual([]);
      await adjustVariantStock(t.database.db, admin.user, variant, { change: -1, reason: "damaged" });
      const [low] = await deliveriesOf(endpoint);
      expect(low).toMatchObject({ type: "inventory.low", data: { threshold: 20, variant: { stock: 20 } } });
    } finally {
      await inject(t.app, {
        method: "PUT",
        url: "/api/settings/inventory",
        cookie: admin.cookie,
        payload: { lowStockThreshold: LOW_STOCK_THRESHOLD },
      });
    }
  });
});
