/**
 * A cash on delivery order confirmed before it ships (decision 037): by the email link's token (no
 * sign-in), by its shopper on the order page, by staff on the phone; twice is fine, a cancelled one
 * refuses; it neither ships nor shows in Ready to Ship until confirmed; and the sweep cancels one left
 * unconfirmed past the owner's hours, its stock back, its payment closed, the shopper told.
 */
import { codConfirmation, mail } from "@shop/shared/messages";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { emails } from "#api/db/schema/emails";
import { orderEvents, orders, payments } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import { sweepUnconfirmedCod } from "#api/modules/cod/confirmation";
import { mailContextOf } from "#api/modules/email/service";
import { createTestApp, inject, shopperWithAddress, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let refs: { category: string; thumbnail: string };

type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

/** A shopper's order of 2 units of a new product (10 in stock), paid in cash on delivery: waiting for its confirmation. */
async function codOrder(shopper?: Shopper) {
  const buyer = shopper ?? (await shopperWithAddress(t));
  const product = await makeProduct(t.database, refs, { price: 100, stock: 10 });
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: { products: [{ product: product._id, quantity: 2 }], shippingAddress: buyer.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as { _id: string; number: number };
  const chosen = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: buyer.cookie,
    payload: { order: order._id, paymentGateway: "cod" },
  });
  expect(chosen.statusCode, chosen.body).toBe(201);
  return { ...order, shopper: buyer, productId: product._id, payment: chosen.json().data._id as string };
}

/** The token of the order's confirmation link, as its email carries it. */
async function tokenOf(order: { number: number }) {
  const rows = await t.database.db
    .select({ subject: emails.subject, parts: emails.parts })
    .from(emails)
    .where(eq(emails.kind, "orderCodConfirmed"));
  const sent = rows.find((row) => row.subject === mail.orderCodConfirmed.subject(order.number));
  const url = new URL(sent?.parts?.action?.url ?? "http://shop.invalid/");
  expect(url.pathname).toMatch(/^\/orders\/[0-9a-f]{24}\/confirm-cod$/);
  return url.searchParams.get("token") ?? "";
}

function confirm(order: string, { cookie, token }: { cookie?: string; token?: string } = {}) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${order}/confirm-cod`,
    cookie,
    payload: token === undefined ? {} : { token },
  });
}

async function row(id: string) {
  const [found] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!found) throw new Error("no such order");
  return found;
}

async function stockOf(productId: string) {
  const [variant] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return variant?.stock;
}

function ship(order: string, cookie = manager.cookie) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${order}/shipments`,
    cookie,
    payload: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: `CONF-${order.slice(-6)}` },
  });
}

const readyToShip = async () =>
  (
    await inject(t.app, {
      method: "GET",
      url: "/api/orders/status/processing?size=1000",
      cookie: manager.cookie,
    })
  ).json().data as { _id: string }[];

beforeAll(async () => {
  t = await createTestApp({ STORE_STATE: "Maharashtra" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
  const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
  const { checkout } = settings.json().data;
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: admin.cookie,
    payload: { ...checkout, cod: { ...checkout.cod, enabled: true, maxOrderValue: 5000, fee: 25 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

describe("confirming a cash on delivery order", () => {
  it("by the email's link, signed in or not: once, then as it is; the history says so", async () => {
    const order = await codOrder();
    expect(await row(order._id)).toMatchObject({ status: "processing", codConfirmation: "pending" });
    const token = await tokenOf(order);
    expect((await row(order._id)).codConfirmTokenHash).not.toContain(token);

    const wrong = await confirm(order._id, { token: `${token}x` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(codConfirmation.linkInvalid);
    const another = await codOrder();
    expect((await confirm(another._id, { token })).statusCode).toBe(404);
    expect((await row(another._id)).codConfirmation).toBe("pending");

    const confirmed = await confirm(order._id, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: codConfirmation.confirmed,
      data: { _id: order._id, number: order.number, codConfirmation: "confirmed" },
    });
    const again = await confirm(order._id, { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.codConfirmation).toBe("confirmed");

    const mine = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: order.shopper.cookie,
    });
    expect(mine.json().data.codConfirmation).toBe("confirmed");
    const history = mine.json().data.history as { type: string; amount?: number; by: unknown }[];
    // Chosen (with its amount), then confirmed once (none), by the shopper the link was sent to.
    const cod = history.filter((event) => event.type === "cod");
    expect(cod.map((event) => event.amount ?? null)).toEqual([341, null]);
    expect(cod[1]?.by).toEqual({ name: "Test customer", role: "customer" });
  });

  it("by its shopper signed in, without a token; nobody else but staff", async () => {
    const order = await codOrder();
    expect((await confirm(order._id)).statusCode).toBe(401);
    const other = await shopperWithAddress(t);
    expect((await confirm(order._id, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await row(order._id)).codConfirmation).toBe("pending");
    const confirmed = await confirm(order._id, { cookie: order.shopper.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await row(order._id)).codConfirmation).toBe("confirmed");
  });

  it("by staff on the phone: an activity entry and a history note, and the order ready to ship", async () => {
    const order = await codOrder();
    expect((await readyToShip()).map((listed) => listed._id)).not.toContain(order._id);
    const confirmed = await confirm(order._id, { cookie: manager.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, order._id), eq(activity.actorId, manager.user.id)))
      .orderBy(desc(activity.at));
    expect(entry).toMatchObject({
      kind: "order.cod_confirmed",
      before: { codConfirmation: "pending" },
      after: { codConfirmation: "confirmed" },
    });
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.type, "cod")))
      .orderBy(desc(orderEvents.at));
    expect(event).toMatchObject({ note: codConfirmation.byPhoneNote, actorRole: "manager", amount: null });
    expect((await readyToShip()).map((listed) => listed._id)).toContain(order._id);
  });

  it("refuses an order that never waited for it, and one cancelled first", async () => {
    const shopper = await shopperWithAddress(t);
    const product = await makeProduct(t.database, refs, { price: 100, stock: 10 });
    const placed = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: { products: [{ product: product._id, quantity: 1 }], shippingAddress: shopper.addressId },
    });
    const card = placed.json().data._id as string;
    await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: card, paymentGateway: "test", card: APPROVED_CARD },
    });
    const notCod = await confirm(card, { cookie: shopper.cookie });
    expect(notCod.statusCode).toBe(409);
    expect(notCod.json().message).toBe(codConfirmation.notAwaiting);

    const order = await codOrder();
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: admin.cookie,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.codConfirmation).toBe("cancelled");
    const late = await confirm(order._id, { token: await tokenOf(order) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(codConfirmation.orderCancelled);
  });
});

