/**
 * WhatsApp messages against a fake of Meta's Graph API (docs/whatsapp.md, decision 056): consent
 * first, each event's template with its variables, retries and the email instead, the webhook's
 * verification and signature, statuses (twice, or before the send's answer), and the shopper's taps
 * on a cash on delivery order and their STOP.
 */
import { mail, whatsappApi, whatsappNotes, whatsappReplies } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import type { ConsentsDto, MessageDto, MessageRatesDto } from "@shop/shared/schemas/whatsapp";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { orderEvents, orders } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import { consentEvents, whatsappMessages } from "#api/db/schema/whatsapp";
import { cartReminderEmail } from "#api/modules/email/cart-reminder";
import { outForDeliveryEmail } from "#api/modules/email/order-messages";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { drainWhatsApp, sendingOf } from "#api/modules/email/whatsapp-sender";
import { sendBackInStockEmails } from "#api/modules/stock-alerts/service";
import { createTestApp, inject, shopperWithAddress, signedInUser, type TestApp } from "#test/app";
import { makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, makeShop, type Shop } from "#test/fixtures";
import { WhatsAppFake } from "#test/whatsapp-fake";

const VERIFY_TOKEN = "verify-me-please";
/** ADDRESS's phone as WhatsApp numbers it. */
const NUMBER = `91${ADDRESS.phoneNumber.replace(/\D/g, "").slice(-10)}`;

let t: TestApp;
let shop: Shop;
let fake: WhatsAppFake;
let webhook: string;

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

beforeAll(async () => {
  fake = await WhatsAppFake.start();
  t = await createTestApp({
    WHATSAPP_TOKEN: fake.token,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: fake.appSecret,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_API_BASE: fake.url,
    MAX_UNPAID_ORDERS: "100",
  });
  // The tests send what is due themselves (drain), each at the moment it means: no sender on a timer.
  await t.app.whatsappSender.stop();
  // The webhook is posted to the app itself through a socket: Meta signs the bytes it sends.
  webhook = `${await t.app.listen({ host: "127.0.0.1", port: 0 })}/api/whatsapp/webhook`;
  shop = await makeShop(t);
  const { data } = (
    await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie })
  ).json();
  const cod = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: shop.admin.cookie,
    payload: { ...data.checkout, cod: { ...data.checkout.cod, enabled: true, maxOrderValue: 100000 } },
  });
  expect(cod.statusCode, cod.body).toBe(200);
  const on = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/whatsapp",
    cookie: shop.admin.cookie,
    payload: { ...data.whatsapp, enabled: true },
  });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A new shopper with an address, who ticked order updates (and offers) at checkout, or not. */
