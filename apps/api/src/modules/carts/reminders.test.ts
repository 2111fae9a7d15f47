/**
 * Abandoned-checkout reminders on a fake clock (only `Date` is faked: the API's requests and the
 * sender's runs read it, the timers stay real): the first an hour after checkout, the second a day
 * later, no third; none after an order, none after unsubscribing (at once), none for an empty or
 * sold-out cart or while reminders are off; the sender's timer with its clock read ahead (as the
 * journeys run it); and the sales report's reminders, recovered carts and their sales.
 */
import { mail, reminderUnsubscribe } from "@shop/shared/messages";
import { DiscountInput } from "@shop/shared/schemas/discount";
import type { AbandonedCheckoutSettings } from "@shop/shared/schemas/marketing";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Email } from "#api/db/schema/emails";
import { emails } from "#api/db/schema/emails";
import { orders } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import { cartReminders, carts } from "#api/db/schema/shoppers-lists";
import { users } from "#api/db/schema/users";
import { createDiscount } from "#api/modules/discounts/service";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, shopperWithAddress, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { type ReminderTerms, sendDueReminders, startReminderSender } from "./reminders";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Caller;
let refs: { category: string; thumbnail: string };
let code: string;

/** The owner's reminders: on, the first after an hour, the second a day after it, with the code. */
const ON = (): AbandonedCheckoutSettings => ({
  enabled: true,
  firstAfterMinutes: 60,
  secondAfterHours: 24,
  discountCode: code,
});

async function saveReminders(abandonedCheckout: AbandonedCheckoutSettings) {
  const response = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/marketing",
    cookie: admin.cookie,
    payload: { abandonedCheckout },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  const [category, media] = [await makeCategory(t.database), await makeMedia(t.database)];
  refs = { category: category.id, thumbnail: media.id };
  const discount = await createDiscount(
    t.database.db,
    null,
    DiscountInput.parse({
      code: `BACK-${Date.now().toString(36)}`.toUpperCase(),
      type: "percentage",
      value: 10,
    }),
  );
  code = discount.code;
  await saveReminders(ON());
});
afterEach(() => vi.useRealTimers());
afterAll(async () => t?.close());

/** The clock the API and the sender read from now on. */
function at(time: number) {
  if (vi.isFakeTimers()) vi.setSystemTime(time);
  else vi.useFakeTimers({ toFake: ["Date"], now: time });
}

/** What a run of the sender reads: the settings as the owner saved them (as server.ts gives them). */
async function currentTerms(): Promise<ReminderTerms> {
  const { marketing, currency } = await t.app.settings.current();
  return { reminders: marketing.abandonedCheckout, currency: currency.code, mail: await t.app.mailContext() };
}

/** One run of the sender at the fake clock's time. */
async function tick(time: number): Promise<number> {
  at(time);
  return sendDueReminders(t.database.db, await currentTerms());
}

/** A shopper with an address and a cart of one product (price 250) kept by the server. */
async function shopperWithCart(stock = 10) {
  const shopper = await shopperWithAddress(t);
  const product = await makeProduct(t.database, refs, { price: 250, stock });
  const put = await inject(t.app, {
    method: "PUT",
    url: "/api/cart",
    cookie: shopper.cookie,
    payload: { lines: [{ product: product._id, quantity: 2 }] },
  });
  expect(put.statusCode, put.body).toBe(200);
  return { ...shopper, product };
}

async function reachCheckout(shopper: { cookie: string }, time: number) {
  at(time);
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/cart/checkout",
    cookie: shopper.cookie,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The shopper places (and with `pay`, pays) an order of their cart's product at `time`. */
async function placeOrder(
  shopper: { cookie: string; addressId: string; product: { _id: string } },
  time: number,
  { pay = false } = {},
) {
  at(time);
  const response = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: {
      products: [{ product: shopper.product._id, quantity: 2 }],
      shippingAddress: shopper.addressId,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().data as { _id: string; totalAmount: number };
  if (pay) {
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  return order;
}

async function remindersOf(email: string): Promise<Email[]> {
  return t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.recipient, email), eq(emails.kind, "cartReminder")))
    .orderBy(emails.createdAt);
}

/** The token of an email's unsubscribe link. */
function tokenOf(email: Email | undefined): string {
  const url = email?.parts?.unsubscribe?.url;
  if (!url) throw new Error("no unsubscribe link");
  return new URL(url).searchParams.get("token") ?? "";
}

