/**
 * "Email me when it's back": asking (sold-out variants only, the same request twice one request),
 * and the sender's run, which mails each open request once when its variant's stock rises from 0,
 * whatever raised it (an adjustment, a cancelled order, a refund's restock), and nothing on 5 → 6.
 * The inventory list counts the requests waiting. One client address names only a few new email
 * addresses an hour, and one email address is named only so often.
 */
import { backInStockMail, stockAlertWords, validation } from "@shop/shared/messages";
import type { InventoryRow } from "@shop/shared/schemas/inventory";
import type { OrderDto } from "@shop/shared/schemas/order";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { stockAlerts } from "#api/db/schema/shoppers-lists";
import { STOCK_ALERT_LIMITS } from "#api/http/rate-limit";
import { mailContextOf, renderEmail } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { createTestApp, inject, PASSWORD, type TestApp, uniqueEmail } from "#test/app";
import { makeProductWithVariants } from "#test/catalog";
import { APPROVED_CARD, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { sendBackInStockEmails } from "./service";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: "1000", MAX_UNPAID_ORDERS: "100" });
  shop = await makeShop(t);
});
afterAll(async () => t?.close());

/** A fresh product with sizes: its first variant, and the product. */
async function freshVariant() {
  const product = await makeProductWithVariants(t.database, {
    category: shop.categoryId,
    thumbnail: shop.mediaId,
  });
  const variant = product.variants[0];
  if (!variant) throw new Error("no variant");
  return { product, variant };
}

let addressCount = 0;
/** A fresh client address: one may name only a few new email addresses an hour. */
const newAddress = () => `10.52.${Math.floor(++addressCount / 200)}.${(addressCount % 200) + 1}`;

const ask = (variant: string, email: string, caller?: Caller, remoteAddress = newAddress()) =>
  inject(t.app, {
    method: "POST",
    url: "/api/stock-alerts",
    cookie: caller?.cookie,
    payload: { variant, email },
    remoteAddress,
  });

async function adjust(variant: string, change: number) {
  const response = await inject(t.app, {
    method: "POST",
    url: `/api/inventory/${variant}/adjustments`,
    cookie: shop.admin.cookie,
    payload: { change, reason: change > 0 ? "received" : "count_correction" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.stock as number;
}

/** Takes a variant's stock to `stock` by an adjustment. */
async function setStock(variant: string, stock: number) {
  const [row] = await t.database.db.select().from(productVariants).where(eq(productVariants.id, variant));
  const change = stock - (row?.stock ?? 0);
  if (change !== 0) expect(await adjust(variant, change)).toBe(stock);
}

/** One run of the sender, as the server's timer makes it. */
const run = () => sendBackInStockEmails(t.database.db, mailContextOf(t.config));

async function backInStockTo(recipient: string) {
  return t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.kind, "backInStock"), eq(emails.recipient, recipient)));
}

async function alertsOf(variant: string) {
  return t.database.db.select().from(stockAlerts).where(eq(stockAlerts.variantId, variant));
}

