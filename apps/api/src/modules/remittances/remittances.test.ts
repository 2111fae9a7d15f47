/**
 * COD remittance files (PUT /cod-remittances) and the report's COD money: the aggregator's rows mark
 * the COD parcels they name remitted, every row is kept once, the rows whose money differs are
 * answered, a wrong file saves nothing, and the sales report adds up the cash collected, held and
 * remitted.
 */
import { remittanceApi, remittanceColumns } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { RemittanceUploadDto } from "@shop/shared/schemas/remittance";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { orders } from "#api/db/schema/orders";
import { codRemittances, orderShipments } from "#api/db/schema/shipments";
import { shopDay } from "#api/modules/reports/service";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeShop, type Shop } from "#test/fixtures";
import { COLUMN_NAMES, dayOf, paiseOf } from "./remittance-csv";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/checkout",
    cookie: shop.admin.cookie,
    payload: {
      holdMinutes: 30,
      maxUnpaidOrders: 50,
      maxQuantityPerLine: 10,
      minimumOrder: 0,
      cod: { enabled: true, maxOrderValue: 100000, fee: 25, blockAfterRefusal: false },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t?.close());

let unique = 0;
/** An AWB no other test uses. */
const newAwb = () => `SR${Date.now().toString().slice(-8)}${String(++unique).padStart(3, "0")}`;

interface Parcel {
  awb: string;
  orderNumber: number;
  shipmentId: string;
}

/**
 * A COD parcel booked through Shiprocket: a COD order placed and confirmed, shipped by hand with the
 * AWB as its tracking number, then marked as Shiprocket's with what its courier is to collect (and,
 * when given, when it collected it).
 */
async function codParcel(codAmount: string, collectedAt: Date | null = new Date()): Promise<Parcel> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: { products: [{ product: shop.productId, quantity: 1 }], shippingAddress: shop.addressId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as OrderDto;
  const cod = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: { order: order._id, paymentGateway: "cod" },
  });
  expect(cod.statusCode, cod.body).toBe(201);
  const confirmed = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/confirm-cod`,
    cookie: shop.admin.cookie,
    payload: {},
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const awb = newAwb();
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/shipments`,
    cookie: shop.admin.cookie,
    payload: { carrier: "Other", carrierName: "Delhivery", trackingNumber: awb },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  const [row] = await t.database.db
    .update(orderShipments)
    .set({ provider: "shiprocket", codAmount: Number(codAmount), codCollectedAt: collectedAt })
    .where(eq(orderShipments.trackingNumber, awb))
    .returning({ id: orderShipments.id, cashOnDelivery: orderShipments.cashOnDelivery });
  expect(row?.cashOnDelivery).toBe(true);
  const [numbered] = await t.database.db
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, order._id));
  return { awb, orderNumber: numbered?.number ?? 0, shipmentId: row?.id ?? "" };
}

function upload(text: string, cookie = shop.admin.cookie) {
  return inject(t.app, {
    method: "PUT",
    url: "/api/cod-remittances",
    cookie,
    headers: { "content-type": "text/csv" },
    payload: text,
  });
}

