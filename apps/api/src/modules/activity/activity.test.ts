import { SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { validation } from "@shop/shared/messages";
import { ACTIVITY_KINDS, type ActivityEntryDto, type ActivityKind } from "@shop/shared/schemas/activity";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import type { OrderDto, ShipmentDto, ShiprocketShipmentDto } from "@shop/shared/schemas/order";
import type { ProductDto } from "@shop/shared/schemas/product";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { activity } from "#api/db/schema/activity";
import { disputes } from "#api/db/schema/disputes";
import { emails } from "#api/db/schema/emails";
import { orders, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { list as listEnvelope } from "#api/http/envelope";
import { recordProviderDispute } from "#api/modules/disputes/service";
import { mailContextOf } from "#api/modules/email/service";
import { takeUnmatched } from "#api/modules/payments/unmatched";
import { changeRole } from "#api/modules/users/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { DESCRIPTION, productBody } from "#test/catalog";
import {
  APPROVED_CARD,
  type Caller,
  makeShop,
  quickUser,
  type Shop,
  webhookWithDelivery,
} from "#test/fixtures";
import { readList, walkByCursor } from "#test/paging";
import { ShiprocketFake } from "#test/shiprocket-fake";
import { postUpdate } from "#test/shiprocket-parcel";
import { activityRow, changedFields } from "./record";
import { insertActivity } from "./repo";
import { listActivityEntries } from "./service";

let t: TestApp;
let shop: Shop;
/** What the cases make and later cases act on. */
const made: Record<string, string> = {};

let shiprocket: ShiprocketFake;

beforeAll(async () => {
  // Connected to Shiprocket's fake: booking, cancelling and answering an NDR call it.
  shiprocket = await ShiprocketFake.start();
  t = await createTestApp(shiprocket.env);
  shop = await makeShop(t);
  const { shipping } = await send("GET", "/api/settings");
  await send("PUT", "/api/settings/shipping", {
    ...shipping,
    shiprocket: { ...shipping.shiprocket, pickupLocation: shiprocket.pickupLocations[0]?.pickup_location },
  });
});
afterAll(async () => {
  await t.close();
  await shiprocket.close();
});

/** A new order of the shop's shopper, paid with the test card, booked whole through Shiprocket. */
async function bookedOrder(): Promise<{ orderId: string; parcel: ShiprocketShipmentDto }> {
  const order: OrderDto = await send(
    "POST",
    "/api/orders",
    { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
    shop.shopper,
  );
  await send(
    "POST",
    "/api/payments",
    { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    shop.shopper,
  );
  const parcel: ShiprocketShipmentDto = await send("POST", `/api/orders/${order._id}/shiprocket/shipments`, {
    courierId: 10,
  });
  return { orderId: order._id, parcel };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function send(method: Method, url: string, payload?: object, caller: Caller = shop.admin) {
  const response = await inject(t.app, {
    method,
    url,
    cookie: caller.cookie,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

/** A multipart body of one file, as a browser's form sends it. */
async function multipart(field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

function list(query: string, caller: Caller = shop.admin) {
  return inject(t.app, { method: "GET", url: `/api/activity?${query}`, cookie: caller.cookie });
}

/** The newest entries of a kind, newest first. */
async function newest(kind: ActivityKind, size = 1): Promise<ActivityEntryDto[]> {
  const response = await list(`kind=${kind}&size=${size}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const HEADER =
  "Handle,Name,Description,Category,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Price,Sale Price,Stock,Active,Variant Active,Image URL";

interface Case {
  kind: ActivityKind;
  /** Makes the write through the API (as the admin unless it says); answers the subject's id. */
  write(): Promise<string>;
  /** The entry's before and after: only the fields the write changed. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Who wrote it (the admin unless said). */
  by?: () => Caller;
}

const id = (entry: { _id: string }) => entry._id;

/**
 * Every kind of staff write, in an order where each finds what it acts on. Each writes through the
 * API and expects one entry with exactly the fields that changed.
 */
const CASES: Case[] = [
  {
    kind: "product.created",
    write: async () => {
      const body = productBody(
        { category: shop.categoryId, thumbnail: shop.mediaId },
        { name: "Linen Shirt" },
      );
      made.product = id(await send("POST", "/api/products", body));
      return made.product;
    },
    before: {},
    after: {
      name: "Linen Shirt",
      description: DESCRIPTION,
      isActive: true,
      category: expect.any(String),
      thumbnail: expect.any(String),
      options: [],
      taxRate: null,
      taxSlabs: null,
      hsnCode: null,
      gallery: [],
      price: 100,
      onSale: false,
      salePrice: 0,
      stock: 10,
    },
  },
  {
    kind: "product.updated",
    write: async () => {
      const body = productBody(
        { category: shop.categoryId, thumbnail: shop.mediaId },
        { name: "Linen Shirt, Blue", price: 120 },
      );
      await send("PUT", `/api/products/${made.product}`, { ...body, productId: made.product });
      return made.product ?? "";
    },
    before: { name: "Linen Shirt", price: 100 },
    after: { name: "Linen Shirt, Blue", price: 120 },
  },
  {
    kind: "product.updated",
    write: async () => {
      await send("PATCH", `/api/products/${made.product}`, {
        productId: made.product,
        key: "isActive",
        value: false,
      });
      return made.product ?? "";
    },
    before: { isActive: true },
    after: { isActive: false },
  },
  {
    kind: "product.updated",
    write: async () => {
      const csv = [
        HEADER,
        `${made.product},"Linen Shirt, Blue","${DESCRIPTION}",${shop.categorySlug},,,,,,,${made.product},135,,10,false,true,`,
      ].join("\n");
      const { payload, headers } = await multipart("file", Buffer.from(csv), "products.csv", "text/csv");
      const response = await inject(t.app, {
        method: "POST",
        url: "/api/products/import?dryRun=false",
        cookie: shop.admin.cookie,
        payload,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return made.product ?? "";
    },
    before: { price: 120 },
    after: { price: 135 },
  },
  {
    kind: "product.updated",
    write: async () => {
      // The sized product: one variant's price, the others as they are.
      const product: ProductDto = await send("GET", `/api/products/${shop.variantProductId}`);
      await send("PUT", `/api/products/${product._id}`, {
        productId: product._id,
        name: product.name,
        description: product.description,
        price: product.price,
        onSale: product.onSale,
        stock: product.stock,
        isActive: product.isActive,
        category: product.category._id,
        thumbnail: product.thumbnail?._id,
        gallery: product.gallery.map((media) => media._id),
        options: product.options,
        variants: product.variants.map(
          ({ _id, sku, options, price, onSale, salePrice, stock, isActive }) => ({
            _id,
            sku,
            options,
            price: options.Size === "M" && options.Colour === "Blue" ? price + 1.5 : price,
            onSale,
            salePrice,
            stock,
            isActive,
          }),
        ),
      });
      return product._id;
    },
    before: { variants: { "Size: M, Colour: Blue": { price: 25 } } },
    after: { variants: { "Size: M, Colour: Blue": { price: 26.5 } } },
  },
  {
    kind: "product.deleted",
    write: async () => {
      await send("DELETE", `/api/products/${made.product}`);
      return made.product ?? "";
    },
    before: expect.objectContaining({ name: "Linen Shirt, Blue", isActive: false }),
    after: {},
  },
  {
    kind: "stock.adjusted",
    by: () => shop.manager,
    write: async () => {
      const variant = shop.variantIds[0] ?? "";
      await send(
        "POST",
        `/api/inventory/${variant}/adjustments`,
        { change: 7, reason: "received", note: "From the mill" },
        shop.manager,
      );
      return variant;
    },
    before: { stock: 10 },
    after: { stock: 17, reason: "received", note: "From the mill" },
  },
  {
    kind: "category.created",
    write: async () => {
      made.category = id(
        await send("POST", "/api/categories", { name: "Scarves", slug: "scarves-activity" }),
      );
      return made.category;
    },
    before: {},
    after: {
      name: "Scarves",
      slug: "scarves-activity",
      taxRate: null,
      taxSlabs: null,
      hsnCode: null,
      hsnDescription: null,
    },
  },
  {
    kind: "category.updated",
    write: async () => {
      await send("PUT", `/api/categories/${made.category}/tax`, { taxRate: 5, hsnCode: "6214" });
      return made.category ?? "";
    },
    before: { taxRate: null, hsnCode: null },
    after: { taxRate: 5, hsnCode: "6214" },
  },
  {
    kind: "category.updated",
    write: async () => {
      await send("PATCH", `/api/categories/${made.category}`, { name: "Winter Scarves" });
      return made.category ?? "";
    },
    before: { name: "Scarves" },
    after: { name: "Winter Scarves" },
  },
  {
    kind: "category.deleted",
    write: async () => {
      const gone = id(await send("POST", "/api/categories", { name: "Stoles", slug: "stoles-activity" }));
      await send("DELETE", `/api/categories/${gone}`);
      return gone;
    },
    before: {
      name: "Stoles",
      slug: "stoles-activity",
      taxRate: null,
      taxSlabs: null,
      hsnCode: null,
      hsnDescription: null,
      products: 0,
    },
    after: {},
  },
  {
    kind: "discount.created",
    write: async () => {
      made.discount = id(
        await send("POST", "/api/discounts", { code: "WINTER15", type: "percentage", value: 15 }),
      );
      return made.discount;
    },
    before: {},
    after: expect.objectContaining({ code: "WINTER15", type: "percentage", value: 15, isActive: true }),
  },
  {
    kind: "discount.updated",
    write: async () => {
      await send("PUT", `/api/discounts/${made.discount}`, {
        code: "WINTER15",
        type: "percentage",
        value: 20,
      });
      return made.discount ?? "";
    },
    before: { value: 15 },
    after: { value: 20 },
  },
  {
    kind: "discount.updated",
    write: async () => {
      await send("PATCH", `/api/discounts/${made.discount}`, { isActive: false });
      return made.discount ?? "";
    },
    before: { isActive: true },
    after: { isActive: false },
  },
  {
    kind: "discount.deleted",
    write: async () => {
      await send("DELETE", `/api/discounts/${made.discount}`);
      return made.discount ?? "";
    },
    before: expect.objectContaining({ code: "WINTER15", value: 20 }),
    after: {},
  },
  {
    kind: "order.status_changed",
    write: async () => {
      await send("PATCH", `/api/orders/${shop.orderId}/update`, { status: "cancelled" });
      return shop.orderId;
    },
    before: { status: "pending" },
    after: { status: "cancelled" },
  },
  {
    kind: "order.note_added",
    write: async () => {
      await send("POST", `/api/orders/${shop.paidOrderId}/notes`, { note: "Gift wrap it." });
      return shop.paidOrderId;
    },
    before: {},
    after: { note: "Gift wrap it." },
  },
  {
    kind: "order.refunded",
    write: async () => {
      await send("POST", `/api/orders/${shop.paidOrderId}/refunds`, { amount: 10, reason: "Late" });
      return shop.paidOrderId;
    },
    before: { refunded: 0 },
    after: { refunded: 10, refund: { amount: 10, reason: "Late", reference: null } },
  },
  {
    kind: "shipment.created",
    write: async () => {
      const shipment: ShipmentDto = await send("POST", `/api/orders/${shop.paidOrderId}/shipments`, {
        carrier: "Other",
        carrierName: "Hand delivery",
        trackingNumber: "ACT-1",
      });
      made.shipment = shipment._id;
      return shop.paidOrderId;
    },
    before: { status: "processing" },
    after: { status: "shipped", shipment: { carrier: "Hand delivery", trackingNumber: "ACT-1", units: 1 } },
  },
  {
    kind: "shipment.delivered",
    write: async () => {
      await send("PATCH", `/api/orders/${shop.paidOrderId}/shipments/${made.shipment}`, { delivered: true });
      return shop.paidOrderId;
    },
    before: { status: "shipped", shipment: { delivered: false } },
    after: { status: "delivered", shipment: { delivered: true } },
  },
  {
    kind: "shipment.cancelled",
    write: async () => {
      const { orderId, parcel } = await bookedOrder();
      made.cancelledAwb = parcel.awb;
      await send("POST", `/api/orders/${orderId}/shipments/${parcel._id}/cancel`, {});
      return orderId;
    },
    before: {
      status: "shipped",
      shipment: { carrier: "Delhivery Surface", trackingNumber: expect.any(String) },
    },
    after: { status: "processing" },
  },
  {
    kind: "shipment.ndr_action",
    write: async () => {
      const { orderId, parcel } = await bookedOrder();
      const undelivered = shiprocket.scanUpdate(parcel.awb, 21, new Date(), {
        activity: "Consignee not available",
      });
      expect((await postUpdate(t, undelivered, shiprocket.webhookToken)).statusCode).toBe(200);
      await send("POST", `/api/shipments/${parcel._id}/ndr`, { action: "reattempt" });
      return orderId;
    },
    before: { shipment: { ndrAction: null } },
    after: { shipment: { ndrAction: "reattempt" } },
  },
  {
    kind: "shipment.cod_remitted",
    write: async () => {
      const response = await inject(t.app, {
        method: "PUT",
        url: "/api/cod-remittances",
        cookie: shop.admin.cookie,
        headers: { "content-type": "text/csv" },
        payload: "AWB,Amount,Date,UTR\n99990000111,450.00,2026-11-20,UTR-ACT-1\n",
      });
      expect(response.statusCode, response.body).toBe(200);
      return "shipping";
    },
    before: {},
    after: { rows: 1, kept: 1, matched: 0, remitted: 0, differences: 1, utrs: ["UTR-ACT-1"] },
  },
  {
    kind: "return.rejected",
    write: async () => {
      const ret = await askReturn();
      await send("POST", `/api/returns/${ret}/reject`, { message: "Worn" });
      return ret;
    },
    before: { status: "requested" },
    after: { status: "rejected", message: "Worn" },
  },
  {
    kind: "return.approved",
    write: async () => {
      made.return = await askReturn();
      await send("POST", `/api/returns/${made.return}/approve`, {});
      return made.return;
    },
    before: { status: "requested" },
    after: { status: "approved" },
  },
  {
    kind: "return.received",
    by: () => shop.manager,
    write: async () => {
      await send("POST", `/api/returns/${made.return}/receive`, {}, shop.manager);
      return made.return ?? "";
    },
    before: { status: "approved" },
    after: { status: "received" },
  },
  {
    kind: "return.refunded",
    write: async () => {
      await send("POST", `/api/returns/${made.return}/refund`, {});
      return made.return ?? "";
    },
    before: { status: "received" },
    after: { status: "refunded", amount: expect.any(Number) },
  },
  {
    kind: "settings.updated",
    write: async () => {
      const { checkout } = await send("GET", "/api/settings");
      await send("PUT", "/api/settings/checkout", { ...checkout, cod: { ...checkout.cod, enabled: true } });
      return "checkout";
    },
    before: { cod: { enabled: false } },
    after: { cod: { enabled: true } },
  },
  {
    kind: "payment.cash_collected",
    write: async () => {
      const order: OrderDto = await send(
        "POST",
        "/api/orders",
        { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
        shop.shopper,
      );
      const payment = await send(
        "POST",
        "/api/payments",
        { order: order._id, paymentGateway: "cod" },
        shop.shopper,
      );
      // Cash is collected once the order is confirmed and a parcel is out.
      await send("POST", `/api/orders/${order._id}/confirm-cod`, {});
      await send("POST", `/api/orders/${order._id}/shipments`, {
        carrier: "Other",
        carrierName: "Hand delivery",
        trackingNumber: "CASH-1",
      });
      await send("POST", `/api/payments/${payment._id}/collect`);
      return order._id;
    },
    before: { payment: "pending" },
    after: { payment: "completed", amount: expect.any(Number) },
  },
  {
    kind: "payment.unmatched_refunded",
    write: async () => {
      // A second charge of the shop's paid order, held for review as the owner may ask.
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, shop.paidOrderId));
      if (!order) throw new Error("the shop has no order");
      const { row } = await takeUnmatched(
        t.database.db,
        t.app.paymentProviders,
        {
          provider: "test",
          providerPaymentId: "test_ActivitySecond",
          amount: 12.5,
          currency: order.currency,
          order,
        },
        "second_payment",
        { hold: true, log: t.app.log, locale: "en-US" },
      );
      await send("POST", `/api/payments/unmatched/${row.id}/refund`);
      return order.id;
    },
    before: { state: "held" },
    after: { state: "refunding", amount: 12.5, currency: "USD" },
  },
  {
    kind: "order.cod_confirmed",
    write: async () => {
      const order: OrderDto = await send(
        "POST",
        "/api/orders",
        { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
        shop.shopper,
      );
      await send("POST", "/api/payments", { order: order._id, paymentGateway: "cod" }, shop.shopper);
      // Staff took the shopper's confirmation on the phone.
      await send("POST", `/api/orders/${order._id}/confirm-cod`, {});
      return order._id;
    },
    before: { codConfirmation: "pending" },
    after: { codConfirmation: "confirmed" },
  },
  {
    kind: "user.role_changed",
    write: async () => {
      made.user = (await quickUser(t)).user.id;
      await send("PATCH", `/api/users/${made.user}`, { role: "manager" });
      return made.user;
    },
    before: { role: "customer" },
    after: { role: "manager" },
  },
  {
    kind: "user.deactivated",
    write: async () => {
      await send("PATCH", `/api/users/user/${made.user}/status`);
      return made.user ?? "";
    },
    before: { status: true },
    after: { status: false },
  },
  {
    kind: "user.reactivated",
    write: async () => {
      await send("PATCH", `/api/users/user/${made.user}/status`);
      return made.user ?? "";
    },
    before: { status: false },
    after: { status: true },
  },
  {
    kind: "customer.note_added",
    write: async () => {
      await send("POST", `/api/users/${shop.shopper.user.id}/notes`, { note: "Prefers calls." });
      return shop.shopper.user.id;
    },
    before: {},
    after: { note: "Prefers calls." },
  },
  {
    kind: "review.replied",
    write: async () => {
      await send("PUT", `/api/reviews/${shop.reviewId}/reply`, { text: "Thank you!" });
      return shop.reviewId;
    },
    before: { reply: null },
    after: { reply: "Thank you!" },
  },
  {
    kind: "review.hidden",
    by: () => shop.manager,
    write: async () => {
      await send("PATCH", `/api/reviews/${shop.reviewId}`, { hidden: true }, shop.manager);
      return shop.reviewId;
    },
    before: { hidden: false },
    after: { hidden: true },
  },
  {
    kind: "review.shown",
    write: async () => {
      await send("PATCH", `/api/reviews/${shop.reviewId}`, { hidden: false });
      return shop.reviewId;
    },
    before: { hidden: true },
    after: { hidden: false },
  },
  {
    kind: "review.deleted",
    write: async () => {
      await send("DELETE", `/api/reviews/${shop.reviewId}`);
      return shop.reviewId;
    },
    before: expect.objectContaining({ title: "Sturdy and comfortable", rating: 4 }),
    after: {},
  },
  {
    kind: "media.uploaded",
    write: async () => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3b82f6" } })
        .png()
        .toBuffer();
      const { payload, headers } = await multipart("image", png, "swatch.png", "image/png");
      const response = await inject(t.app, {
        method: "POST",
        url: "/api/media",
        cookie: shop.admin.cookie,
        payload,
        headers,
      });
      expect(response.statusCode, response.body).toBe(201);
      made.media = id(response.json().data);
      return made.media;
    },
    before: {},
    after: { name: "swatch.png", url: expect.any(String), width: 64, height: 64 },
  },
  {
    kind: "media.deleted",
    write: async () => {
      await send("DELETE", `/api/media/${made.media}`);
      return made.media ?? "";
    },
    before: { name: "swatch.png", url: expect.any(String), width: 64, height: 64 },
    after: {},
  },
  {
    kind: "email.retried",
    write: async () => {
      const [email] = await t.database.db.select({ id: emails.id }).from(emails).limit(1);
      if (!email) throw new Error("no email to retry");
      await t.database.db
        .update(emails)
        .set({ status: "failed", lastError: "mailbox full" })
        .where(eq(emails.id, email.id));
      await send("POST", `/api/emails/${email.id}/retry`);
      return email.id;
    },
    before: { status: "failed" },
    after: { status: "queued" },
  },
  {
    kind: "webhook.created",
    write: async () => {
      made.webhook = id(
        await send("POST", "/api/webhooks", {
          url: "http://127.0.0.1:9/activity",
          events: ["inventory.low"],
          enabled: false,
        }),
      );
      return made.webhook;
    },
    before: {},
    after: { url: "http://127.0.0.1:9/activity", events: ["inventory.low"], enabled: false },
  },
  {
    kind: "webhook.updated",
    write: async () => {
      // The fixture's endpoint, off, with one delivery that failed: turned on here, sent again below.
      const { endpointId, deliveryId } = await webhookWithDelivery(t, shop.paidOrderId);
      made.hookWithDelivery = endpointId;
      made.delivery = deliveryId;
      await send("PUT", `/api/webhooks/${endpointId}`, {
        url: "http://127.0.0.1:9/hook",
        events: ["order.created"],
        enabled: true,
      });
      return endpointId;
    },
    before: { enabled: false },
    after: { enabled: true },
  },
  {
    kind: "webhook.redelivered",
    write: async () => {
      await send("POST", `/api/webhooks/${made.hookWithDelivery}/deliveries/${made.delivery}/redeliver`);
      return made.hookWithDelivery ?? "";
    },
    before: { status: "failed" },
    after: { delivery: expect.any(String), event: "order.created", status: "pending" },
  },
  {
    kind: "webhook.secret_rotated",
    write: async () => {
      await send("POST", `/api/webhooks/${made.webhook}/rotate-secret`);
      return made.webhook ?? "";
    },
    before: {},
    after: { previousSecretUntil: expect.any(String) },
  },
  {
    kind: "webhook.deleted",
    write: async () => {
      await send("DELETE", `/api/webhooks/${made.webhook}`);
      return made.webhook ?? "";
    },
    before: { url: "http://127.0.0.1:9/activity", events: ["inventory.low"], enabled: false },
    after: {},
  },
  {
    kind: "dispute.evidence_sent",
    write: async () => {
      // A chargeback of the shop's paid order, as Razorpay's webhook records one.
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, shop.paymentId));
      if (!payment) throw new Error("the shop has no payment");
      await recordProviderDispute(
        t.database.db,
        {
          provider: "razorpay",
          id: "disp_Activity000001",
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
      const [dispute] = await t.database.db
        .select({ id: disputes.id })
        .from(disputes)
        .where(eq(disputes.providerDisputeId, "disp_Activity000001"));
      await send(
        "PATCH",
        `/api/disputes/${dispute?.id}`,
        { evidenceSent: true, note: "Proof of delivery" },
        shop.manager,
      );
      return dispute?.id ?? "";
    },
    before: { evidenceSent: false, note: "" },
    after: { evidenceSent: true, note: "Proof of delivery" },
    by: () => shop.manager,
  },
  {
    kind: "customer.store_credit_adjusted",
    write: async () => {
      await send("POST", `/api/users/${shop.shopper.user.id}/store-credit`, {
        amount: 150,
        reason: "Goodwill",
      });
      return shop.shopper.user.id;
    },
    before: { storeCredit: 0 },
    after: { storeCredit: 150, adjustment: { amount: 150, reason: "Goodwill" } },
  },
  {
    kind: "shipping.pincodes_replaced",
    write: async () => {
      const { shipping } = await send("GET", "/api/settings");
      const method = {
        _id: newId(),
        name: "PIN Express",
        price: 30,
        freeAbove: null,
        estimatedDays: null,
        states: null,
        enabled: true,
        serves: "pincodes",
        days: null,
      };
      await send("PUT", "/api/settings/shipping", { ...shipping, methods: [...shipping.methods, method] });
      const uploaded = await inject(t.app, {
        method: "PUT",
        url: `/api/settings/shipping/${method._id}/pincodes`,
        cookie: shop.admin.cookie,
        headers: { "content-type": "text/csv" },
        payload: "pincode,days,cod\n560001,2,yes\n560002,3,no\n",
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return "shipping";
    },
    before: { pincodes: { rows: 0, cod: 0 } },
    after: { pincodes: { rows: 2, cod: 1 } },
  },
  {
    // Last: the parcel's return marks the shop's shopper as having refused cash on delivery.
    kind: "shipment.returned_to_origin",
    write: async () => {
      const order: OrderDto = await send(
        "POST",
        "/api/orders",
        { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
        shop.shopper,
      );
      await send("POST", "/api/payments", { order: order._id, paymentGateway: "cod" }, shop.shopper);
      await send("POST", `/api/orders/${order._id}/confirm-cod`, {});
      const parcel: ShipmentDto = await send("POST", `/api/orders/${order._id}/shipments`, {
        carrier: "Other",
        carrierName: "Hand delivery",
        trackingNumber: "ACT-RTO",
      });
      await send("PATCH", `/api/orders/${order._id}/shipments/${parcel._id}`, {
        returnedToOrigin: true,
        reason: "refused",
      });
      return order._id;
    },
    before: { status: "shipped", shipment: { returnedToOrigin: false } },
    after: { status: "cancelled", shipment: { returnedToOrigin: true, reason: "refused" } },
  },
  {
    // After the refusal above: staff lift the shopper's cash on delivery bar.
    kind: "customer.cod_bar_lifted",
    write: async () => {
      await send("DELETE", `/api/users/${shop.shopper.user.id}/cod-bar`);
      return shop.shopper.user.id;
    },
    before: { codBar: { reason: "refused", since: expect.any(String), order: expect.any(Number) } },
    after: { codBar: null },
  },
];

/** The shopper asks to return the paid order's one unit; answers the return's id. */
async function askReturn(): Promise<string> {
  const order: OrderDto = await send("GET", `/api/orders/${shop.paidOrderId}`);
  const line = order.products[0]?._id ?? "";
  const ret = await send(
    "POST",
    "/api/returns",
    { order: shop.paidOrderId, lines: [{ line, quantity: 1 }], reason: "changed_mind", note: "" },
    shop.shopper,
  );
  return id(ret);
}

describe("the staff activity log", () => {
  it("knows every kind a staff write can be, and the cases below write each one", () => {
    const written = new Set(CASES.map((c) => c.kind));
    expect([...written].sort()).toEqual([...ACTIVITY_KINDS].sort());
  });

  it.each(CASES.map((c, index) => [`${c.kind} #${index + 1}`, c] as const))(
    "%s: one entry with who, when, what, and only the fields that changed",
    async (_name, c) => {
      const [previous] = await newest(c.kind);
      const started = Date.now();
      const subjectId = await c.write();
      const entries = await newest(c.kind, 2);
      const [entry] = entries;
      expect(entry, "an entry was written").toBeDefined();
      if (!entry) return;
      expect(entries.filter((e) => e._id !== previous?._id && e.subject.id === subjectId)).toHaveLength(1);
      const by = (c.by?.() ?? shop.admin).user;
      expect(entry.actor).toEqual({ _id: by.id, name: `Test ${by.role}`, email: by.email });
      expect(entry.subject.id).toBe(subjectId);
      expect(entry.subject.label).not.toBe("");
      expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(entry.before).toEqual(c.before);
      expect(entry.after).toEqual(c.after);
    },
  );
});

describe("reading the log", () => {
  // Entries of 2020, far from the cases' own: the days are the shop's (UTC+05:30).
  const actorA = { id: newId(), firstName: "Asha", lastName: "Rao", email: "asha@example.com" };
  const actorB = { id: newId(), firstName: "Bala", lastName: "Iyer", email: "bala@example.com" };
  const entries = {
    // 23:30 on 1 March by the shop's clock.
    alpha: { actor: actorA, kind: "product.updated", label: "Alpha Tee", at: "2020-03-01T18:00:00Z" },
    // 00:30 on 2 March by the shop's clock, though 1 March in UTC.
    beta: { actor: actorB, kind: "stock.adjusted", label: "Beta Mug", at: "2020-03-01T19:00:00Z" },
    gamma: { actor: actorA, kind: "stock.adjusted", label: "Gamma Cap", at: "2020-03-03T10:00:00Z" },
  } as const;
  const ids: Record<keyof typeof entries, string> = { alpha: "", beta: "", gamma: "" };

  beforeAll(async () => {
    for (const [name, entry] of Object.entries(entries) as [
      keyof typeof entries,
      (typeof entries)["alpha"],
    ][]) {
      const row = {
        ...activityRow(entry.actor, entry.kind, { type: "product", id: newId(), label: entry.label }, null, {
          name: entry.label,
        }),
        id: newId(),
        at: new Date(entry.at),
      };
      ids[name] = row.id;
      await insertActivity(t.database.db, [row]);
    }
  });

  async function found(query: string) {
    const days = query.includes("from=") ? "" : "from=2020-03-01&to=2020-03-31&";
    const response = await list(`${days}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return { ids: (body.data as ActivityEntryDto[]).map((entry) => entry._id), meta: body.meta };
  }

  it("narrows by days of the shop's clock, staff member, kind and keyword, newest first, paged", async () => {
    expect(SHOP_UTC_OFFSET).toBe("+05:30");
    expect((await found("from=2020-03-01&to=2020-03-01")).ids).toEqual([ids.alpha]);
    expect((await found("from=2020-03-02&to=2020-03-03")).ids).toEqual([ids.gamma, ids.beta]);
    expect((await found(`actor=${actorA.id}`)).ids).toEqual([ids.gamma, ids.alpha]);
    expect((await found("kind=stock.adjusted")).ids).toEqual([ids.gamma, ids.beta]);
    expect((await found("keyword=beta")).ids).toEqual([ids.beta]);
    expect(await found("size=1&page=2")).toEqual({
      ids: [ids.beta],
      meta: { page: 2, size: 1, total: 3, pageCount: 3, next: expect.any(String) },
    });
    // The last page has no next.
    expect((await found("size=1&page=3")).meta.next).toBeUndefined();
    const [entry] = (await list(`actor=${actorB.id}`)).json().data as ActivityEntryDto[];
    expect(entry).toMatchObject({
      actor: { _id: actorB.id, name: "Bala Iyer", email: "bala@example.com" },
      kind: "stock.adjusted",
      subject: { type: "product", label: "Beta Mug" },
      before: {},
      after: { name: "Beta Mug" },
    });
  });

  it("walks the log by cursor, each entry once, newest first, entries of the same moment included", async () => {
    // Seven entries of one day, five of them at the very same microsecond: only the id orders those.
    const moment = new Date("2020-04-10T08:00:00.123Z");
    const rows = Array.from({ length: 7 }, (_, i) => ({
      ...activityRow(
        actorA,
        "product.updated",
        { type: "product", id: newId(), label: `Walk ${i}` },
        null,
        {},
      ),
      id: newId(),
      at: i < 5 ? moment : new Date(moment.getTime() - i * 1000),
    }));
    await insertActivity(t.database.db, rows);
    const day = "from=2020-04-10&to=2020-04-10";
    const expected = [...rows]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect((await readList(t, `/api/activity?${day}&size=100`, shop.admin.cookie)).ids).toEqual(expected);
    for (const size of [1, 2, 3]) {
      expect(await walkByCursor(t, `/api/activity?${day}`, shop.admin.cookie, size)).toEqual(expected);
    }
    // With a filter too: the same actor's entries of those days, by the actor's index.
    const withActor = await walkByCursor(t, `/api/activity?${day}&actor=${actorA.id}`, shop.admin.cookie, 2);
    expect(withActor).toEqual(expected);
  });

  it("counts at most the cap, says so, and keeps paging past it while entries follow", async () => {
    const query = { from: "2020-03-01", to: "2020-03-31", page: 2, size: 1 };
    const read = await listActivityEntries(t.database.db, query, SHOP_UTC_OFFSET, 2);
    expect(read).toMatchObject({ total: 2, totalCapped: true, more: true, next: expect.any(String) });
    expect(listEnvelope(read.items, { ...query, ...read }).meta).toMatchObject({
      total: 2,
      totalCapped: true,
      pageCount: 3,
    });
    // The route counts up to COUNT_CAP: three entries are three.
    const { meta } = await found("size=1");
    expect(meta.total).toBe(3);
    expect(meta.totalCapped).toBeUndefined();
  });

  it("refuses an `after` that is not a cursor of the log, at `after`", async () => {
    const other = encodeCursor(["Beta Mug", newId(), 1, newId()]);
    const badDay = encodeCursor(["2020-02-30T10:00:00.000000Z", newId()]);
    for (const after of ["nonsense!", "bm9uc2Vuc2U", other, badDay, "x".repeat(2_000)]) {
      const response = await list(`after=${encodeURIComponent(after)}`);
      expect(response.statusCode, after).toBe(400);
      expect(response.json().errors).toEqual({ after: validation.cursor });
    }
  });

  it("refuses a range that ends before it starts and an unknown kind, at their fields", async () => {
    const backwards = await list("from=2020-03-02&to=2020-03-01");
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors)).toEqual(["to"]);
    const unknown = await list("kind=product.stolen");
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(["kind"]);
  });

  it("lists everyone it names, by name, for the staff filter", async () => {
    const response = await inject(t.app, {
      method: "GET",
      url: "/api/activity/actors",
      cookie: shop.admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const actors = response.json().data as { _id: string; name: string }[];
    expect(actors.map((actor) => actor.name)).toEqual([
      "Asha Rao",
      "Bala Iyer",
      "Test admin",
      "Test manager",
    ]);
    expect(actors.find((actor) => actor.name === "Test manager")?._id).toBe(shop.manager.user.id);
  });

  it("is for admins: a manager and a shopper are refused, anonymous asked to sign in", async () => {
    for (const url of ["/api/activity", "/api/activity/actors"]) {
      for (const caller of [shop.manager, shop.shopper])
        expect((await inject(t.app, { method: "GET", url, cookie: caller.cookie })).statusCode).toBe(403);
      expect((await inject(t.app, { method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("keeping the log", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const [row] = await t.database.db.select().from(activity).limit(1);
    if (!row) throw new Error("no entry");
    const db = t.database.db;
    await expect(
      db.update(activity).set({ actorName: "Someone else" }).where(eq(activity.id, row.id)),
    ).rejects.toThrow();
    await expect(db.delete(activity).where(eq(activity.id, row.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate activity`)).rejects.toThrow();
    const [still] = await db.select().from(activity).where(eq(activity.id, row.id));
    expect(still).toEqual(row);
  });

  it("writes no entry for a write that is refused", async () => {
    const count = async () => (await t.database.db.select({ id: activity.id }).from(activity)).length;
    const before = await count();
    // Ordered, so kept (409); more money than the order has left (409); a slug in use (409).
    for (const [method, url, payload] of [
      ["DELETE", `/api/products/${shop.productId}`, undefined],
      ["POST", `/api/orders/${shop.paidOrderId}/refunds`, { amount: 100_000, reason: "Too much" }],
      ["POST", "/api/categories", { name: "Scarves again", slug: "scarves-activity" }],
    ] as const) {
      const response = await inject(t.app, {
        method,
        url,
        cookie: shop.admin.cookie,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(409);
    }
    expect(await count()).toBe(before);
  });
});

describe("one transaction", () => {
  it("does not make a write whose entry cannot be written", async () => {
    const customer = await quickUser(t);
    // An actor without an email: the entry's insert fails (NOT NULL), and the role change with it.
    const nameless = { ...shop.admin.user, email: null as unknown as string };
    await expect(changeRole(t.database.db, nameless, customer.user.id, "manager")).rejects.toThrow();
    const [user] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(user?.role).toBe("customer");
  });
});

describe("changedFields", () => {
  it("keeps only what changed: within objects field by field, lists as a whole, null apart from absent", () => {
    const when = new Date("2026-11-25T10:00:00Z");
    expect(
      changedFields(
        { name: "Tee", tags: ["a", "b"], variants: { S: { price: 10, stock: 2 } }, note: null, at: when },
        {
          name: "Tee",
          tags: ["a", "c"],
          variants: { S: { price: 12, stock: 2 }, M: { price: 12 } },
          at: when,
        },
      ),
    ).toEqual({
      before: { tags: ["a", "b"], variants: { S: { price: 10 } }, note: null },
      after: { tags: ["a", "c"], variants: { S: { price: 12 }, M: { price: 12 } } },
    });
    expect(changedFields(null, { taxRate: null })).toEqual({ before: {}, after: { taxRate: null } });
    expect(changedFields({ a: { b: 1 } }, { a: { b: 1 } })).toEqual({ before: {}, after: {} });
  });
});
