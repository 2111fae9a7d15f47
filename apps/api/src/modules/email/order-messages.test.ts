/**
 * The messages an order sends, delivered to a real SMTP server started by the test: placement,
 * payment (test card, PayPal capture, PayPal webhook), shipped, delivered, cancelled by the shopper,
 * by staff and by the hold expiry, refunded. Each is written in the transaction of its change.
 */
import net from "node:net";
import { mail } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { orders } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { addAddress } from "#api/modules/addresses/service";
import { sweepExpiredOrders } from "#api/modules/orders/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { PaypalFake } from "#test/paypal-fake";
import { type ReceivedMessage, startSmtp, type TestSmtp } from "#test/smtp";
import { mailContextOf } from "./service";

const ORIGIN = "https://shop.example";

interface Shopper extends Caller {
  addressId: string;
}

interface Catalogue {
  /** A product with a Size option: Size 8 at $120, Size 9 on sale at $99.50. */
  shoesName: string;
  shoesId: string;
  size9: string;
  /** A product without options, $50, 3 in stock. */
  plainName: string;
  plainId: string;
}

let counter = 0;

async function makeCatalogue(t: TestApp): Promise<Catalogue> {
  counter += 1;
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: media.id };
  const tag = `${Date.now().toString(36)}${counter}`;
  const shoesName = `Trail Running Shoes ${tag}`;
  const shoes = await makeProduct(t.database, refs, {
    name: shoesName,
    options: [{ name: "Size", values: ["8", "9"] }],
    variants: [
      { sku: `TRS-${tag}-8`, options: { Size: "8" }, price: 120, onSale: false, stock: 5, isActive: true },
      {
        sku: `TRS-${tag}-9`,
        options: { Size: "9" },
        price: 120,
        onSale: true,
        salePrice: 99.5,
        stock: 50,
        isActive: true,
      },
    ],
  });
  const size9 = shoes.variants.find((variant) => variant.options.Size === "9");
  if (!size9) throw new Error("no Size 9");
  const plainName = `Canvas Tote ${tag}`;
  const plain = await makeProduct(t.database, refs, { name: plainName, price: 50, stock: 3 });
  return { shoesName, shoesId: shoes._id, size9: size9._id, plainName, plainId: plain._id };
}

async function makeShopper(t: TestApp, firstName = "Priya"): Promise<Shopper> {
  const caller = await quickUser(t);
  await t.database.db.update(users).set({ firstName }).where(eq(users.id, caller.user.id));
  const address = await addAddress(t.database.db, caller.user.id, ADDRESS);
  return { ...caller, user: { ...caller.user, firstName }, addressId: address._id };
}

interface PlacedOrder {
  _id: string;
  number: number;
  totalAmount: number;
  subTotal: number;
  taxAmount: number;
  shippingAmount: number;
  savedAmount: number;
}

async function place(t: TestApp, shopper: Shopper, products: Record<string, unknown>[]) {
  return inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products, shippingAddress: shopper.addressId },
  });
}

