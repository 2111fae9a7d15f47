/**
 * Refunds through PayPal (the local fake of its REST API): the provider first, then one transaction
 * that records the refund, restocks per variant, writes the history row and the email, and refunds
 * the order once all of it went back. Also the webhook's refunds and the credit notes.
 */
import { api, documents, refunds as refundWords } from "@shop/shared/messages";
import { partialRefundText } from "@shop/shared/orders";
import { formatPrice } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { emails } from "#api/db/schema/emails";
import { productVariants } from "#api/db/schema/products";
import { refunds } from "#api/db/schema/refunds";
import { addAddress } from "#api/modules/addresses/service";
import { amountInWords } from "#api/modules/documents/words";
import { mailContextOf, renderEmail } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { refundWholeOrder } from "#api/modules/refunds/whole-order";
import { createTestGateway } from "#api/payments/test-gateway";
import { createTestApp, inject, type TestApp } from "#test/app";
import { ADDRESS, type Caller, makeShop, quickUser, type Shop } from "#test/fixtures";
import { itKeepsPaymentStates } from "#test/payment-state";
import { PaypalFake } from "#test/paypal-fake";

let fake: PaypalFake;
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  fake = await PaypalFake.start();
  t = await createTestApp({ ...fake.env, MAX_UNPAID_ORDERS: "100", STORE_STATE: "Maharashtra" });
  shop = await makeShop(t, { pay: false });
  // Enough units for every order the tests place.
  await t.database.db
    .update(productVariants)
    .set({ stock: 1000 })
    .where(eq(productVariants.productId, shop.variantProductId));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.refundOverride = undefined;
  fake.failNext = 0;
});

const adminBy = () => ({
  name: `${shop.admin.user.firstName} ${shop.admin.user.lastName}`,
  role: "admin",
});

/** A paid order of the shopper through PayPal: two units of one variant, one of another, one plain product. */
async function paidOrder(shopper: Caller = shop.shopper, addressId = shop.addressId) {
  const { order } = await placeOrder(
    t.database.db,
    shopper.user,
    {
      products: [
        { product: shop.variantProductId, variant: shop.variantIds[0], quantity: 2 },
        { product: shop.variantProductId, variant: shop.variantIds[1], quantity: 1 },
        { product: shop.productId, quantity: 1 },
      ],
      shippingAddress: addressId,
    },
    // Placed as the checkout places it: within the store's state (Maharashtra), CGST + SGST.
    { mail: mailContextOf(t.config), storeState: t.config.storeState },
  );
  const created = await inject(t.app, {
    method: "POST",
    url: "/api/payments/paypal/orders",
    cookie: shopper.cookie,
    payload: { order: order._id },
  });
  const paypalOrderId = created.json().data.id as string;
  fake.approve(paypalOrderId);
  const paid = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: order._id, paymentGateway: "paypal", transactionId: paypalOrderId },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const read_ = await read(order._id);
  const lineOf = (variantId: string | undefined) => {
    const line = read_.products.find((candidate) => candidate.variant._id === variantId);
    if (!line) throw new Error("the order lacks a line");
    return line;
  };
  return {
    order: read_,
    captureId: fake.captureOf(paypalOrderId).id,
    /** The two units of the first variant, the one unit of the second. */
    lines: [lineOf(shop.variantIds[0]), lineOf(shop.variantIds[1])] as const,
  };
}

