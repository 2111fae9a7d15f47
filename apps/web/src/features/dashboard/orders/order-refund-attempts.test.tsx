import { api as apiMessages, refunds, storeCreditStaff } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { tenderPart } from "@shop/shared/tenders";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { formatPrice } from "#web/lib/money";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderStatusDialog } from "./components/order-status-dialog";
import { RefundDialog } from "./components/refund-dialog";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const payment = paidOrder.payment as NonNullable<OrderDto["payment"]>;

/** The paid fixture order under its own id, so that the attempts of one test are not another's. */
function orderOf(id: string, changes: Partial<OrderDto> = {}): OrderDto {
  return { ...paidOrder, _id: id, ...changes };
}

const keyOf = (request: StubRequest | undefined) => request?.headers["idempotency-key"];
const writes = (requests: StubRequest[]) => requests.filter((request) => request.method !== "GET");

/** Opens the refund dialog on a goodwill amount, types `amount` and a reason, and confirms. */
async function refundAmount(order: OrderDto, amount: string, byStatus = false) {
  renderRoutes(
    [{ path: "/", element: <RefundDialog order={order} byStatus={byStatus} onClose={() => cleanup()} /> }],
    "/",
  );
  const dialog = await screen.findByRole("dialog", { name: refunds.title });
  const toggle = within(dialog).queryByRole("switch", { name: refunds.byAmount });
  if (toggle && toggle.getAttribute("aria-checked") !== "true") await userEvent.click(toggle);
  const field = within(dialog).getByLabelText(`${refunds.amount} ($)`);
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  const reason = within(dialog).getByLabelText(refunds.reason);
  await userEvent.clear(reason);
  await userEvent.type(reason, "Arrived late");
  await userEvent.click(within(dialog).getByRole("button", { name: /^Refund/ }));
  return dialog;
}

