import type { PublicConfig } from "@shop/shared/api";
import { api as apiMessages, cashOnDelivery, mail, paymentOptions, successes } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { paidOrder, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { PayPage } from "./pay-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;
const unpaid: OrderDto = {
  ...paidOrder,
  currency: "INR",
  status: "pending",
  paymentState: "none",
  invoiceNumber: null,
  payment: null,
};
const PAYMENT_ID = "3d3d3d3d3d3d3d3d3d3d3d3d";
const paid: OrderDto = {
  ...unpaid,
  status: "processing",
  paymentState: "completed",
  invoiceNumber: "INV/2026-27/000002",
  payment: {
    _id: PAYMENT_ID,
    status: "completed",
    paymentGateway: "razorpay",
    method: "upi",
    amount: unpaid.totalAmount,
    tenders: [{ kind: "razorpay", amount: unpaid.totalAmount, method: "upi" }],
    transactionId: "pay_Fake0000000001",
    refundedAmount: 0,
    refunds: [],
  },
};
const payment: PaymentDto = {
  _id: PAYMENT_ID,
  user: { ...paidOrder.user, email: "p@example.com" },
  order: ORDER_ID,
  status: "completed",
  transactionId: "pay_Fake0000000001",
  amount: unpaid.totalAmount,
  tenders: [{ kind: "razorpay", amount: unpaid.totalAmount, method: "upi" }],
  currency: "INR",
  paymentGateway: "razorpay",
  method: "upi",
  update_time: null,
  email_address: "p@example.com",
  createdAt: "2026-11-26T10:00:00.000Z",
  refundedAmount: 0,
  refunds: [],
};
const RAZORPAY_ORDER = {
  razorpayOrderId: "order_Fake0000000001",
  keyId: "rzp_test_Key",
  amount: 11540,
  currency: "INR",
};
const CHECKOUT_RESULT = {
  razorpay_order_id: RAZORPAY_ORDER.razorpayOrderId,
  razorpay_payment_id: "pay_Fake0000000001",
  razorpay_signature: "a".repeat(64),
};
const PAY_BUTTON = paymentOptions.razorpayPay("₹115.40");

/** A stand-in for Checkout's global: each `new Razorpay(options)` is kept, to play the shopper's part. */
function stubCheckout() {
  const opened: { options: RazorpayCheckoutOptions; failed?: (response: RazorpayCheckoutFailure) => void }[] =
    [];
  const Razorpay = vi.fn(function Checkout(this: RazorpayCheckout, options: RazorpayCheckoutOptions) {
    const entry: (typeof opened)[number] = { options };
    opened.push(entry);
    this.open = vi.fn();
    this.on = vi.fn((_event, listener) => {
      entry.failed = listener;
    });
  });
  return { Razorpay: Razorpay as unknown as RazorpayCheckoutConstructor, opened };
}

function renderPay({
  config = { ...publicConfig, paymentMethods: ["razorpay", "test"] },
  order = unpaid,
  routes = {},
}: {
  config?: PublicConfig;
  order?: OrderDto;
  routes?: StubRoutes;
} = {}) {
  let current = order;
  const stub = stubApi({
    "GET /api/config": { data: config },
    "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
    "GET /api/payments/razorpay": {
      data: { keyId: RAZORPAY_ORDER.keyId, checkoutUrl: "https://checkout.test/v1/checkout.js" },
    },
    "POST /api/payments/razorpay/orders": { status: 201, data: RAZORPAY_ORDER },
    "POST /api/payments": () => {
      current = paid;
      return { status: 201, data: payment };
    },
    [`GET /api/orders/current-user/${ORDER_ID}`]: () => ({ data: current }),
    // Cash on delivery offered as the server decides it; nothing taken off for paying online.
    [`GET /api/orders/current-user/${ORDER_ID}/payment-options`]: {
      data: {
        cod: { offered: true, reason: null, fee: 0, total: unpaid.totalAmount },
        online: { saving: 0, total: unpaid.totalAmount },
        storeCredit: { balance: 0, applied: 0, due: unpaid.totalAmount, applicable: 0 },
      },
    },
    ...routes,
  });
  renderRoutes([{ path: "/account/pay/:orderId", element: <PayPage /> }], `/account/pay/${ORDER_ID}`);
  return stub;
}

/** The names of the ways to pay the page offers, top to bottom, once the test card's is among them. */
async function offered() {
  await screen.findByRole("heading", { name: "Pay by card" }, { timeout: 5000 });
  return screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
}

describe("the pay page's ways to pay", () => {
  it("follows the owner's order, Razorpay in the words of its logos", async () => {
    vi.stubGlobal("Razorpay", stubCheckout().Razorpay);
    const cod = { enabled: true, maxOrderValue: 5000, fee: 0, confirmHours: 48 };
    renderPay({ config: { ...publicConfig, cod, paymentMethods: ["cod", "razorpay", "test"] } });
    await screen.findByRole("heading", { name: paymentOptions.razorpay });
    expect(await offered()).toEqual([cashOnDelivery.option, paymentOptions.razorpay, "Pay by card"]);
  });

  it("follows another order the same way", async () => {
    vi.stubGlobal("Razorpay", stubCheckout().Razorpay);
    const cod = { enabled: true, maxOrderValue: 5000, fee: 0, confirmHours: 48 };
    renderPay({ config: { ...publicConfig, cod, paymentMethods: ["test", "razorpay", "cod"] } });
    await screen.findByRole("heading", { name: paymentOptions.razorpay });
    expect(await offered()).toEqual(["Pay by card", paymentOptions.razorpay, cashOnDelivery.option]);
  });

  it("offers no Razorpay for an order in another currency, and loads none of its code", async () => {
    const { requests } = renderPay({ order: { ...unpaid, currency: "USD" } });
    expect(await offered()).toEqual(["Pay by card"]);
    expect(requests.some((request) => request.path === "/api/payments/razorpay")).toBe(false);
    expect(document.querySelector("script[src*='checkout']")).toBeNull();
  });

  it("offers no Razorpay when the server has none (404)", async () => {
    renderPay({
      routes: { "GET /api/payments/razorpay": { status: 404, message: apiMessages.razorpayNotConfigured } },
    });
    expect(await offered()).toEqual(["Pay by card"]);
    // The answer came: no skeleton waits in Razorpay's place.
    await waitFor(() => expect(document.querySelector(".animate-pulse")).toBeNull());
    expect(screen.queryByRole("button", { name: PAY_BUTTON })).toBeNull();
  });
});

describe("paying with Razorpay", () => {
  it("loads Checkout's script from the server's address, opens it for the server's order and the shopper, and records what it hands back", async () => {
    const { Razorpay, opened } = stubCheckout();
    const { requests } = renderPay();
    const button = await screen.findByRole("button", { name: PAY_BUTTON }, { timeout: 5000 });
    // Checkout's script, added by the pay page alone (by an effect, once the page is painted): it
    // defines the global when it has run.
    const script = await waitFor(() => {
      const added = document.head.querySelector<HTMLScriptElement>(
        "script[src='https://checkout.test/v1/checkout.js']",
      );
      expect(added).not.toBeNull();
      return added;
    });
    vi.stubGlobal("Razorpay", Razorpay);
    script?.dispatchEvent(new Event("load"));

    await userEvent.click(button);
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(requests.find((r) => r.path === "/api/payments/razorpay/orders")?.body).toEqual({
      order: ORDER_ID,
    });
    const { options } = opened[0] ?? { options: undefined };
    expect(options).toMatchObject({
      key: RAZORPAY_ORDER.keyId,
      order_id: RAZORPAY_ORDER.razorpayOrderId,
      amount: 11540,
      currency: "INR",
      name: publicConfig.store.name,
      prefill: { name: "Priya Sharma", email: "p@example.com", contact: "+919876543210" },
    });

    options?.handler(CHECKOUT_RESULT);
    await waitFor(() =>
      expect(requests.find((r) => r.method === "POST" && r.path === "/api/payments")?.body).toEqual({
        order: ORDER_ID,
        paymentGateway: "razorpay",
        razorpayOrderId: CHECKOUT_RESULT.razorpay_order_id,
        razorpayPaymentId: CHECKOUT_RESULT.razorpay_payment_id,
        razorpaySignature: CHECKOUT_RESULT.razorpay_signature,
      }),
    );
    expect(toast.success).toHaveBeenCalledWith(successes.orderPaid);
    // The order read again: paid, by UPI through Razorpay, and no way to pay left.
    expect(await screen.findByText(/^Paid ₹115\.40$/)).toBeVisible();
    expect(
      screen.getByText(new RegExp(`${mail.gateways.razorpay} · ${mail.paymentMethods.upi} · `)),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: PAY_BUTTON })).toBeNull();
  });

  it("says Checkout was closed before paying, and opens it again on the next click", async () => {
    const { Razorpay, opened } = stubCheckout();
    vi.stubGlobal("Razorpay", Razorpay);
    renderPay();
    await userEvent.click(await screen.findByRole("button", { name: PAY_BUTTON }, { timeout: 5000 }));
    await waitFor(() => expect(opened).toHaveLength(1));

    opened[0]?.options.modal?.ondismiss?.();
    expect(await screen.findByRole("status")).toHaveTextContent(paymentOptions.razorpayDismissed);
    const button = screen.getByRole("button", { name: PAY_BUTTON });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says a failed attempt did not go through, still after Checkout is closed", async () => {
    const { Razorpay, opened } = stubCheckout();
    vi.stubGlobal("Razorpay", Razorpay);
    const { requests } = renderPay();
    await userEvent.click(await screen.findByRole("button", { name: PAY_BUTTON }, { timeout: 5000 }));
    await waitFor(() => expect(opened).toHaveLength(1));

    opened[0]?.failed?.({ error: { code: "BAD_REQUEST_ERROR", description: "Payment failed" } });
    const section = screen.getByRole("region", { name: paymentOptions.razorpay });
    expect(await within(section).findByRole("alert")).toHaveTextContent(paymentOptions.razorpayFailed);
    opened[0]?.options.modal?.ondismiss?.();
    expect(within(section).getByRole("alert")).toHaveTextContent(paymentOptions.razorpayFailed);
    expect(requests.some((r) => r.method === "POST" && r.path === "/api/payments")).toBe(false);
    expect(within(section).getByRole("button", { name: PAY_BUTTON })).toBeEnabled();
  });

  it("takes 'already paid' (the webhook came first) as paid, and reads the order again", async () => {
    const { Razorpay, opened } = stubCheckout();
    vi.stubGlobal("Razorpay", Razorpay);
    let settled = false;
    renderPay({
      routes: {
        "POST /api/payments": () => {
          settled = true;
          return { status: 409, message: apiMessages.alreadyPaid };
        },
        [`GET /api/orders/current-user/${ORDER_ID}`]: () => ({ data: settled ? paid : unpaid }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: PAY_BUTTON }, { timeout: 5000 }));
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.options.handler(CHECKOUT_RESULT);

    expect(await screen.findByText(/^Paid ₹115\.40$/)).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith(successes.orderPaid);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says so when Checkout's script cannot be loaded, and tries again on the next click", async () => {
    renderPay({
      routes: {
        "GET /api/payments/razorpay": {
          data: { keyId: RAZORPAY_ORDER.keyId, checkoutUrl: "https://checkout.test/offline.js" },
        },
      },
    });
    const button = await screen.findByRole("button", { name: PAY_BUTTON }, { timeout: 5000 });
    const selector = "script[src='https://checkout.test/offline.js']";
    const first = await waitFor(() => {
      const added = document.head.querySelector(selector);
      expect(added).not.toBeNull();
      return added;
    });
    first?.dispatchEvent(new Event("error"));
    // The failed script is taken away; the click adds a fresh one, which fails too.
    await waitFor(() => expect(first?.isConnected).toBe(false));
    await userEvent.click(button);
    const again = document.head.querySelector(selector);
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
    again?.dispatchEvent(new Event("error"));
    expect(await screen.findByRole("alert")).toHaveTextContent(paymentOptions.razorpayUnavailable);
    expect(screen.getByRole("button", { name: PAY_BUTTON })).toBeEnabled();
  });
});
