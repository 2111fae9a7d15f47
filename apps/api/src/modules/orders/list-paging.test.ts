import {
  COUNT_CAP,
  PAYMENT_STATES,
  type PaymentState,
  type PaymentStatus,
  SHOP_UTC_OFFSET,
} from "@shop/shared/constants";
import { validation } from "@shop/shared/messages";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { orders, payments } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { list } from "#api/http/envelope";
import { createTestApp, createUser, inject, type TestApp } from "#test/app";
import { makeShop, type Shop } from "#test/fixtures";
import { readList, walkByCursor } from "#test/paging";
import { itKeepsPaymentStates } from "#test/payment-state";
import { listStaffOrders } from "./service";

let t: TestApp;
let shop: Shop;
/** The orders of 2019-06-10 by the shop's clock, newest first by (created_at, id). */
let expected: string[];
/** Those of them in processing, newest first. */
let processing: string[];

/** Noon of 2019-06-10 in India: six orders at this very microsecond, only their ids ordering them. */
const MOMENT = "2019-06-10T06:30:00.123456Z";
const DAY = "from=2019-06-10&to=2019-06-10";

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
  const [template] = await t.database.db.select().from(orders).where(eq(orders.id, shop.orderId));
  if (!template) throw new Error("no order");
  const made: { id: string; at: string; status: "pending" | "processing" }[] = [];
  for (let i = 0; i < 9; i++) {
    // Six at one moment, three a second apart before it; every third in processing.
    const at = i < 6 ? MOMENT : new Date(Date.parse(MOMENT) - (i - 5) * 1000).toISOString();
    made.push({ id: newId(), at, status: i % 3 === 0 ? "processing" : "pending" });
  }
  const { number: _number, ...columns } = template;
  await t.database.db.insert(orders).values(
    made.map((order) => ({
      ...columns,
      id: order.id,
      status: order.status,
      paymentState: "none" as const,
      paymentId: null,
      idempotencyKey: null,
      createdAt: new Date(order.at),
    })),
  );
  const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  const newestFirst = made.sort((a, b) => descending(a.at, b.at) || descending(a.id, b.id));
  expected = newestFirst.map((order) => order.id);
  processing = newestFirst.filter((order) => order.status === "processing").map((order) => order.id);
});
afterAll(async () => t.close());

