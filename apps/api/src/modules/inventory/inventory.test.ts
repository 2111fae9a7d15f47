/**
 * Inventory: the list and its filters, adjustments (never below 0), the movement log (newest first,
 * with cause, reason and who) and its CSV; and, drawn by fast-check, the log of every variant summing
 * to its stock after any sequence of placements, payments, cancellations, refunds and adjustments.
 */
import { api, validation } from "@shop/shared/messages";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import type { InventoryRow, StockMovement } from "@shop/shared/schemas/inventory";
import type { OrderDto } from "@shop/shared/schemas/order";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#api/db/schema/orders";
import { mailContextOf } from "#api/modules/email/service";
import { sweepExpiredOrders } from "#api/modules/orders/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants, productBody } from "#test/catalog";
import { ADDRESS, APPROVED_CARD, type Caller, quickUser } from "#test/fixtures";
import { readList, walkByCursor } from "#test/paging";
import { getInventory, getMovements } from "./service";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let shopper: Caller;
let addressId: string;
/** Variants of a sized product (stock 10 to 17) and of a plain one (stock 4). */
let variants: { product: string; variant: string; sku: string }[];
let plain: { product: string; variant: string; name: string };
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_ORDERS: "1000", MAX_QUANTITY_PER_LINE: "10" });
  [admin, manager, shopper] = [
    await quickUser(t, "admin"),
    await quickUser(t, "manager"),
    await quickUser(t),
  ];
  const media = await makeMedia(t.database);
  const category = await makeCategory(t.database);
  refs = { category: category.id, thumbnail: media.id };
  const sized = await makeProductWithVariants(t.database, refs);
  const one = await makeProduct(t.database, refs, { stock: 4 });
  variants = sized.variants.map((v) => ({ product: sized._id, variant: v._id, sku: v.sku }));
  plain = { product: one._id, variant: one.variants[0]?._id ?? "", name: one.name };
  const address = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: ADDRESS,
  });
  addressId = address.json().data._id;
});
afterAll(async () => t?.close());

async function movements(variant: string, cookie = admin.cookie, query = "") {
  const answer = await inject(t.app, {
    method: "GET",
    url: `/api/inventory/${variant}/movements${query}`,
    cookie,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as StockMovement[];
}

function adjust(variant: string, payload: Record<string, unknown>, cookie = admin.cookie) {
  return inject(t.app, {
    method: "POST",
    url: `/api/inventory/${variant}/adjustments`,
    cookie,
    payload,
  });
}

async function place(variant: { product: string; variant: string }, quantity: number) {
  return inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    payload: { products: [{ ...variant, quantity }], shippingAddress: addressId },
  });
}

async function stockOf(variant: string): Promise<number> {
  const result = await t.database.db.execute<{ stock: number }>(
    sql`select stock from product_variants where id = ${variant}`,
  );
  return Number(result.rows[0]?.stock);
}

/** Variants whose log does not sum to their stock, or whose newest row's stock after is not it. */
async function unbalanced() {
  const result = await t.database.db.execute<{ id: string }>(sql`
    select v.id from product_variants v
    left join (select variant_id, sum(change)::integer as total from stock_movements group by variant_id) m
      on m.variant_id = v.id
    where v.stock <> coalesce(m.total, 0)
       or (v.stock <> 0 and v.stock <> (select stock_after from stock_movements s where s.variant_id = v.id
                                        order by at desc, id desc limit 1))`);
  return result.rows.map((row) => row.id);
}

/** Current variants without stock missing from variants_out_of_stock, and rows there that are not one. */
async function outOfStockAstray() {
  const result = await t.database.db.execute<{ id: string }>(sql`
    (select id from product_variants where stock = 0 and removed_at is null
     except select variant_id from variants_out_of_stock)
    union all
    (select variant_id from variants_out_of_stock
     except select id from product_variants where stock = 0 and removed_at is null)`);
  return result.rows.map((row) => row.id);
}