async function place(
  buyer: Shopper,
  consents: { whatsappOrders?: boolean; whatsappMarketing?: boolean } = {},
) {
  const product = await makeProduct(
    t.database,
    { category: shop.categoryId, thumbnail: shop.mediaId },
    {
      name: "Brass Diya",
      price: 450,
      stock: 10,
    },
  );
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: {
      products: [{ product: product._id, quantity: 2 }],
      shippingAddress: buyer.addressId,
      ...consents,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as { _id: string; number: number };
  return { ...order, productId: product._id };
}

async function pay(buyer: Shopper, orderId: string, gateway: "test" | "cod") {
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: buyer.cookie,
    payload:
      gateway === "cod"
        ? { order: orderId, paymentGateway: "cod" }
        : { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

/** Sends what is due now (as the sender would on its next round). */
async function drain() {
  if (!t.app.whatsapp) throw new Error("WhatsApp is not connected in this app");
  return drainWhatsApp(t.database.db, sendingOf(t.app.whatsapp), t.app.log);
}

async function messagesOf(orderId: string) {
  const res = await inject(t.app, {
    method: "GET",
    url: `/api/messages?order=${orderId}`,
    cookie: shop.manager.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { items: MessageDto[] }).items;
}

async function rowsOf(orderId: string) {
  return t.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId));
}

/** The template sends the fake got for a number, by template name. */
function sentTemplates(name: string, to = NUMBER) {
  return fake.sent.filter(
    (s) => s.to === to && (s.body as { template?: { name: string } }).template?.name === name,
  );
}

function bodyParams(sent: { body: unknown }): string[] {
  const components = (
    sent.body as { template: { components?: { type: string; parameters: { text?: string }[] }[] } }
  ).template.components;
  return components?.find((c) => c.type === "body")?.parameters.map((p) => p.text ?? "") ?? [];
}

function buttonPayloads(sent: { body: unknown }): string[] {
  const components = (
    sent.body as {
      template: { components?: { type: string; parameters: { payload?: string; text?: string }[] }[] };
    }
  ).template.components;
  return (components ?? [])
    .filter((c) => c.type === "button")
    .map((c) => c.parameters[0]?.payload ?? c.parameters[0]?.text ?? "");
}

/** The texts the fake got (replies to taps and STOPs), for a number. */
function sentTexts(to = NUMBER): string[] {
  return fake.sent
    .filter((s) => s.to === to && (s.body as { type: string }).type === "text")
    .map((s) => (s.body as { text: { body: string } }).text.body);
}

/** The order's total as its messages write it (the test shop's SPEC currency). */
async function totalOf(orderId: string) {
  const row = await orderRow(orderId);
  return formatMoney(row.totalAmount, { code: row.currency, locale: "en-US" });
}

async function emailKinds(orderId: string) {
  const rows = await t.database.db
    .select({ kind: emails.kind })
    .from(emails)
    .where(eq(emails.orderId, orderId));
  return rows.map((row) => row.kind);
}

describe("consent", () => {
  it("is stored with its time and where, shown and changed on the account, and required", async () => {
    const buyer = await shopperWithAddress(t);
    const before = await inject(t.app, {
      method: "GET",
      url: "/api/users/current-user/consents",
      cookie: buyer.cookie,
    });
    expect(before.json().data).toEqual({
      whatsappOrders: { given: false, at: null, source: null },
      whatsappMarketing: { given: false, at: null, source: null },
      phone: null,
    });
    // Without consent, a paid order is told by email only.
    const quiet = await place(buyer);
    await pay(buyer, quiet._id, "test");
    await drain();
    expect(await rowsOf(quiet._id)).toEqual([]);
    expect(await emailKinds(quiet._id)).toContain("paymentReceived");

    const order = await place(buyer, { whatsappOrders: true, whatsappMarketing: false });
    const given = (
      await inject(t.app, { method: "GET", url: "/api/users/current-user/consents", cookie: buyer.cookie })
    ).json().data as ConsentsDto;
    expect(given.whatsappOrders).toMatchObject({ given: true, source: "checkout" });
    expect(given.whatsappMarketing.given).toBe(false);
    expect(given.phone).toBe(NUMBER.slice(2));
    const kept = await t.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, buyer.user.id));
    expect(kept).toEqual([
      expect.objectContaining({
        kind: "whatsappOrders",
        given: true,
        source: "checkout",
        orderId: order._id,
      }),
    ]);

    const changed = await inject(t.app, {
      method: "PUT",
      url: "/api/users/current-user/consents",
      cookie: buyer.cookie,
      payload: { whatsappOrders: false, whatsappMarketing: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(whatsappApi.consentsSaved);
    expect(changed.json().data.whatsappOrders).toMatchObject({ given: false, source: "account" });
    expect(changed.json().data.whatsappMarketing).toMatchObject({ given: true, source: "account" });

    // No number known: 400 at phone, nothing written.
    const bare = await signedInUser(t);
    const refused = await inject(t.app, {
      method: "PUT",
      url: "/api/users/current-user/consents",
      cookie: bare.cookie,
      payload: { whatsappOrders: true, whatsappMarketing: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ phone: whatsappApi.phoneNeeded });
    const none = await t.database.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, bare.user.id));
    expect(none).toEqual([]);
    const anonymous = await inject(t.app, {
      method: "PUT",
      url: "/api/users/current-user/consents",
      payload: { whatsappOrders: true, whatsappMarketing: false },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the order's messages", () => {
  it("list the payment's email on its order when the shop does not send on WhatsApp", async () => {
    const { data } = (
      await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie })
    ).json();
    const put = (enabled: boolean) =>
      inject(t.app, {
        method: "PUT",
        url: "/api/settings/whatsapp",
        cookie: shop.admin.cookie,
        payload: { ...data.whatsapp, enabled },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      const buyer = await shopperWithAddress(t);
      const order = await place(buyer, { whatsappOrders: true });
      // The payment's one statement writes the email, with the order it tells of.
      await pay(buyer, order._id, "test");
      const log = await messagesOf(order._id);
      expect(log.map((message) => [message.channel, message.event]).sort()).toEqual([
        ["email", "orderPlaced"],
        ["email", "paymentReceived"],
      ]);
      expect(await rowsOf(order._id)).toEqual([]);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });
});

describe("each event", () => {
  it("goes through its template with the server's variables instead of the email", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    await drain();
    const [confirmed] = sentTemplates("order_confirmed").filter(
      (s) => bodyParams(s)[1] === `#${order.number}`,
    );
    expect(confirmed, JSON.stringify(fake.sent)).toBeDefined();
    if (!confirmed) return;
    expect(bodyParams(confirmed)).toEqual([
      buyer.user.firstName,
      `#${order.number}`,
      await totalOf(order._id),
      expect.any(String),
    ]);
    expect(await emailKinds(order._id)).not.toContain("paymentReceived");

    // Shipped (the order page as the button's end), delivered, refunded.
    const shipped = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/shipments`,
      cookie: shop.manager.cookie,
      payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "WA-1" },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    await drain();
    const [parcel] = sentTemplates("order_shipped").filter((s) => bodyParams(s)[1] === `#${order.number}`);
    expect(parcel && bodyParams(parcel)).toEqual([
      buyer.user.firstName,
      `#${order.number}`,
      "Hand delivery",
      "WA-1",
    ]);
    expect(parcel && buttonPayloads(parcel)).toEqual([order._id]);
    const delivered = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/shipments/${shipped.json().data._id}`,
      cookie: shop.manager.cookie,
      payload: { delivered: true },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const refund = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 100, reason: "A dented lid" },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await drain();
    expect(sentTemplates("order_delivered").some((s) => bodyParams(s)[1] === `#${order.number}`)).toBe(true);
    const [refunded] = sentTemplates("refund_made").filter((s) => bodyParams(s)[1] === `#${order.number}`);
    expect(refunded && bodyParams(refunded)).toEqual([
      buyer.user.firstName,
      `#${order.number}`,
      formatMoney(100, { code: "USD", locale: "en-US" }),
    ]);
    const log = await messagesOf(order._id);
    expect(
      log
        .filter((m) => m.channel === "whatsapp")
        .map((m) => m.event)
        .sort(),
    ).toEqual(["delivered", "orderConfirmed", "refunded", "shipped"]);
    expect(log.every((m) => m.channel === "email" || m.state === "sent")).toBe(true);
  });

  it("asks a cash on delivery order's confirmation with two buttons carrying the order's token", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "cod");
    await drain();
    const [ask] = sentTemplates("cod_confirm").filter((s) => bodyParams(s)[1] === `#${order.number}`);
    expect(ask && bodyParams(ask)).toEqual([
      buyer.user.firstName,
      `#${order.number}`,
      await totalOf(order._id),
      "Brass Diya × 2",
    ]);
    const [confirm, cancel] = ask ? buttonPayloads(ask) : [];
    expect(confirm).toMatch(new RegExp(`^cod:confirm:${order._id}:`));
    expect(cancel).toMatch(new RegExp(`^cod:cancel:${order._id}:`));
    expect(await emailKinds(order._id)).not.toContain("orderCodConfirmed");
  });

  it("never writes one event twice", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    const again = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: buyer.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(again.statusCode).not.toBe(201);
    await drain();
    await drain();
    expect((await rowsOf(order._id)).filter((row) => row.event === "orderConfirmed")).toHaveLength(1);
  });
});

describe("the outbox", () => {
  it("tries a message Meta put off (429, its rate limit) again, and sends it once", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    fake.failNext({ code: 130429 }, 1);
    fake.failNext({ code: 4, status: 429 }, 1);
    await pay(buyer, order._id, "test");
    for (let round = 0; round < 3; round += 1) {
      await drain();
      // The wait before the next attempt passes.
      await t.database.db.execute(
        sql`update ${whatsappMessages} set next_attempt_at = now() where order_id = ${order._id} and state = 'queued'`,
      );
    }
    const [row] = await rowsOf(order._id);
    expect(row).toMatchObject({ state: "sent", attempts: 3 });
    expect(
      sentTemplates("order_confirmed").filter((s) => bodyParams(s)[1] === `#${order.number}`),
    ).toHaveLength(1);
    expect(await emailKinds(order._id)).not.toContain("paymentReceived");
  });

  it("records an error that will not pass and sends the email instead", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    fake.undeliverable(NUMBER);
    try {
      await pay(buyer, order._id, "test");
      await drain();
    } finally {
      fake.reset();
    }
    const [row] = await rowsOf(order._id);
    expect(row).toMatchObject({ state: "failed", errorCode: 131026, fellBack: true });
    expect(row?.error).toContain("131026");
    expect(await emailKinds(order._id)).toContain("paymentReceived");
    const log = await messagesOf(order._id);
    expect(log.find((m) => m.channel === "whatsapp")).toMatchObject({
      state: "failed",
      event: "orderConfirmed",
    });
    expect(log.find((m) => m.channel === "email" && m.event === "paymentReceived")).toBeDefined();
  });
});

