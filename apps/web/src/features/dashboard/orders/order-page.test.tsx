import { MAX_ORDER_NOTE } from "@shop/shared/constants";
import {
  mail,
  orderHistory,
  orderSummary,
  storeCreditPay,
  successes,
  validation,
} from "@shop/shared/messages";
import type { OrderDto, OrderEventDto } from "@shop/shared/schemas/order";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { _id: _addressId, ...shippingAddress } = homeAddress;
const placed: OrderEventDto = {
  type: "placed",
  status: "pending",
  at: "2026-11-20T09:30:00.000Z",
  by: { name: "Priya Sharma", role: "customer" },
  note: null,
};
const order: OrderDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1042,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: placed.at,
  updatedAt: placed.at,
  status: "processing",
  paymentState: "completed",
  fulfilment: "unfulfilled",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 20,
  shippingAmount: 80,
  taxAmount: 10.8,
  currency: "USD",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
  invoiceNumber: null,
  shippingAddress,
  payment: null,
  products: [
    {
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
      product: { _id: lamp._id, name: lamp.name, thumbnail: lamp.thumbnail },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: lamp._id, options: {} },
      name: lamp.name,
      price: 30,
      originalPrice: 40,
      savedAmount: 20,
      discountShare: 0,
      quantity: 2,
      taxRate: 18,
      hsnCode: null,
      taxableValue: 60,
      cgst: 0,
      sgst: 0,
      igst: 10.8,
    },
  ],
  shipments: [],
  returns: [],
  history: [
    placed,
    {
      type: "paid",
      status: "processing",
      at: "2026-11-20T09:31:00.000Z",
      by: placed.by,
      note: null,
      amount: 115.4,
    },
    { type: "cancelled", status: "cancelled", at: "2026-11-20T10:31:00.000Z", by: null, note: null },
  ],
};

function renderOrder() {
  return renderRoutes(
    [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
    `/dashboard/orders/order/${order._id}`,
  );
}

const RUPEE_SHOP = { store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } };

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

/** The Amounts card's lines, as [label, amount] in the order they read. */
async function amountLines(): Promise<[string, string][]> {
  const card = (await screen.findByRole("heading", { name: "Amounts" })).closest("section");
  if (!card) throw new Error("no Amounts card");
  const labels = within(card).getAllByRole("term");
  const values = within(card).getAllByRole("definition");
  return labels.map((label, i) => [label.textContent ?? "", values[i]?.textContent ?? ""]);
}

/** "−₹1,234.50" as a signed number of paise (or cents). */
function cents(text: string): number {
  const sign = text.startsWith("−") ? -1 : 1;
  return sign * Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
}

