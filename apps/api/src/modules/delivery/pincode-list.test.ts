/**
 * A shipping method's PIN code list: uploaded as CSV and replaced as a whole, every row checked and
 * each fault named by its line, nothing saved when one is wrong; listed and searched by staff; gone
 * with its method; every upload in the activity log.
 */
import { api, deliveryApi, deliveryValidation, validation } from "@shop/shared/messages";
import { PINCODE_LIST_MAX_ROWS } from "@shop/shared/schemas/delivery";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "#api/db/schema/activity";
import { shippingPincodes } from "#api/db/schema/delivery";
import { createTestApp, inject, type TestApp } from "#test/app";
import { type Caller, quickUser } from "#test/fixtures";
import { readPincodeCsv } from "./pincode-csv";

let t: TestApp;
let admin: Caller;

const LOCAL: ShippingMethod = {
  _id: "b2b2b2b2b2b2b2b2b2b2b2b2",
  name: "Local courier",
  price: 40,
  freeAbove: null,
  estimatedDays: null,
  states: null,
  enabled: true,
  serves: "pincodes",
  days: null,
};
const SAME_DAY: ShippingMethod = { ...LOCAL, _id: "b3b3b3b3b3b3b3b3b3b3b3b3", name: "Same day" };

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  const saved = await inject(t.app, {
    method: "PUT",
    url: "/api/settings/shipping",
    cookie: admin.cookie,
    payload: { methods: [STANDARD_SHIPPING, LOCAL, SAME_DAY] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

function upload(csv: string, methodId = LOCAL._id, caller: Caller = admin) {
  return inject(t.app, {
    method: "PUT",
    url: `/api/settings/shipping/${methodId}/pincodes`,
    cookie: caller.cookie,
    headers: { "content-type": "text/csv; charset=utf-8" },
    payload: csv,
  });
}

function list(query = "", methodId = LOCAL._id) {
  return inject(t.app, {
    method: "GET",
    url: `/api/settings/shipping/${methodId}/pincodes${query ? `?${query}` : ""}`,
    cookie: admin.cookie,
  });
}

/** The rows a method's list holds in the database. */
async function stored(methodId = LOCAL._id) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(shippingPincodes)
    .where(eq(shippingPincodes.methodId, methodId));
  return row?.n ?? 0;
}

/** `n` rows from 110001 on, after a header: day counts and COD by turns. */
function bigList(n: number, header = true): string[] {
  const lines = Array.from(
    { length: n },
    (_, i) => `${110_001 + i},${1 + (i % 7)},${i % 3 === 0 ? "no" : "yes"}`,
  );
  return header ? ["pincode,days,cod", ...lines] : lines;
}

describe("uploading a method's PIN code list", () => {
  it("saves 20,000 rows as a whole, lists them in order and finds them by their first digits", async () => {
    const response = await upload(bigList(20_000).join("\r\n"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: deliveryApi.listSaved(20_000),
      data: { rows: 20_000, errors: [] },
    });
    expect(await stored()).toBe(20_000);

    const page = await list("page=2&size=3");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      data: [
        { pincode: "110004", days: 4, cod: false },
        { pincode: "110005", days: 5, cod: true },
        { pincode: "110006", days: 6, cod: true },
      ],
      meta: { page: 2, size: 3, total: 20_000 },
    });
    // 1100xx: 110001 to 110099; 1201 is past the list's end (110001 + 19,999 = 130000).
    expect((await list("search=1100&size=1")).json().meta.total).toBe(99);
    expect((await list("search=130000")).json().data).toEqual([{ pincode: "130000", days: 1, cod: true }]);
    expect((await list("search=1301")).json().meta.total).toBe(0);
    // Another method's list is its own.
    expect((await list("", SAME_DAY._id)).json().meta.total).toBe(0);

    // A new file replaces the whole list.
    const replaced = await upload("560001,1,yes\n560002,2,no\n");
    expect(replaced.json().data).toEqual({ rows: 2, errors: [] });
    expect((await list()).json()).toMatchObject({
      data: [
        { pincode: "560001", days: 1, cod: true },
        { pincode: "560002", days: 2, cod: false },
      ],
      meta: { total: 2 },
    });
  });

  it("refuses a 20,000-row file with one bad row, naming its line, and keeps the list it had", async () => {
    expect((await upload("400001,2,yes\n400002,3,no")).statusCode).toBe(200);
    const lines = bigList(20_000);
    // Line 12,345 of the file (the header is line 1) is the 12,344th row.
    lines[12_344] = "11234,3,yes";
    const response = await upload(lines.join("\n"));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: deliveryApi.listRefused(1),
      errors: { "lines.12345": deliveryApi.rowPincode },
      data: { rows: 20_000, errors: [{ line: 12_345, message: deliveryApi.rowPincode }] },
    });
    expect(await stored()).toBe(2);
    expect((await list()).json().data.map((row: { pincode: string }) => row.pincode)).toEqual([
      "400001",
      "400002",
    ]);
  });

  it("names each wrong row by its line in the file, blank lines and line endings of any kind counted", () => {
    const csv = [
      "PIN code, Days, COD", // 1: a header, in any case and spacing
      "110001,3,yes", // 2
      "", // 3
      "110002, 4 ,No\r", // 4
      "011003,3,yes", // 5: starts with 0
      "110004,0,yes", // 6: too few days
      "110005,61,yes", // 7: too many
      "110006,2.5,yes", // 8: not whole
      "110007,3,maybe", // 9
      "110008,3", // 10: a cell short
      "110001,5,no", // 11: listed on line 2
      "110009,3,TRUE,", // 12: an empty cell at the end is no fault
      '"110010",7,0', // 13: quoted
    ].join("\n");
    const { rows, faults } = readPincodeCsv(csv);
    expect(rows).toEqual([
      { pincode: "110001", days: 3, cod: true },
      { pincode: "110002", days: 4, cod: false },
      { pincode: "110009", days: 3, cod: true },
      { pincode: "110010", days: 7, cod: false },
    ]);
    expect(faults).toEqual([
      { line: 5, message: deliveryApi.rowPincode },
      { line: 6, message: deliveryApi.rowDays(60) },
      { line: 7, message: deliveryApi.rowDays(60) },
      { line: 8, message: deliveryApi.rowDays(60) },
      { line: 9, message: deliveryApi.rowCod },
      { line: 10, message: deliveryApi.rowCells },
      { line: 11, message: deliveryApi.rowDuplicate(2) },
    ]);
    // Without a header, the first line is a row; a quoted cell's line break counts.
    expect(readPincodeCsv('110001,3,yes\r\n"1100\n02",3,yes\r110003,x,yes').faults).toEqual([
      { line: 2, message: deliveryApi.rowPincode },
      { line: 4, message: deliveryApi.rowDays(60) },
    ]);
  });

  it("lists the first hundred faults of a wrong file and counts them all", async () => {
    const lines = bigList(300, false).map((line) => line.replace(/,(yes|no)$/, ",perhaps"));
    const response = await upload(lines.join("\n"));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(deliveryApi.listRefused(300));
    expect(body.data.rows).toBe(300);
    expect(body.data.errors).toHaveLength(100);
    expect(body.data.errors[99]).toEqual({ line: 100, message: deliveryApi.rowCod });
    expect(Object.keys(body.errors)).toHaveLength(100);
  });

  it("refuses, as a whole, a file that is no CSV, holds no row or too many, and a body that is no CSV", async () => {
    const unclosed = await upload('110001,3,yes\n"110002,3,yes\n110003,3,yes');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({
      message: deliveryApi.unreadable,
      errors: { body: deliveryApi.unreadable },
      data: { rows: 0, errors: [{ message: deliveryApi.unreadable }] },
    });
    for (const empty of ["", "pincode,days,cod\n", "\n\n,,\n"]) {
      const response = await upload(empty);
      expect(response.statusCode, JSON.stringify(empty)).toBe(400);
      expect(response.json()).toMatchObject({
        message: deliveryApi.empty,
        errors: { body: deliveryApi.empty },
      });
    }
    const tooMany = await upload(bigList(PINCODE_LIST_MAX_ROWS + 1).join("\n"));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(deliveryApi.tooManyRows(PINCODE_LIST_MAX_ROWS));

    const json = await inject(t.app, {
      method: "PUT",
      url: `/api/settings/shipping/${LOCAL._id}/pincodes`,
      cookie: admin.cookie,
      payload: { pincodes: ["110001"] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ body: deliveryApi.csvBody });
    const none = await inject(t.app, {
      method: "PUT",
      url: `/api/settings/shipping/${LOCAL._id}/pincodes`,
      cookie: admin.cookie,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ body: deliveryApi.empty });
    const plain = await inject(t.app, {
      method: "PUT",
      url: `/api/settings/shipping/${LOCAL._id}/pincodes`,
      cookie: admin.cookie,
      headers: { "content-type": "text/plain" },
      payload: "110001,3,yes",
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toBe(api.unsupportedMediaType);
    const huge = await upload("x".repeat(PINCODE_LIST_MAX_ROWS * 80 + 1));
    expect(huge.statusCode).toBe(413);
    expect(await stored()).toBe(2);
  });

  it("is for a method of the settings, and for admins only", async () => {
    const unknown = await upload("110001,3,yes", "c9c9c9c9c9c9c9c9c9c9c9c9");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(deliveryApi.methodNotFound);
    expect((await list("", "c9c9c9c9c9c9c9c9c9c9c9c9")).statusCode).toBe(404);
    expect((await list("search=56a")).json().errors).toEqual({ search: deliveryApi.pincodeSearch });
    const manager = await quickUser(t, "manager");
    expect((await upload("110001,3,yes", LOCAL._id, manager)).statusCode).toBe(403);
    expect(
      (
        await inject(t.app, {
          method: "GET",
          url: `/api/settings/shipping/${LOCAL._id}/pincodes`,
          cookie: manager.cookie,
        })
      ).statusCode,
    ).toBe(403);
    expect(await stored()).toBe(2);
  });

  it("records each upload in the activity log: the method, and its codes before and after", async () => {
    expect((await upload("682555,6,no\n682556,6,no\n682557,6,yes")).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, "shipping.pincodes_replaced"), eq(activity.actorId, admin.user.id)))
      .orderBy(desc(activity.at))
      .limit(1);
    expect(entry).toMatchObject({
      subjectType: "settings",
      subjectId: "shipping",
      subjectLabel: LOCAL.name,
      // Only what changed: the count of codes taking COD stayed 1.
      before: { pincodes: { rows: 2 } },
      after: { pincodes: { rows: 3 } },
    });
  });
});