describe("the webhook", () => {
  it("answers Meta's verification with the challenge for the right token only", async () => {
    const right = await fake.verify(webhook, VERIFY_TOKEN, "1158201444");
    expect(right).toEqual({ status: 200, body: "1158201444" });
    const wrong = await fake.verify(webhook, "not-the-token", "1158201444");
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain("1158201444");
  });

  it("refuses a bad signature before reading anything, and changes nothing", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    await drain();
    const [row] = await rowsOf(order._id);
    if (!row?.wamid) throw new Error("not sent");
    const forged = await fake.postWebhook(webhook, WhatsAppFake.statusPayload(row.wamid, "read"), {
      signWith: "someone-else",
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(webhook, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(WhatsAppFake.statusPayload(row.wamid, "read")),
    });
    expect(unsigned.status).toBe(401);
    const [after] = await rowsOf(order._id);
    expect(after).toMatchObject({ state: "sent", readAt: null });
  });

  it("moves a message by its statuses once, whatever comes twice or out of order", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    await drain();
    const [row] = await rowsOf(order._id);
    if (!row?.wamid) throw new Error("not sent");
    const read = WhatsAppFake.statusPayload(row.wamid, "read", { timestamp: 1_767_225_900 });
    expect((await fake.postWebhook(webhook, read)).status).toBe(200);
    expect((await fake.postWebhook(webhook, read)).status).toBe(200);
    const late = WhatsAppFake.statusPayload(row.wamid, "delivered", { timestamp: 1_767_225_800 });
    expect((await fake.postWebhook(webhook, late)).status).toBe(200);
    const [after] = await rowsOf(order._id);
    expect(after).toMatchObject({ state: "read" });
    expect(after?.readAt?.toISOString()).toBe(new Date(1_767_225_900_000).toISOString());
    expect(after?.deliveredAt?.toISOString()).toBe(new Date(1_767_225_800_000).toISOString());
    const rates = await inject(t.app, {
      method: "GET",
      url: "/api/messages/rates",
      cookie: shop.manager.cookie,
    });
    const figures = (rates.json().data as MessageRatesDto).whatsapp;
    expect(figures.read).toBeGreaterThanOrEqual(1);
    expect(figures.deliveryRate).not.toBeNull();
  });

  it("records a status that arrives before the send's answer, once the answer comes", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    const wamid = `wamid.EARLY${order._id}`;
    expect((await fake.postWebhook(webhook, WhatsAppFake.statusPayload(wamid, "delivered"))).status).toBe(
      200,
    );
    // Meta's answer (with that wamid) reaches the shop after its status did.
    await drainWhatsApp(t.database.db, { send: async () => ({ wamid }) }, t.app.log);
    const [row] = await rowsOf(order._id);
    expect(row).toMatchObject({ wamid, state: "delivered" });
    expect(row?.deliveredAt).not.toBeNull();
  });

  it("falls back to the email when Meta reports a failure after accepting the message", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    await pay(buyer, order._id, "test");
    await drain();
    const [row] = await rowsOf(order._id);
    if (!row?.wamid) throw new Error("not sent");
    const failed = WhatsAppFake.statusPayload(row.wamid, "failed", { errorCode: 131026 });
    expect((await fake.postWebhook(webhook, failed)).status).toBe(200);
    expect((await fake.postWebhook(webhook, failed)).status).toBe(200);
    const [after] = await rowsOf(order._id);
    expect(after).toMatchObject({ state: "failed", errorCode: 131026, fellBack: true });
    expect((await emailKinds(order._id)).filter((kind) => kind === "paymentReceived")).toHaveLength(1);
  });
});