describe("the order's amounts", () => {
  // Prices include GST (₹10.43 of them), 2 × ₹45 on sale from ₹50, a ₹5 code, ₹30 shipping and a ₹20 COD fee.
  const inclusive: OrderDto = {
    ...order,
    currency: "INR",
    pricesIncludeTax: true,
    subTotal: 90,
    savedAmount: 10,
    discountCode: "DIWALI",
    discountAmount: 5,
    shippingAmount: 30,
    codFee: 20,
    taxAmount: 10.43,
    totalAmount: 135,
    products: order.products.map((line) => ({ ...line, price: 45, originalPrice: 50, savedAmount: 10 })),
  };

  it("with prices including GST, says the GST under the total instead of adding it, and each subtraction has its minus", async () => {
    setShopSettings(RUPEE_SHOP);
    stubApi({ [`GET /api/orders/${order._id}`]: { data: inclusive } });
    renderOrder();
    const lines = await amountLines();
    expect(lines).toEqual([
      ["Items", "₹100.00"],
      ["Saved", "−₹10.00"],
      ["Discount (DIWALI)", "−₹5.00"],
      ["Shipping", "₹30.00"],
      ["Cash on delivery fee", "₹20.00"],
      ["Total", "₹135.00"],
      [orderSummary.taxAtRates, orderSummary.includesTax("₹10.43")],
    ]);
    expect(screen.getByText("Includes ₹10.43 GST")).toBeVisible();
    // The lines above the total add up to it.
    const total = lines.findIndex(([label]) => label === "Total");
    const sum = lines.slice(0, total).reduce((cents_, [, value]) => cents_ + cents(value), 0);
    expect(sum).toBe(cents("₹135.00"));
  });

  it("with GST added to the prices, lists it as a line of the total at the lines' rate", async () => {
    stubApi({
      [`GET /api/orders/${order._id}`]: {
        data: {
          ...order,
          subTotal: 60,
          savedAmount: 20,
          shippingAmount: 45,
          taxAmount: 10.8,
          totalAmount: 115.8,
        },
      },
    });
    renderOrder();
    expect(await amountLines()).toEqual([
      ["Items", "$80.00"],
      ["Saved", "−$20.00"],
      ["Shipping", "$45.00"],
      [orderSummary.taxAt(18), "$10.80"],
      ["Total", "$115.80"],
    ]);
    expect(screen.queryByText(/^Includes/)).toBeNull();
  });

  it('keeps the currency the order was placed in: a dollar order in a rupee shop reads "$139.00", its date "26 Nov 2026"', async () => {
    setShopSettings(RUPEE_SHOP);
    const dollars: OrderDto = {
      ...order,
      createdAt: "2026-11-26T06:30:00.000Z",
      subTotal: 60,
      savedAmount: 0,
      shippingAmount: 69,
      taxAmount: 10,
      totalAmount: 139,
      products: order.products.map((line) => ({ ...line, originalPrice: 30, savedAmount: 0 })),
      payment: {
        _id: "c3c3c3c3c3c3c3c3c3c3c3c3",
        status: "completed",
        paymentGateway: "paypal",
        method: null,
        amount: 139,
        tenders: [{ kind: "paypal", amount: 139 }],
        transactionId: "PAY-1",
        refundedAmount: 0,
        refunds: [],
      },
    };
    stubApi({ [`GET /api/orders/${order._id}`]: { data: dollars } });
    renderOrder();
    expect(await amountLines()).toContainEqual(["Total", "$139.00"]);
    expect(screen.getByText("2 × $30.00")).toBeVisible();
    expect(screen.getByText(orderHistory.paid("$115.40"))).toBeVisible();
    expect(screen.getByText(/^Placed/)).toHaveTextContent(/^Placed 26 Nov 2026, /);
    expect(document.body).not.toHaveTextContent("₹");
  });
});

