import { empty, mail, paymentStates, refunds, tenderWords } from "@shop/shared/messages";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { PaymentsPage, type PaymentsView } from "./payments-page";

const payment: PaymentDto = {
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  user: {
    _id: "b1b1b1b1b1b1b1b1b1b1b1b1",
    name: { firstName: "Sam", lastName: "Shopper" },
    email: "shopper@example.com",
  },
  order: "c1c1c1c1c1c1c1c1c1c1c1c1",
  status: "partially_refunded",
  transactionId: "test_0123456789abcdef",
  amount: 185.02,
  tenders: [{ kind: "test", amount: 185.02 }],
  currency: "USD",
  paymentGateway: "test",
  method: null,
  update_time: null,
  email_address: "shopper@example.com",
  createdAt: "2026-11-25T10:00:00.000Z",
  refundedAmount: 10,
  refunds: [],
};

const meta = (total: number) => ({ page: 1, size: 10, total, pageCount: 1 });

function renderPayments(view: PaymentsView, routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(routes);
  renderRoutes(
    [{ path: "/dashboard/payments/*", element: <PaymentsPage view={view} /> }],
    "/dashboard/payments/x",
  );
  return stub;
}

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the payments list by state", () => {
  it("lists the partially refunded payments with what went back of each", async () => {
    const { requests } = renderPayments("partially-refunded", {
      "GET /api/payments/status/partially_refunded": { data: [payment], meta: meta(1) },
    });
    const table = await screen.findByRole("table", { name: "Partially refunded" });
    // The badge reads the state as the orders lists and their filter do, written as it is.
    const badge = within(table).getByText("Partially refunded", { selector: "span" });
    expect(badge).toHaveTextContent(/^Status: Partially refunded$/);
    expect(badge).toBeVisible();
    expect(badge).not.toHaveClass("capitalize");
    expect(paymentStates.labels.partially_refunded).toBe("Partially refunded");
    expect(within(table).getByText(refunds.refundedAmount("$10.00"))).toBeVisible();
    // Besides the shop's public config, which says whether COD remittances are linked.
    expect(requests.map((r) => r.path).filter((path) => path !== "/api/config")).toEqual([
      "/api/payments/status/partially_refunded",
    ]);
    // Every state has its list, SPEC's three first.
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(
      expect.arrayContaining([
        "All Payments",
        "Successful Payments",
        "Failed Payments",
        "Partially refunded",
        "Refunded",
      ]),
    );
  });

  it("names each payment's gateway with the method its provider reported", async () => {
    renderPayments("all", {
      "GET /api/payments": {
        data: [
          payment,
          {
            ...payment,
            _id: "a3a3a3a3a3a3a3a3a3a3a3a3",
            paymentGateway: "razorpay",
            method: "netbanking",
            currency: "INR",
          },
          { ...payment, _id: "a4a4a4a4a4a4a4a4a4a4a4a4", paymentGateway: "razorpay", method: "cardless_emi" },
        ],
        meta: meta(3),
      },
    });
    const table = await screen.findByRole("table");
    expect(within(table).getByText(mail.gateways.test)).toBeVisible();
    expect(
      within(table).getByText(`${mail.gateways.razorpay} · ${mail.paymentMethods.netbanking}`),
    ).toBeVisible();
    // A method the shop has no word for reads as Razorpay wrote it.
    expect(within(table).getByText(`${mail.gateways.razorpay} · cardless_emi`)).toBeVisible();
  });

  it("lists a payment made partly from store credit part by part, beside its amount", async () => {
    renderPayments("all", {
      "GET /api/payments": {
        data: [
          {
            ...payment,
            status: "completed",
            refundedAmount: 0,
            amount: 3548,
            currency: "INR",
            paymentGateway: "razorpay",
            method: "upi",
            tenders: [
              { kind: "store_credit", amount: 1299 },
              { kind: "razorpay", amount: 2249, method: "upi" },
            ],
          },
        ],
        meta: meta(1),
      },
    });
    const table = await screen.findByRole("table");
    const parts = within(table).getByRole("list", { name: tenderWords.label });
    expect(
      within(parts)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Store credit ₹1,299.00", "Razorpay · UPI ₹2,249.00"]);
    expect(within(table).getByText("₹3,548.00")).toBeVisible();
  });

  it("writes each payment in the currency it was taken in: dollars stay dollars in a rupee shop", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    renderPayments("partially-refunded", {
      "GET /api/payments/status/partially_refunded": {
        data: [payment, { ...payment, _id: "a2a2a2a2a2a2a2a2a2a2a2a2", currency: "INR", amount: 1500 }],
        meta: meta(2),
      },
    });
    const table = await screen.findByRole("table", { name: "Partially refunded" });
    expect(within(table).getByText("$185.02")).toBeVisible();
    expect(within(table).getByText(refunds.refundedAmount("$10.00"))).toBeVisible();
    expect(within(table).getByText("₹1,500.00")).toBeVisible();
    expect(within(table).getByText(refunds.refundedAmount("₹10.00"))).toBeVisible();
  });

  it("says so when no payment was refunded in full", async () => {
    renderPayments("refunded", { "GET /api/payments/status/refunded": { data: [], meta: meta(0) } });
    expect(await screen.findByText(empty.refundedPayments)).toBeVisible();
  });
});