describe("a method's list and the settings", () => {
  it("goes with its method when the method is removed from the settings", async () => {
    expect((await upload("110001,3,yes\n110002,3,no", SAME_DAY._id)).statusCode).toBe(200);
    expect(await stored(SAME_DAY._id)).toBe(2);
    const saved = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/shipping",
      cookie: admin.cookie,
      payload: { methods: [STANDARD_SHIPPING, LOCAL] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stored(SAME_DAY._id)).toBe(0);
    // The kept method keeps its list.
    expect(await stored(LOCAL._id)).toBe(3);
  });

  it("refuses states for a method serving a PIN code list, and dispatch rules that never dispatch", async () => {
    const put = (payload: object) =>
      inject(t.app, { method: "PUT", url: "/api/settings/shipping", cookie: admin.cookie, payload });
    const withStates = await put({ methods: [STANDARD_SHIPPING, { ...LOCAL, states: ["Goa"] }] });
    expect(withStates.statusCode).toBe(400);
    expect(withStates.json().errors).toEqual({ "methods.1.states": deliveryValidation.pincodeMethodStates });
    const dispatch = await put({
      methods: [STANDARD_SHIPPING],
      dispatch: { cutoffHour: 24, nonDispatchDays: [7], holidays: ["2026-12-25", "2026-02-30"] },
    });
    expect(dispatch.statusCode).toBe(400);
    expect(dispatch.json().errors).toEqual({
      "dispatch.cutoffHour": deliveryValidation.cutoffHour,
      "dispatch.nonDispatchDays.0": deliveryValidation.weekday,
      "dispatch.holidays.1": validation.date,
    });
    const closed = await put({
      methods: [STANDARD_SHIPPING],
      dispatch: { cutoffHour: 12, nonDispatchDays: [0, 1, 2, 3, 4, 5, 6], holidays: [] },
    });
    expect(closed.json().errors).toEqual({ "dispatch.nonDispatchDays": deliveryValidation.noDispatchDay });
    const repeated = await put({
      methods: [STANDARD_SHIPPING],
      dispatch: { cutoffHour: 12, nonDispatchDays: [0, 0], holidays: ["2026-12-25", "2026-12-25"] },
    });
    expect(repeated.json().errors).toEqual({
      "dispatch.nonDispatchDays.1": deliveryValidation.weekdayRepeated,
      "dispatch.holidays.1": deliveryValidation.holidayRepeated,
    });
    const days = await put({ methods: [{ ...STANDARD_SHIPPING, days: 61 }] });
    expect(days.json().errors).toEqual({ "methods.0.days": validation.max(60) });
  });
});