describe("the dashboard order page", () => {
  it("names the order by its number and tells its history, oldest first, with who did each step", async () => {
    stubApi({ [`GET /api/orders/${order._id}`]: { data: order } });
    renderOrder();
    expect(await screen.findByRole("heading", { name: "Order #1042" })).toBeVisible();
    const steps = within(screen.getByRole("list", { name: orderHistory.title })).getAllByRole("listitem");
    expect(steps.map((step) => step.querySelector("p")?.textContent)).toEqual([
      orderHistory.placed,
      orderHistory.paid("$115.40"),
      orderHistory.cancelled,
    ]);
    expect(steps[0]).toHaveTextContent(orderHistory.by("Priya Sharma", "customer"));
    expect(steps[2]).toHaveTextContent(orderHistory.bySystem);
  });

  it("adds a note: the server's order with the note becomes the page, the field empties", async () => {
    const note: OrderEventDto = {
      type: "note",
      status: "processing",
      at: "2026-11-20T11:00:00.000Z",
      by: { name: "Asha Admin", role: "admin" },
      note: "Gift wrap asked for.",
    };
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/notes`]: (request: StubRequest) => ({
        data: {
          ...order,
          history: [...order.history, { ...note, note: (request.body as { note: string }).note }],
        },
      }),
    });
    renderOrder();
    const field = await screen.findByLabelText(orderHistory.noteLabel);
    await userEvent.type(field, "  Gift wrap asked for.  ");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    const history = screen.getByRole("list", { name: orderHistory.title });
    expect(await within(history).findByText("Gift wrap asked for.")).toBeVisible();
    expect(within(history).getByText(orderHistory.by("Asha Admin", "admin"), { exact: false })).toBeVisible();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ note: "Gift wrap asked for." });
    expect(toast.success).toHaveBeenCalledWith(successes.orderNote);
    expect(field).toHaveValue("");
  });

  it("refuses a blank note before asking the server, and shows the server's field message", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/notes`]: {
        status: 400,
        message: validation.maxLength(MAX_ORDER_NOTE),
        errors: { note: validation.maxLength(MAX_ORDER_NOTE) },
      },
    });
    renderOrder();
    const field = await screen.findByLabelText(orderHistory.noteLabel);
    await userEvent.type(field, "   ");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    expect(await screen.findByText(validation.required)).toBeVisible();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await userEvent.type(field, "A note the server refuses");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    expect(await screen.findByText(validation.maxLength(MAX_ORDER_NOTE))).toBeVisible();
    expect(field).toHaveValue("   A note the server refuses");
  });

  it("names how a Razorpay payment was made in the Payment card", async () => {
    const byUpi: OrderDto = {
      ...order,
      currency: "INR",
      payment: {
        _id: "c4c4c4c4c4c4c4c4c4c4c4c4",
        status: "completed",
        paymentGateway: "razorpay",
        method: "upi",
        amount: 115.4,
        tenders: [{ kind: "razorpay", amount: 115.4, method: "upi" }],
        transactionId: "pay_Fake0000000001",
        refundedAmount: 0,
        refunds: [],
      },
    };
    stubApi({ [`GET /api/orders/${order._id}`]: { data: byUpi } });
    renderOrder();
    const heading = await screen.findByRole("heading", { name: "Payment", level: 2 });
    const card = heading.closest("section") as HTMLElement;
    const row = (term: string) =>
      within(card).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(row("Gateway")).toBe(mail.gateways.razorpay);
    expect(row("Method")).toBe(mail.paymentMethods.upi);
  });

  it("shows an order paid partly from store credit part by part, in the Payment card and under the total", async () => {
    setShopSettings(RUPEE_SHOP);
    const inParts: OrderDto = {
      ...order,
      currency: "INR",
      pricesIncludeTax: true,
      subTotal: 3468,
      savedAmount: 0,
      shippingAmount: 80,
      taxAmount: 541.02,
      totalAmount: 3548,
      storeCreditUsed: 1299,
      products: order.products.map((line) => ({ ...line, price: 3468, originalPrice: 3468, quantity: 1 })),
      payment: {
        _id: "c5c5c5c5c5c5c5c5c5c5c5c5",
        status: "completed",
        paymentGateway: "razorpay",
        method: "upi",
        amount: 3548,
        tenders: [
          { kind: "store_credit", amount: 1299 },
          { kind: "razorpay", amount: 2249, method: "upi" },
        ],
        transactionId: "pay_Fake0000000002",
        refundedAmount: 0,
        refunds: [],
      },
    };
    stubApi({ [`GET /api/orders/${order._id}`]: { data: inParts } });
    renderOrder();
    // The Amounts card: the credit taken off the total (with its minus), then what Razorpay took.
    expect((await amountLines()).slice(-3)).toEqual([
      [orderSummary.taxAtRates, orderSummary.includesTax("₹541.02")],
      [storeCreditPay.line, "−₹1,299.00"],
      ["Razorpay · UPI", "₹2,249.00"],
    ]);
    // The Payment card: each part with what it took, then the payment's amount.
    const card = screen.getByRole("heading", { name: "Payment", level: 2 }).closest("section") as HTMLElement;
    const row = (term: string) =>
      within(card).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(row(mail.gateways.store_credit)).toBe("₹1,299.00");
    expect(row("Razorpay · UPI")).toBe("₹2,249.00");
    expect(row("Amount")).toBe("₹3,548.00");
    expect(within(card).queryByText("Gateway")).toBeNull();
  });
});