async function read(orderId: string): Promise<OrderDto> {
  const response = await inject(t.app, {
    method: "GET",
    url: `/api/orders/${orderId}`,
    cookie: shop.admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as OrderDto;
}

function refund(
  orderId: string,
  payload: Record<string, unknown>,
  { key, caller = shop.admin }: { key?: string; caller?: Caller } = {},
) {
  return inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/refunds`,
    cookie: caller.cookie,
    headers: key ? { "idempotency-key": key } : {},
    payload,
  });
}

async function stockOf(variantId: string | undefined) {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId ?? ""));
  return row?.stock ?? -1;
}

async function refundRows(orderId: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

/** The refund messages to an address, as they go out (rendered here if the sender has not yet). */
async function refundEmails(recipient: string) {
  return t.database.db
    .select()
    .from(emails)
    .where(eq(emails.recipient, recipient))
    .then((rows) => rows.filter((row) => row.kind === "orderRefunded").map(renderEmail));
}

const cents = (amount: number) => Math.round(amount * 100);
const sumCents = (amounts: readonly number[]) => amounts.reduce((sum, amount) => sum + cents(amount), 0);

/** The text of a PDF, as a reader's copy and paste would get it. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const refundCalls = () => fake.callsTo(/^\/v2\/payments\/captures\/[^/]+\/refund$/);

describe("refunding an order through PayPal", () => {
  it("refunds part of an order: PayPal first, then the refund, the stock per variant, the history and the email; the status stays", async () => {
    const shopper = await quickUser(t);
    const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const {
      order,
      captureId,
      lines: [first, second],
    } = await paidOrder(shopper, address._id);
    const before = [await stockOf(first.variant._id), await stockOf(second.variant._id)];

    const response = await refund(order._id, {
      amount: 25.5,
      reason: "One shirt came back torn",
      restock: [{ line: first._id, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(api.refundRecorded);
    const refunded = response.json().data as OrderDto;

    // PayPal was asked for exactly this amount on the order's capture.
    const call = refundCalls().at(-1);
    expect(call?.path).toBe(`/v2/payments/captures/${captureId}/refund`);
    expect(JSON.parse(call?.body ?? "{}").amount).toEqual({ currency_code: "USD", value: "25.50" });
    const [given] = fake.refunds.get(captureId) ?? [];

    expect(refunded.status).toBe("processing");
    expect(refunded.payment?.refundedAmount).toBe(25.5);
    expect(refunded.payment?.refunds).toEqual([
      {
        _id: expect.any(String),
        amount: 25.5,
        reason: "One shirt came back torn",
        at: expect.any(String),
        by: adminBy(),
        providerRefundId: given?.id,
        reference: null,
        creditNoteNumber: expect.stringMatching(/^CN\d{4}\/\d{6}$/),
        moneyBack: true,
        restock: [{ line: first._id, quantity: 1 }],
        lines: expect.any(Array),
      },
    ]);
    // 25.50 is not the unit's value: its credit note spreads it over the goods by value, without units.
    const spread = refunded.payment?.refunds[0]?.lines ?? [];
    expect(spread.map((line) => [line.kind, line.quantity])).toEqual(order.products.map(() => ["goods", 0]));
    expect(sumCents(spread.map((line) => line.total))).toBe(2550);
    expect(partialRefundText(refunded)).toBe(refundWords.partiallyRefunded("$25.50"));
    // One unit of the first variant is back; the second variant is untouched.
    expect([await stockOf(first.variant._id), await stockOf(second.variant._id)]).toEqual([
      (before[0] ?? 0) + 1,
      before[1],
    ]);
    expect(refunded.history.at(-1)).toMatchObject({
      type: "refunded",
      status: "processing",
      amount: 25.5,
      by: adminBy(),
      note: "One shirt came back torn",
    });
    const mails = await refundEmails(shopper.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      `We have refunded ${formatPrice(25.5)} for your order #${order.number}.`,
    );

    // The shopper's read and the payment's read carry the refund too.
    const own = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: shopper.cookie,
    });
    expect(own.json().data.payment).toMatchObject({ refundedAmount: 25.5, status: "partially_refunded" });
    const payment = await inject(t.app, {
      method: "GET",
      url: `/api/payments/${order.payment?._id}`,
      cookie: shop.admin.cookie,
    });
    expect(payment.json().data).toMatchObject({
      status: "partially_refunded",
      refundedAmount: 25.5,
      refunds: [{ amount: 25.5 }],
    });

    // The rest: the order becomes refunded, and nothing remains.
    const rest = Number((order.totalAmount - 25.5).toFixed(2));
    const full = await refund(order._id, {
      amount: rest,
      reason: "Customer returned everything",
      restock: [
        { line: first._id, quantity: 1 },
        { line: second._id, quantity: 1 },
      ],
    });
    expect(full.statusCode, full.body).toBe(201);
    const done = full.json().data as OrderDto;
    expect(done.status).toBe("refunded");
    expect(done.payment).toMatchObject({ refundedAmount: order.totalAmount, status: "refunded" });
    expect(done.payment?.refunds).toHaveLength(2);
    expect(partialRefundText(done)).toBeNull();
    expect(done.history.at(-1)).toMatchObject({ type: "refunded", status: "refunded", amount: rest });
    expect([await stockOf(first.variant._id), await stockOf(second.variant._id)]).toEqual([
      (before[0] ?? 0) + 2,
      (before[1] ?? 0) + 1,
    ]);
    expect(await refundEmails(shopper.user.email)).toHaveLength(2);

    const more = await refund(order._id, { amount: 1, reason: "Once more" });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(api.refundTooMuch("$0.00"));
  });

  it("refuses more than what remains, an unpaid order, and staff who are not admins, recording nothing", async () => {
    const {
      order,
      lines: [line],
    } = await paidOrder();
    const calls = refundCalls().length;
    const over = await refund(order._id, { amount: order.totalAmount + 0.01, reason: "Too much" });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(api.refundTooMuch(formatPrice(order.totalAmount)));

    const unpaid = await refund(shop.orderId, { amount: 1, reason: "Not paid yet" });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(api.refundUnpaid);

    const manager = await refund(order._id, { amount: 1, reason: "Manager try" }, { caller: shop.manager });
    expect(manager.statusCode).toBe(403);
    const shopper = await refund(order._id, { amount: 1, reason: "Shopper try" }, { caller: shop.shopper });
    expect(shopper.statusCode).toBe(403);
    const missing = await refund(newId(), { amount: 1, reason: "No such order" });
    expect(missing.statusCode).toBe(404);

    const bad = await refund(order._id, {
      amount: 1.005,
      reason: " ",
      restock: [{ line: "x", quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "amount",
      "reason",
      "restock.0.line",
      "restock.0.quantity",
    ]);

    const tooMany = await refund(order._id, {
      amount: 1,
      reason: "Too many back",
      restock: [{ line: line._id, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ "restock.0.quantity": api.refundRestockTooMany(2) });
    const otherLine = await refund(order._id, {
      amount: 1,
      reason: "Not this order's line",
      restock: [{ line: newId(), quantity: 1 }],
    });
    expect(otherLine.json().errors).toEqual({ "restock.0.line": api.refundLineUnknown });

    expect(refundCalls()).toHaveLength(calls);
    expect(await refundRows(order._id)).toEqual([]);
    expect((await read(order._id)).payment?.refundedAmount).toBe(0);
  });

  it("answers 502 with PayPal's reason when PayPal refuses, and records nothing", async () => {
    const {
      order,
      lines: [line],
    } = await paidOrder();
    const stock = await stockOf(line.variant._id);
    fake.refundOverride = { issue: "REFUND_NOT_ALLOWED" };
    const refused = await refund(order._id, {
      amount: 10,
      reason: "Will be refused",
      restock: [{ line: line._id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(api.refundRefused("REFUND_NOT_ALLOWED"));
    const after = await read(order._id);
    expect(after.payment).toMatchObject({ refundedAmount: 0, refunds: [] });
    expect(after.history.some((event) => event.type === "refunded")).toBe(false);
    expect(await refundRows(order._id)).toEqual([]);
    expect(await stockOf(line.variant._id)).toBe(stock);
    expect(await refundEmails(shop.shopper.user.email).then((rows) => rows.length)).toBe(0);

    // PayPal failing outright (a 5xx) may come after PayPal made it: kept pending for the sweep (202),
    // with nothing recorded meanwhile.
    fake.failNext = 1;
    const failing = await refund(order._id, { amount: 10, reason: "PayPal is down" });
    expect(failing.statusCode, failing.body).toBe(202);
    expect(failing.json().message).toBe(api.refundBeingChecked);
    expect(failing.json().data.payment).toMatchObject({ refundedAmount: 0, refunds: [] });
    expect(await refundRows(order._id)).toMatchObject([{ status: "pending", providerRefundId: null }]);
  });

  it("makes a retry with the same Idempotency-Key safe, and refuses the key for another refund", async () => {
    const { order, captureId } = await paidOrder();
    const key = `refund-${newId()}`;
    const body = { amount: 12, reason: "Late delivery" };

    // A first attempt PayPal refuses leaves nothing; the retry asks PayPal with the same request id.
    fake.refundOverride = { issue: "INTERNAL_SERVICE_ERROR" };
    expect((await refund(order._id, body, { key })).statusCode).toBe(502);
    const first = await refund(order._id, body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await refund(order._id, body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment).toEqual(first.json().data.payment);

    const calls = refundCalls().filter((call) => call.path.includes(captureId));
    expect(calls).toHaveLength(2);
    expect(calls[0]?.requestId).toBe(calls[1]?.requestId);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    expect(await refundRows(order._id)).toHaveLength(1);

    const reused = await refund(order._id, { amount: 13, reason: "Late delivery" }, { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(api.refundKeyReused);
  });

  it("lets exactly one of two refunds racing for the same remaining amount through", async () => {
    const { order, captureId } = await paidOrder();
    fake.delayMs = 50;
    const answers = await Promise.all([
      refund(order._id, { amount: order.totalAmount, reason: "First clerk" }),
      refund(order._id, { amount: order.totalAmount, reason: "Second clerk" }),
    ]).finally(() => {
      fake.delayMs = 0;
    });
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(fake.refunds.get(captureId)).toHaveLength(1);
    const after = await read(order._id);
    expect(after.status).toBe("refunded");
    expect(after.payment).toMatchObject({ refundedAmount: order.totalAmount, status: "refunded" });
    expect(await refundRows(order._id)).toHaveLength(1);
  });

  it("refunds the rest of the payment when an admin sets the status to refunded; a manager may not", async () => {
    const {
      order,
      captureId,
      lines: [first],
    } = await paidOrder();
    const stock = await stockOf(first.variant._id);
    expect((await refund(order._id, { amount: 5, reason: "Small scratch" })).statusCode).toBe(201);

    const byManager = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: shop.manager.cookie,
      payload: { status: "refunded" },
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(api.refundAdminOnly);

    const byAdmin = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/update`,
      cookie: shop.admin.cookie,
      payload: { status: "refunded" },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const after = byAdmin.json().data as OrderDto;
    expect(after.status).toBe("refunded");
    expect(after.payment).toMatchObject({ refundedAmount: order.totalAmount, status: "refunded" });
    expect(after.payment?.refunds.at(-1)).toMatchObject({
      amount: Number((order.totalAmount - 5).toFixed(2)),
      reason: refundWords.wholeOrderReason,
    });
    expect(fake.refunds.get(captureId)?.map((r) => r.amount.value)).toEqual([
      "5.00",
      (order.totalAmount - 5).toFixed(2),
    ]);
    // The goods never left (processing): every unit is back.
    expect(await stockOf(first.variant._id)).toBe(stock + 2);
    // By the lines: every unit of every line and the shipping, and with the goodwill before it, all
    // the GST each invoice line charged.
    const [goodwill, rest] = after.payment?.refunds ?? [];
    expect(goodwill?.lines.every((line) => line.kind === "goods" && line.quantity === 0)).toBe(true);
    expect(rest?.lines.map((line) => [line.kind, line.line, line.quantity])).toEqual([
      ...order.products.map((line) => ["goods", line._id, line.quantity]),
      ["shipping", null, 0],
    ]);
    expect(sumCents(rest?.lines.map((line) => line.total) ?? [])).toBe(cents(order.totalAmount) - 500);
    expect(rest?.lines.at(-1)?.total).toBe(order.shippingAmount);
    for (const line of order.products) {
      const given = [...(goodwill?.lines ?? []), ...(rest?.lines ?? [])].filter((c) => c.line === line._id);
      expect(sumCents(given.map((c) => c.cgst))).toBe(cents(line.cgst));
      expect(sumCents(given.map((c) => c.sgst))).toBe(cents(line.sgst));
      expect(sumCents(given.map((c) => c.taxableValue))).toBe(cents(line.taxableValue));
    }
  });

  it("records a refund made in PayPal's dashboard once, even when the webhook comes twice", async () => {
    const { order, captureId } = await paidOrder();
    const resource = fake.refundDirectly(captureId, "20.00");
    const event = {
      id: `WH-${newId()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: "refund",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      summary: "A USD 20.0 USD capture payment was refunded",
      resource,
    };
    const deliver = () =>
      inject(t.app, {
        method: "POST",
        url: "/api/payments/paypal/webhook",
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42",
          "paypal-transmission-id": newId(),
          "paypal-transmission-sig": fake.validSignature,
          "paypal-transmission-time": new Date().toISOString(),
        },
        payload: JSON.stringify(event),
      });
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    const after = await read(order._id);
    expect(after.payment?.refunds).toEqual([
      expect.objectContaining({
        amount: 20,
        by: null,
        providerRefundId: resource.id,
        reason: refundWords.madeAtProvider,
        restock: [],
      }),
    ]);
    // Its credit note: the 20.00 spread over the goods by value, no units, CGST = SGST on each line.
    const lines = after.payment?.refunds[0]?.lines ?? [];
    expect(lines.map((line) => [line.kind, line.line, line.quantity])).toEqual(
      order.products.map((line) => ["goods", line._id, 0]),
    );
    expect(sumCents(lines.map((line) => line.total))).toBe(2000);
    for (const line of lines) expect(line.cgst).toBe(line.sgst);
    expect(after.payment).toMatchObject({ refundedAmount: 20, status: "partially_refunded" });
    expect(after.history.filter((row) => row.type === "refunded")).toEqual([
      expect.objectContaining({ amount: 20, by: null, status: "processing" }),
    ]);
    expect(await refundRows(order._id)).toHaveLength(1);
  });

  it("gives each refund a credit note: numbered, against the invoice, listing its line with CGST and SGST within Maharashtra", async () => {
    const {
      order,
      lines: [line],
    } = await paidOrder();
    const made = await refund(order._id, {
      lines: [{ line: line._id, quantity: 1 }],
      reason: "Wrong size sent",
      restock: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const refunded = made.json().data as OrderDto;
    const note = refunded.payment?.refunds[0];
    if (!note) throw new Error("no refund");
    const url = `/api/orders/${order._id}/credit-notes/${note._id}.pdf`;

    const own = await inject(t.app, { method: "GET", url, cookie: shop.shopper.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["content-disposition"]).toContain(note.creditNoteNumber.replace(/\//g, "-"));
    const flat = await pdfText(own.rawPayload);
    // One of the line's two units: half of what its invoice line charged, CGST = SGST.
    const [credited] = note.lines;
    expect(note.lines).toHaveLength(1);
    expect(credited).toMatchObject({ kind: "goods", line: line._id, quantity: 1, rate: line.taxRate });
    expect(credited?.cgst).toBe(credited?.sgst);
    expect(credited?.cgst).toBeCloseTo(line.cgst / 2, 2);
    for (const expected of [
      documents.creditNoteTitle,
      documents.creditNoteNumber(note.creditNoteNumber),
      documents.againstInvoice(order.invoiceNumber ?? ""),
      documents.placeOfSupply("27-Maharashtra"),
      documents.refundReason("Wrong size sent"),
      line.variant.sku,
      documents.hsn(line.hsnCode ?? "none"),
      `${documents.quantityOf(1, "NOS")} ${formatPrice(credited?.taxableValue ?? 0)} ${documents.rateOf(line.taxRate)} ${formatPrice(credited?.cgst ?? 0)} ${formatPrice(credited?.sgst ?? 0)} ${formatPrice(note.amount)}`,
      `${documents.cgstAt(line.taxRate)} ${formatPrice(credited?.cgst ?? 0)}`,
      `${documents.sgstAt(line.taxRate)} ${formatPrice(credited?.sgst ?? 0)}`,
      `${documents.grandTotal} ${formatPrice(note.amount)}`,
      documents.amountInWords(amountInWords(note.amount)),
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain(documents.igst);

    const staff = await inject(t.app, { method: "GET", url, cookie: shop.manager.cookie });
    expect(staff.statusCode).toBe(200);
    const other = await inject(t.app, { method: "GET", url, cookie: (await quickUser(t)).cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(api.orderNotFound);
    expect((await inject(t.app, { method: "GET", url })).statusCode).toBe(401);
    const unknown = await inject(t.app, {
      method: "GET",
      url: `/api/orders/${order._id}/credit-notes/${newId()}.pdf`,
      cookie: shop.shopper.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.creditNoteNotFound);
  });
});

describe("credit notes by the goods", () => {
  it("refunds 2 of 3 lines, one of them partly: the server works out the amount, the credit note's total, each whole line's GST as its invoice line charged, CGST = SGST within the state", async () => {
    const {
      order,
      captureId,
      lines: [first, second],
    } = await paidOrder();
    expect(order.supplyType).toBe("intra-state");
    const made = await refund(order._id, {
      lines: [
        { line: first._id, quantity: 1 },
        { line: second._id, quantity: 1 },
      ],
      reason: "Two came back",
      restock: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    const note = (made.json().data as OrderDto).payment?.refunds[0];
    if (!note) throw new Error("no refund");
    expect(note.lines.map((line) => [line.kind, line.line, line.quantity])).toEqual([
      ["goods", first._id, 1],
      ["goods", second._id, 1],
    ]);
    // The amount is the credit note's total, and PayPal was asked for exactly that.
    expect(cents(note.amount)).toBe(sumCents(note.lines.map((line) => line.total)));
    const call = refundCalls().at(-1);
    expect(call?.path).toBe(`/v2/payments/captures/${captureId}/refund`);
    expect(JSON.parse(call?.body ?? "{}").amount.value).toBe(note.amount.toFixed(2));
    for (const line of note.lines) {
      expect(line.cgst).toBeGreaterThan(0);
      expect(line.cgst).toBe(line.sgst);
      expect(line.igst).toBe(0);
      expect(cents(line.total)).toBe(sumCents([line.taxableValue, line.cgst, line.sgst, line.igst]));
    }
    // The whole line gives back exactly what its invoice line charged.
    expect(note.lines[1]).toMatchObject({
      taxableValue: second.taxableValue,
      cgst: second.cgst,
      sgst: second.sgst,
      igst: 0,
      rate: second.taxRate,
    });
    // The partial line its share; its last unit the rest, so the two notes give back all of it.
    const last = await refund(order._id, {
      lines: [{ line: first._id, quantity: 1 }],
      reason: "The second one too",
      restock: [],
    });
    expect(last.statusCode, last.body).toBe(201);
    const both = (last.json().data as OrderDto).payment?.refunds.flatMap((r) => r.lines) ?? [];
    const ofFirst = both.filter((line) => line.line === first._id);
    expect(ofFirst.map((line) => line.quantity)).toEqual([1, 1]);
    expect(sumCents(ofFirst.map((line) => line.taxableValue))).toBe(cents(first.taxableValue));
    expect(sumCents(ofFirst.map((line) => line.cgst))).toBe(cents(first.cgst));
    expect(sumCents(ofFirst.map((line) => line.sgst))).toBe(cents(first.sgst));
    // The third line and the shipping are untouched.
    expect(
      both.some((line) => line.kind === "shipping" || ![first._id, second._id].includes(line.line ?? "")),
    ).toBe(false);
  });

  it("refuses an amount sent with lines that is not theirs (400 at amount), more units than are left (400 at lines.0.quantity), and shipping given back twice (409 at shipping)", async () => {
    const {
      order,
      lines: [first, second],
    } = await paidOrder();
    const calls = refundCalls().length;
    const wholeSecond =
      cents(second.taxableValue) + cents(second.cgst) + cents(second.sgst) + cents(second.igst);
    const wrong = await refund(order._id, {
      lines: [{ line: second._id, quantity: 1 }],
      amount: (wholeSecond + 1) / 100,
      reason: "Not its amount",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ amount: api.refundAmountNotLines(formatPrice(wholeSecond / 100)) });
    const tooMany = await refund(order._id, {
      lines: [{ line: first._id, quantity: 3 }],
      reason: "Three of two",
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ "lines.0.quantity": api.refundLineTooMany(2) });
    expect(refundCalls()).toHaveLength(calls);
    expect(await refundRows(order._id)).toEqual([]);

    // Its own amount is accepted; one unit of the first line leaves one.
    const right = await refund(order._id, {
      lines: [{ line: second._id, quantity: 1 }],
      amount: wholeSecond / 100,
      reason: "Its amount",
    });
    expect(right.statusCode, right.body).toBe(201);
    expect(
      (await refund(order._id, { lines: [{ line: first._id, quantity: 1 }], reason: "One of two" }))
        .statusCode,
    ).toBe(201);
    const more = await refund(order._id, {
      lines: [{ line: first._id, quantity: 2 }],
      reason: "Two of one left",
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors).toEqual({ "lines.0.quantity": api.refundLineTooMany(1) });

    const shipping = await refund(order._id, { shipping: true, reason: "Late" });
    expect(shipping.statusCode, shipping.body).toBe(201);
    const shipped = (shipping.json().data as OrderDto).payment?.refunds.at(-1);
    expect(shipped?.amount).toBe(order.shippingAmount);
    expect(shipped?.lines.map((line) => [line.kind, line.total])).toEqual([
      ["shipping", order.shippingAmount],
    ]);
    const twice = await refund(order._id, { shipping: true, reason: "Late again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ shipping: api.refundShippingGiven });
    expect(await refundRows(order._id)).toHaveLength(3);
  });

  it("puts the lines' units back in stock with restock: true", async () => {
    const {
      order,
      lines: [first, second],
    } = await paidOrder();
    const before = [await stockOf(first.variant._id), await stockOf(second.variant._id)];
    const made = await refund(order._id, {
      lines: [
        { line: first._id, quantity: 2 },
        { line: second._id, quantity: 1 },
      ],
      reason: "All the shirts came back",
      restock: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json().data as OrderDto).payment?.refunds[0]?.restock).toEqual([
      { line: first._id, quantity: 2 },
      { line: second._id, quantity: 1 },
    ]);
    expect([await stockOf(first.variant._id), await stockOf(second.variant._id)]).toEqual([
      (before[0] ?? 0) + 2,
      (before[1] ?? 0) + 1,
    ]);
  });

  it("spreads an amount-only (goodwill) refund over the goods by value, with no units, giving back its amount exactly", async () => {
    const { order } = await paidOrder();
    const made = await refund(order._id, { amount: 33.33, reason: "Goodwill" });
    expect(made.statusCode, made.body).toBe(201);
    const lines = (made.json().data as OrderDto).payment?.refunds[0]?.lines ?? [];
    expect(lines.map((line) => [line.kind, line.line, line.quantity])).toEqual(
      order.products.map((line) => ["goods", line._id, 0]),
    );
    expect(sumCents(lines.map((line) => line.total))).toBe(3333);
    // By value: each line's part is its share of the goods' value, within a cent.
    const held = order.products.map((line) => sumCents([line.taxableValue, line.cgst, line.sgst, line.igst]));
    const goods = held.reduce((a, b) => a + b, 0);
    lines.forEach((line, i) => {
      expect(Math.abs(cents(line.total) - (3333 * (held[i] ?? 0)) / goods)).toBeLessThanOrEqual(1);
      expect(line.cgst).toBe(line.sgst);
    });
  });

  it("PDFs read back: a credit note lists its lines with HSN and each line's tax = rate × taxable value, and the sums", async () => {
    const shopper = await quickUser(t);
    const home = await addAddress(t.database.db, shopper.user.id, ADDRESS);
    const away = await addAddress(t.database.db, shopper.user.id, {
      ...ADDRESS,
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560001",
    });
    const within = await paidOrder(shopper, home._id);
    const across = await paidOrder(shopper, away._id);
    expect([within.order.supplyType, across.order.supplyType]).toEqual(["intra-state", "inter-state"]);
    // Within the state: one of two units, a whole line, and the shipping.
    const byGoods = await refund(within.order._id, {
      lines: [
        { line: within.lines[0]._id, quantity: 1 },
        { line: within.lines[1]._id, quantity: 1 },
      ],
      shipping: true,
      reason: "Back with the courier",
    });
    // Across states: goodwill over every line.
    const goodwill = await refund(across.order._id, { amount: 47.77, reason: "Goodwill" });
    for (const [made, order] of [
      [byGoods, within.order],
      [goodwill, across.order],
    ] as const) {
      expect(made.statusCode, made.body).toBe(201);
      const note = (made.json().data as OrderDto).payment?.refunds[0];
      if (!note) throw new Error("no refund");
      const pdf = await inject(t.app, {
        method: "GET",
        url: `/api/orders/${order._id}/credit-notes/${note._id}.pdf`,
        cookie: shop.admin.cookie,
      });
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      const intra = order.supplyType === "intra-state";
      const money = String.raw`\$([\d,]+\.\d\d)`;
      const rows = [
        ...text.matchAll(
          new RegExp(
            // The HSN code, its description, then the units with their UQC (none for value alone).
            String.raw`HSN: (\d+) .*?(?:(\d+) [A-Z]{3} )?${money} ([\d.]+)% ${money} (?:${money} )?${money}`,
            "g",
          ),
        ),
      ].map(([, hsn, quantity, taxable, rate, a, b, total]) => {
        const amount = (cell: string | undefined) => Number((cell ?? "").replace(/,/g, ""));
        return {
          hsn,
          quantity: quantity === undefined ? 0 : Number(quantity),
          taxable: amount(taxable),
          rate: Number(rate),
          // Two tax cells within the state (CGST, SGST), one across (IGST).
          taxes: b === undefined ? [amount(a)] : [amount(a), amount(b)],
          total: amount(total),
        };
      });
      const goods = note.lines.filter((line) => line.kind === "goods");
      expect(rows).toHaveLength(goods.length);
      const paisa = (value: number) => Math.round(value * 100) / 100;
      rows.forEach((row, i) => {
        const line = order.products.find((candidate) => candidate._id === goods[i]?.line);
        expect(row.hsn).toBe(line?.hsnCode);
        expect(row.quantity).toBe(goods[i]?.quantity);
        expect(row.taxes).toHaveLength(intra ? 2 : 1);
        // Each tax within a paisa of its rate × the taxable value: half the rate each within the state.
        const share = intra ? row.rate / 2 : row.rate;
        for (const tax of row.taxes)
          expect(Math.abs(tax - paisa((share / 100) * row.taxable))).toBeLessThanOrEqual(0.01 + 1e-9);
        expect(cents(row.total)).toBe(sumCents([row.taxable, ...row.taxes]));
      });
      // The sums: the goods rows' and any shipping's make the note's totals.
      const field = (name: string) => {
        const found = text.match(new RegExp(`${name} ${money}`));
        return Number((found?.[1] ?? "NaN").replace(/,/g, ""));
      };
      const tax = note.lines.reduce((sum, line) => sum + cents(line.cgst + line.sgst + line.igst), 0);
      expect(cents(field(documents.totalTax))).toBe(tax);
      expect(cents(field(documents.totalTax))).toBeGreaterThanOrEqual(
        rows.reduce((sum, row) => sum + sumCents(row.taxes), 0),
      );
      expect(cents(field(`${documents.taxableTotal}`))).toBe(
        sumCents(note.lines.map((line) => line.taxableValue)),
      );
      expect(cents(field(documents.grandTotal))).toBe(cents(note.amount));
      expect(text).toContain(
        intra ? documents.placeOfSupply("27-Maharashtra") : documents.placeOfSupply("29-Karnataka"),
      );
    }
  });

  it("refunds a cash on delivery order by the status Refunded: every unit left, the shipping and the fee, by lines", async () => {
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: shop.admin.cookie });
    const codOn = await inject(t.app, {
      method: "PUT",
      url: "/api/settings/checkout",
      cookie: shop.admin.cookie,
      payload: {
        ...settings.json().data.checkout,
        // The settings allow at most 50 (the app started with more, from its environment).
        maxUnpaidOrders: 50,
        cod: { enabled: true, maxOrderValue: 100_000, fee: 25 },
      },
    });
    expect(codOn.statusCode, codOn.body).toBe(200);
    const { order: placed } = await placeOrder(
      t.database.db,
      shop.shopper.user,
      {
        products: [
          { product: shop.variantProductId, variant: shop.variantIds[2], quantity: 2 },
          { product: shop.productId, quantity: 1 },
        ],
        shippingAddress: shop.addressId,
      },
      { mail: mailContextOf(t.config), storeState: t.config.storeState },
    );
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: shop.shopper.cookie,
      payload: { order: placed._id, paymentGateway: "cod" },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // The cash is recorded once the order is confirmed and its parcel is out.
    for (const [url, payload] of [
      [`/api/orders/${placed._id}/confirm-cod`, {}],
      [
        `/api/orders/${placed._id}/shipments`,
        { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "CASH-1" },
      ],
    ] as const) {
      const done = await inject(t.app, { method: "POST", url, cookie: shop.admin.cookie, payload });
      expect(done.statusCode, done.body).toBeLessThan(300);
    }
    const collected = await inject(t.app, {
      method: "POST",
      url: `/api/payments/${paid.json().data._id}/collect`,
      cookie: shop.admin.cookie,
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const order = await read(placed._id);
    expect(order.codFee).toBe(25);
    // One unit already given back.
    const sized = order.products.find((line) => line.variant._id === shop.variantIds[2]);
    if (!sized) throw new Error("no line");
    const one = await refund(order._id, {
      lines: [{ line: sized._id, quantity: 1 }],
      reason: "One was torn",
      restock: true,
      reference: "UPI shopper@okbank 1",
    });
    expect(one.statusCode, one.body).toBe(201);
    const stock = await stockOf(sized.variant._id);

    const { order: after } = await refundWholeOrder(
      t.database.db,
      t.app.paymentProviders,
      shop.admin.user,
      order._id,
      {
        mail: mailContextOf(t.config),
        log: t.app.log,
        reference: "NEFT N000000001",
      },
    );
    expect(after.status).toBe("refunded");
    expect(after.payment).toMatchObject({ status: "refunded", refundedAmount: order.totalAmount });
    const rest = after.payment?.refunds.at(-1);
    expect(rest?.lines.map((line) => [line.kind, line.line, line.quantity, line.total])).toEqual([
      ...order.products.map((line) => [
        "goods",
        line._id,
        line === sized ? 1 : line.quantity,
        expect.any(Number),
      ]),
      ["shipping", null, 0, order.shippingAmount],
      ["cod_fee", null, 0, 25],
    ]);
    expect(sumCents(rest?.lines.map((line) => line.total) ?? [])).toBe(cents(rest?.amount ?? 0));
    // The goods left with the parcel (cash is collected only then): refunding them restocks nothing.
    expect(await stockOf(sized.variant._id)).toBe(stock);
  });
});

describe("the test gateway's refunds", () => {
  it("refunds at once, the same refund for the same request id", async () => {
    const gateway = createTestGateway();
    const request = {
      captureId: "test_1",
      amount: { cents: 500, currency: "USD" },
      requestId: "r-1",
      note: "x",
    };
    const first = await gateway.refund(request);
    expect(first).toMatchObject({ outcome: "refunded", refund: { providerStatus: "COMPLETED" } });
    expect(await gateway.refund(request)).toEqual(first);
    expect(await gateway.refund({ ...request, requestId: "r-2" })).not.toEqual(first);
  });
});

itKeepsPaymentStates(() => t);