const unsubscribe = (token: string) =>
  inject(t.app, { method: "POST", url: "/api/cart/reminders/unsubscribe", payload: { token } });

describe("abandoned-checkout reminders", () => {
  it("sends the first an hour after checkout and the second a day after it, then no third", async () => {
    const shopper = await shopperWithCart();
    const start = Date.now();
    await reachCheckout(shopper, start);
    expect(await tick(start + 59 * MINUTE)).toBe(0);
    expect(await tick(start + 60 * MINUTE)).toBe(1);

    const [first] = await remindersOf(shopper.email);
    const [row] = await t.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.userId, shopper.user.id));
    expect(first?.subject).toBe(mail.cartReminder.subject);
    // Its lines at today's prices, a link that opens the cart, and the unsubscribe link.
    expect(first?.parts?.lines).toContain(mail.order.line(2, shopper.product.name, "$250.00", "$500.00"));
    expect(first?.parts?.action?.url).toBe(`http://localhost:3000/cart?reminder=${row?.id}`);
    expect(tokenOf(first).startsWith(`${row?.id}.`)).toBe(true);
    // Only the token's sha-256 is kept.
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(tokenOf(first).split(".")[1]);
    expect(row?.number).toBe(1);
    expect(row?.discountCode).toBeNull();

    expect(await tick(start + 60 * MINUTE + 23 * HOUR)).toBe(0);
    expect(await tick(start + 60 * MINUTE + DAY)).toBe(1);
    const second = (await remindersOf(shopper.email))[1];
    expect(second?.subject).toBe(mail.cartReminder.secondSubject);
    // The owner's code goes with the second, and into the cart that had none.
    expect(second?.parts?.lines).toContain(mail.cartReminder.codeAdded(code));
    const [cart] = await t.database.db.select().from(carts).where(eq(carts.userId, shopper.user.id));
    expect(cart).toMatchObject({ remindersSent: 2, nextReminderAt: null, discountCode: code });

    // No third: not later, and not when the cart reaches checkout again without an order.
    expect(await tick(start + 30 * DAY)).toBe(0);
    await reachCheckout(shopper, start + 3 * DAY);
    expect(await tick(start + 4 * DAY)).toBe(0);
    expect(await remindersOf(shopper.email)).toHaveLength(2);
  });

  it("sends none after an order, and no second after an order that follows the first", async () => {
    const ordered = await shopperWithCart();
    const start = Date.now();
    await reachCheckout(ordered, start);
    await placeOrder(ordered, start + 30 * MINUTE);
    expect(await tick(start + 2 * HOUR)).toBe(0);
    const [cart] = await t.database.db.select().from(carts).where(eq(carts.userId, ordered.user.id));
    expect(cart).toMatchObject({ checkoutAt: null, nextReminderAt: null, remindersSent: 0 });

    const later = await shopperWithCart();
    await reachCheckout(later, start);
    expect(await tick(start + HOUR)).toBe(1);
    await placeOrder(later, start + 5 * HOUR);
    expect(await tick(start + 2 * DAY)).toBe(0);
    expect(await remindersOf(later.email)).toHaveLength(1);
    expect(await remindersOf(ordered.email)).toHaveLength(0);
  });

  it("sends none after unsubscribing, at once, and refuses any other token writing nothing", async () => {
    const shopper = await shopperWithCart();
    const start = Date.now();
    await reachCheckout(shopper, start);
    expect(await tick(start + HOUR)).toBe(1);
    const token = tokenOf((await remindersOf(shopper.email))[0]);

    for (const wrong of [`${token}x`, token.replace(/^[0-9a-f]{24}/, "0".repeat(24)), "nothing", ""]) {
      const refused = await unsubscribe(wrong);
      expect([400, 404], wrong).toContain(refused.statusCode);
    }
    const [before] = await t.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(before?.remindersUnsubscribedAt).toBeNull();

    at(start + 2 * HOUR);
    const response = await unsubscribe(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(reminderUnsubscribe.done);
    // The second, already scheduled, does not go; nor does any after another checkout.
    expect(await tick(start + 2 * DAY)).toBe(0);
    await reachCheckout(shopper, start + 3 * DAY);
    expect(await tick(start + 4 * DAY)).toBe(0);
    expect(await remindersOf(shopper.email)).toHaveLength(1);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(after?.remindersUnsubscribedAt?.getTime()).toBe(start + 2 * HOUR);
    // The link works again, and keeps the first time.
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });

  it("sends none for an empty cart, a cart with nothing in stock, or while reminders are off", async () => {
    const start = Date.now();
    const empty = await shopperWithCart();
    await inject(t.app, { method: "PUT", url: "/api/cart", cookie: empty.cookie, payload: { lines: [] } });
    await reachCheckout(empty, start);
    const soldOut = await shopperWithCart();
    await t.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.productId, soldOut.product._id));
    await reachCheckout(soldOut, start);
    const whileOff = await shopperWithCart();
    await reachCheckout(whileOff, start);
    at(start);
    await saveReminders({ ...ON(), enabled: false });
    try {
      expect(await tick(start + 2 * HOUR)).toBe(0);
      // Off at checkout: nothing is scheduled.
      const offAtCheckout = await shopperWithCart();
      await reachCheckout(offAtCheckout, start + 3 * HOUR);
      const [cart] = await t.database.db.select().from(carts).where(eq(carts.userId, offAtCheckout.user.id));
      expect(cart?.nextReminderAt).toBeNull();
    } finally {
      await saveReminders(ON());
    }
    // Turned on again, none of those carts is due any more.
    expect(await tick(start + 3 * DAY)).toBe(0);
    for (const shopper of [empty, soldOut, whileOff]) expect(await remindersOf(shopper.email)).toEqual([]);
  });

  it("runs on its timer with the clock read earlyMs ahead: a reminder due within it goes, none with earlyMs 0", async () => {
    const shopper = await shopperWithCart();
    await reachCheckout(shopper, Date.now());
    vi.useRealTimers();
    /** The sender on a 20 ms timer until it has looked `runs` times (its first look is at once). */
    async function runSender(earlyMs: number, runs: number) {
      let looked = 0;
      const wakeMailer = vi.fn();
      const stop = startReminderSender(
        t.database.db,
        () => {
          looked += 1;
          return currentTerms();
        },
        { log: t.app.log, wakeMailer, everyMs: 20, earlyMs },
      );
      try {
        await vi.waitFor(() => expect(looked).toBeGreaterThanOrEqual(runs), { timeout: 5_000 });
      } finally {
        await stop();
      }
      return wakeMailer;
    }

    // Due an hour after checkout: not yet by the clock itself, however often it looks.
    await runSender(0, 3);
    expect(await remindersOf(shopper.email)).toEqual([]);
    // With the clock an hour and a minute ahead, the first run sends it and wakes the mailer.
    const wakeMailer = await runSender(61 * MINUTE, 2);
    expect(wakeMailer).toHaveBeenCalled();
    const sent = await remindersOf(shopper.email);
    expect(sent.map((email) => email.subject)).toEqual([mail.cartReminder.subject]);
    // Its second, due a day on, would go in the report's days below.
    expect((await unsubscribe(tokenOf(sent[0]))).statusCode).toBe(200);
  });

  it("reports the reminders sent, the carts recovered within 7 days and their sales to the cent", async () => {
    // A day of its own, far from the other tests' reminders: the report counts by the day sent.
    const start = Date.now() + 20 * DAY;
    const day = shopDay(new Date(start + HOUR), (await t.app.settings.current()).store.utcOffset);
    const [recovered, paidLate, cancelled, never] = [
      await shopperWithCart(),
      await shopperWithCart(),
      await shopperWithCart(),
      await shopperWithCart(),
    ];
    for (const shopper of [recovered, paidLate, cancelled, never]) await reachCheckout(shopper, start);
    expect(await tick(start + HOUR)).toBe(4);

    const order = await placeOrder(recovered, start + 5 * HOUR, { pay: true });
    // Eight days on: too late to count as recovered.
    await placeOrder(paidLate, start + HOUR + 8 * DAY, { pay: true });
    // Recovered, then cancelled: not a recovered sale.
    const dropped = await placeOrder(cancelled, start + 6 * HOUR);
    await t.database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, dropped._id));

    // Read today by the admin (a staff session lasts less than those days): the period is the query's.
    vi.useRealTimers();
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/reports/sales?from=${day}&to=${day}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as SalesReportDto;
    // 2 × 250 on top of 18% GST, shipping free above 5,000 else 80: the order's own total.
    expect(order.totalAmount).toBe(670);
    expect(report.cartReminders).toEqual({ sent: 4, recovered: 1, recoveredSales: 670 });
    const [row] = await t.database.db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.userId, recovered.user.id));
    expect(row).toMatchObject({ recoveredOrderId: order._id });
    expect(row?.recoveredAt?.getTime()).toBe(start + 5 * HOUR);
  });
});
