import { api as apiMessages, cashOnDelivery } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { paidOrder, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { PayPage } from "./pay-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;
// 115.40 to pay; with the 25 fee, 140.40 at the door.
const unpaid: OrderDto = { ...paidOrder, status: "pending", invoiceNumber: null, payment: null };
const PAYMENT_ID = "c0d0c0d0c0d0c0d0c0d0c0d0";
const toCollect: OrderDto = {
  ...unpaid,
  status: "processing",
  codFee: 25,
  totalAmount: 140.4,
  cashOnDelivery: { payment: PAYMENT_ID, collected: false },
  payment: {
    _id: PAYMENT_ID,
    status: "pending",
    paymentGateway: "cod",
    method: null,
    amount: 140.4,
    transactionId: `cod-${ORDER_ID}`,
    refundedAmount: 0,
    refunds: [],
  },
};
// As GET /api/config names it while on: among the ways to pay.
const offered = {
  ...publicConfig,
  cod: { enabled: true, maxOrderValue: 500, fee: 25 },
  paymentMethods: ["test" as const, "cod" as const],
};

function renderPay() {
  renderRoutes([{ path: "/account/pay/:orderId", element: <PayPage /> }], `/account/pay/${ORDER_ID}`);
}

describe("cash on delivery on the pay page", () => {
  it("offers it with the fee, confirms it, and then says the cash is to collect", async () => {
    let chosen = false;
    const { requests } = stubApi({
      "GET /api/config": { data: offered },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: () => ({ data: chosen ? toCollect : unpaid }),
      "POST /api/payments": () => {
        chosen = true;
        const { _id, status, paymentGateway, amount, transactionId } = toCollect.payment as NonNullable<
          OrderDto["payment"]
        >;
        return {
          status: 201,
          data: {
            _id,
            user: paidOrder.user,
            order: ORDER_ID,
            status,
            transactionId,
            amount,
            currency: "USD",
            paymentGateway,
            method: null,
            update_time: null,
            email_address: "priya@example.com",
            createdAt: "2026-11-25T10:00:00.000Z",
            refundedAmount: 0,
            refunds: [],
          },
        };
      },
    });
    renderPay();
    // The first render of the file loads the page's modules: more than the default second on a busy machine.
    const option = await screen.findByRole("region", { name: cashOnDelivery.option }, { timeout: 5000 });
    expect(option).toHaveTextContent(cashOnDelivery.optionHint("$140.40", "$25.00"));
    await userEvent.click(within(option).getByRole("button", { name: cashOnDelivery.confirm }));
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      order: ORDER_ID,
      paymentGateway: "cod",
    });
    expect(toast.success).toHaveBeenCalledWith(apiMessages.codChosen);
    expect((await screen.findAllByText(cashOnDelivery.toCollect)).length).toBeGreaterThan(0);
    expect(screen.getByText(cashOnDelivery.feeLine)).toBeVisible();
    expect(screen.queryByRole("region", { name: cashOnDelivery.option })).not.toBeInTheDocument();
  });

  it("offers nothing while the shop has it off", async () => {
    stubApi({
      "GET /api/config": { data: publicConfig },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
    });
    renderPay();
    expect(await screen.findByRole("button", { name: "Cancel order" })).toBeVisible();
    expect(screen.queryByRole("region", { name: cashOnDelivery.option })).not.toBeInTheDocument();
  });

  it("says the limit instead of a button past it", async () => {
    stubApi({
      "GET /api/config": { data: { ...offered, cod: { ...offered.cod, maxOrderValue: 140 } } },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
    });
    renderPay();
    const option = await screen.findByRole("region", { name: cashOnDelivery.option });
    expect(option).toHaveTextContent(cashOnDelivery.overLimit("$140.00"));
    expect(within(option).queryByRole("button")).not.toBeInTheDocument();
  });
});
