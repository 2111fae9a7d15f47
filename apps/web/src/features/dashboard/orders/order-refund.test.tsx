import { api as apiMessages, refunds } from "@shop/shared/messages";
import type { OrderDto, RefundDto } from "@shop/shared/schemas/order";
import type { RefundInput } from "@shop/shared/schemas/refund";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const order: OrderDto = {
  ...paidOrder,
  products: [
    {
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
      product: { _id: "e5e5e5e5e5e5e5e5e5e5e5e5", name: "Trail Tee", thumbnail: null },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: "TEE-M-BLACK", options: { Size: "M" } },
      name: "Trail Tee",
      price: 30,
      originalPrice: 30,
      savedAmount: 0,
      discountShare: 0,
      quantity: 2,
      taxRate: 18,
      hsnCode: null,
    },
  ],
};

function renderOrder() {
  return renderRoutes(
    [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
    `/dashboard/orders/order/${order._id}`,
  );
}

describe("refunding from the dashboard order page", () => {
  it("offers what remains, refuses more before asking, and shows the refund with its credit note", async () => {
    const refund: RefundDto = {
      _id: "7a7a7a7a7a7a7a7a7a7a7a7a",
      amount: 10,
      reason: "Scratched",
      at: "2026-11-21T10:00:00.000Z",
      by: { name: "Asha Admin", role: "admin" },
      providerRefundId: "test_refund_1",
      reference: null,
      creditNoteNumber: "CN/2026-27/000003",
      restock: [{ line: "f1f1f1f1f1f1f1f1f1f1f1f1", quantity: 1 }],
    };
    // The server's order: as placed, then with the refund once it is made.
    let current = order;
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: () => ({ data: current }),
      [`POST /api/orders/${order._id}/refunds`]: (request: StubRequest) => {
        current = {
          ...order,
          payment: order.payment && {
            ...order.payment,
            refundedAmount: (request.body as RefundInput).amount,
            refunds: [refund],
          },
        };
        return { status: 201, data: current };
      },
    });
    renderOrder();
    await userEvent.click(await screen.findByRole("button", { name: refunds.refund }));
    const dialog = await screen.findByRole("dialog", { name: refunds.title });
    const amount = within(dialog).getByLabelText(`${refunds.amount} ($)`);
    expect(amount).toHaveValue(115.4);

    await userEvent.clear(amount);
    await userEvent.type(amount, "200");
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Scratched");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$200.00") }));
    expect(await within(dialog).findByText(apiMessages.refundTooMuch("$115.40"))).toBeVisible();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, "10");
    const units = within(dialog).getByRole("spinbutton", { name: /Trail Tee/ });
    await userEvent.clear(units);
    await userEvent.type(units, "1");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$10.00") }));

    expect(await screen.findByText(refunds.partiallyRefunded("$10.00"))).toBeVisible();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      amount: 10,
      reason: "Scratched",
      restock: [{ line: "f1f1f1f1f1f1f1f1f1f1f1f1", quantity: 1 }],
    });
    expect(toast.success).toHaveBeenCalledWith(apiMessages.refundRecorded);
    expect(screen.getByText(refunds.refundedTotal("$10.00", "$115.40"))).toBeVisible();
    expect(screen.getByRole("link", { name: refunds.creditNote("CN/2026-27/000003") })).toHaveAttribute(
      "href",
      `/api/orders/${order._id}/credit-notes/${refund._id}.pdf`,
    );
  });

  it("choosing Refunded as the status shows the amount and refunds nothing until it is confirmed", async () => {
    let current = order;
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: () => ({ data: current }),
      [`POST /api/orders/${order._id}/refunds`]: (request: StubRequest) => {
        const input = request.body as RefundInput;
        current = {
          ...order,
          status: "refunded",
          payment: order.payment && { ...order.payment, status: "refunded", refundedAmount: input.amount },
        };
        return { status: 201, data: current };
      },
    });
    renderOrder();
    // One status control on the page.
    const change = await screen.findByRole("button", { name: "Change status" });
    expect(screen.queryByRole("button", { name: "Update status" })).toBeNull();

    // Cancelled at the refund dialog: nothing was sent.
    await userEvent.click(change);
    let statusDialog = await screen.findByRole("dialog", { name: "Update order status" });
    await userEvent.click(within(statusDialog).getByRole("radio", { name: "refunded" }));
    await userEvent.click(within(statusDialog).getByRole("button", { name: refunds.continueToRefund }));
    let dialog = await screen.findByRole("dialog", { name: refunds.title });
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.cancel }));
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);

    await userEvent.click(change);
    statusDialog = await screen.findByRole("dialog", { name: "Update order status" });
    await userEvent.click(within(statusDialog).getByRole("radio", { name: "refunded" }));
    await userEvent.click(within(statusDialog).getByRole("button", { name: refunds.continueToRefund }));
    dialog = await screen.findByRole("dialog", { name: refunds.title });
    expect(within(dialog).getByText(refunds.byStatus)).toBeVisible();
    // Filled with what remains, the reason, and the units of an order that never left.
    expect(within(dialog).getByLabelText(`${refunds.amount} ($)`)).toHaveValue(115.4);
    expect(within(dialog).getByLabelText(refunds.reason)).toHaveValue(refunds.wholeOrderReason);
    expect(within(dialog).getByRole("spinbutton", { name: /Trail Tee/ })).toHaveValue(2);
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$115.40") }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: refunds.title })).toBeNull());
    expect(requests.filter((r) => r.method !== "GET")).toEqual([
      expect.objectContaining({
        method: "POST",
        body: {
          amount: 115.4,
          reason: refunds.wholeOrderReason,
          restock: [{ line: "f1f1f1f1f1f1f1f1f1f1f1f1", quantity: 2 }],
        },
      }),
    ]);
  });
});