/** A cash on delivery order asked on WhatsApp, and the payload of its button. */
async function codAsked() {
  const buyer = await shopperWithAddress(t);
  const order = await place(buyer, { whatsappOrders: true });
  await pay(buyer, order._id, "cod");
  await drain();
  const [ask] = sentTemplates("cod_confirm").filter((s) => bodyParams(s)[1] === `#${order.number}`);
  if (!ask) throw new Error("no confirmation asked");
  const [confirm = "", cancel = ""] = buttonPayloads(ask);
  return { buyer, order, confirm, cancel, ask };
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no such order");
  return row;
}

function tap(payload: string, text: string, id?: string) {
  return WhatsAppFake.buttonTapPayload({ from: NUMBER, payload, text, ...(id ? { id } : {}) });
}

describe("a tap", () => {
  it('on "Confirm order" confirms the cash on delivery order once, and says so', async () => {
    const { order, confirm } = await codAsked();
    const first = tap(confirm, "Confirm order");
    expect((await fake.postWebhook(webhook, first)).status).toBe(200);
    // Meta delivers the same tap again: nothing more happens.
    expect((await fake.postWebhook(webhook, first)).status).toBe(200);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ codConfirmation: "confirmed", codConfirmedVia: "whatsapp" });
    const history = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "cod")));
    expect(history).toHaveLength(2);
    await drain();
    const before = sentTexts().length;
    expect(sentTexts().filter((text) => text === whatsappReplies.confirmed(order.number))).toHaveLength(1);
    // Another tap on the same button (a new message): already confirmed, said so.
    expect((await fake.postWebhook(webhook, tap(confirm, "Confirm order"))).status).toBe(200);
    await drain();
    expect(sentTexts().length).toBe(before + 1);
    expect(sentTexts().at(-1)).toBe(whatsappReplies.alreadyConfirmed(order.number));
  });

  it("for an order already shipped answers so and changes nothing", async () => {
    const { order, cancel } = await codAsked();
    const confirmed = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/confirm-cod`,
      cookie: shop.manager.cookie,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shipped = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/shipments`,
      cookie: shop.manager.cookie,
      payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "WA-2" },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect((await fake.postWebhook(webhook, tap(cancel, "Cancel order"))).status).toBe(200);
    await drain();
    expect(sentTexts().at(-1)).toBe(whatsappReplies.alreadyShipped(order.number));
    expect((await orderRow(order._id)).status).toBe("shipped");
  });

  it('on "Cancel order" cancels it, puts its stock back and emails the shopper', async () => {
    const { order, cancel } = await codAsked();
    const stock = async () =>
      (
        await t.database.db
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.productId, order.productId))
      )[0]?.stock;
    expect(await stock()).toBe(8);
    expect((await fake.postWebhook(webhook, tap(cancel, "Cancel order"))).status).toBe(200);
    expect((await orderRow(order._id)).status).toBe("cancelled");
    expect(await stock()).toBe(10);
    const history = await t.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "cancelled")));
    expect(history).toEqual([{ note: whatsappNotes.cancelledByTap }]);
    const cancelled = await t.database.db
      .select({ subject: emails.subject })
      .from(emails)
      .where(and(eq(emails.orderId, order._id), eq(emails.kind, "orderCancelled")));
    expect(cancelled).toEqual([{ subject: mail.orderCancelled.subject(order.number) }]);
    await drain();
    expect(sentTexts().at(-1)).toBe(whatsappReplies.cancelled(order.number));
  });

  it("with a token that is not the order's does nothing", async () => {
    const { order, confirm } = await codAsked();
    const forged = confirm.replace(/:[^:]+$/, ":AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await fake.postWebhook(webhook, tap(forged, "Confirm order"))).status).toBe(200);
    expect((await orderRow(order._id)).codConfirmation).toBe("pending");
    await drain();
    expect(sentTexts().at(-1)).toBe(whatsappReplies.unknown);
  });
});