describe("the refund dialog's Idempotency-Key", () => {
  it("sends the same key on a retry after a failure, even from the dialog opened again; a new one once the amount changes or the refund succeeded", async () => {
    const order = orderOf("3a3a3a3a3a3a3a3a3a3a3a3a");
    let failing = true;
    const { requests } = stubApi({
      [`POST /api/orders/${order._id}/refunds`]: () =>
        failing
          ? { status: 503, message: apiMessages.paymentProviderUnavailable }
          : { status: 201, data: order },
    });
    const dialog = await refundAmount(order, "10");
    expect(await within(dialog).findByText(apiMessages.paymentProviderUnavailable)).toBeVisible();
    // The same click again: the same key.
    await userEvent.click(within(dialog).getByRole("button", { name: /^Refund/ }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    const first = keyOf(writes(requests)[0]);
    expect(first).toMatch(/.{16,}/);
    expect(keyOf(writes(requests)[1])).toBe(first);

    // Closed and opened again with the same refund: still the same key.
    cleanup();
    await refundAmount(order, "10");
    await waitFor(() => expect(writes(requests)).toHaveLength(3));
    expect(keyOf(writes(requests)[2])).toBe(first);

    // Another amount is another refund: a new key.
    cleanup();
    failing = false;
    await refundAmount(order, "11");
    await waitFor(() => expect(writes(requests)).toHaveLength(4));
    const second = keyOf(writes(requests)[3]);
    expect(second).not.toBe(first);
    expect(writes(requests)[3]?.body).toMatchObject({ amount: 11 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(apiMessages.refundRecorded));

    // That one succeeded: the same amount again is a new refund, with a new key.
    cleanup();
    await refundAmount(order, "11");
    await waitFor(() => expect(writes(requests)).toHaveLength(5));
    expect([first, second]).not.toContain(keyOf(writes(requests)[4]));
  });

  it("keeps the key of a refund the server is checking (202), and says so in the server's words", async () => {
    const order = orderOf("3b3b3b3b3b3b3b3b3b3b3b3b");
    const { requests } = stubApi({
      [`POST /api/orders/${order._id}/refunds`]: {
        status: 202,
        data: order,
        message: apiMessages.refundBeingChecked,
      },
    });
    const dialog = await refundAmount(order, "20");
    expect(await within(dialog).findByRole("status")).toHaveTextContent(apiMessages.refundBeingChecked);
    expect(toast.success).not.toHaveBeenCalledWith(apiMessages.refundRecorded);
    cleanup();
    await refundAmount(order, "20");
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(keyOf(writes(requests)[1])).toBe(keyOf(writes(requests)[0]));

    // The whole refund from the status keeps a key of its own, apart from the Refund button's.
    cleanup();
    await refundAmount(order, "20", true);
    await waitFor(() => expect(writes(requests)).toHaveLength(3));
    expect(keyOf(writes(requests)[2])).not.toBe(keyOf(writes(requests)[0]));
  });

  it("sends Refunded set by the status dialog with a key, the same on a retry until it succeeds", async () => {
    const order = orderOf("3d3d3d3d3d3d3d3d3d3d3d3d");
    let answers = 0;
    const { requests } = stubApi({
      [`PATCH /api/orders/${order._id}/update`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 503, message: apiMessages.paymentProviderUnavailable }
          : { status: 200, data: { ...order, status: "refunded" } };
      },
    });
    renderRoutes(
      [{ path: "/", element: <OrderStatusDialog order={order} open onClose={() => undefined} /> }],
      "/",
    );
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("radio", { name: "refunded" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(apiMessages.paymentProviderUnavailable));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    const [first, retry] = writes(requests);
    expect(keyOf(first)).toMatch(/.{16,}/);
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(retry?.body).toEqual({ orderId: order._id, status: "refunded" });
  });
});

describe("the refund dialog for an order partly paid by store credit", () => {
  // ₹3,548 paid ₹1,299 from store credit and ₹2,249 through Razorpay by UPI.
  const rupees = (amount: number) => formatPrice(amount, "INR");
  const order = orderOf("3e3e3e3e3e3e3e3e3e3e3e3e", {
    currency: "INR",
    totalAmount: 3548,
    storeCreditUsed: 1299,
    payment: {
      ...payment,
      paymentGateway: "razorpay",
      method: "upi",
      amount: 3548,
      transactionId: "pay_Fake0000000001",
    },
  });

  async function openByAmount() {
    const { requests } = stubApi({ [`POST /api/orders/${order._id}/refunds`]: { status: 201, data: order } });
    renderRoutes([{ path: "/", element: <RefundDialog order={order} onClose={() => cleanup()} /> }], "/");
    const dialog = await screen.findByRole("dialog", { name: refunds.title });
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Arrived damaged");
    return { dialog, requests };
  }

  it("shows each part with where it goes, back to where it came from, and sends them as one split refund", async () => {
    const { dialog, requests } = await openByAmount();
    expect(within(dialog).getByRole("radio", { name: new RegExp(storeCreditStaff.toSplit) })).toBeChecked();
    expect(within(dialog).getByText(tenderPart(storeCreditStaff.toStoreCredit, rupees(1299)))).toBeVisible();
    expect(within(dialog).getByText(tenderPart("Razorpay · UPI", rupees(2249)))).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount(rupees(3548)) }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toEqual({
      amount: 3548,
      reason: "Arrived damaged",
      to: "split",
      toStoreCredit: 1299,
    });
  });

  it("lets staff choose the store credit part, the rest going to the payment", async () => {
    const { dialog, requests } = await openByAmount();
    const part = within(dialog).getByLabelText(`${storeCreditStaff.splitPart} (₹)`);
    // The whole refund is the most of it that can go to store credit.
    expect(part).toHaveAccessibleDescription(
      `${storeCreditStaff.splitPartHint} ${storeCreditStaff.splitPartMost(rupees(3548))}`,
    );
    expect(part).toHaveAttribute("max", "3548");
    await userEvent.type(part, "500");
    expect(within(dialog).getByText(tenderPart("Razorpay · UPI", rupees(3048)))).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount(rupees(3548)) }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({ to: "split", toStoreCredit: 500 });
  });
});
