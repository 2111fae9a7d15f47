import { validation } from "@shop/shared/messages";
import type { OrderSummaryDto } from "@shop/shared/schemas/order";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";
import { addAddress } from "#api/modules/addresses/service";
import { mailContextOf } from "#api/modules/email/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeProductWithVariants } from "#test/catalog";
import { ADDRESS, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { EXPORT_COLUMNS, exportFilename, exportOrdersCsv } from "./export";
import { placeOrder } from "./placement";
import { keywordMatch } from "./repo-keyword";

let t: TestApp;
let shop: Shop;
let buyer: Caller;
/** Placed 2026-03-10 18:40 UTC: 00:10 on 11 March by the shop's clock (India). */
let early: { id: string; number: number };
/** Placed 2026-03-12 10:00 UTC, two lines of a product with options. */
let late: { id: string; number: number };
/** Placed at the very moment of `early`, to the microsecond: the export's cursor must not skip it. */
let twin: { id: string; number: number };
let sku: { m: string; l: string };

const EARLY_AT = "2026-03-10 18:40:00.123456+00";
const LATE_AT = "2026-03-12 10:00:00+00";

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
  buyer = await quickUser(t);
  // Names a spreadsheet would run as formulas: the export must defuse them.
  await t.database.db
    .update(users)
    .set({ firstName: "=Zubeida", lastName: "Quenby" })
    .where(eq(users.id, buyer.user.id));
  const address = await addAddress(t.database.db, buyer.user.id, {
    ...ADDRESS,
    name: { firstName: "+Zara", lastName: "Okonkwo" },
    phoneNumber: "9123456780",
  });
  const shirt = await makeProductWithVariants(t.database, {
    category: shop.categoryId,
    thumbnail: shop.mediaId,
  });
  const [m, l] = [shirt.variants[2], shirt.variants[4]];
  if (!m || !l) throw new Error("no variants");
  sku = { m: m.sku, l: l.sku };
  const mail = mailContextOf(t.config);
  const place = async (lines: { product: string; variant?: string; quantity: number }[], at: string) => {
    const { order } = await placeOrder(
      t.database.db,
      { ...buyer.user, firstName: "=Zubeida", lastName: "Quenby" },
      { products: lines, shippingAddress: address._id },
      { mail },
    );
    await t.database.db.execute(
      sql`update ${orders} set created_at = ${at}::timestamptz where id = ${order._id}`,
    );
    return { id: order._id, number: order.number };
  };
  early = await place([{ product: shop.productId, quantity: 1 }], EARLY_AT);
  twin = await place([{ product: shop.productId, quantity: 2 }], EARLY_AT);
  late = await place(
    [
      { product: shirt._id, variant: m._id, quantity: 2 },
      { product: shirt._id, variant: l._id, quantity: 1 },
    ],
    LATE_AT,
  );
});
afterAll(async () => t.close());

