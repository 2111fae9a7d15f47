import { storeCreditPay } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { PayPage } from "./pay-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;
// 115.40 to pay.
const unpaid: OrderDto = { ...paidOrder, status: "pending", invoiceNumber: null, payment: null };
const OPTIONS_PATH = `GET /api/orders/current-user/${ORDER_ID}/payment-options`;
const CREDIT_PATH = `/api/orders/current-user/${ORDER_ID}/store-credit`;
const config = { ...publicConfig, paymentMethods: ["test" as const] };
const optionsWith = (storeCredit: { balance: number; applied: number; due: number; applicable: number }) => ({
  cod: { offered: false, reason: null, fee: 0, total: 115.4 },
  online: { saving: 0, total: 115.4 },
  storeCredit,
});

function renderPay() {
  renderRoutes([{ path: "/account/pay/:orderId", element: <PayPage /> }], `/account/pay/${ORDER_ID}`);
}

const region = () => screen.findByRole("region", { name: /Use store credit/ }, { timeout: 5000 });

describe("store credit on the pay page", () => {
  it("pays all of the order with credit that covers it", async () => {
    const { requests } = stubApi({
      "GET /api/config": { data: config },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: { data: optionsWith({ balance: 200, applied: 0, due: 115.4, applicable: 0 }) },
      "POST /api/payments": {
        status: 201,
        data: {
          _id: "5c5c5c5c5c5c5c5c5c5c5c5c",
          user: paidOrder.user,
          order: ORDER_ID,
          status: "completed",
          transactionId: `credit-${ORDER_ID}`,
          amount: 115.4,
          currency: "USD",
          paymentGateway: "store_credit",
          method: null,
          update_time: "2026-11-25T10:00:00.000Z",
          email_address: "priya@example.com",
          createdAt: "2026-11-25T10:00:00.000Z",
          refundedAmount: 0,
          refunds: [],
        },
      },
    });
    renderPay();
    const option = await region();
    expect(option).toHaveAccessibleName(storeCreditPay.use("$200.00"));
    await userEvent.click(within(option).getByRole("button", { name: storeCreditPay.payAll("$115.40") }));
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      order: ORDER_ID,
      paymentGateway: "store_credit",
    });
  });

  it("applies credit that pays part, then shows what is left to pay and the card form for it", async () => {
    let applied = false;
    const { requests } = stubApi({
      "GET /api/config": { data: config },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: () => ({
        data: { ...unpaid, storeCreditUsed: applied ? 40 : 0 },
      }),
      [OPTIONS_PATH]: () => ({
        data: optionsWith(
          applied
            ? { balance: 0, applied: 40, due: 75.4, applicable: 0 }
            : { balance: 40, applied: 0, due: 115.4, applicable: 40 },
        ),
      }),
      [`PUT ${CREDIT_PATH}`]: () => {
        applied = true;
        return { data: { applied: 40, due: 75.4 } };
      },
    });
    renderPay();
    const option = await region();
    await userEvent.click(within(option).getByRole("button", { name: storeCreditPay.applyPart("$40.00") }));
    expect(requests.some((r) => r.method === "PUT" && r.path === CREDIT_PATH)).toBe(true);
    expect(await within(option).findByText("−$40.00")).toBeVisible();
    expect(within(option).getByText(storeCreditPay.toPay).nextSibling).toHaveTextContent("$75.40");
    expect(within(option).getByRole("button", { name: storeCreditPay.remove })).toBeVisible();
  });

  it("offers nothing to a shopper without credit", async () => {
    stubApi({
      "GET /api/config": { data: config },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: { data: optionsWith({ balance: 0, applied: 0, due: 115.4, applicable: 0 }) },
    });
    renderPay();
    expect(await screen.findByRole("button", { name: /Pay/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole("region", { name: /Use store credit/ })).not.toBeInTheDocument();
  });

  it("offers to apply what the server says applying takes: less than the balance where it leaves the provider's minimum", async () => {
    stubApi({
      "GET /api/config": { data: config },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: { data: optionsWith({ balance: 115, applied: 0, due: 115.4, applicable: 114.4 }) },
    });
    renderPay();
    const option = await region();
    expect(within(option).getByRole("button", { name: storeCreditPay.applyPart("$114.40") })).toBeVisible();
    expect(within(option).queryByRole("button", { name: storeCreditPay.applyPart("$115.00") })).toBeNull();
  });
});