async function uploaded(text: string): Promise<RemittanceUploadDto> {
  const response = await upload(text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RemittanceUploadDto;
}

async function parcelRow(shipmentId: string) {
  const [row] = await t.database.db
    .select({ collectedAt: orderShipments.codCollectedAt, remittedAt: orderShipments.codRemittedAt })
    .from(orderShipments)
    .where(eq(orderShipments.id, shipmentId));
  return row;
}

async function keptRows(awbs: string[]) {
  return t.database.db
    .select({
      awb: codRemittances.awb,
      amount: codRemittances.amount,
      expected: codRemittances.expected,
      remittedOn: codRemittances.remittedOn,
      utr: codRemittances.utr,
      shipmentId: codRemittances.shipmentId,
    })
    .from(codRemittances)
    .where(inArray(codRemittances.awb, awbs))
    .orderBy(codRemittances.awb);
}

describe("the remittance file's cells", () => {
  it("reads amounts exactly, commas and all, and refuses what is no amount", () => {
    expect(paiseOf("1299.50")).toBe(129950);
    expect(paiseOf("1,299.5")).toBe(129950);
    expect(paiseOf("1,00,000")).toBe(10000000);
    expect(paiseOf("0.1")).toBe(10);
    // 0.1 + 0.2 in floats is 0.30000000000000004: read as paise, sums are whole.
    expect((paiseOf("0.1") ?? 0) + (paiseOf("0.2") ?? 0)).toBe(30);
    for (const wrong of ["", "12.345", "-5", "1,2", "abc", "1e3"]) expect(paiseOf(wrong)).toBeUndefined();
  });

  it("reads the three ways files write dates, and refuses days that do not exist", () => {
    expect(dayOf("2026-11-05")).toBe("2026-11-05");
    expect(dayOf("05-11-2026")).toBe("2026-11-05");
    expect(dayOf("5/11/2026")).toBe("2026-11-05");
    for (const wrong of ["31-02-2026", "2026/11/05", "11-2026", "05-11/2026"])
      expect(dayOf(wrong)).toBeUndefined();
  });
});

describe("PUT /cod-remittances", () => {
  it("remits the COD parcels it names, keeps every row, and answers the rows whose money differs", async () => {
    const exact = await codParcel("1299.50");
    const short = await codParcel("850.00");
    const stranger = newAwb();
    const result = await uploaded(
      [
        "AWB,Amount,Date,UTR",
        `${exact.awb},"1,299.50",2026-11-20,UTR0001`,
        `${short.awb},800.00,20-11-2026,UTR0001`,
        `${stranger},100,20/11/2026,UTR0001`,
      ].join("\n"),
    );
    expect(result).toEqual({
      matched: 2,
      remitted: 2,
      differences: [
        { awb: short.awb, order: short.orderNumber, expected: 850, remitted: 800 },
        { awb: stranger, order: null, expected: null, remitted: 100 },
      ],
    });
    // Remitted at the shop's midnight of the file's day (India, +05:30).
    const remittedAt = new Date("2026-11-19T18:30:00Z");
    expect((await parcelRow(exact.shipmentId))?.remittedAt).toEqual(remittedAt);
    expect((await parcelRow(short.shipmentId))?.remittedAt).toEqual(remittedAt);
    expect(await keptRows([exact.awb, short.awb, stranger])).toEqual(
      [
        { awb: exact.awb, amount: 1299.5, expected: 1299.5, shipmentId: exact.shipmentId },
        { awb: short.awb, amount: 800, expected: 850, shipmentId: short.shipmentId },
        { awb: stranger, amount: 100, expected: null, shipmentId: null },
      ]
        .map((row) => ({ ...row, remittedOn: "2026-11-20", utr: "UTR0001" }))
        .sort((a, b) => a.awb.localeCompare(b.awb)),
    );
    // The upload is in the activity log, as the admin's.
    const [logged] = await t.database.db
      .select({ after: activity.after })
      .from(activity)
      .where(and(eq(activity.kind, "shipment.cod_remitted"), eq(activity.actorId, shop.admin.user.id)));
    expect(logged?.after).toMatchObject({ rows: 3, matched: 2, remitted: 2, differences: 2 });
  });

  it("maps headers under the names aggregators give them, in any order and case, and collects a parcel not seen collected", async () => {
    const parcel = await codParcel("499.00", null);
    const result = await uploaded(
      ["CRF ID,Remitted On,Tracking Number,COD Amount,Extra", `CRF-77,05/11/2026,${parcel.awb},499,x`].join(
        "\r\n",
      ),
    );
    expect(result).toEqual({ matched: 1, remitted: 1, differences: [] });
    const row = await parcelRow(parcel.shipmentId);
    // The money came, so the courier had collected it: as of the remittance, when nothing said sooner.
    expect(row?.remittedAt).toEqual(new Date("2026-11-04T18:30:00Z"));
    expect(row?.collectedAt).toEqual(row?.remittedAt);
    expect(await keptRows([parcel.awb])).toMatchObject([
      { utr: "CRF-77", remittedOn: "2026-11-05", amount: 499 },
    ]);
    // Other names of each column.
    const other = await codParcel("10.00");
    expect(
      await uploaded(
        ["awb_code;net_amount;credited_on;bank_reference", `${other.awb};10;2026-11-06;BR-1`]
          .join("\n")
          .replaceAll(";", ","),
      ),
    ).toEqual({ matched: 1, remitted: 1, differences: [] });
  });

  it("refuses a file without one of its columns, naming it", async () => {
    const response = await upload("AWB,Amount,UTR\nX1,10,U1\n");
    expect(response.statusCode).toBe(400);
    const message = remittanceApi.missingColumn(remittanceColumns.date, COLUMN_NAMES.date);
    expect(response.json()).toMatchObject({ message, errors: { "columns.date": message } });
  });

  it("refuses a file with a wrong row, naming its line, and saves nothing of it", async () => {
    const parcel = await codParcel("300.00");
    const stranger = newAwb();
    const before = await parcelRow(parcel.shipmentId);
    const response = await upload(
      [
        "awb no,amount,date,utr no",
        `${parcel.awb},300,2026-11-21,UTR-BAD`,
        `${stranger},12.345,2026-11-21,UTR-BAD`,
      ].join("\n"),
    );
    expect(response.statusCode).toBe(400);
    const message = remittanceApi.rowRefused(3, remittanceApi.rowAmount);
    expect(response.json()).toMatchObject({ message, errors: { "lines.3": message } });
    expect(await parcelRow(parcel.shipmentId)).toEqual(before);
    expect(before?.remittedAt).toBeNull();
    expect(await keptRows([parcel.awb, stranger])).toEqual([]);
    // A bad date, and a row short of cells, are refused as well.
    const badDate = await upload(`awb,amount,date,utr\n${parcel.awb},300,31-02-2026,U`);
    expect(badDate.json().message).toBe(remittanceApi.rowRefused(2, remittanceApi.rowDate));
    const shortRow = await upload(`awb,amount,date,utr\n${parcel.awb},300`);
    expect(shortRow.json().message).toBe(remittanceApi.rowRefused(2, remittanceApi.rowCells));
    expect((await upload("awb,amount,date,utr\n")).json().message).toBe(remittanceApi.empty);
  });

  it("remits nothing twice when the same file comes again", async () => {
    const parcel = await codParcel("750.25");
    const file = ["utr,awb,amount,date", `UTR-TWICE,${parcel.awb},750.25,2026-11-22`].join("\n");
    expect(await uploaded(file)).toEqual({ matched: 1, remitted: 1, differences: [] });
    const first = await parcelRow(parcel.shipmentId);
    expect(await uploaded(file)).toEqual({ matched: 1, remitted: 0, differences: [] });
    expect(await parcelRow(parcel.shipmentId)).toEqual(first);
    const [kept] = await t.database.db
      .select({ rows: count() })
      .from(codRemittances)
      .where(eq(codRemittances.awb, parcel.awb));
    expect(kept?.rows).toBe(1);
  });

  it("is for admins only", async () => {
    expect((await upload("awb,amount,date,utr\nX,1,2026-11-01,U", shop.manager.cookie)).statusCode).toBe(403);
    expect((await upload("awb,amount,date,utr\nX,1,2026-11-01,U", shop.shopper.cookie)).statusCode).toBe(403);
  });
});

describe("the sales report's COD money", () => {
  async function figures() {
    const today = shopDay(new Date());
    const response = await inject(t.app, {
      method: "GET",
      url: `/api/reports/sales?from=${today}&to=${today}`,
      cookie: shop.admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as SalesReportDto;
    return {
      collected: report.codCollected,
      awaiting: report.codAwaitingRemittance,
      remitted: report.codRemitted,
    };
  }

  it("adds up the cash couriers collected in the period, hold now, and remitted in it, to the paisa", async () => {
    const before = await figures();
    // Collected today: 0.10 and 0.20 (floats would make 0.30000000000000004), and one collected last year.
    const a = await codParcel("0.10");
    const b = await codParcel("0.20");
    const old = await codParcel("1000.00", new Date("2025-01-01T06:00:00Z"));
    const middle = await figures();
    expect(middle.collected).toBe(Math.round((before.collected + 0.3) * 100) / 100);
    expect(middle.awaiting).toEqual({
      count: before.awaiting.count + 3,
      amount: Math.round((before.awaiting.amount + 1000.3) * 100) / 100,
    });
    expect(middle.remitted).toBe(before.remitted);
    // Today's remittance of a and of the old parcel (paid short), and a row of no parcel of the shop.
    const today = shopDay(new Date());
    await uploaded(
      [
        "awb,amount,date,utr",
        `${a.awb},0.10,${today},UTR-REPORT`,
        `${old.awb},999.90,${today},UTR-REPORT`,
        `${newAwb()},5.00,${today},UTR-REPORT`,
      ].join("\n"),
    );
    const after = await figures();
    expect(after.collected).toBe(middle.collected);
    expect(after.awaiting).toEqual({
      count: middle.awaiting.count - 2,
      amount: Math.round((middle.awaiting.amount - 1000.1) * 100) / 100,
    });
    expect(after.remitted).toBe(Math.round((middle.remitted + 1005) * 100) / 100);
    expect(b.awb).not.toBe(a.awb);
  });
});