async function inventoryRow(variant: string, productName: string): Promise<InventoryRow | undefined> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/inventory?keyword=${encodeURIComponent(productName)}&size=50`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as InventoryRow[]).find((row) => row.variantId === variant);
}

describe("asking to be emailed when a variant is back", () => {
  it("records a sold-out variant's request once however often the same address asks, lower-cased", async () => {
    const { variant } = await freshVariant();
    await setStock(variant._id, 0);
    const first = await ask(variant._id, "Asha@Example.com");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: stockAlertWords.done,
      data: { variant: variant._id, email: "asha@example.com" },
    });
    const again = await ask(variant._id, "asha@example.com");
    expect(again.statusCode, again.body).toBe(201);
    const rows = await alertsOf(variant._id);
    expect(rows.map((row) => [row.email, row.userId, row.notifiedAt])).toEqual([
      ["asha@example.com", null, null],
    ]);
  });

  it("names the signed-in shopper who asks", async () => {
    const { variant } = await freshVariant();
    await setStock(variant._id, 0);
    const shopper = await quickUser(t);
    expect((await ask(variant._id, shopper.user.email, shopper)).statusCode).toBe(201);
    const [row] = await alertsOf(variant._id);
    expect(row?.userId).toBe(shopper.user.id);
  });

  it("refuses a new email address past the few one client address may name in an hour (429), writing nothing", async () => {
    const { variant } = await freshVariant();
    await setStock(variant._id, 0);
    const from = newAddress();
    const allowed = Array.from({ length: STOCK_ALERT_LIMITS.newAddresses.max }, () => uniqueEmail("alert"));
    for (const email of allowed)
      expect((await ask(variant._id, email, undefined, from)).statusCode).toBe(201);
    // An address it named already is no new one.
    expect((await ask(variant._id, allowed[0] ?? "", undefined, from)).statusCode).toBe(201);
    const stranger = uniqueEmail("stranger");
    const refused = await ask(variant._id, stranger, undefined, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: stockAlertWords.tooManyAddresses });
    expect(refused.headers["retry-after"]).toBe(String(60 * 60));
    expect((await alertsOf(variant._id)).map((row) => row.email).sort()).toEqual([...allowed].sort());
    // Another client address may still name it.
    expect((await ask(variant._id, stranger)).statusCode).toBe(201);
  });

  it("refuses an email address named too often in an hour, from any client address (429)", async () => {
    const { variant } = await freshVariant();
    await setStock(variant._id, 0);
    const email = uniqueEmail("often");
    for (let i = 0; i < STOCK_ALERT_LIMITS.perEmail.max; i += 1)
      expect((await ask(variant._id, email)).statusCode).toBe(201);
    const refused = await ask(variant._id, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: stockAlertWords.tooManyForAddress });
  });

  it("refuses a variant in stock (409), one not sold (404) and a bad address (400), writing nothing", async () => {
    const { product, variant } = await freshVariant();
    const inStock = await ask(variant._id, "ravi@example.com");
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({
      message: stockAlertWords.inStock,
      errors: { variant: stockAlertWords.inStock },
    });
    const unknown = await ask(newId(), "ravi@example.com");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(stockAlertWords.variantUnavailable);
    const inactive = await ask(shop.variantIds[0] ?? "", "ravi@example.com");
    expect(inactive.statusCode).toBe(409);
    const second = product.variants[1]?._id ?? "";
    await t.database.db
      .update(productVariants)
      .set({ stock: 0, isActive: false })
      .where(eq(productVariants.id, second));
    expect((await ask(second, "ravi@example.com")).statusCode).toBe(404);
    const bad = await ask(variant._id, "not an email");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: validation.email });
    expect(await alertsOf(variant._id)).toEqual([]);
    expect(await alertsOf(second)).toEqual([]);
  });
});

describe("the back-in-stock emails", () => {
  it("mails each request once when an adjustment takes the stock from 0 to 5, and nothing on 5 to 6", async () => {
    const { product, variant } = await freshVariant();
    await setStock(variant._id, 0);
    const shopper = await quickUser(t);
    const guest = `guest-${newId()}@example.com`;
    expect((await ask(variant._id, guest)).statusCode).toBe(201);
    expect((await ask(variant._id, shopper.user.email, shopper)).statusCode).toBe(201);
    expect((await inventoryRow(variant._id, product.name))?.stockAlerts).toBe(2);
    // Still sold out: nothing is sent.
    await run();
    expect(await backInStockTo(guest)).toEqual([]);

    await adjust(variant._id, 5);
    await run();
    const [toGuest, ...moreToGuest] = await backInStockTo(guest);
    const [toShopper, ...moreToShopper] = await backInStockTo(shopper.user.email);
    expect([moreToGuest, moreToShopper]).toEqual([[], []]);
    if (!toGuest || !toShopper) throw new Error("no back-in-stock email");
    const label = `${product.name} (Size: S, Colour: Black)`;
    expect(toGuest.subject).toBe(backInStockMail.subject(label));
    const guestMail = renderEmail(toGuest);
    expect(guestMail.text).toContain("Hello there,");
    expect(guestMail.text).toContain(
      `${backInStockMail.action}: http://localhost:3000/product/${product._id}?variant=${variant._id}`,
    );
    expect(renderEmail(toShopper).text).toContain(`Hello ${shopper.user.firstName},`);
    expect((await alertsOf(variant._id)).every((row) => row.notifiedAt !== null)).toBe(true);
    expect((await inventoryRow(variant._id, product.name))?.stockAlerts).toBe(0);

    // A second run, and a rise from 5 to 6, send nothing more.
    await run();
    await adjust(variant._id, 1);
    await run();
    expect(await backInStockTo(guest)).toHaveLength(1);
    expect(await backInStockTo(shopper.user.email)).toHaveLength(1);
  });

  it("mails a request once when a cancelled order puts the last 5 back", async () => {
    const { product, variant } = await freshVariant();
    await setStock(variant._id, 5);
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      {
        products: [{ product: product._id, variant: variant._id, quantity: 5 }],
        shippingAddress: shop.addressId,
      },
      { mail: mailContextOf(t.config) },
    );
    const email = `cancel-${newId()}@example.com`;
    expect((await ask(variant._id, email)).statusCode).toBe(201);
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/cancel`,
      cookie: shop.shopper.cookie,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(await backInStockTo(email)).toHaveLength(1);
    await run();
    expect(await backInStockTo(email)).toHaveLength(1);
  });

  it("mails a request once when a refund restocks the last 5", async () => {
    const { product, variant } = await freshVariant();
    await setStock(variant._id, 5);
    const { order } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      {
        products: [{ product: product._id, variant: variant._id, quantity: 5 }],
        shippingAddress: shop.addressId,
      },
      { mail: mailContextOf(t.config) },
    );
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const email = `refund-${newId()}@example.com`;
    expect((await ask(variant._id, email)).statusCode).toBe(201);
    const line = order.products[0]?._id ?? "";
    const refunded = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { lines: [{ line, quantity: 5 }], reason: "Came back unworn", restock: true },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect((refunded.json().data as OrderDto).payment?.refunds[0]?.restock).toEqual([{ line, quantity: 5 }]);
    await run();
    expect(await backInStockTo(email)).toHaveLength(1);
    await run();
    expect(await backInStockTo(email)).toHaveLength(1);
  });

  it("forgets a shopper's requests when the account is closed", async () => {
    const { variant } = await freshVariant();
    await setStock(variant._id, 0);
    const shopper = await quickUser(t);
    expect((await ask(variant._id, shopper.user.email, shopper)).statusCode).toBe(201);
    const closed = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie: shopper.cookie,
      payload: { currentPassword: PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await alertsOf(variant._id)).toEqual([]);
  });
});
