import { discountCodes, validation } from "@shop/shared/messages";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails } from "#api/db/schema/emails";
import { orders } from "#api/db/schema/orders";
import { productVariants } from "#api/db/schema/products";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf, renderEmail } from "#api/modules/email/service";
import { sweepExpiredOrders } from "#api/modules/orders/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let refs: { category: string; thumbnail: string };
let otherCategory: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: "1000", MAX_UNPAID_ORDERS: "20" });
  admin = await quickUser(t, "admin");
  manager = await quickUser(t, "manager");
  const category = await makeCategory(t.database);
  otherCategory = (await makeCategory(t.database)).id;
  refs = { category: category.id, thumbnail: (await makeMedia(t.database)).id };
});
afterAll(async () => t.close());

let codeCounter = 0;
function uniqueCode(prefix = "SAVE") {
  codeCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${codeCounter}`.toUpperCase();
}

function createCode(body: Record<string, unknown>, caller: Caller = admin) {
  return inject(t.app, { method: "POST", url: "/api/discounts", cookie: caller.cookie, payload: body });
}

async function code(body: Record<string, unknown>) {
  const response = await createCode({ code: uniqueCode(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; code: string };
}

async function shopper() {
  const caller = await quickUser(t);
  const address = await addAddress(t.database.db, caller.user.id, ADDRESS);
  return { ...caller, addressId: address._id };
}

function place(buyer: { cookie: string; addressId: string }, products: object[], extra: object = {}) {
  return inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    payload: { products, shippingAddress: buyer.addressId, ...extra },
  });
}

function priceCart(payload: object, cookie?: string) {
  return inject(t.app, { method: "POST", url: "/api/cart/price", payload, ...(cookie ? { cookie } : {}) });
}

async function stockOf(productId: string) {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.stock;
}

describe("staff manage discount codes", () => {
  it("creates a code upper-cased, refuses the same code in another case, and lets a manager create one", async () => {
    const typed = uniqueCode("Welcome").toLowerCase();
    const created = await createCode({ code: typed, type: "percentage", value: 15 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      code: typed.toUpperCase(),
      type: "percentage",
      value: 15,
      appliesTo: "all",
      combinesWithSale: false,
      isActive: true,
      usedCount: 0,
      status: "active",
    });
    const again = await createCode({ code: typed.toUpperCase(), type: "fixed", value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: discountCodes.codeInUse,
      errors: { code: discountCodes.codeInUse },
    });
    expect((await createCode({ code: uniqueCode(), type: "free_shipping" }, manager)).statusCode).toBe(201);
  });

  it.each([
    [{ code: "ab", type: "percentage", value: 10 }, "code", validation.discountCode],
    [{ code: "NO SPACES", type: "percentage", value: 10 }, "code", validation.discountCode],
    [{ type: "percentage", value: 0 }, "value", validation.discountPercentage],
    [{ type: "percentage", value: 101 }, "value", validation.discountPercentage],
    [{ type: "percentage", value: 12.5 }, "value", validation.discountPercentage],
    [{ type: "fixed", value: 0 }, "value", validation.discountAmount],
    [{ type: "bogus", value: 1 }, "type", validation.oneOf(["percentage", "fixed", "free_shipping"])],
    [
      { type: "fixed", value: 5, startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" },
      "endsAt",
      validation.discountDates,
    ],
    [{ type: "fixed", value: 5, startsAt: "tomorrow" }, "startsAt", validation.discountDate],
    // Year 0 is ISO 8601's and not PostgreSQL's: a clear 400, not a failed write.
    [{ type: "fixed", value: 5, startsAt: "0000-02-29T00:00:00Z" }, "startsAt", validation.discountDate],
    [{ type: "fixed", value: 5, endsAt: "1969-12-31T23:59:59Z" }, "endsAt", validation.discountDate],
    [{ type: "fixed", value: 5, appliesTo: "categories" }, "categories", validation.discountCategories],
    [{ type: "fixed", value: 5, appliesTo: "products" }, "products", validation.discountProducts],
    [{ type: "fixed", value: 5, usageLimit: 0 }, "usageLimit", validation.min(1)],
  ])("refuses %j at %s", async (body, field, message) => {
    const response = await createCode({ code: uniqueCode(), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it("refuses a category that does not exist, writing nothing", async () => {
    const typed = uniqueCode();
    const response = await createCode({
      code: typed,
      type: "fixed",
      value: 5,
      appliesTo: "categories",
      categories: ["0123456789abcdef01234567"],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.categories).toBe(validation.id);
    const list = await inject(t.app, {
      method: "GET",
      url: `/api/discounts?keyword=${typed}`,
      cookie: admin.cookie,
    });
    expect(list.json().data).toEqual([]);
  });

  it("keeps discount codes from shoppers and strangers", async () => {
    const customer = await quickUser(t);
    expect((await createCode({ code: uniqueCode(), type: "fixed", value: 5 }, customer)).statusCode).toBe(
      403,
    );
    expect((await inject(t.app, { method: "GET", url: "/api/discounts" })).statusCode).toBe(401);
  });

  it("lists codes by their status at the time of asking, and by keyword", async () => {
    const hour = 3_600_000;
    const prefix = uniqueCode("LIST");
    const made = {
      active: await code({ code: `${prefix}-A`, type: "fixed", value: 5 }),
      scheduled: await code({
        code: `${prefix}-S`,
        type: "fixed",
        value: 5,
        startsAt: new Date(Date.now() + hour).toISOString(),
      }),
      expired: await code({
        code: `${prefix}-E`,
        type: "fixed",
        value: 5,
        endsAt: new Date(Date.now() - hour).toISOString(),
      }),
      inactive: await code({ code: `${prefix}-I`, type: "fixed", value: 5, isActive: false }),
    };
    for (const [status, discount] of Object.entries(made)) {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/discounts?keyword=${prefix}&status=${status}`,
        cookie: manager.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((row: { _id: string }) => row._id)).toEqual([discount._id]);
      expect(response.json().data[0].status).toBe(status);
    }
    const all = await inject(t.app, {
      method: "GET",
      url: `/api/discounts?keyword=${prefix}`,
      cookie: admin.cookie,
    });
    expect(all.json().meta.total).toBe(4);
  });

  it("replaces a code's terms, switches it off and on, and answers 404 for an unknown id", async () => {
    const discount = await code({ type: "percentage", value: 10 });
    const replaced = await inject(t.app, {
      method: "PUT",
      url: `/api/discounts/${discount._id}`,
      cookie: admin.cookie,
      payload: {
        code: discount.code,
        type: "fixed",
        value: 25,
        appliesTo: "categories",
        categories: [refs.category],
      },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ type: "fixed", value: 25, categories: [refs.category] });
    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/discounts/${discount._id}`,
      cookie: admin.cookie,
      payload: { isActive: false },
    });
    expect(off.json().data).toMatchObject({ isActive: false, status: "inactive" });
    const unknown = await inject(t.app, {
      method: "GET",
      url: "/api/discounts/0123456789abcdef01234567",
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(discountCodes.notFound);
  });
});

describe("pricing a cart with a code", () => {
  it("takes the discount off the items and charges tax on what is left, for anyone", async () => {
    const product = await makeProduct(t.database, refs, { price: 1000, stock: 10 });
    const discount = await code({ type: "percentage", value: 10 });
    const response = await priceCart({
      products: [{ product: product._id, quantity: 1 }],
      discountCode: discount.code.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      itemsPrice: 1000,
      discountCode: discount.code,
      discountAmount: 100,
      discountMessage: null,
      shippingPrice: 80,
      taxPrice: 162,
      totalPrice: 1142,
      lines: [{ product: product._id, quantity: 1, unitPrice: 1000, discountShare: 100 }],
    });
  });

  it("says why a code does not apply, pricing the cart without it", async () => {
    const product = await makeProduct(t.database, refs, { price: 40, stock: 10 });
    const line = [{ product: product._id, quantity: 2 }];
    const hour = 3_600_000;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "fixed", value: 5, minSubtotal: 100 }, "Add $20.00 more to use this code."],
      [
        { type: "fixed", value: 5, appliesTo: "categories", categories: [otherCategory] },
        discountCodes.notApplicable,
      ],
      [
        { type: "fixed", value: 5, startsAt: new Date(Date.now() + hour).toISOString() },
        discountCodes.notYetActive,
      ],
      [{ type: "fixed", value: 5, endsAt: new Date(Date.now() - hour).toISOString() }, discountCodes.expired],
      [{ type: "fixed", value: 5, isActive: false }, discountCodes.invalid],
    ];
    for (const [body, message] of cases) {
      const discount = await code(body);
      const response = await priceCart({ products: line, discountCode: discount.code });
      expect(response.json().data).toMatchObject({
        discountCode: null,
        discountAmount: 0,
        discountMessage: message,
        totalPrice: 80 + 80 + 14.4,
      });
    }
    const unknown = await priceCart({ products: line, discountCode: "NO-SUCH-CODE" });
    expect(unknown.json().data.discountMessage).toBe(discountCodes.invalid);
  });

  it("applies a product-scoped code to that product's lines only, and skips sale items unless it combines", async () => {
    const plain = await makeProduct(t.database, refs, { price: 100, stock: 10 });
    const onSale = await makeProduct(t.database, refs, {
      price: 100,
      onSale: true,
      salePrice: 80,
      stock: 10,
    });
    const scoped = await code({
      type: "percentage",
      value: 50,
      appliesTo: "products",
      products: [onSale._id],
    });
    const lines = [
      { product: plain._id, quantity: 1 },
      { product: onSale._id, quantity: 1 },
    ];
    expect(
      (await priceCart({ products: lines, discountCode: scoped.code })).json().data.discountMessage,
    ).toBe(discountCodes.notApplicable);
    const combining = await code({
      type: "percentage",
      value: 50,
      appliesTo: "products",
      products: [onSale._id],
      combinesWithSale: true,
    });
    const priced = (await priceCart({ products: lines, discountCode: combining.code })).json().data;
    expect(priced.discountAmount).toBe(40);
    expect(priced.lines.map((line: { discountShare: number }) => line.discountShare).sort()).toEqual([0, 40]);
  });
});

describe("placing an order with a code", () => {
  it("keeps the code, its amount and each line's share, ignoring a discount amount sent by the client", async () => {
    const product = await makeProduct(t.database, refs, { price: 200, stock: 10 });
    const discount = await code({ type: "fixed", value: 30 });
    const buyer = await shopper();
    const response = await place(buyer, [{ product: product._id, quantity: 2 }], {
      discountCode: discount.code.toLowerCase(),
      discountAmount: 400,
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().data;
    expect(order).toMatchObject({
      discountCode: discount.code,
      discountAmount: 30,
      subTotal: 400,
      taxAmount: 66.6,
      shippingAmount: 80,
      totalAmount: 400 - 30 + 66.6 + 80,
    });
    expect(order.products[0].discountShare).toBe(30);
    // The message as it goes out, whether or not the sender has rendered it yet.
    const [confirmation] = (
      await t.database.db
        .select()
        .from(emails)
        .where(and(eq(emails.recipient, buyer.user.email), eq(emails.kind, "orderPlaced")))
    ).map(renderEmail);
    expect(confirmation?.text).toContain(`Discount (${discount.code}): -$30.00`);
    expect(confirmation?.html).toContain(`Discount (${discount.code}): -$30.00`);
    const detail = await inject(t.app, {
      method: "GET",
      url: `/api/discounts/${discount._id}`,
      cookie: admin.cookie,
    });
    expect(detail.json().data).toMatchObject({ usedCount: 1, paidOrders: 0, revenue: 0 });
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: buyer.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode).toBe(201);
    const after = await inject(t.app, {
      method: "GET",
      url: `/api/discounts/${discount._id}`,
      cookie: admin.cookie,
    });
    expect(after.json().data).toMatchObject({ usedCount: 1, paidOrders: 1, revenue: order.totalAmount });
  });

  it("answers 409 with the reason when the code stopped applying, and writes nothing", async () => {
    const product = await makeProduct(t.database, refs, { price: 50, stock: 10 });
    const discount = await code({ type: "fixed", value: 5, minSubtotal: 500 });
    const buyer = await shopper();
    const response = await place(buyer, [{ product: product._id, quantity: 1 }], {
      discountCode: discount.code,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: "Add $450.00 more to use this code.",
      errors: { discountCode: "Add $450.00 more to use this code." },
    });
    expect(await stockOf(product._id)).toBe(10);
    const [placed] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.userId, buyer.user.id));
    expect(placed?.n).toBe(0);
  });

  it("lets a code limited to 5 uses be used 5 times under 40 concurrent placements", async () => {
    // Each shopper buys a product of their own, so that only the code's row orders the placements.
    const products = await Promise.all(
      Array.from({ length: 40 }, () => makeProduct(t.database, refs, { price: 20, stock: 1 })),
    );
    const discount = await code({ type: "percentage", value: 10, usageLimit: 5 });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => shopper()));
    const responses = await Promise.all(
      buyers.map((buyer, i) =>
        place(buyer, [{ product: products[i]?._id, quantity: 1 }], { discountCode: discount.code }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(discountCodes.usedUp);
    }
    const left = await Promise.all(products.map((product) => stockOf(product._id)));
    expect(left.filter((stock) => stock === 0)).toHaveLength(5);
    const detail = await inject(t.app, {
      method: "GET",
      url: `/api/discounts/${discount._id}`,
      cookie: admin.cookie,
    });
    expect(detail.json().data).toMatchObject({ usedCount: 5, status: "used-up" });
  });

  it("lets one shopper use a once-per-customer code once under 10 concurrent placements", async () => {
    const product = await makeProduct(t.database, refs, { price: 20, stock: 100 });
    const discount = await code({ type: "percentage", value: 10, perCustomerLimit: 1 });
    const buyer = await shopper();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        place(buyer, [{ product: product._id, quantity: 1 }], { discountCode: discount.code }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 201))
      expect(refused.json().message).toBe(discountCodes.alreadyUsed);
    const again = await priceCart(
      { products: [{ product: product._id, quantity: 1 }], discountCode: discount.code },
      buyer.cookie,
    );
    expect(again.json().data.discountMessage).toBe(discountCodes.alreadyUsed);
  });

  it("gives the use back when the order is cancelled or its hold expires", async () => {
    const product = await makeProduct(t.database, refs, { price: 20, stock: 100 });
    const discount = await code({ type: "fixed", value: 2, usageLimit: 1 });
    const [first, second, third] = [await shopper(), await shopper(), await shopper()];
    const line = [{ product: product._id, quantity: 1 }];
    const placed = await place(first, line, { discountCode: discount.code });
    expect(placed.statusCode).toBe(201);
    expect((await place(second, line, { discountCode: discount.code })).json().message).toBe(
      discountCodes.usedUp,
    );
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${placed.json().data._id}/cancel`,
      cookie: first.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    const secondTry = await place(second, line, { discountCode: discount.code });
    expect(secondTry.statusCode).toBe(201);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, secondTry.json().data._id));
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBeGreaterThanOrEqual(1);
    expect((await place(third, line, { discountCode: discount.code })).statusCode).toBe(201);
  });

  it("deletes a code no order used, and keeps a used one", async () => {
    const unused = await code({ type: "fixed", value: 5 });
    const deleted = await inject(t.app, {
      method: "DELETE",
      url: `/api/discounts/${unused._id}`,
      cookie: admin.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    const product = await makeProduct(t.database, refs, { price: 20, stock: 10 });
    const used = await code({ type: "fixed", value: 5 });
    expect(
      (await place(await shopper(), [{ product: product._id, quantity: 1 }], { discountCode: used.code }))
        .statusCode,
    ).toBe(201);
    const refused = await inject(t.app, {
      method: "DELETE",
      url: `/api/discounts/${used._id}`,
      cookie: admin.cookie,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(discountCodes.usedCannotBeDeleted);
  });
});