describe("an unconfirmed cash on delivery order", () => {
  it("neither ships nor is marked shipped until confirmed", async () => {
    const order = await codOrder();
    const refused = await ship(order._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(codConfirmation.shipUnconfirmed);
    const byStatus = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: admin.cookie,
      payload: { status: "shipped" },
    });
    expect(byStatus.statusCode).toBe(409);
    expect(byStatus.json().message).toBe(codConfirmation.shipUnconfirmed);
    expect((await row(order._id)).status).toBe("processing");

    await confirm(order._id, { cookie: order.shopper.cookie });
    expect((await ship(order._id)).statusCode).toBe(201);
  });

  it("is cancelled by the sweep past the owner's hours: stock back, payment failed, email and history; once", async () => {
    const due = await codOrder();
    const confirmedLate = await codOrder();
    const recent = await codOrder();
    await confirm(confirmedLate._id, { cookie: confirmedLate.shopper.cookie });
    expect(await stockOf(due.productId)).toBe(8);
    // Placed 49 hours ago, past the 48 hours to confirm (the confirmed one too: it stays).
    const placedAt = new Date(Date.now() - 49 * 60 * 60_000);
    for (const id of [due._id, confirmedLate._id])
      await t.database.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, id));

    const mailContext = mailContextOf(t.config);
    expect(await sweepUnconfirmedCod(t.database.db, 48, mailContext)).toBe(1);
    expect(await row(due._id)).toMatchObject({
      status: "cancelled",
      codConfirmation: "cancelled",
      paymentState: "failed",
    });
    expect(await stockOf(due.productId)).toBe(10);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, due.payment));
    expect(payment?.status).toBe("failed");
    const [event] = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, due._id), eq(orderEvents.type, "cancelled")));
    expect(event).toMatchObject({
      status: "cancelled",
      actorId: null,
      note: codConfirmation.notConfirmedNote(48),
    });
    const told = await t.database.db
      .select({ parts: emails.parts })
      .from(emails)
      .where(
        and(eq(emails.kind, "orderCancelled"), eq(emails.subject, mail.orderCancelled.subject(due.number))),
      );
    expect(told.map((email) => email.parts?.lines)).toEqual([
      [mail.orderCancelled.codUnconfirmed(due.number)],
    ]);

    expect(await row(confirmedLate._id)).toMatchObject({
      status: "processing",
      codConfirmation: "confirmed",
    });
    expect(await row(recent._id)).toMatchObject({ status: "processing", codConfirmation: "pending" });
    // Run again: nothing left to do.
    expect(await sweepUnconfirmedCod(t.database.db, 48, mailContext)).toBe(0);
    expect(await stockOf(due.productId)).toBe(10);
    const late = await confirm(due._id, { cookie: due.shopper.cookie });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(codConfirmation.orderCancelled);
    const shopperRead = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${due._id}`,
      cookie: due.shopper.cookie,
    });
    expect(shopperRead.json().data.history.at(-1)).toMatchObject({ type: "cancelled", by: null });
  });

  it("is swept a batch at a time", async () => {
    const first = await codOrder();
    const second = await codOrder();
    const placedAt = new Date(Date.now() - 72 * 60 * 60_000);
    for (const id of [first._id, second._id])
      await t.database.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, id));
    const mailContext = mailContextOf(t.config);
    expect(await sweepUnconfirmedCod(t.database.db, 48, mailContext, 1)).toBe(1);
    expect(await sweepUnconfirmedCod(t.database.db, 48, mailContext, 1)).toBe(1);
    expect(await sweepUnconfirmedCod(t.database.db, 48, mailContext, 1)).toBe(0);
    for (const id of [first._id, second._id]) expect((await row(id)).status).toBe("cancelled");
  });
});
