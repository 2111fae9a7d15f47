import { api, validation } from "@shop/shared/messages";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { orders } from "#api/db/schema/orders";
import { products } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";
import { hashPassword } from "#api/modules/auth/password";
import { mailContextOf } from "#api/modules/email/service";
import { startSession } from "#api/modules/sessions/service";
import {
  createTestApp,
  inject,
  shopperWithAddress,
  signedInUser,
  type TestApp,
  uniqueEmail,
} from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS, makeShop } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { takeStockStatement } from "./repo";
import { sweepExpiredOrders } from "./service";

let t: TestApp;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

async function stockOf(id: string) {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}

function place(cookie: string, payload: object, headers: Record<string, string> = {}) {
  return inject(t.app, { method: "POST", url: "/api/orders", cookie, payload, headers });
}

describe("POST /api/orders", () => {
  it("prices every line from the database, ignoring amounts and a status sent by the client", async () => {
    const shirt = await makeProduct(t.database, refs, {
      price: 1999.99,
      onSale: true,
      salePrice: 1499.5,
      stock: 10,
    });
    const socks = await makeProduct(t.database, refs, { price: 10.1, stock: 10 });
    const { cookie, addressId } = await shopperWithAddress(t);
    const response = await place(cookie, {
      products: [
        { product: shirt._id, quantity: 2, price: 0.01, savedAmount: 9999 },
        { product: socks._id, quantity: 3, price: 0.01 },
      ],
      shippingAddress: { _id: addressId, city: "Elsewhere" },
      subTotal: 1,
      savedAmount: 5000,
      shippingAmount: 0,
      taxAmount: 0,
      totalAmount: 1,
      status: "delivered",
    });
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    // items 2 x 1499.50 + 3 x 10.10 = 3029.30; shipping 80 (not above 5000); tax 18%: within the
    // store's state (Maharashtra, as the address), CGST = SGST = 9% of each line rounded to the cent,
    // 2 x (269.91 + 2.73) = 545.28 (SPEC's 545.27, 18% rounded once, is an inter-state order's IGST).
    expect(order).toMatchObject({
      status: "pending",
      subTotal: 3029.3,
      savedAmount: 1000.98,
      shippingAmount: 80,
      taxAmount: 545.28,
      totalAmount: 3654.58,
      payment: null,
      shippingAddress: { city: "Mumbai", name: { firstName: "Priya", lastName: "Sharma" } },
    });
    expect(order.products).toEqual(
      [
        expect.objectContaining({
          name: shirt.name,
          price: 1499.5,
          originalPrice: 1999.99,
          savedAmount: 1000.98,
          quantity: 2,
        }),
        expect.objectContaining({
          name: socks.name,
          price: 10.1,
          originalPrice: 10.1,
          savedAmount: 0,
          quantity: 3,
        }),
      ].sort((a, b) => (a.name < b.name ? -1 : 1)) && expect.any(Array),
    );
    expect(order.products).toHaveLength(2);
    expect(await stockOf(shirt._id)).toBe(8);
    expect(await stockOf(socks._id)).toBe(7);
  });

  it("gives free shipping above 5000 only", async () => {
    const watch = await makeProduct(t.database, refs, { price: 5000.01, stock: 5 });
    const { cookie, addressId } = await shopperWithAddress(t);
    const order = (
      await place(cookie, { products: [{ product: watch._id, quantity: 1 }], shippingAddress: addressId })
    ).json().data;
    expect(order.shippingAmount).toBe(0);
    expect(order.totalAmount).toBe(5900.01);
  });

  it("answers 409 naming the product when stock is short, and takes nothing", async () => {
    const plenty = await makeProduct(t.database, refs, { stock: 10 });
    const scarce = await makeProduct(t.database, refs, { name: "Limited Edition Chronograph", stock: 2 });
    const { cookie, addressId } = await shopperWithAddress(t);
    const response = await place(cookie, {
      products: [
        { product: plenty._id, quantity: 1 },
        { product: scarce._id, quantity: 3 },
      ],
      shippingAddress: addressId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(api.outOfStock("Limited Edition Chronograph", 2));
    expect(await stockOf(plenty._id)).toBe(10);
    expect(await stockOf(scarce._id)).toBe(2);
  });

  it("refuses an inactive product and another shopper's address", async () => {
    const hidden = await makeProduct(t.database, refs, { isActive: false, stock: 5 });
    const visible = await makeProduct(t.database, refs, { stock: 5 });
    const { cookie, addressId } = await shopperWithAddress(t);
    const inactive = await place(cookie, {
      products: [{ product: hidden._id, quantity: 1 }],
      shippingAddress: addressId,
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(api.productUnavailable(hidden.name));
    const other = await shopperWithAddress(t);
    const foreign = await place(cookie, {
      products: [{ product: visible._id, quantity: 1 }],
      shippingAddress: other.addressId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await stockOf(visible._id)).toBe(5);
  });

  it("answers bad input with the SPEC messages and 401 without a session", async () => {
    const { cookie, addressId } = await shopperWithAddress(t);
    const empty = await place(cookie, { products: [], shippingAddress: addressId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ products: validation.orderProducts });
    const zero = await place(cookie, { products: [{ product: newId(), quantity: 0 }], shippingAddress: "x" });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toMatchObject({ "products.0.quantity": validation.min(1) });
    const extra = await place(cookie, {
      products: [{ product: newId(), quantity: 1 }],
      shippingAddress: addressId,
      userId: newId(),
    });
    expect(extra.json().errors).toEqual({ userId: validation.unknownField });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { products: [], shippingAddress: addressId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("returns the first order when a placement is retried with the same Idempotency-Key", async () => {
    const bag = await makeProduct(t.database, refs, { stock: 10 });
    const { cookie, addressId, user } = await shopperWithAddress(t);
    const body = { products: [{ product: bag._id, quantity: 2 }], shippingAddress: addressId };
    const key = `checkout-${newId()}`;
    const [first, second, third] = await Promise.all([
      place(cookie, body, { "idempotency-key": key }),
      place(cookie, body, { "idempotency-key": key }),
      place(cookie, body, { "idempotency-key": key }),
    ]);
    const ids = new Set([first, second, third].map((r) => r?.json().data._id));
    expect(ids.size).toBe(1);
    expect([first, second, third].map((r) => r?.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await stockOf(bag._id)).toBe(8);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    // A new key is a new order.
    expect((await place(cookie, body, { "idempotency-key": `${key}-2` })).statusCode).toBe(201);
  });

  it("answers 422 when an Idempotency-Key comes back with another body, and writes nothing", async () => {
    const bag = await makeProduct(t.database, refs, { stock: 10 });
    const { cookie, addressId, user } = await shopperWithAddress(t);
    const key = `checkout-${newId()}`;
    const body = { products: [{ product: bag._id, quantity: 2 }], shippingAddress: addressId };
    const first = await place(cookie, body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    const other = await place(
      cookie,
      { ...body, products: [{ product: bag._id, quantity: 3 }] },
      { "idempotency-key": key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: api.idempotencyKeyReused });
    // The same body, its line split in two, is the same order.
    const split = {
      ...body,
      products: [
        { product: bag._id, quantity: 1 },
        { product: bag._id, quantity: 1 },
      ],
    };
    const again = await place(cookie, split, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(await stockOf(bag._id)).toBe(8);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it("refuses more than 10 of one product in an order, however the lines are split", async () => {
    const bag = await makeProduct(t.database, refs, { stock: 50 });
    const { cookie, addressId } = await shopperWithAddress(t);
    for (const lines of [[11], [6, 5]]) {
      const response = await place(cookie, {
        products: lines.map((quantity) => ({ product: bag._id, quantity })),
        shippingAddress: addressId,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: api.quantityPerLine(10) });
    }
    expect(await stockOf(bag._id)).toBe(50);
    const ten = await place(cookie, {
      products: [{ product: bag._id, quantity: 10 }],
      shippingAddress: addressId,
    });
    expect(ten.statusCode).toBe(201);
  });

  it("lets a shopper hold at most 3 unpaid orders, even placed at once; cancelling one frees a place", async () => {
    const bag = await makeProduct(t.database, refs, { stock: 50 });
    const { cookie, addressId, user } = await shopperWithAddress(t);
    const body = { products: [{ product: bag._id, quantity: 1 }], shippingAddress: addressId };
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(cookie, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toEqual({ success: false, message: api.tooManyUnpaidOrders });
    expect(await stockOf(bag._id)).toBe(47);
    const held = await t.database.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(held).toHaveLength(3);
    const cancel = await inject(t.app, { method: "PATCH", url: `/api/orders/${held[0]?.id}/cancel`, cookie });
    expect(cancel.statusCode).toBe(200);
    expect((await place(cookie, body)).statusCode).toBe(201);
  });

  it("never oversells: 50 shoppers at once for 5 units get exactly 5 orders", async () => {
    const lastUnits = await makeProduct(t.database, refs, { name: "Festive Special Sneakers", stock: 5 });
    const passwordHash = await hashPassword("Secret@123");
    const shoppers = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          firstName: "Rush",
          lastName: `${i}`,
          email: uniqueEmail("rush"),
          passwordHash,
        })),
      )
      .returning();
    const carts = await Promise.all(
      shoppers.map(async (user) => {
        const session = await startSession(t.database.db, user, { userAgent: null, ip: null });
        const cookie = `shop_session=${session.token}`;
        const address = await inject(t.app, {
          method: "POST",
          url: "/api/users/current-user/addresses",
          cookie,
          payload: ADDRESS,
        });
        return { cookie, addressId: address.json().data._id as string };
      }),
    );
    const responses = await Promise.all(
      carts.map(({ cookie, addressId }) =>
        place(cookie, { products: [{ product: lastUnits._id, quantity: 1 }], shippingAddress: addressId }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(await stockOf(lastUnits._id)).toBe(0);
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((u) => u.id),
        ),
      );
    expect(placed).toHaveLength(5);
  });
});

describe("taking stock", () => {
  it("finds each variant by its primary key, not by a scan of every variant of the shop", async () => {
    const statement = takeStockStatement([
      { variantId: newId(), quantity: 1 },
      { variantId: newId(), quantity: 2 },
    ]);
    const plan = await t.database.db.transaction(async (tx) => {
      // The test table is tiny, so a scan would win on cost: forbid it, so that it shows only when
      // nothing else can serve (an id compared as text, which no index holds).
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${statement}`);
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("product_variants_pkey");
    expect(plan).not.toMatch(/Seq Scan on product_variants/);
  });
});

describe("reading orders", () => {
  it("shows shoppers only their own orders; another shopper's id answers 404", async () => {
    const mug = await makeProduct(t.database, refs, { stock: 10 });
    const owner = await shopperWithAddress(t);
    const other = await shopperWithAddress(t);
    const id = (
      await place(owner.cookie, {
        products: [{ product: mug._id, quantity: 1 }],
        shippingAddress: owner.addressId,
      })
    ).json().data._id;

    const mine = await inject(t.app, {
      method: "GET",
      url: "/api/orders/current-user",
      cookie: owner.cookie,
    });
    expect(mine.json().data.map((o: { _id: string }) => o._id)).toEqual([id]);
    expect(mine.json().meta).toEqual({ page: 1, size: 8, pageCount: 1, total: 1 });
    expect(mine.json().data[0].itemCount).toBe(1);
    expect(
      (await inject(t.app, { method: "GET", url: `/api/orders/current-user/${id}`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const theirs = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${id}`,
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: api.orderNotFound });
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders/current-user", cookie: other.cookie })).json()
        .data,
    ).toEqual([]);
  });

  it("lists every order for staff, by status and keyword, and refuses shoppers", async () => {
    const lamp = await makeProduct(t.database, refs, { stock: 10 });
    const buyer = await shopperWithAddress(t);
    const id = (
      await place(buyer.cookie, {
        products: [{ product: lamp._id, quantity: 1 }],
        shippingAddress: buyer.addressId,
      })
    ).json().data._id;
    const manager = await signedInUser(t, "manager");
    const all = await inject(t.app, { method: "GET", url: "/api/orders?size=2", cookie: manager.cookie });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta.size).toBe(2);
    expect(all.json().meta.total).toBeGreaterThan(2);
    const pending = await inject(t.app, {
      method: "GET",
      url: `/api/orders/status/pending?keyword=${buyer.email}`,
      cookie: manager.cookie,
    });
    expect(pending.json().data.map((o: { _id: string }) => o._id)).toEqual([id]);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders/status/lost", cookie: manager.cookie }))
        .statusCode,
    ).toBe(400);
    expect(
      (await inject(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: manager.cookie })).json().data
        ._id,
    ).toBe(id);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders", cookie: buyer.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await inject(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: buyer.cookie })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/orders" })).statusCode).toBe(401);
  });
});

describe("what a manager sees of a customer", () => {
  it("shows a manager the name and address to ship to, but no email, phone number or payment; admins and the owner see them", async () => {
    const shop = await makeShop(t);
    const read = (cookie: string, url: string) => inject(t.app, { method: "GET", url, cookie });
    const forManager = (await read(shop.manager.cookie, `/api/orders/${shop.paidOrderId}`)).json().data;
    expect(forManager.user).toMatchObject({ name: expect.any(Object), email: null });
    expect(forManager.shippingAddress).toMatchObject({
      street: ADDRESS.street,
      city: ADDRESS.city,
      phoneNumber: null,
    });
    expect(forManager.payment).toBeNull();
    const listed = (await read(shop.manager.cookie, "/api/orders?size=1000")).json().data;
    const row = listed.find((order: { _id: string }) => order._id === shop.paidOrderId);
    expect(row).toMatchObject({
      user: { email: null },
      shippingAddress: { phoneNumber: null },
      payment: null,
    });
    expect(JSON.stringify(listed)).not.toContain(shop.shopper.user.email);
    expect(JSON.stringify(listed)).not.toContain(ADDRESS.phoneNumber);

    const forAdmin = (await read(shop.admin.cookie, `/api/orders/${shop.paidOrderId}`)).json().data;
    expect(forAdmin.user.email).toBe(shop.shopper.user.email);
    expect(forAdmin.shippingAddress.phoneNumber).toBe(ADDRESS.phoneNumber);
    expect(forAdmin.payment).toMatchObject({ _id: shop.paymentId, status: "completed" });
    const forOwner = (await read(shop.shopper.cookie, `/api/orders/current-user/${shop.paidOrderId}`)).json()
      .data;
    expect(forOwner.shippingAddress.phoneNumber).toBe(ADDRESS.phoneNumber);
    expect(forOwner.payment).toMatchObject({ _id: shop.paymentId });
    expect((await read(shop.manager.cookie, "/api/payments")).statusCode).toBe(403);
  });
});

describe("cancelling and moving orders", () => {
  async function pendingOrder(stock = 10, quantity = 2) {
    const product = await makeProduct(t.database, refs, { stock });
    const buyer = await shopperWithAddress(t);
    const order = (
      await place(buyer.cookie, {
        products: [{ product: product._id, quantity }],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    return { product, buyer, order };
  }

  it("lets the owner cancel a pending order and gives the stock back; others get 404", async () => {
    const { product, buyer, order } = await pendingOrder();
    const other = await shopperWithAddress(t);
    expect(
      (await inject(t.app, { method: "PATCH", url: `/api/orders/${order._id}/cancel`, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
    expect(await stockOf(product._id)).toBe(8);
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe("cancelled");
    expect(await stockOf(product._id)).toBe(10);
    const again = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(product._id)).toBe(10);
  });

  it("does not let a shopper cancel a paid order", async () => {
    const { buyer, order } = await pendingOrder();
    await t.database.db.update(orders).set({ status: "processing" }).where(eq(orders.id, order._id));
    const response = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(api.orderNotPending);
  });

  it("moves orders only along the allowed transitions", async () => {
    const { product, order } = await pendingOrder();
    const admin = await signedInUser(t, "admin");
    const update = (status: string) =>
      inject(t.app, {
        method: "PATCH",
        url: `/api/orders/${order._id}/update`,
        cookie: admin.cookie,
        payload: { orderId: order._id, status },
      });

    const skip = await update("shipped");
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(api.transitionRefused("pending", "shipped"));
    await t.database.db.update(orders).set({ status: "processing" }).where(eq(orders.id, order._id));
    const shipped = await update("shipped");
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      message: "Order status updated to 'SHIPPED' successfully.",
      data: { status: "shipped" },
    });
    expect((await update("delivered")).json().data.status).toBe("delivered");
    expect((await update("pending")).statusCode).toBe(409);
    // "refunded" moves money: an order with no payment (forced to processing above) has none to give back.
    const refunded = await update("refunded");
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe(api.refundUnpaid);
    expect(await stockOf(product._id)).toBe(8);
    expect((await update("processing")).statusCode).toBe(409);
  });

  it("answers a missing status with 'Order ID or status is missing.' and refuses shoppers", async () => {
    const { buyer, order } = await pendingOrder();
    const admin = await signedInUser(t, "admin");
    const missing = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ status: validation.orderStatusMissing });
    const wrong = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: admin.cookie,
      payload: { status: "lost" },
    });
    expect(wrong.json().errors.status).toBe(
      validation.oneOf(["pending", "processing", "shipped", "delivered", "cancelled", "refunded"]),
    );
    const shopper = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: buyer.cookie,
      payload: { status: "cancelled" },
    });
    expect(shopper.statusCode).toBe(403);
    const unknown = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${newId()}/update`,
      cookie: admin.cookie,
      payload: { status: "cancelled" },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the hold-expiry sweep", () => {
  it("cancels unpaid pending orders past the hold, once, and returns their stock", async () => {
    const product = await makeProduct(t.database, refs, { stock: 10 });
    const buyer = await shopperWithAddress(t);
    const old = (
      await place(buyer.cookie, {
        products: [{ product: product._id, quantity: 3 }],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    const fresh = (
      await place(buyer.cookie, {
        products: [{ product: product._id, quantity: 1 }],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, old._id));
    expect(await stockOf(product._id)).toBe(6);

    // Two sweeps at once (two instances) cancel each expired order exactly once.
    const counts = await Promise.all([
      sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config)),
      sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config)),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(product._id)).toBe(9);
    const [oldRow] = await t.database.db.select().from(orders).where(eq(orders.id, old._id));
    const [freshRow] = await t.database.db.select().from(orders).where(eq(orders.id, fresh._id));
    expect(oldRow?.status).toBe("cancelled");
    expect(freshRow?.status).toBe("pending");
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBe(0);
    expect(await stockOf(product._id)).toBe(9);
  });
});

describe("refused order bodies", () => {
  it("names an empty Idempotency-Key, a null amount and a line that is not an object in the shop's words", async () => {
    const product = await makeProduct(t.database, refs, { stock: 5 });
    const { cookie, addressId } = await shopperWithAddress(t);
    const line = { product: product._id, quantity: 1 };
    const emptyKey = await place(
      cookie,
      { products: [line], shippingAddress: addressId },
      { "idempotency-key": " " },
    );
    expect(emptyKey.statusCode).toBe(400);
    expect(emptyKey.json().errors).toEqual({ "idempotency-key": validation.required });
    const nullAmount = await place(cookie, {
      products: [line],
      shippingAddress: addressId,
      totalAmount: null,
    });
    expect(nullAmount.json().errors).toEqual({ totalAmount: validation.number });
    const nullLine = await place(cookie, { products: [null], shippingAddress: addressId });
    expect(nullLine.json().errors).toEqual({ "products.0": validation.object });
    expect(await stockOf(product._id)).toBe(5);
  });
});

itKeepsPaymentStates(() => t);