describe("paging the staff's order lists", () => {
  it("walks every list by cursor, each order once and in order, orders of the same moment included", async () => {
    const cookie = shop.admin.cookie;
    expect((await readList(t, `/api/orders?${DAY}&size=100`, cookie)).ids).toEqual(expected);
    for (const size of [1, 2, 4]) {
      expect(await walkByCursor(t, `/api/orders?${DAY}`, cookie, size), `size ${size}`).toEqual(expected);
    }
    // Each filter keeps its order on the way: the status (its own index), the payment and the fulfilment.
    expect(await walkByCursor(t, `/api/orders/status/processing?${DAY}`, cookie, 1)).toEqual(processing);
    expect(await walkByCursor(t, `/api/orders?${DAY}&payment=none`, cookie, 2)).toEqual(expected);
    expect(await walkByCursor(t, `/api/orders?${DAY}&fulfilment=unfulfilled`, cookie, 2)).toEqual(expected);
    const keyword = `keyword=${encodeURIComponent(shop.shopper.user.email)}`;
    expect(await walkByCursor(t, `/api/orders?${DAY}&${keyword}`, cookie, 3)).toEqual(expected);
  });

  it("answers a cursor's page as the offset page of the same number, with its next", async () => {
    const cookie = shop.manager.cookie;
    const first = await readList(t, `/api/orders?${DAY}&size=4&page=1`, cookie);
    const byOffset = await readList(t, `/api/orders?${DAY}&size=4&page=2`, cookie);
    const byCursor = await readList(
      t,
      `/api/orders?${DAY}&size=4&page=2&after=${encodeURIComponent(first.meta.next ?? "")}`,
      cookie,
    );
    expect(byCursor).toEqual(byOffset);
    expect(byCursor.meta).toMatchObject({ total: 9, pageCount: 3, next: expect.any(String) });
    expect(byCursor.meta.totalCapped).toBeUndefined();
    const last = await readList(t, `/api/orders?${DAY}&size=4&page=3`, cookie);
    expect(last.ids).toHaveLength(1);
    expect(last.meta.next).toBeUndefined();
  });

  it("counts at most the cap, says so, and keeps a page past the counted ones while orders follow", async () => {
    const viewer = shop.admin.user;
    const query = { from: "2019-06-10", to: "2019-06-10" };
    // Three counted of nine: the first page of the three known, and the pages past them.
    const early = await listStaffOrders(
      t.database.db,
      viewer,
      query,
      { page: 1, size: 2 },
      SHOP_UTC_OFFSET,
      3,
    );
    expect(early).toMatchObject({ total: 3, totalCapped: true, more: true });
    expect(list(early.items, { page: 1, size: 2, ...early }).meta).toMatchObject({
      total: 3,
      totalCapped: true,
      pageCount: 2,
    });
    const deep = await listStaffOrders(
      t.database.db,
      viewer,
      query,
      { page: 4, size: 2 },
      SHOP_UTC_OFFSET,
      3,
    );
    expect(deep.items.map((order) => order._id)).toEqual(expected.slice(6, 8));
    expect(list(deep.items, { page: 4, size: 2, ...deep }).meta.pageCount).toBe(5);
    const end = await listStaffOrders(t.database.db, viewer, query, { page: 5, size: 2 }, SHOP_UTC_OFFSET, 3);
    expect(end.more).toBe(false);
    expect(list(end.items, { page: 5, size: 2, ...end }).meta.pageCount).toBe(5);
    // At the cap exactly, nothing is capped.
    const exact = await listStaffOrders(
      t.database.db,
      viewer,
      query,
      { page: 1, size: 2 },
      SHOP_UTC_OFFSET,
      9,
    );
    expect(exact).toMatchObject({ total: 9, totalCapped: false });
    expect(COUNT_CAP).toBe(10_000);
  });

  it("counts each payment state's orders as its list finds them: the taken payment, else the latest attempt", async () => {
    const [failed, retried, paidAfterFailing, paidThenTried, twiceFailed] = expected as [
      string,
      string,
      string,
      string,
      string,
    ];
    const at = (minutes: number) => new Date(Date.parse(MOMENT) + minutes * 60_000);
    const attempts: [string, PaymentStatus, number][] = [
      [failed, "failed", 1],
      [retried, "failed", 1],
      [retried, "pending", 2],
      [paidAfterFailing, "failed", 1],
      [paidAfterFailing, "completed", 2],
      [paidThenTried, "completed", 1],
      [paidThenTried, "failed", 2],
      [twiceFailed, "failed", 1],
      [twiceFailed, "failed", 1],
    ];
    const rows = attempts.map(([orderId, status, minutes]) => ({
      id: newId(),
      userId: shop.shopper.user.id,
      orderId,
      status,
      transactionId: `walk_${newId()}`,
      amount: 10,
      paymentGateway: "test" as const,
      createdAt: at(minutes),
    }));
    await t.database.db.insert(payments).values(rows);
    for (const row of rows.filter((payment) => payment.status === "completed")) {
      await t.database.db.update(orders).set({ paymentId: row.id }).where(eq(orders.id, row.orderId));
    }
    // Written by hand as the payments' writers keep it (the file's last test holds them to the payments).
    const states: [string, PaymentState][] = [
      [failed, "failed"],
      [retried, "pending"],
      [paidAfterFailing, "completed"],
      [paidThenTried, "completed"],
      [twiceFailed, "failed"],
    ];
    for (const [id, paymentState] of states) {
      await t.database.db.update(orders).set({ paymentState }).where(eq(orders.id, id));
    }
    const found: Record<string, string[]> = {};
    for (const state of PAYMENT_STATES) {
      const { ids, meta } = await readList(
        t,
        `/api/orders?${DAY}&payment=${state}&size=100`,
        shop.admin.cookie,
      );
      expect(meta.total, state).toBe(ids.length);
      found[state] = ids;
    }
    expect(found).toEqual({
      none: expected.slice(5),
      pending: [retried],
      completed: [paidAfterFailing, paidThenTried],
      partially_refunded: [],
      refunded: [],
      failed: [failed, twiceFailed],
    });
  });

  it("finds a keyword's orders by the order and by the shopper, each once, newest first, paged and counted", async () => {
    // Of the day's nine orders: three shipped to a Quixotl, two placed by a shopper named Quixotl,
    // one of them both.
    const [a, , b, , both, , c] = expected as [string, string, string, string, string, string, string];
    for (const id of [a, b, both]) {
      await t.database.db.execute(sql`update orders set shipping_address =
        jsonb_set(shipping_address, '{name,lastName}', '"Quixotl"') where id = ${id}`);
    }
    const { user } = await createUser(t.database);
    await t.database.db
      .update(users)
      .set({ firstName: "Ravi", lastName: "Quixotl" })
      .where(eq(users.id, user.id));
    await t.database.db
      .update(orders)
      .set({ userId: user.id })
      .where(inArray(orders.id, [both, c]));
    const matches = [a, b, both, c];
    const cookie = shop.admin.cookie;
    const first = await readList(t, `/api/orders?${DAY}&keyword=quixotl&size=100`, cookie);
    expect(first.ids).toEqual(matches);
    expect(first.meta).toMatchObject({ total: 4 });
    expect((await readList(t, `/api/orders?${DAY}&keyword=QUIXOTL&size=2&page=2`, cookie)).ids).toEqual([
      both,
      c,
    ]);
    expect(await walkByCursor(t, `/api/orders?${DAY}&keyword=quixotl`, cookie, 1)).toEqual(matches);
    // The shopper's half alone, and the order's half alone (the shipping name).
    expect((await readList(t, `/api/orders?${DAY}&keyword=ravi%20quix&size=100`, cookie)).ids).toEqual([
      both,
      c,
    ]);
    expect((await readList(t, `/api/orders/status/processing?${DAY}&keyword=quixotl`, cookie)).ids).toEqual(
      matches.filter((id) => processing.includes(id)),
    );
    // Counted up to a cap: three of one half and two of the other, one order in both, are four.
    const count = async (cap: number, keyword = "quixotl") => {
      const { total, totalCapped } = await listStaffOrders(
        t.database.db,
        shop.admin.user,
        { from: "2019-06-10", to: "2019-06-10", keyword },
        { page: 1, size: 1 },
        SHOP_UTC_OFFSET,
        cap,
      );
      return { total, totalCapped };
    };
    expect(await count(4)).toEqual({ total: 4, totalCapped: false });
    expect(await count(3)).toEqual({ total: 3, totalCapped: true });
    expect(await count(2)).toEqual({ total: 2, totalCapped: true });
    // A half of exactly the cap's orders, the other empty, is not past it: the shopper's, the order's.
    expect(await count(2, "ravi quix")).toEqual({ total: 2, totalCapped: false });
    expect(await count(1, "ravi quix")).toEqual({ total: 1, totalCapped: true });
    expect(await count(1, a)).toEqual({ total: 1, totalCapped: false });
  });

  it("finds a whole address's own account, and the addresses that contain it only when no account has it", async () => {
    // Of the day's orders, the 2nd newest placed by asha@, the 4th by pasha@, whose address contains it.
    const [, ashaOrder, , pashaOrder] = expected as [string, string, string, string];
    for (const [email, id] of [
      ["asha@quixotl-mail.test", ashaOrder],
      ["pasha@quixotl-mail.test", pashaOrder],
    ] as const) {
      const { user } = await createUser(t.database, { email });
      await t.database.db.update(orders).set({ userId: user.id }).where(eq(orders.id, id));
    }
    const found = async (keyword: string) =>
      (
        await readList(
          t,
          `/api/orders?${DAY}&keyword=${encodeURIComponent(keyword)}&size=100`,
          shop.admin.cookie,
        )
      ).ids;
    expect(await found("asha@quixotl-mail.test")).toEqual([ashaOrder]);
    expect(await found(" Asha@Quixotl-Mail.test")).toEqual([ashaOrder]);
    // An address no account has, and a part of one, are looked for within the addresses.
    expect(await found("sha@quixotl-mail.test")).toEqual([ashaOrder, pashaOrder]);
    expect(await found("quixotl-mail.test")).toEqual([ashaOrder, pashaOrder]);
  });

  it("refuses an `after` that is not an order list's cursor, at `after`, on every list", async () => {
    const inventoryKey = encodeCursor(["Linen Shirt", newId(), 0, newId()]);
    const badMoment = encodeCursor(["2019-13-01T00:00:00.000000Z", newId()]);
    const badId = encodeCursor([MOMENT, "not-an-id"]);
    for (const path of ["/api/orders", "/api/orders/status/pending"]) {
      for (const after of ["%%%", "e30", inventoryKey, badMoment, badId, `${encodeCursor([MOMENT])}`]) {
        const response = await inject(t.app, {
          method: "GET",
          url: `${path}?after=${encodeURIComponent(after)}`,
          cookie: shop.admin.cookie,
        });
        expect(response.statusCode, `${path} ${after}`).toBe(400);
        expect(response.json().errors).toEqual({ after: validation.cursor });
      }
    }
  });
});

itKeepsPaymentStates(() => t);
