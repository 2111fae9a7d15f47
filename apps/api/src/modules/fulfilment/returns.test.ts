import { api, documents, validation } from "@shop/shared/messages";
import type { StockMovement } from "@shop/shared/schemas/inventory";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import type { ReturnDto } from "@shop/shared/schemas/returns";
import { asc, eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { orderShipments } from "#api/db/schema/shipments";
import { list } from "#api/http/envelope";
import { createTestApp, inject, type TestApp } from "#test/app";
import { APPROVED_CARD, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { listReturns } from "./returns";

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await makeShop(t);
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A paid order of 2 units of the plain product and 1 of a sized variant, shipped in one parcel
 * (delivered unless said). With `cod`, paid cash on delivery, the cash collected on delivery.
 */
async function deliveredOrder({
  deliver = true,
  cod = false,
  credit = false,
} = {}): Promise<{ order: OrderDto; lines: [string, string]; shipment: ShipmentDto }> {
  const placed = await inject(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shop.shopper.cookie,
    payload: {
      products: [
        { product: shop.productId, quantity: 2 },
        { product: shop.variantProductId, variant: shop.variantIds[0], quantity: 1 },
      ],
      shippingAddress: shop.addressId,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data as OrderDto;
  if (credit) {
    // Staff give the shopper the order's total in store credit, which pays all of it.
    const given = await inject(t.app, {
      method: "POST",
      url: `/api/users/${shop.shopper.user.id}/store-credit`,
      cookie: shop.admin.cookie,
      payload: { amount: order.totalAmount, reason: "Goodwill for a late parcel" },
    });
    expect(given.statusCode, given.body).toBe(201);
  }
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shop.shopper.cookie,
    payload: cod
      ? { order: order._id, paymentGateway: "cod" }
      : credit
        ? { order: order._id, paymentGateway: "store_credit" }
        : { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const payment = paid.json().data._id as string;
  if (cod) {
    // A cash on delivery order ships once its shopper confirmed it.
    const confirmed = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/confirm-cod`,
      cookie: shop.shopper.cookie,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${order._id}/shipments`,
    cookie: shop.admin.cookie,
    payload: { carrier: "Delhivery", trackingNumber: "DL-1" },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  const shipment = shipped.json().data as ShipmentDto;
  if (deliver) {
    const delivered = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/shipments/${shipment._id}`,
      cookie: shop.admin.cookie,
      payload: { delivered: true },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  if (cod) {
    const collected = await inject(t.app, {
      method: "POST",
      url: `/api/payments/${payment}/collect`,
      cookie: shop.manager.cookie,
    });
    expect(collected.statusCode, collected.body).toBe(200);
  }
  const [plain, sized] = order.products.map((line) => line._id);
  if (!plain || !sized) throw new Error("two lines");
  return { order, lines: [plain, sized], shipment };
}

function ask(payload: object, caller: Caller = shop.shopper) {
  return inject(t.app, { method: "POST", url: "/api/returns", cookie: caller.cookie, payload });
}

function act(id: string, action: string, caller: Caller = shop.admin, payload: object = {}) {
  return inject(t.app, {
    method: "POST",
    url: `/api/returns/${id}/${action}`,
    cookie: caller.cookie,
    payload,
  });
}

async function stockOf(variantId: string) {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? -1;
}

async function readOrder(orderId: string): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: shop.admin.cookie,
  });
  return response.json().data as OrderDto;
}

/** A refund's credit note as its text reads, spaces run together. */
async function creditNoteText(orderId: string, refundId: string): Promise<string> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}/credit-notes/${refundId}.pdf`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function returnMails() {
  // In the order they were queued: a table's rows come back in no order of their own.
  const rows = await t.database.db
    .select()
    .from(emails)
    .where(eq(emails.recipient, shop.shopper.user.email))
    .orderBy(asc(emails.createdAt), asc(emails.id));
  return rows.filter((row) => row.kind === "returnUpdate").map((row) => row.subject);
}

describe("returns", () => {
  it("refunds a return of an order paid all from store credit back to the credit, each tender to where it came from", async () => {
    const balance = async () => {
      const read = await inject(t.app, {
        method: "GET",
        url: "/api/users/current-user/store-credit",
        cookie: shop.shopper.cookie,
      });
      expect(read.statusCode).toBe(200);
      return read.json().data.balance as number;
    };
    const { order, lines } = await deliveredOrder({ credit: true });
    const before = await balance();
    const asked = await ask({
      order: order._id,
      lines: [{ line: lines[0], quantity: 1 }],
      reason: "damaged",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data._id as string;
    expect((await act(id, "approve")).statusCode).toBe(200);
    expect((await act(id, "receive")).statusCode).toBe(200);
    const refunded = await act(id, "refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    const ret = refunded.json().data as ReturnDto;
    expect(ret.status).toBe("refunded");
    // Nothing went to a provider: the whole of it is the shopper's credit again, on one refund.
    const read = await readOrder(order._id);
    expect(read.payment?.refundedAmount).toBe(ret.amount);
    expect(read.payment?.refunds).toHaveLength(1);
    expect(read.payment?.refunds[0]?.providerRefundId).toMatch(/^credit-/);
    expect(await balance()).toBe(Number((before + (ret.amount ?? 0)).toFixed(2)));
  });

  it("goes requested → approved → received (stock back per variant) → refunded (through the payment), each step in the history and emailed", async () => {
    const { order, lines } = await deliveredOrder();
    const [plain, sized] = lines;
    const variant = shop.variantIds[0] ?? "";
    const mailsBefore = (await returnMails()).length;

    const asked = await ask({
      order: order._id,
      lines: [
        { line: plain, quantity: 1 },
        { line: sized, quantity: 1 },
      ],
      reason: "wrong_size",
      note: "The tee is too small.",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().data as ReturnDto;
    // What the units were paid: a unit of each line with its GST (18% added on top).
    const paidLines = order.products.map((line) => line.price + line.price * 0.18);
    expect(ret).toMatchObject({
      status: "requested",
      reason: "wrong_size",
      note: "The tee is too small.",
      cashOnDelivery: false,
    });
    expect(ret.amount).toBeCloseTo(
      paidLines.reduce((a, b) => a + b, 0),
      1,
    );

    const approved = await act(ret._id, "approve", shop.manager, {
      message: "Send it back with the tags on.",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: "approved",
      message: "Send it back with the tags on.",
    });

    const stockBefore = await stockOf(variant);
    const received = await act(ret._id, "receive", shop.manager);
    expect(received.json().data.status).toBe("received");
    expect(await stockOf(variant)).toBe(stockBefore + 1);

    // A manager moves no money; an admin refunds through the order's payment.
    expect((await act(ret._id, "refund", shop.manager)).statusCode).toBe(403);
    const refunded = await act(ret._id, "refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.status).toBe("refunded");
    // A second click refunds nothing more.
    expect((await act(ret._id, "refund")).statusCode).toBe(409);

    const now = await readOrder(order._id);
    expect(now.payment?.refundedAmount).toBe(ret.amount);
    expect(now.payment?.status).toBe("partially_refunded");
    expect(now.payment?.refunds).toHaveLength(1);
    // Its credit note credits the returned units, line by line, with the GST their invoice lines
    // charged for them (CGST = SGST within the state); the return's amount is the refund's.
    const note = now.payment?.refunds[0];
    expect(note?.lines.map((line) => [line.kind, line.line, line.quantity])).toEqual([
      ["goods", plain, 1],
      ["goods", sized, 1],
    ]);
    expect(note?.restock).toEqual([]);
    expect(note?.amount).toBe(ret.amount);
    // Its reason names the return as people see it, and the shopper's reason.
    expect(note?.reason).toBe(`Return of order #${order.number} · wrong size`);
    expect(await creditNoteText(order._id, note?._id ?? "")).toContain(
      documents.refundReason(`Return of order #${order.number} · wrong size`),
    );
    expect(refunded.json().data.amount).toBe(note?.amount);
    const cents = (amount: number) => Math.round(amount * 100);
    expect(note?.lines.reduce((sum, line) => sum + cents(line.total), 0)).toBe(cents(ret.amount));
    for (const line of note?.lines ?? []) {
      const sold = now.products.find((product) => product._id === line.line);
      if (!sold) throw new Error("a credited line not of the order");
      expect(line.cgst).toBe(line.sgst);
      expect(line.igst).toBe(0);
      // One unit of the line's units: its share of the line's GST.
      expect(Math.abs(cents(line.cgst) - cents(sold.cgst) / sold.quantity)).toBeLessThanOrEqual(0.5);
      expect(line.rate).toBe(sold.taxRate);
    }
    expect(now.returns.map((r) => r.status)).toEqual(["refunded"]);
    expect(now.history.filter((e) => e.type === "return").map((e) => e.note?.split(":")[0])).toEqual([
      "Return requested",
      "Return approved",
      "Return received",
      "Return refunded",
    ]);
    expect((await returnMails()).slice(mailsBefore)).toEqual(
      ["requested", "approved", "received", "refunded"].map(
        (status) => `Your return for order #${order.number}: ${status}`,
      ),
    );

    // The shopper reads their return; another shopper gets 404.
    const own = await inject(t.app, {
      method: "GET",
      url: `/api/returns/${ret._id}`,
      cookie: shop.shopper.cookie,
    });
    expect(own.statusCode).toBe(200);
    const stranger = await quickUser(t);
    const other = await inject(t.app, {
      method: "GET",
      url: `/api/returns/${ret._id}`,
      cookie: stranger.cookie,
    });
    expect(other.statusCode).toBe(404);
  });

  it("never takes back more than was delivered, nor the same units twice; a rejected return frees its units", async () => {
    const { order, lines } = await deliveredOrder();
    const [plain] = lines;
    const over = await ask({ order: order._id, lines: [{ line: plain, quantity: 3 }], reason: "damaged" });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors).toEqual({ "lines.0.quantity": api.returnTooMany(2) });

    const first = await ask({ order: order._id, lines: [{ line: plain, quantity: 2 }], reason: "damaged" });
    expect(first.statusCode).toBe(201);
    const again = await ask({ order: order._id, lines: [{ line: plain, quantity: 1 }], reason: "damaged" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(api.returnTooMany(0));

    const rejected = await act(first.json().data._id, "reject", shop.admin, { message: "Worn." });
    expect(rejected.json().data).toMatchObject({ status: "rejected", message: "Worn." });
    expect((await act(first.json().data._id, "approve")).statusCode).toBe(409);
    expect(
      (await ask({ order: order._id, lines: [{ line: plain, quantity: 1 }], reason: "damaged" })).statusCode,
    ).toBe(201);

    const unknown = await ask({
      order: order._id,
      lines: [{ line: newId(), quantity: 1 }],
      reason: "damaged",
    });
    expect(unknown.statusCode).toBe(400);
    const reason = await ask({ order: order._id, lines: [{ line: plain, quantity: 1 }], reason: "too_late" });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().errors.reason).toBe(
      validation.oneOf(["wrong_size", "damaged", "not_as_described", "changed_mind"]),
    );
  });

  it("opens for returnWindowDays after the parcel's delivery, and not a minute longer", async () => {
    const { order, lines, shipment } = await deliveredOrder();
    const deliveredAt = async (ago: number) =>
      t.database.db
        .update(orderShipments)
        .set({ shippedAt: new Date(Date.now() - ago - DAY_MS), deliveredAt: new Date(Date.now() - ago) })
        .where(eq(orderShipments.id, shipment._id));
    // The default window is 7 days.
    await deliveredAt(7 * DAY_MS + 60_000);
    const late = await ask({
      order: order._id,
      lines: [{ line: lines[1], quantity: 1 }],
      reason: "changed_mind",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(api.returnWindowClosed(7));
    await deliveredAt(7 * DAY_MS - 60_000);
    const inTime = await ask({
      order: order._id,
      lines: [{ line: lines[1], quantity: 1 }],
      reason: "changed_mind",
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
  });

  it("refuses units not delivered yet, another shopper's order, and steps out of order", async () => {
    const { order, lines } = await deliveredOrder({ deliver: false });
    const early = await ask({
      order: order._id,
      lines: [{ line: lines[0], quantity: 1 }],
      reason: "damaged",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(api.returnNothingDelivered);
    const stranger = await quickUser(t);
    expect(
      (await ask({ order: order._id, lines: [{ line: lines[0], quantity: 1 }], reason: "damaged" }, stranger))
        .statusCode,
    ).toBe(404);

    const done = await deliveredOrder();
    const ret = (
      await ask({ order: done.order._id, lines: [{ line: done.lines[0], quantity: 1 }], reason: "damaged" })
    ).json().data as ReturnDto;
    expect((await act(ret._id, "receive")).json().message).toBe(
      api.returnTransition("requested", "received"),
    );
    expect((await act(ret._id, "refund")).statusCode).toBe(409);
    expect((await act(newId(), "approve")).statusCode).toBe(404);
    expect((await act(ret._id, "approve", shop.shopper)).statusCode).toBe(403);
  });

  it("logs the units a received return puts back with the return and its order, as the placement's with the order", async () => {
    const {
      order,
      lines: [, sized],
    } = await deliveredOrder();
    const ret = (
      await ask({ order: order._id, lines: [{ line: sized, quantity: 1 }], reason: "wrong_size" })
    ).json().data as ReturnDto;
    expect((await act(ret._id, "approve")).statusCode).toBe(200);
    expect((await act(ret._id, "receive", shop.manager)).statusCode).toBe(200);

    const log = await inject(t.app, {
      method: "GET",
      url: `/api/inventory/${shop.variantIds[0]}/movements?size=100`,
      cookie: shop.manager.cookie,
    });
    expect(log.statusCode, log.body).toBe(200);
    const rows = log.json().data as StockMovement[];
    const ref = { _id: order._id, number: order.number };
    expect(rows[0]).toMatchObject({ change: 1, cause: "return", order: ref, return: { _id: ret._id } });
    expect(rows.filter((row) => row.order?._id === order._id).map((row) => [row.cause, row.change])).toEqual([
      ["return", 1],
      ["placement", -1],
    ]);
  });

  it("lists returns for staff, newest first, by status", async () => {
    const { order, lines } = await deliveredOrder();
    const ret = (
      await ask({ order: order._id, lines: [{ line: lines[0], quantity: 1 }], reason: "not_as_described" })
    ).json().data as ReturnDto;
    const requested = await inject(t.app, {
      method: "GET",
      url: "/api/returns?status=requested&size=100",
      cookie: shop.manager.cookie,
    });
    expect(requested.statusCode).toBe(200);
    const rows = requested.json().data as ReturnDto[];
    expect(rows[0]?._id).toBe(ret._id);
    expect(rows.every((row) => row.status === "requested")).toBe(true);
    // A manager is not shown the shopper's email.
    expect(rows[0]?.user.email).toBeNull();
    const refundedOnly = await inject(t.app, {
      method: "GET",
      url: "/api/returns?status=refunded",
      cookie: shop.admin.cookie,
    });
    expect((refundedOnly.json().data as ReturnDto[]).some((row) => row._id === ret._id)).toBe(false);
    expect(
      (await inject(t.app, { method: "GET", url: "/api/returns", cookie: shop.shopper.cookie })).statusCode,
    ).toBe(403);
  });

  it("counts returns at most to the cap and says so", async () => {
    const { order, lines } = await deliveredOrder();
    for (const line of lines) {
      const asked = await ask({ order: order._id, lines: [{ line, quantity: 1 }], reason: "changed_mind" });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    const filter = { keyword: `#${order.number}` };
    const read = await listReturns(t.database.db, shop.admin.user, filter, { page: 1, size: 1 }, 1);
    expect(read).toMatchObject({ total: 1, totalCapped: true, more: true });
    expect(list(read.items, { page: 1, size: 1, ...read }).meta).toMatchObject({
      pageCount: 2,
      totalCapped: true,
    });
    const route = await inject(t.app, {
      method: "GET",
      url: `/api/returns?keyword=${encodeURIComponent(filter.keyword)}`,
      cookie: shop.admin.cookie,
    });
    expect(route.json().meta).toEqual({ page: 1, size: 8, total: 2, pageCount: 1 });
  });

  it("refunds a cash on delivery order's return only with the reference of the money's way back", async () => {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
    const checkout = settings.json().data.checkout;
    const codOn = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: { ...checkout, cod: { enabled: true, maxOrderValue: 100_000, fee: 0 } },
    });
    expect(codOn.statusCode, codOn.body).toBe(200);
    const { order, lines } = await deliveredOrder({ cod: true });
    const ret = (
      await ask({ order: order._id, lines: [{ line: lines[0], quantity: 1 }], reason: "damaged" })
    ).json().data as ReturnDto;
    // The dashboard asks this return's refund for a reference.
    expect(ret.cashOnDelivery).toBe(true);
    expect((await act(ret._id, "approve")).statusCode).toBe(200);
    expect((await act(ret._id, "receive")).statusCode).toBe(200);

    const noReference = await act(ret._id, "refund");
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().errors).toEqual({ reference: api.refundReferenceRequired });
    expect((await readOrder(order._id)).payment?.refunds).toHaveLength(0);
    // The body stays strict.
    expect((await act(ret._id, "refund", shop.admin, { reference: "UPI 1", extra: 1 })).statusCode).toBe(400);

    const refunded = await act(ret._id, "refund", shop.admin, { reference: "UPI shopper@okbank 5521" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.status).toBe("refunded");
    const now = await readOrder(order._id);
    expect(now.payment).toMatchObject({
      paymentGateway: "cod",
      status: "partially_refunded",
      refundedAmount: ret.amount,
    });
    expect(now.payment?.refunds).toHaveLength(1);
    expect(now.payment?.refunds[0]).toMatchObject({
      amount: ret.amount,
      reference: "UPI shopper@okbank 5521",
      reason: `Return of order #${order.number} · damaged`,
    });
    // The reference typed for the money's way back is printed on the credit note.
    expect(await creditNoteText(order._id, now.payment?.refunds[0]?._id ?? "")).toContain(
      "Refund reference: UPI shopper@okbank 5521",
    );
    expect(
      (await act(ret._id, "refund", shop.admin, { reference: "UPI shopper@okbank 5521" })).statusCode,
    ).toBe(409);
  });
  it("puts a unit back in stock once, whether a refund or the return's parcel brought it back", async () => {
    const { order, lines } = await deliveredOrder();
    const [plain] = lines;
    const variant = order.products[0]?.variant._id ?? "";
    const asked = await ask({ order: order._id, lines: [{ line: plain, quantity: 2 }], reason: "damaged" });
    const ret = asked.json().data as ReturnDto;
    expect((await act(ret._id, "approve")).statusCode).toBe(200);
    // Staff refund one of the two units with it restocked before the parcel comes in.
    const early = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 1, reason: "Goodwill", restock: [{ line: plain, quantity: 1 }] },
    });
    expect(early.statusCode, early.body).toBe(201);
    const stockBefore = await stockOf(variant);
    expect((await act(ret._id, "receive")).statusCode).toBe(200);
    // Two units in the parcel, one already back: one more in stock, not two.
    expect(await stockOf(variant)).toBe(stockBefore + 1);
    // Both units are back now: a refund restocking one more is refused, nothing written.
    const again = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { amount: 1, reason: "Again", restock: [{ line: plain, quantity: 1 }] },
    });
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().errors).toEqual({ "restock.0.quantity": api.refundRestockTooMany(0) });
    expect(await stockOf(variant)).toBe(stockBefore + 1);

    // The return's refund credits its two units: what their line still holds after the goodwill
    // took its share, and the return's amount becomes its refund's.
    const refunded = await act(ret._id, "refund");
    expect(refunded.statusCode, refunded.body).toBe(200);
    const note = (await readOrder(order._id)).payment?.refunds.at(-1);
    expect(note?.lines.map((line) => [line.kind, line.line, line.quantity])).toEqual([["goods", plain, 2]]);
    expect(refunded.json().data.amount).toBe(note?.amount);
    expect(note?.amount).toBeLessThan(ret.amount);
    expect(await stockOf(variant)).toBe(stockBefore + 1);
  });

  it("refuses to refund a return whose units staff refunded from the order meanwhile, naming why, and writes nothing", async () => {
    const { order, lines } = await deliveredOrder();
    const [plain] = lines;
    const asked = await ask({ order: order._id, lines: [{ line: plain, quantity: 2 }], reason: "damaged" });
    const ret = asked.json().data as ReturnDto;
    expect((await act(ret._id, "approve")).statusCode).toBe(200);
    expect((await act(ret._id, "receive")).statusCode).toBe(200);
    // Both units credited from the order by the goods before the return's refund.
    const byLines = await inject(t.app, {
      method: "POST",
      url: `/api/orders/${order._id}/refunds`,
      cookie: shop.admin.cookie,
      payload: { lines: [{ line: plain, quantity: 2 }], reason: "Refunded from the order", restock: [] },
    });
    expect(byLines.statusCode, byLines.body).toBe(201);
    const refundsBefore = (await readOrder(order._id)).payment?.refunds.length;

    const refused = await act(ret._id, "refund");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(api.returnUnitsRefunded);
    expect(refused.json().errors).toBeUndefined();
    expect((await readOrder(order._id)).payment?.refunds.length).toBe(refundsBefore);
  });
});

itKeepsPaymentStates(() => t);
