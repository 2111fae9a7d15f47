import { api as apiMessages, cashOnDelivery, codConfirmation, codRefusals } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, waitFor, within } from "@testing-library/react";
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
  codConfirmation: "pending",
  payment: {
    _id: PAYMENT_ID,
    status: "pending",
    paymentGateway: "cod",
    method: null,
    amount: 140.4,
    tenders: [{ kind: "cod", amount: 140.4 }],
    transactionId: `cod-${ORDER_ID}`,
    refundedAmount: 0,
    refunds: [],
  },
};
// As GET /api/config names it while on: among the ways to pay.
const offered = {
  ...publicConfig,
  cod: { enabled: true, maxOrderValue: 500, fee: 25, confirmHours: 48 },
  paymentMethods: ["test" as const, "cod" as const],
};
const OPTIONS_PATH = `GET /api/orders/current-user/${ORDER_ID}/payment-options`;
/** As the server answers for the order: cash on delivery offered at 140.40 with its fee, nothing off online. */
const options = {
  cod: { offered: true, reason: null, fee: 25, total: 140.4 },
  online: { saving: 0, total: 115.4 },
  storeCredit: { balance: 0, applied: 0, due: 115.4, applicable: 0 },
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
      [OPTIONS_PATH]: { data: options },
      "POST /api/payments": () => {
        chosen = true;
        const { _id, status, paymentGateway, amount, tenders, transactionId } =
          toCollect.payment as NonNullable<OrderDto["payment"]>;
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
            tenders,
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
    // It ships once the shopper confirms it: the page asks, with the button the email's link matches.
    expect(screen.getByRole("region", { name: codConfirmation.awaitingYours })).toBeVisible();
  });

  it("confirms a cash on delivery order waiting for the shopper, who sees it ready to ship", async () => {
    let confirmed = false;
    const { requests } = stubApi({
      "GET /api/config": { data: offered },
      [`GET /api/orders/current-user/${ORDER_ID}`]: () => ({
        data: confirmed ? { ...toCollect, codConfirmation: "confirmed" } : toCollect,
      }),
      [`POST /api/orders/${ORDER_ID}/confirm-cod`]: () => {
        confirmed = true;
        return {
          message: codConfirmation.confirmed,
          data: { _id: ORDER_ID, number: toCollect.number, codConfirmation: "confirmed" },
        };
      },
    });
    renderPay();
    const prompt = await screen.findByRole("region", { name: codConfirmation.awaitingYours });
    // Placed on 5 January 2026 (the fixture's day): 48 hours to confirm.
    await waitFor(() => expect(prompt).toHaveTextContent("Jan 7, 2026"));
    expect(screen.getAllByText(codConfirmation.awaiting).length).toBeGreaterThan(0);
    await userEvent.click(within(prompt).getByRole("button", { name: codConfirmation.confirm }));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      path: `/api/orders/${ORDER_ID}/confirm-cod`,
      body: {},
    });
    expect(toast.success).toHaveBeenCalledWith(codConfirmation.confirmed);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: codConfirmation.awaitingYours })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(codConfirmation.awaiting)).not.toBeInTheDocument();
  });

  it("says what paying online saves beside cash on delivery, and the card is for the server's online total", async () => {
    stubApi({
      "GET /api/config": { data: offered },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: { data: { ...options, online: { saving: 23.6, total: 91.8 } } },
    });
    renderPay();
    const option = await screen.findByRole("region", { name: cashOnDelivery.option });
    expect(await within(option).findByText(codConfirmation.onlineSaving("$23.60"))).toBeVisible();
    expect(await screen.findByRole("button", { name: /Pay \$91\.80/ })).toBeVisible();
  });

  it("says why the server does not offer it for this order, without a button", async () => {
    stubApi({
      "GET /api/config": { data: offered },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: {
        data: {
          ...options,
          cod: { ...options.cod, offered: false, reason: codRefusals.pincodeBlocked("400002") },
        },
      },
    });
    renderPay();
    const option = await screen.findByRole("region", { name: cashOnDelivery.option });
    expect(await within(option).findByText(codRefusals.pincodeBlocked("400002"))).toBeVisible();
    expect(within(option).queryByRole("button")).not.toBeInTheDocument();
    expect(within(option).queryByText(/Pay online and save/)).not.toBeInTheDocument();
  });

  it("offers nothing while the shop has it off", async () => {
    stubApi({
      "GET /api/config": { data: publicConfig },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: { data: { ...options, cod: { ...options.cod, offered: false } } },
    });
    renderPay();
    expect(await screen.findByRole("button", { name: "Cancel order" })).toBeVisible();
    expect(screen.queryByRole("region", { name: cashOnDelivery.option })).not.toBeInTheDocument();
  });

  it("says the limit instead of a button past it", async () => {
    stubApi({
      "GET /api/config": { data: offered },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null, currency: "USD" } },
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      [OPTIONS_PATH]: {
        data: {
          ...options,
          cod: { ...options.cod, offered: false, reason: apiMessages.codOverLimit("$140.00") },
        },
      },
    });
    renderPay();
    const option = await screen.findByRole("region", { name: cashOnDelivery.option });
    expect(await within(option).findByText(apiMessages.codOverLimit("$140.00"))).toBeVisible();
    expect(within(option).queryByRole("button")).not.toBeInTheDocument();
  });
});