async function listIds(query: string, caller: Caller = shop.admin, path = "/api/orders") {
  const response = await inject(t.app, {
    method: "GET",
    url: `${path}?size=100&${query}`,
    cookie: caller.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as OrderSummaryDto[]).map((order) => order._id);
}

describe("staff order lists", () => {
  it("narrows a list to days of the shop's clock, both ends included, newest first", async () => {
    const keyword = `keyword=${encodeURIComponent(buyer.user.email)}`;
    // 18:40 UTC on the 10th is already the 11th in India.
    expect(await listIds(`${keyword}&from=2026-03-11&to=2026-03-11`)).toEqual(
      [early.id, twin.id].sort().reverse(),
    );
    expect(await listIds(`${keyword}&from=2026-03-10&to=2026-03-10`)).toEqual([]);
    expect(await listIds(`${keyword}&from=2026-03-12`)).toEqual([late.id]);
    expect(await listIds(`${keyword}&to=2026-03-12`)).toHaveLength(3);
    expect(
      await listIds(`${keyword}&from=2026-03-11&to=2026-03-12`, shop.manager, "/api/orders/status/pending"),
    ).toEqual([late.id, ...[early.id, twin.id].sort().reverse()]);
    // An empty parameter is no filter.
    expect(await listIds(`${keyword}&from=&to=`)).toHaveLength(3);
  });

  it("refuses a day that is not a date and a range that ends before it starts", async () => {
    for (const [query, field, message] of [
      ["from=2026-02-30", "from", validation.date],
      ["to=11/03/2026", "to", validation.date],
      ["from=2026-03-12&to=2026-03-11", "to", validation.dateRange],
    ] as const) {
      for (const path of ["/api/orders", "/api/orders/status/pending", "/api/orders/export.csv"]) {
        const response = await inject(t.app, {
          method: "GET",
          url: `${path}?${query}`,
          cookie: shop.admin.cookie,
        });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().errors?.[field], `${path}?${query}`).toBe(message);
      }
    }
  });

  it("finds an order by its number with or without '#', its id, the shopper's name, email and phone", async () => {
    const find = async (keyword: string, caller: Caller = shop.admin) =>
      listIds(`keyword=${encodeURIComponent(keyword)}`, caller);
    expect(await find(String(late.number))).toEqual([late.id]);
    expect(await find(`#${late.number}`)).toEqual([late.id]);
    expect(await find(late.id)).toEqual([late.id]);
    for (const keyword of [
      "zubeida quenby",
      "QUENBY",
      "zara okon",
      buyer.user.email.toUpperCase(),
      "91234 56780",
      "+91 9123456780",
    ]) {
      expect((await find(keyword)).sort(), keyword).toEqual([early.id, twin.id, late.id].sort());
    }
    // A manager finds the order by the contact the shopper gives, without being shown it.
    expect(await find("9123456780", shop.manager)).toHaveLength(3);
    expect(await find("nobody-by-this-name")).toEqual([]);
  });

  it("answers a keyword from the indexes of migration 0012, not a scan of every order", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The test tables are tiny, so a scan (of the table, or of a whole index) would win on cost:
      // forbid both, so that only a search of an index can serve, and a scan shows up if none can.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select ${orders.id} from ${orders} where ${keywordMatch("98765")}`,
      );
      const nameOnly = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select ${orders.id} from ${orders} where ${keywordMatch("okonkwo")}`,
      );
      return [...result.rows, ...nameOnly.rows].map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("users_email_trgm_idx");
    expect(plan).toContain("users_name_trgm_idx");
    expect(plan).toContain("orders_shipping_name_trgm_idx");
    expect(plan).toContain("orders_shipping_phone_trgm_idx");
    expect(plan).not.toMatch(/Seq Scan on (orders|users)\b/);
  });
});

type Row = Record<(typeof EXPORT_COLUMNS)[number], string>;

async function exportRows(query: string, caller: Caller = shop.admin) {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/export.csv?${query}`,
    cookie: caller.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toMatch(
    /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const records = parse(response.body, { bom: true }) as string[][];
  expect(records[0]).toEqual([...EXPORT_COLUMNS]);
  return records
    .slice(1)
    .map((record) => Object.fromEntries(EXPORT_COLUMNS.map((column, i) => [column, record[i]])) as Row);
}

describe("GET /api/orders/export.csv", () => {
  it("writes one row per order line, newest first, with the order's shopper, address and totals", async () => {
    const rows = await exportRows(`keyword=${encodeURIComponent(buyer.user.email)}`);
    expect(rows.map((row) => row["Order id"])).toEqual([
      late.id,
      late.id,
      ...[early.id, twin.id].sort().reverse(),
    ]);
    const [first, second] = rows;
    expect(first).toMatchObject({
      "Order number": `#${late.number}`,
      // The shop's clock (India, +05:30), its offset written.
      "Placed at": "2026-03-12T15:30:00+05:30",
      Status: "pending",
      Email: buyer.user.email,
      Phone: "(+91) 9123456780",
      "Shipping address":
        "Flat 12, Sea View Apartments, Marine Drive Road, Mumbai, Maharashtra 400002, India",
      Options: "Size: M; Colour: Black",
      SKU: sku.m,
      Quantity: "2",
      Currency: "USD",
      "Unit price": "25.00",
      "Line total": "50.00",
      "Order subtotal": "80.00",
      "Order total": expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(second).toMatchObject({
      Options: "Size: L; Colour: Black",
      SKU: sku.l,
      Quantity: "1",
      "Line total": "30.00",
    });
  });

  it("names the file by the shop's day and writes times by its clock", () => {
    // 20:00 UTC on 10 March is 01:30 on the 11th in India.
    expect(exportFilename(new Date("2026-03-10T20:00:00Z"), "+05:30")).toBe("orders-2026-03-11.csv");
    expect(exportFilename(new Date("2026-03-10T20:00:00Z"), "-04:00")).toBe("orders-2026-03-10.csv");
  });

  it("adds the invoice's GST, place of supply, COD fee and store credit, and every row adds up to its total", async () => {
    const put = (section: string, payload: object) =>
      inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: shop.admin.cookie, payload });
    const shopper = await quickUser(t);
    const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const place = async (products: object[], gateway: "test" | "cod", discountCode?: string) => {
      const placed = await inject(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: shopper.cookie,
        payload: { products, shippingAddress: address._id, ...(discountCode ? { discountCode } : {}) },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json().data._id as string;
      const paid = await inject(t.app, {
        method: "POST",
        url: "/api/payments",
        cookie: shopper.cookie,
        payload: {
          order: id,
          paymentGateway: gateway,
          ...(gateway === "test"
            ? { card: { number: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" } }
            : {}),
        },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      return id;
    };
    const checkout = await put("checkout", {
      holdMinutes: 30,
      maxUnpaidOrders: 10,
      maxQuantityPerLine: 10,
      minimumOrder: 0,
      cod: { enabled: true, maxOrderValue: 5000, fee: 40 },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // GST on top, a code's discount; then cash on delivery with its fee; then prices including GST
    // with the charges taxed, cash on delivery again.
    // The shop's product is on sale (the code leaves it): its sized one is not.
    const sized = { product: shop.variantProductId, variant: shop.variantIds[0] };
    const onTop = await place([{ ...sized, quantity: 2 }], "test", shop.discountCode);
    const cod = await place([{ product: shop.productId, quantity: 1 }], "cod");
    const taxes = await put("taxes", {
      pricesIncludeTax: true,
      defaultRate: 18,
      defaultHsn: "6109",
      chargesTaxed: true,
    });
    expect(taxes.statusCode, taxes.body).toBe(200);
    const within = await place([{ product: shop.productId, quantity: 3 }], "cod");
    await put("taxes", { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109", chargesTaxed: false });

    const rows = await exportRows(`keyword=${encodeURIComponent(shopper.user.email)}`);
    expect(new Set(rows.map((row) => row["Order id"]))).toEqual(new Set([onTop, cod, within]));
    const cents = (cell: string) => Math.round(Number(cell) * 100);
    for (const row of rows) {
      const included = row["Order id"] === within;
      const gst = cents(row.CGST) + cents(row.SGST) + cents(row.IGST);
      expect(gst, row["Order id"]).toBe(cents(row["Order tax"]));
      expect(
        cents(row["Order subtotal"]) -
          cents(row["Order discount"]) +
          cents(row["Order shipping"]) +
          cents(row["COD fee"]) +
          (included ? 0 : gst),
        row["Order id"],
      ).toBe(cents(row["Order total"]));
      expect(row["Place of supply"]).toBe("27-Maharashtra");
      expect(row["Store credit"]).toBe("0.00");
      expect(cents(row["Taxable value"])).toBeGreaterThan(0);
      expect(row["Invoice number"]).toMatch(/^(INV\d{4}\/\d{6})?$/);
    }
    const of = (id: string) => rows.find((row) => row["Order id"] === id);
    expect(cents(of(onTop)?.["Order discount"] ?? "")).toBeGreaterThan(0);
    expect(of(onTop)?.["COD fee"]).toBe("0.00");
    expect(of(cod)?.["COD fee"]).toBe("40.00");
    expect(of(within)?.["COD fee"]).toBe("40.00");
    // Within the state: CGST and SGST, no IGST; with the charges taxed, their taxable value is the invoice's.
    expect(of(within)).toMatchObject({ IGST: "0.00" });
    expect(cents(of(within)?.CGST ?? "")).toBe(cents(of(within)?.SGST ?? ""));
  });

  it("prefixes a cell a spreadsheet would run as a formula with an apostrophe", async () => {
    const [row] = await exportRows(`keyword=${late.number}`);
    expect(row?.Shopper).toBe("'=Zubeida Quenby");
    expect(row?.["Ship to"]).toBe("'+Zara Okonkwo");
  });

  it("leaves a manager's file without the shoppers' emails and phones", async () => {
    const rows = await exportRows(`keyword=${late.number}`, shop.manager);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.Email).toBe("");
      expect(row.Phone).toBe("");
      expect(row["Ship to"]).toBe("'+Zara Okonkwo");
    }
  });

  it("takes the lists' filters: status, days and keyword", async () => {
    const keyword = `keyword=${encodeURIComponent(buyer.user.email)}`;
    expect(await exportRows(`${keyword}&from=2026-03-11&to=2026-03-11`)).toHaveLength(2);
    expect(await exportRows(`${keyword}&status=cancelled`)).toEqual([]);
    const paid = await exportRows(`status=processing&keyword=${encodeURIComponent(shop.shopper.user.email)}`);
    expect(paid.map((row) => row["Order id"])).toEqual([shop.paidOrderId]);
    expect(paid[0]?.["Invoice number"]).toMatch(/^INV\d{4}\/\d{6}$/);
    expect(paid[0]).toMatchObject({ "Payment status": "completed", Refunded: "0.00" });
  });

  it("carries the payment's state and what went back of it", async () => {
    const refunded = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${shop.paidOrderId}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 10.5, reason: "Late delivery" },
    });
    expect(refunded.statusCode).toBe(201);
    const [row] = await exportRows(`keyword=${encodeURIComponent(shop.paidOrderId)}`);
    expect(row).toMatchObject({ "Payment status": "partially_refunded", Refunded: "10.50" });
    const unpaid = await exportRows(`keyword=${encodeURIComponent(shop.orderId)}`);
    expect(unpaid[0]).toMatchObject({ "Payment status": "", Refunded: "" });
  });

  it("reads batch after batch without losing or repeating an order, twins of one microsecond included", async () => {
    const collect = async (batch: number) => {
      const stream = exportOrdersCsv(
        t.database.db,
        shop.admin.user,
        { keyword: buyer.user.email },
        {
          batch,
          onError: (error) => {
            throw error;
          },
        },
      );
      let text = "";
      for await (const chunk of stream) text += String(chunk);
      return text;
    };
    const whole = await collect(500);
    expect(await collect(1)).toBe(whole);
    expect((parse(whole, { bom: true }) as string[][]).length).toBe(1 + 4);
  });

  it("is for staff only", async () => {
    expect(
      (await inject(t.app, { method: "GET", url: "/api/orders/export.csv", cookie: buyer.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await inject(t.app, { method: "GET", url: "/api/orders/export.csv" })).statusCode).toBe(401);
  });
});
