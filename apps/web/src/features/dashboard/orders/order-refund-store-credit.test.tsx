import { cashOnDelivery, refunds, storeCreditStaff } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { RefundDialog } from "./components/refund-dialog";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;
const payment = paidOrder.payment as NonNullable<OrderDto["payment"]>;
const collectedCod: OrderDto = {
  ...paidOrder,
  payment: { ...payment, paymentGateway: "cod", transactionId: `cod-${ORDER_ID}` },
};

async function refundByAmount(order: OrderDto) {
  const { requests } = stubApi({ [`POST /api/orders/${ORDER_ID}/refunds`]: { status: 201, data: order } });
  renderRoutes([{ path: "/", element: <RefundDialog order={order} onClose={() => undefined} /> }], "/");
  const dialog = await screen.findByRole("dialog");
  await userEvent.type(within(dialog).getByRole("textbox", { name: /reason/i }), "Arrived late");
  await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
  return { dialog, requests };
}

describe("the refund dialog's destination", () => {
  it("sends a refund to store credit, without a reference even for cash on delivery", async () => {
    const { dialog, requests } = await refundByAmount(collectedCod);
    expect(within(dialog).getByRole("radio", { name: storeCreditStaff.toPayment })).toBeChecked();
    expect(within(dialog).getByRole("textbox", { name: cashOnDelivery.reference })).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole("radio", { name: new RegExp(storeCreditStaff.toStoreCredit) }),
    );
    expect(within(dialog).queryByRole("textbox", { name: cashOnDelivery.reference })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(requests[0]?.body).toEqual({
      amount: collectedCod.totalAmount,
      reason: "Arrived late",
      to: "store_credit",
    });
  });

  it("offers only store credit for an order paid all with it", async () => {
    const byCredit: OrderDto = {
      ...paidOrder,
      storeCreditUsed: paidOrder.totalAmount,
      payment: { ...payment, paymentGateway: "store_credit", transactionId: `credit-${ORDER_ID}` },
    };
    const { dialog, requests } = await refundByAmount(byCredit);
    expect(within(dialog).getByRole("radio", { name: storeCreditStaff.toPayment })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(requests[0]?.body).toMatchObject({ to: "store_credit" });
  });
});