describe("STOP", () => {
  it("ends the number's consents, kept as given on WhatsApp, and nothing more is sent there", async () => {
    const buyer = await shopperWithAddress(t);
    await place(buyer, { whatsappOrders: true, whatsappMarketing: true });
    const stop = WhatsAppFake.textPayload({ from: NUMBER, body: " stop " });
    expect((await fake.postWebhook(webhook, stop)).status).toBe(200);
    const consents = (
      await inject(t.app, { method: "GET", url: "/api/users/current-user/consents", cookie: buyer.cookie })
    ).json().data as ConsentsDto;
    expect(consents.whatsappOrders).toMatchObject({ given: false, source: "whatsapp" });
    expect(consents.whatsappMarketing).toMatchObject({ given: false, source: "whatsapp" });
    const order = await place(buyer);
    await pay(buyer, order._id, "test");
    await drain();
    expect(await rowsOf(order._id)).toEqual([]);
    expect(await emailKinds(order._id)).toContain("paymentReceived");
  });
});

describe("the other events", () => {
  it("out for delivery: the courier's scan tells the shopper with name, number and courier", async () => {
    const buyer = await shopperWithAddress(t);
    const order = await place(buyer, { whatsappOrders: true });
    const row = await orderRow(order._id);
    const mail = await t.app.mailContext();
    const parcel = {
      id: newId(),
      carrier: "Delhivery",
      trackingNumber: "AWB9001",
      trackingUrl: null,
      codAmount: null,
    };
    await t.database.db.transaction((tx) =>
      queueMessages(tx, mail, [
        outForDeliveryEmail(
          buyer.user,
          { id: row.id, number: row.number, currency: row.currency },
          parcel,
          mail,
        ),
      ]),
    );
    await drain();
    const [out] = sentTemplates("out_for_delivery").filter((s) => bodyParams(s)[1] === `#${order.number}`);
    expect(out && bodyParams(out)).toEqual([buyer.user.firstName, `#${order.number}`, "Delhivery"]);
    expect(await emailKinds(order._id)).not.toContain("orderOutForDelivery");
  });

  it("an abandoned checkout's reminder goes on WhatsApp only with the offers' consent", async () => {
    const buyer = await shopperWithAddress(t);
    await place(buyer, { whatsappOrders: true, whatsappMarketing: false });
    const mail = await t.app.mailContext();
    const remind = (id: string) =>
      t.database.db.transaction((tx) =>
        queueMessages(tx, mail, [
          cartReminderEmail(
            {
              id,
              userId: buyer.user.id,
              to: { email: buyer.user.email, firstName: buyer.user.firstName },
              number: 1,
              lines: [{ label: "Brass Diya", quantity: 2, unitPrice: 450 }],
              code: null,
              cartUrl: `${mail.origin}/cart?reminder=${id}`,
              unsubscribeUrl: `${mail.origin}/unsubscribe?token=t`,
            },
            { code: "USD", locale: "en-US" },
          ),
        ]),
      );
    const byEmail = newId();
    await remind(byEmail);
    const rows = await t.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.dedupeKey, `abandonedCheckout:${byEmail}`));
    expect(rows).toEqual([]);
    const reminders = await t.database.db
      .select({ to: emails.recipient })
      .from(emails)
      .where(and(eq(emails.kind, "cartReminder"), eq(emails.recipient, buyer.user.email)));
    expect(reminders).toHaveLength(1);

    const agreed = await inject(t.app, {
      method: "PUT",
      url: "/api/users/current-user/consents",
      cookie: buyer.cookie,
      payload: { whatsappOrders: true, whatsappMarketing: true },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const onWhatsApp = newId();
    await remind(onWhatsApp);
    await drain();
    const sent = sentTemplates("abandoned_checkout").find((s) => buttonPayloads(s)[0] === onWhatsApp);
    expect(sent && bodyParams(sent)).toEqual([buyer.user.firstName, "Brass Diya × 2"]);

    // The number stopped this shop's marketing in WhatsApp itself: Meta refuses, no email stands in
    // for the offer, and the offers' consent ends.
    const refused = newId();
    fake.failNext({ code: 131050 });
    await remind(refused);
    await drain();
    const [row] = await t.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.dedupeKey, `abandonedCheckout:${refused}`));
    expect(row).toMatchObject({ state: "failed", errorCode: 131050, fellBack: false });
    const consents = (
      await inject(t.app, { method: "GET", url: "/api/users/current-user/consents", cookie: buyer.cookie })
    ).json().data as ConsentsDto;
    expect(consents.whatsappMarketing).toMatchObject({ given: false, source: "whatsapp" });
    expect(consents.whatsappOrders.given).toBe(true);
    const reminded = await t.database.db
      .select({ to: emails.recipient })
      .from(emails)
      .where(and(eq(emails.kind, "cartReminder"), eq(emails.recipient, buyer.user.email)));
    expect(reminded).toHaveLength(1);
  });

  it("back in stock answers the shopper's own request on WhatsApp", async () => {
    const buyer = await shopperWithAddress(t);
    await place(buyer, { whatsappOrders: true });
    const product = await makeProduct(
      t.database,
      { category: shop.categoryId, thumbnail: shop.mediaId },
      {
        name: "Copper Lota",
        price: 300,
        stock: 0,
      },
    );
    const variant = product.variants[0]?._id ?? "";
    const asked = await inject(t.app, {
      method: "POST",
      url: "/api/stock-alerts",
      cookie: buyer.cookie,
      payload: { variant, email: buyer.user.email },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const restocked = await inject(t.app, {
      method: "POST",
      url: `/api/inventory/${variant}/adjustments`,
      cookie: shop.admin.cookie,
      payload: { change: 5, reason: "received" },
    });
    expect(restocked.statusCode, restocked.body).toBe(201);
    await sendBackInStockEmails(t.database.db, await t.app.mailContext());
    await drain();
    const sent = sentTemplates("back_in_stock").find((s) => bodyParams(s)[1] === "Copper Lota");
    expect(sent && bodyParams(sent)).toEqual([buyer.user.firstName, "Copper Lota"]);
    expect(sent && buttonPayloads(sent)).toEqual([product._id]);
    const emailed = await t.database.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.kind, "backInStock"), eq(emails.recipient, buyer.user.email)));
    expect(emailed).toEqual([]);
  });
});