async function placed(t: TestApp, shopper: Shopper, catalogue: Catalogue): Promise<PlacedOrder> {
  const response = await place(t, shopper, [
    { product: catalogue.shoesId, variant: catalogue.size9, quantity: 1 },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as PlacedOrder;
}

/** The outbox rows of an address. */
function rowsTo(t: TestApp, to: string) {
  return t.database.db.select().from(emails).where(eq(emails.recipient, to));
}

/**
 * The one message of this subject the address received: waits for it, then for the outbox to hold
 * nothing more for the address, and checks that it came exactly once.
 */
async function deliveredOnce(
  t: TestApp,
  smtp: TestSmtp,
  to: string,
  subject: string,
): Promise<ReceivedMessage> {
  const message = await smtp.waitFor((m) => m.to === to && m.subject === subject);
  await until(async () => {
    const rows = await rowsTo(t, to);
    return rows.every((row) => row.status === "sent");
  }, `every message to ${to} sent`);
  expect(smtp.messages.filter((m) => m.to === to && m.subject === subject)).toHaveLength(1);
  const [row] = (await rowsTo(t, to)).filter((r) => r.subject === subject);
  expect(message.messageId).toBe(`<${row?.id}@example.com>`);
  return message;
}

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("order messages over SMTP (test gateway)", () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let catalogue: Catalogue;
  let admin: Caller;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: ORIGIN });
    catalogue = await makeCatalogue(t);
    admin = await quickUser(t, "admin");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  function setStatus(orderId: string, status: string, cookie = admin.cookie) {
    return inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${orderId}/update`,
      cookie,
      payload: { status },
    });
  }

  function payByCard(shopper: Shopper, orderId: string) {
    return inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: orderId, paymentGateway: "test", card: APPROVED_CARD },
    });
  }

  it("confirms a placement: lines with their option values, amounts, address and the pay link", async () => {
    const shopper = await makeShopper(t);
    const response = await place(t, shopper, [
      { product: catalogue.shoesId, variant: catalogue.size9, quantity: 2 },
      { product: catalogue.plainId, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data as PlacedOrder;
    // 2 × 99.50 + 50 = 249; shipping 80; GST 18% = 44.82; saved 2 × 20.50.
    expect(order).toMatchObject({ subTotal: 249, shippingAmount: 80, taxAmount: 44.82, totalAmount: 373.82 });

    const message = await deliveredOnce(t, smtp, shopper.user.email, mail.orderPlaced.subject(order.number));
    expect(message.text).toContain("Hello Priya,");
    expect(message.text).toContain(`2 × ${catalogue.shoesName} (Size: 9): $99.50 each, $199.00`);
    expect(message.text).toContain(`1 × ${catalogue.plainName}: $50.00 each, $50.00`);
    expect(message.text).toContain("Subtotal: $249.00");
    expect(message.text).toContain("Shipping: $80.00");
    expect(message.text).toContain("Tax (GST 18%): $44.82");
    expect(message.text).toContain("Total: $373.82");
    expect(message.text).toContain("You Saved: $41.00");
    expect(message.text).toContain(
      "Shipping to: Priya Sharma, Flat 12, Sea View Apartments, Marine Drive Road, Mumbai, Maharashtra 400002, India",
    );
    const payLink = `${ORIGIN}/account/pay/${order._id}`;
    expect(message.text).toContain(`${mail.orderPlaced.action}: ${payLink}`);
    expect(message.html).toContain(`href="${payLink}"`);
    expect(message.html).toContain(`(Size: 9): $99.50 each, $199.00`);
  });

  it("escapes what the shopper wrote (their name, the address) in the HTML part", async () => {
    const shopper = await makeShopper(t, "<b>Eve</b>");
    const address = await addAddress(t.database.db, shopper.user.id, {
      ...ADDRESS,
      name: { firstName: "<script>alert(1)</script>", lastName: "O'Neil & Co" },
      building: '<img src="x" onerror="alert(1)">',
    });
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      payload: {
        products: [{ product: catalogue.shoesId, variant: catalogue.size9, quantity: 1 }],
        shippingAddress: address._id,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderNumber = response.json().data.number as number;
    const message = await deliveredOnce(t, smtp, shopper.user.email, mail.orderPlaced.subject(orderNumber));
    expect(message.text).toContain("Hello <b>Eve</b>,");
    expect(message.html).toContain("Hello &lt;b&gt;Eve&lt;/b&gt;,");
    expect(message.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; Co");
    expect(message.html).toContain("&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;");
    expect(message.html).not.toMatch(/<b>Eve|<script|<img/i);
  });

  it("tells of a payment: amount, gateway and transaction id", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    const paid = await payByCard(shopper, order._id);
    expect(paid.statusCode, paid.body).toBe(201);
    const transactionId = paid.json().data.transactionId as string;
    const message = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.paymentReceived.subject(order.number),
    );
    expect(message.text).toContain(
      `We have received your payment of ${formatPrice(order.totalAmount)} for order #${order.number}.`,
    );
    expect(message.text).toContain("Paid with: Card (test gateway)");
    expect(message.text).toContain(`Transaction ID: ${transactionId}`);
    expect(message.text).toContain(`${ORIGIN}/account/pay/${order._id}`);
  });

  it("tells the shopper when staff ship, deliver and refund the order, once each", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    expect((await payByCard(shopper, order._id)).statusCode).toBe(201);

    expect((await setStatus(order._id, "shipped")).statusCode).toBe(200);
    const shipped = await deliveredOnce(t, smtp, shopper.user.email, mail.orderShipped.subject(order.number));
    expect(shipped.text).toContain(mail.orderShipped.lines(order.number)[0]);
    expect(shipped.text).toContain("Shipping to: Priya Sharma,");

    expect((await setStatus(order._id, "delivered")).statusCode).toBe(200);
    const delivered = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.orderDelivered.subject(order.number),
    );
    expect(delivered.text).toContain(mail.orderDelivered.lines(order.number)[0]);

    expect((await setStatus(order._id, "refunded")).statusCode).toBe(200);
    const refunded = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.orderRefunded.subject(order.number),
    );
    expect(refunded.text).toContain(
      `We have refunded ${formatPrice(order.totalAmount)} for your order #${order.number}.`,
    );

    // A refused move (a refunded order is final) writes nothing.
    expect((await setStatus(order._id, "shipped")).statusCode).toBe(409);
    const kinds = (await rowsTo(t, shopper.user.email)).map((row) => row.kind).sort();
    expect(kinds).toEqual(
      ["orderDelivered", "orderPlaced", "orderRefunded", "orderShipped", "paymentReceived"].sort(),
    );
  });

  function refund(orderId: string, payload: object) {
    return inject(t.app, {
      method: "POST",
      url: `/api/orders/${orderId}/refunds`,
      cookie: admin.cookie,
      payload: { reason: "Goodwill", restock: [], ...payload },
    });
  }

  it("says a refund to store credit is in the shopper's account now, and a split refund says both", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    expect((await payByCard(shopper, order._id)).statusCode).toBe(201);

    const credited = await refund(order._id, { amount: 10, to: "store_credit" });
    expect(credited.statusCode, credited.body).toBe(201);
    const toCredit = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.orderRefunded.subject(order.number),
    );
    expect(toCredit.text).toContain(mail.orderRefunded.refunded(order.number, formatPrice(10)));
    expect(toCredit.text).toContain(mail.refundWent.storeCredit(formatPrice(10))[0]);
    expect(toCredit.text).not.toContain("few days");

    const split = await refund(order._id, { amount: 25, to: "split", toStoreCredit: 15 });
    expect(split.statusCode, split.body).toBe(201);
    await until(
      async () =>
        smtp.messages.filter(
          (m) => m.to === shopper.user.email && m.subject === mail.orderRefunded.subject(order.number),
        ).length === 2,
      "the second refund's message",
    );
    const both = smtp.messages.filter(
      (m) => m.to === shopper.user.email && m.subject === mail.orderRefunded.subject(order.number),
    )[1];
    expect(both?.text).toContain(mail.orderRefunded.refunded(order.number, formatPrice(25)));
    for (const line of mail.refundWent.split(formatPrice(15), formatPrice(10)))
      expect(both?.text).toContain(line);
  });

  it("tells a return's refund in one message, the return's, not a second 'was refunded'", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    expect((await payByCard(shopper, order._id)).statusCode).toBe(201);
    const shipped = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/shipments`,
      cookie: admin.cookie,
      payload: { carrier: "Delhivery", trackingNumber: "DL-7" },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const delivered = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/shipments/${shipped.json().data._id}`,
      cookie: admin.cookie,
      payload: { delivered: true },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const read = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}`,
      cookie: admin.cookie,
    });
    const line = read.json().data.products[0]._id as string;
    const asked = await inject(t.app, {
      method: "POST",
      url: "/api/returns",
      cookie: shopper.cookie,
      payload: { order: order._id, lines: [{ line, quantity: 1 }], reason: "wrong_size" },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data._id as string;
    for (const action of ["approve", "receive", "refund"]) {
      const done = await inject(t.app, {
        method: "POST",
        url: `/api/returns/${id}/${action}`,
        cookie: admin.cookie,
        payload: {},
      });
      expect(done.statusCode, `${action}: ${done.body}`).toBe(200);
    }
    const amount = formatPrice(order.totalAmount - order.shippingAmount);
    const told = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.returnUpdate.subject(order.number, "refunded"),
    );
    expect(told.text).toContain(mail.returnUpdate.refunded(order.number, amount));
    expect(told.text).toContain(mail.refundWent.payment[0]);
    expect(smtp.messages.filter((m) => m.to === shopper.user.email).map((m) => m.subject)).not.toContain(
      mail.orderRefunded.subject(order.number),
    );
    const kinds = (await rowsTo(t, shopper.user.email)).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === "orderRefunded")).toEqual([]);
  });

  it("says who cancelled: the shopper, or staff", async () => {
    const shopper = await makeShopper(t);
    const own = await placed(t, shopper, catalogue);
    const byShopper = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${own._id}/cancel`,
      cookie: shopper.cookie,
    });
    expect(byShopper.statusCode).toBe(200);
    const first = await deliveredOnce(t, smtp, shopper.user.email, mail.orderCancelled.subject(own.number));
    expect(first.text).toContain(mail.orderCancelled.byShopper(own.number));

    const other = await placed(t, shopper, catalogue);
    const byStaff = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${other._id}/cancel`,
      cookie: admin.cookie,
    });
    expect(byStaff.statusCode).toBe(200);
    const second = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.orderCancelled.subject(other.number),
    );
    expect(second.text).toContain(mail.orderCancelled.byStaff(other.number));

    const third = await placed(t, shopper, catalogue);
    expect((await setStatus(third._id, "cancelled")).statusCode).toBe(200);
    const fourth = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.orderCancelled.subject(third.number),
    );
    expect(fourth.text).toContain(mail.orderCancelled.byStaff(third.number));
  });

  it("tells every shopper whose unpaid order the hold expiry cancelled, once each", async () => {
    const shoppers = [await makeShopper(t), await makeShopper(t), await makeShopper(t)];
    const expired: { shopper: Shopper; order: PlacedOrder }[] = [];
    for (const shopper of shoppers) {
      expired.push({ shopper, order: await placed(t, shopper, catalogue) });
      expired.push({ shopper, order: await placed(t, shopper, catalogue) });
    }
    const kept = await placed(t, shoppers[0] as Shopper, catalogue);
    const ids = expired.map(({ order }) => order._id);
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(inArray(orders.id, ids));

    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBe(ids.length);
    t.app.mailer.wake();
    for (const { shopper, order } of expired) {
      const message = await deliveredOnce(
        t,
        smtp,
        shopper.user.email,
        mail.orderCancelled.subject(order.number),
      );
      expect(message.text).toContain(mail.orderCancelled.expired(order.number));
    }
    const keptRows = await t.database.db
      .select()
      .from(emails)
      .where(eq(emails.subject, mail.orderCancelled.subject(kept.number)));
    expect(keptRows).toEqual([]);
    // A second sweep finds nothing more and writes nothing more.
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBe(0);
    const cancelledRows = await t.database.db
      .select({ id: emails.id })
      .from(emails)
      .where(
        inArray(
          emails.subject,
          expired.map(({ order }) => mail.orderCancelled.subject(order.number)),
        ),
      );
    expect(cancelledRows).toHaveLength(ids.length);
  });

  it("writes no message for a placement refused for stock (409)", async () => {
    const shopper = await makeShopper(t);
    const refused = await place(t, shopper, [
      { product: catalogue.shoesId, variant: catalogue.size9, quantity: 1 },
      { product: catalogue.plainId, quantity: 4 },
    ]);
    expect(refused.statusCode).toBe(409);
    // The sender had its chance to send anything there was.
    t.app.mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsTo(t, shopper.user.email)).toEqual([]);
    expect(smtp.messages.filter((m) => m.to === shopper.user.email)).toEqual([]);
  });

  it("sends nothing to a closed account, and still changes its order", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    await deliveredOnce(t, smtp, shopper.user.email, mail.orderPlaced.subject(order.number));
    const closed = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie: shopper.cookie,
      payload: { currentPassword: "Secret@123" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const tombstone = `deleted-${shopper.user.id}@deleted.invalid`;
    expect((await setStatus(order._id, "cancelled")).statusCode).toBe(200);
    expect(await rowsTo(t, tombstone)).toEqual([]);
    expect(
      await t.database.db
        .select({ id: emails.id })
        .from(emails)
        .where(eq(emails.subject, mail.orderCancelled.subject(order.number))),
    ).toEqual([]);
  });

  it("delivers a placement's message once after the server refused it (4xx) the first time", async () => {
    const shopper = await makeShopper(t);
    smtp.refuseNext(1);
    const order = await placed(t, shopper, catalogue);
    const subject = mail.orderPlaced.subject(order.number);
    await until(async () => {
      const [row] = await rowsTo(t, shopper.user.email);
      return row?.attempts === 1 && row.lastError !== null;
    }, "the refused first attempt");
    const [refused] = await rowsTo(t, shopper.user.email);
    expect(refused).toMatchObject({ status: "queued", attempts: 1 });
    expect(refused?.lastError).toMatch(/451/);
    expect(smtp.messages.filter((m) => m.to === shopper.user.email)).toEqual([]);

    // The minute of the first delay passes.
    await t.database.db
      .update(emails)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(eq(emails.recipient, shopper.user.email), eq(emails.status, "queued")));
    t.app.mailer.wake();
    await deliveredOnce(t, smtp, shopper.user.email, subject);
    expect((await rowsTo(t, shopper.user.email))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

/** A port nothing listens on right now. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe("order messages while the SMTP server is down", () => {
  let t: TestApp;
  let port: number;
  let smtp: TestSmtp | undefined;

  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_ORIGIN: ORIGIN });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it("places every order (201), and delivers each message once when the server is back", async () => {
    const catalogue = await makeCatalogue(t);
    const shoppers: Shopper[] = [];
    for (let n = 0; n < 10; n++) shoppers.push(await makeShopper(t));
    const placedOrders: { shopper: Shopper; order: PlacedOrder }[] = [];
    for (const shopper of shoppers) {
      const response = await place(t, shopper, [
        { product: catalogue.shoesId, variant: catalogue.size9, quantity: 1 },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      placedOrders.push({ shopper, order: response.json().data as PlacedOrder });
    }
    const recipients = shoppers.map((shopper) => shopper.user.email);
    const outbox = () => t.database.db.select().from(emails).where(inArray(emails.recipient, recipients));

    // Every message was tried, and failed: the connection was refused.
    await until(async () => {
      const rows = await outbox();
      return rows.length === 10 && rows.every((row) => row.attempts === 1 && row.lastError !== null);
    }, "a failed first attempt of each message");
    for (const row of await outbox()) {
      expect(row.status).toBe("queued");
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }

    // The server comes back where it was; the first delay passes.
    smtp = await startSmtp({ port });
    const back = smtp;
    await t.database.db
      .update(emails)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(emails.recipient, recipients));
    t.app.mailer.wake();
    t.app.mailer.wake();
    for (const { shopper, order } of placedOrders) {
      await deliveredOnce(t, back, shopper.user.email, mail.orderPlaced.subject(order.number));
    }
    // Asked again, the sender finds nothing left to send.
    t.app.mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(back.messages.filter((m) => recipients.includes(m.to))).toHaveLength(10);
    for (const row of await outbox()) expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("order messages with PayPal", () => {
  let smtp: TestSmtp;
  let fake: PaypalFake;
  let t: TestApp;
  let catalogue: Catalogue;

  beforeAll(async () => {
    smtp = await startSmtp();
    fake = await PaypalFake.start();
    t = await createTestApp({ ...fake.env, SMTP_URL: smtp.url, PUBLIC_ORIGIN: ORIGIN });
    catalogue = await makeCatalogue(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await smtp.close();
  });

  async function approvedPaypalOrder(shopper: Shopper, orderId: string) {
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/payments/paypal/orders",
      cookie: shopper.cookie,
      payload: { order: orderId },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    fake.approve(id);
    return id;
  }

  function capture(shopper: Shopper, orderId: string, paypalOrderId: string) {
    return inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: orderId, paymentGateway: "paypal", transactionId: paypalOrderId },
    });
  }

  it("tells of a PayPal capture with the capture's id", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    const paypalOrderId = await approvedPaypalOrder(shopper, order._id);
    const captured = await capture(shopper, order._id, paypalOrderId);
    expect(captured.statusCode, captured.body).toBe(201);
    const captureId = fake.orders.get(paypalOrderId)?.capture?.id ?? "";
    expect(captured.json().data.transactionId).toBe(captureId);
    const message = await deliveredOnce(
      t,
      smtp,
      shopper.user.email,
      mail.paymentReceived.subject(order.number),
    );
    expect(message.text).toContain("Paid with: PayPal");
    expect(message.text).toContain(`Transaction ID: ${captureId}`);
    expect(message.text).toContain(formatPrice(order.totalAmount));
  });

  it("tells of a pending capture only once its webhook completes it, and once for a repeated webhook", async () => {
    const shopper = await makeShopper(t);
    const order = await placed(t, shopper, catalogue);
    const paypalOrderId = await approvedPaypalOrder(shopper, order._id);
    fake.captureOverride = { status: "PENDING" };
    const pending = await capture(shopper, order._id, paypalOrderId);
    fake.captureOverride = undefined;
    expect(pending.statusCode, pending.body).toBe(202);
    const subject = mail.paymentReceived.subject(order.number);
    expect((await rowsTo(t, shopper.user.email)).map((row) => row.subject)).not.toContain(subject);

    const captureId = fake.orders.get(paypalOrderId)?.capture?.id ?? "";
    const event = {
      id: `WH-${newId()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "capture",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      summary: "Payment completed",
      resource: {
        id: captureId,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: order.totalAmount.toFixed(2) },
        custom_id: order._id,
        final_capture: true,
        update_time: new Date().toISOString(),
      },
    };
    const webhook = () =>
      inject(t.app, {
        method: "POST",
        url: "/api/payments/paypal/webhook",
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
          "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
          "paypal-transmission-sig": fake.validSignature,
          "paypal-transmission-time": new Date().toISOString(),
        },
        payload: JSON.stringify(event),
      });
    expect((await webhook()).statusCode).toBe(200);
    const message = await deliveredOnce(t, smtp, shopper.user.email, subject);
    expect(message.text).toContain(`Transaction ID: ${captureId}`);
    expect((await webhook()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rowsTo(t, shopper.user.email)).filter((row) => row.subject === subject)).toHaveLength(1);
  });
});