describe("inventory", () => {
  it("logs a new variant's stock as 'initial', an adjustment with its reason, note and who, newest first", async () => {
    const [first] = await movements(plain.variant);
    expect(first).toMatchObject({ change: 4, stockAfter: 4, cause: "initial" });

    const added = await adjust(plain.variant, { change: 6, reason: "received", note: "Delivery 42" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe(api.stockAdjusted);
    expect(added.json().data).toMatchObject({
      stock: 10,
      movement: { change: 6, stockAfter: 10, cause: "adjustment", reason: "received", note: "Delivery 42" },
    });
    const taken = await adjust(plain.variant, { change: -3, reason: "damaged" }, manager.cookie);
    expect(taken.statusCode, taken.body).toBe(201);

    const log = await movements(plain.variant, manager.cookie);
    expect(log.map((row) => [row.cause, row.change, row.stockAfter, row.reason])).toEqual([
      ["adjustment", -3, 7, "damaged"],
      ["adjustment", 6, 10, "received"],
      ["initial", 4, 4, null],
    ]);
    // Adjustments and the first stock belong to no order.
    expect(log.every((row) => row.order === null && row.return === null)).toBe(true);
    expect(log[0]?.by).toEqual({ _id: manager.user.id, name: "Test manager" });
    expect(log[1]?.by).toEqual({ _id: admin.user.id, name: "Test admin" });
    const paged = await movements(plain.variant, admin.cookie, "?page=2&size=2");
    expect(paged.map((row) => row.cause)).toEqual(["initial"]);
  });

  it("counts a variant's movements at most to the cap and says so", async () => {
    const variant = variants[3] as (typeof variants)[number];
    for (const change of [2, -1]) {
      expect((await adjust(variant.variant, { change, reason: "count_correction" })).statusCode).toBe(201);
    }
    // The initial stock and two adjustments: three movements, counted up to two.
    const read = await getMovements(t.database.db, variant.variant, { page: 1, size: 2 }, 2);
    expect(read).toMatchObject({ total: 2, totalCapped: true, more: true });
    expect(read.items.map((movement) => movement.change)).toEqual([-1, 2]);
    const answer = await inject(t.app, {
      method: "GET",
      url: `/api/inventory/${variant.variant}/movements?size=2`,
      cookie: manager.cookie,
    });
    expect(answer.json().meta).toEqual({ page: 1, size: 2, total: 3, pageCount: 2 });
  });

  it("refuses an adjustment below 0, of 0, with an unknown reason, or of an unknown variant", async () => {
    const stock = await stockOf(plain.variant);
    const below = await adjust(plain.variant, { change: -(stock + 1), reason: "count_correction" });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(api.stockBelowZero(stock));
    expect(await stockOf(plain.variant)).toBe(stock);

    const zero = await adjust(plain.variant, { change: 0, reason: "other" });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors?.change).toBe(validation.adjustmentZero);
    const reason = await adjust(plain.variant, { change: 1, reason: "stolen" });
    expect(reason.statusCode).toBe(400);
    const missing = await adjust("0123456789abcdef01234567", { change: 1, reason: "other" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(api.variantNotFound);
    expect((await movements(plain.variant)).length).toBe(3);
  });

  it("lists variants with sold units, filters low and out of stock by the settings' threshold, and searches", async () => {
    const out = variants[0] as (typeof variants)[number];
    await adjust(out.variant, { change: -(await stockOf(out.variant)), reason: "count_correction" });
    const list = async (query: string) => {
      const answer = await inject(t.app, {
        method: "GET",
        url: `/api/inventory${query}`,
        cookie: manager.cookie,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { data: InventoryRow[]; meta: { total: number } };
    };
    const outs = await list("?filter=out&size=100");
    expect(outs.data.map((row) => row.variantId)).toContain(out.variant);
    expect(outs.data.every((row) => row.stock === 0)).toBe(true);

    // Threshold 10 by default: the 7 of the plain product is low, the sized ones over 10 are not.
    const low = await list("?filter=low&size=100");
    expect(low.data.map((row) => row.variantId)).toEqual(
      expect.arrayContaining([plain.variant, out.variant]),
    );
    expect(low.data.every((row) => row.stock <= 10)).toBe(true);
    expect(low.data.some((row) => row.variantId === variants[5]?.variant)).toBe(false);
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/inventory",
      cookie: admin.cookie,
      payload: { lowStockThreshold: 20 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t.app.settings.forget();
    expect((await list("?filter=low&size=100")).data.map((row) => row.variantId)).toContain(
      variants[5]?.variant,
    );

    const bySku = await list(`?keyword=${encodeURIComponent((out.sku ?? "").toLowerCase())}`);
    expect(bySku.data).toEqual([
      expect.objectContaining({
        variantId: out.variant,
        sku: out.sku,
        options: { Size: "S", Colour: "Black" },
        stock: 0,
      }),
    ]);
    // A product without options has no SKU of its own (its variant holds the product's id): none shown.
    const byName = await list(`?keyword=${encodeURIComponent(plain.name)}`);
    expect(byName.data).toEqual([
      expect.objectContaining({
        variantId: plain.variant,
        productId: plain.product,
        productName: plain.name,
        options: {},
        sku: null,
      }),
    ]);
    expect(byName.meta.total).toBe(1);

    // Units of paid orders count as sold.
    const placed = await place(plain, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: placed.json().data._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await list(`?keyword=${encodeURIComponent(plain.name)}`)).data[0]?.sold30).toBe(2);

    const csv = await inject(t.app, {
      method: "GET",
      url: `/api/inventory/export.csv?keyword=${encodeURIComponent(plain.name)}`,
      cookie: manager.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("SKU");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${plain.name},${plain.product},,,5,low,2,yes`);
  });

  it("counts the variants out of stock as a variant sells out, is restocked, added without stock, removed or deleted", async () => {
    const outCount = async () => {
      const answer = await inject(t.app, {
        method: "GET",
        url: "/api/inventory?filter=out&size=1",
        cookie: manager.cookie,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await outOfStockAstray()).toEqual([]);
      return (answer.json() as { meta: { total: number } }).meta.total;
    };
    const before = await outCount();
    const target = variants[2] as (typeof variants)[number];
    const stock = await stockOf(target.variant);
    await adjust(target.variant, { change: -stock, reason: "count_correction" });
    expect(await outCount()).toBe(before + 1);
    // A new product without stock, then one of the sized product's variants removed at 0, then the new
    // product deleted (its variant with it).
    const empty = await makeProduct(t.database, refs, { stock: 0 });
    expect(await outCount()).toBe(before + 2);
    await t.database.db.execute(
      sql`update product_variants set removed_at = now() where id = ${target.variant}`,
    );
    expect(await outCount()).toBe(before + 1);
    await t.database.db.execute(sql`delete from products where id = ${empty._id}`);
    expect(await outCount()).toBe(before);
    await t.database.db.execute(
      sql`update product_variants set removed_at = null where id = ${target.variant}`,
    );
    expect(await outCount()).toBe(before + 1);
    await adjust(target.variant, { change: stock, reason: "received" });
    expect(await outCount()).toBe(before);
  });

  it("walks the list by cursor, each variant once, in the list's order, products of one name included", async () => {
    // Three products of the same name: their ids order them, then each one's variants by position.
    const name = `Walk Tee ${Date.now()}`;
    const made = [
      await makeProductWithVariants(t.database, refs, { name }),
      await makeProduct(t.database, refs, { name, stock: 3 }),
      await makeProductWithVariants(t.database, refs, { name }),
    ];
    const expected = made
      .sort((a, b) => (a._id < b._id ? -1 : 1))
      .flatMap((product) => product.variants.map((variant) => variant._id));
    expect(expected).toHaveLength(13);
    const url = `/api/inventory?keyword=${encodeURIComponent(name)}`;
    expect((await readList(t, `${url}&size=100`, manager.cookie)).ids).toEqual(expected);
    for (const size of [1, 4, 6]) {
      expect(await walkByCursor(t, url, manager.cookie, size), `size ${size}`).toEqual(expected);
    }
    // Under a filter: the variants at or under the threshold (20 by now: every one of them).
    expect(await walkByCursor(t, `${url}&filter=low`, manager.cookie, 5)).toEqual(expected);
    // Counted up to the cap: past it, the total is the cap's.
    const read = await getInventory(t.database.db, { page: 2, size: 5, keyword: name }, 20, 6);
    expect(read).toMatchObject({ total: 6, totalCapped: true, more: true, next: expect.any(String) });
    expect(read.items.map((row) => row.variantId)).toEqual(expected.slice(5, 10));
    const { meta } = await readList(t, `${url}&size=5`, manager.cookie);
    expect(meta).toMatchObject({ total: 13, pageCount: 3 });
    expect(meta.totalCapped).toBeUndefined();
  });

  it("refuses an `after` that is not a cursor of the list, at `after`", async () => {
    const orderKey = encodeCursor(["2021-05-05T05:05:05.555000Z", variants[0]?.variant ?? ""]);
    const key = (name: string, position: number) =>
      encodeCursor([name, variants[0]?.product ?? "", position, variants[0]?.variant ?? ""]);
    expect((await readList(t, `/api/inventory?after=${key("Tee", 1)}`, manager.cookie)).meta.page).toBe(1);
    for (const after of ["=", orderKey, key("Tee", 1.5), key("Tee\u0000", 1)]) {
      const answer = await inject(t.app, {
        method: "GET",
        url: `/api/inventory?after=${encodeURIComponent(after)}`,
        cookie: manager.cookie,
      });
      expect(answer.statusCode, after).toBe(400);
      expect(answer.json().errors).toEqual({ after: validation.cursor });
    }
  });

  it("logs a cancellation with who cancelled, a refund's restock, and an expired hold, each with its order", async () => {
    const variant = variants[3] as (typeof variants)[number];
    const cancelled = await place(variant, 2);
    const first = cancelled.json().data as OrderDto;
    const cancel = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${first._id}/update`,
      cookie: admin.cookie,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [back, taken] = await movements(variant.variant);
    const firstRef = { _id: first._id, number: first.number };
    expect(taken).toMatchObject({ change: -2, cause: "placement", order: firstRef, return: null });
    expect(back).toMatchObject({
      change: 2,
      cause: "cancel",
      by: { _id: admin.user.id, name: "Test admin" },
      order: firstRef,
      return: null,
    });

    const sold = await place(variant, 3);
    const order = sold.json().data as OrderDto;
    await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shopper.cookie,
      payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
    });
    const refund = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: admin.cookie,
      payload: {
        amount: 1,
        reason: "One came back",
        restock: [{ line: order.products[0]?._id, quantity: 1 }],
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const [restocked, placed] = await movements(variant.variant);
    expect(restocked).toMatchObject({
      change: 1,
      cause: "refund",
      by: { _id: admin.user.id },
      order: { _id: order._id, number: order.number },
    });
    expect(placed).toMatchObject({ change: -3, cause: "placement", order: { _id: order._id } });

    const held = await place(variant, 1);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(orders.id, held.json().data._id));
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBeGreaterThanOrEqual(1);
    expect((await movements(variant.variant))[0]).toMatchObject({
      change: 1,
      cause: "expiry",
      by: { _id: null },
      order: { _id: held.json().data._id, number: held.json().data.number },
    });
    expect(await unbalanced()).toEqual([]);
  });

  it("logs a stock changed in the product form as the staff member's adjustment", async () => {
    const stock = await stockOf(plain.variant);
    const edited = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${plain.product}`,
      cookie: manager.cookie,
      payload: productBody(refs, { name: plain.name, stock: stock + 5 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await movements(plain.variant))[0]).toMatchObject({
      change: 5,
      stockAfter: stock + 5,
      cause: "adjustment",
      reason: "other",
      by: { _id: manager.user.id, name: "Test manager" },
    });
  });

  it("keeps the log append-only", async () => {
    await expect(
      t.database.db.execute(sql`update stock_movements set change = change + 1`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from stock_movements`)).rejects.toThrow();
  });
});

describe("the stock-movement log sums to every variant's stock", () => {
  interface Model {
    orders: { id: string; status: "pending" | "processing" | "cancelled"; line: string; quantity: number }[];
  }
  const pick = (model: Model, i: number, status: Model["orders"][number]["status"]) => {
    const found = model.orders.filter((order) => order.status === status);
    return found.length > 0 ? found[i % found.length] : undefined;
  };

  class Place implements fc.AsyncCommand<Model, object> {
    constructor(
      readonly variant: number,
      readonly quantity: number,
    ) {}
    check = () => true;
    async run(model: Model) {
      const target = variants[this.variant] as (typeof variants)[number];
      const before = await stockOf(target.variant);
      const placed = await place(target, this.quantity);
      expect(placed.statusCode, placed.body).toBe(before >= this.quantity ? 201 : 409);
      if (placed.statusCode === 201) {
        const order = placed.json().data as OrderDto;
        model.orders.push({
          id: order._id,
          status: "pending",
          line: order.products[0]?._id ?? "",
          quantity: this.quantity,
        });
      }
    }
    toString = () => `place(${this.variant}, ${this.quantity})`;
  }

  class Pay implements fc.AsyncCommand<Model, object> {
    constructor(readonly i: number) {}
    check = (model: Readonly<Model>) => !!pick(model as Model, this.i, "pending");
    async run(model: Model) {
      const order = pick(model, this.i, "pending");
      if (!order) return;
      const paid = await inject(t.app, {
        method: "POST",
        url: "/api/payments",
        cookie: shopper.cookie,
        payload: { order: order.id, paymentGateway: "test", card: APPROVED_CARD },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      order.status = "processing";
    }
    toString = () => `pay(${this.i})`;
  }

  class Cancel implements fc.AsyncCommand<Model, object> {
    constructor(
      readonly i: number,
      readonly paid: boolean,
    ) {}
    check = (model: Readonly<Model>) => !!pick(model as Model, this.i, this.paid ? "processing" : "pending");
    async run(model: Model) {
      const order = pick(model, this.i, this.paid ? "processing" : "pending");
      if (!order) return;
      const answer = await inject(t.app, {
        method: "PATCH",
        url: `/api/orders/${order.id}/update`,
        cookie: admin.cookie,
        payload: { status: "cancelled" },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      order.status = "cancelled";
    }
    toString = () => `cancel(${this.i}, ${this.paid ? "paid" : "pending"})`;
  }

  class Refund implements fc.AsyncCommand<Model, object> {
    constructor(readonly i: number) {}
    check = (model: Readonly<Model>) => !!pick(model as Model, this.i, "processing");
    async run(model: Model) {
      const order = pick(model, this.i, "processing");
      if (!order || order.quantity === 0) return;
      const refund = await inject(t.app, {
        method: "POST",
        url: `/api/orders/${order.id}/refunds`,
        cookie: admin.cookie,
        payload: { amount: 0.01, reason: "Came back", restock: [{ line: order.line, quantity: 1 }] },
      });
      expect(refund.statusCode, refund.body).toBe(201);
      order.quantity -= 1;
    }
    toString = () => `refund(${this.i})`;
  }

  class Adjust implements fc.AsyncCommand<Model, object> {
    constructor(
      readonly variant: number,
      readonly change: number,
    ) {}
    check = () => true;
    async run() {
      const target = variants[this.variant] as (typeof variants)[number];
      const before = await stockOf(target.variant);
      const answer = await adjust(target.variant, { change: this.change, reason: "count_correction" });
      expect(answer.statusCode, answer.body).toBe(before + this.change >= 0 ? 201 : 409);
    }
    toString = () => `adjust(${this.variant}, ${this.change})`;
  }

  it("after generated placements, payments, cancellations, refunds and adjustments", async () => {
    const variant = fc.integer({ min: 0, max: 5 });
    const i = fc.nat(20);
    const commands = fc.commands(
      [
        fc.tuple(variant, fc.integer({ min: 1, max: 6 })).map(([v, q]) => new Place(v, q)),
        i.map((n) => new Pay(n)),
        fc.tuple(i, fc.boolean()).map(([n, paid]) => new Cancel(n, paid)),
        i.map((n) => new Refund(n)),
        fc
          .tuple(
            variant,
            fc.integer({ min: -12, max: 8 }).filter((n) => n !== 0),
          )
          .map(([v, n]) => new Adjust(v, n)),
      ],
      { maxCommands: 12 },
    );
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        await fc.asyncModelRun(() => ({ model: { orders: [] } as Model, real: {} }), cmds);
        expect(await unbalanced()).toEqual([]);
        expect(await outOfStockAstray()).toEqual([]);
      }),
      { numRuns: 6, seed: 33 },
    );
  });
});
