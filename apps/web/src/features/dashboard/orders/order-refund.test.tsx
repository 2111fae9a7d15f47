import { api as apiMessages, refunds } from "@shop/shared/messages";
import type { OrderDto, RefundDto } from "@shop/shared/schemas/order";
import type { RefundInput } from "@shop/shared/schemas/refund";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const SHIRT = "f1f1f1f1f1f1f1f1f1f1f1f1";
const MUG = "f2f2f2f2f2f2f2f2f2f2f2f2";
const CAP = "f3f3f3f3f3f3f3f3f3f3f3f3";

function line(
  _id: string,
  name: string,
  options: Record<string, string>,
  figures: Partial<OrderDto["products"][number]>,
) {
  return {
    _id,
    product: { _id: `e${_id.slice(1)}`, name, thumbnail: null },
    variant: { _id: `d${_id.slice(1)}`, sku: name.toUpperCase(), options },
    name,
    price: 0,
    originalPrice: 0,
    savedAmount: 0,
    discountShare: 0,
    quantity: 1,
    taxRate: 18,
    hsnCode: "6109",
    taxableValue: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    ...figures,
  };
}

// Two shirts ($118), three mugs ($100 + $9 + $9: a third of it falls between cents), a cap at 5%
// ($21) and shipping of $80 taxed at 18% on top ($94.40): $351.40 paid.
const order: OrderDto = {
  ...paidOrder,
  totalAmount: 351.4,
  subTotal: 257,
  taxAmount: 51.4,
  shippingAmount: 80,
  supplyType: "intra-state",
  shippingGst: { rate: 18, taxableValue: 80, cgst: 7.2, sgst: 7.2, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  products: [
    line(SHIRT, "Trail Tee", { Size: "M" }, { quantity: 2, price: 59, taxableValue: 100, cgst: 9, sgst: 9 }),
    line(MUG, "Enamel Mug", {}, { quantity: 3, price: 39.33, taxableValue: 100, cgst: 9, sgst: 9 }),
    line(CAP, "Cap", {}, { quantity: 1, price: 21, taxRate: 5, taxableValue: 20, cgst: 0.5, sgst: 0.5 }),
  ],
  payment: paidOrder.payment && { ...paidOrder.payment, amount: 351.4 },
};

function renderOrder() {
  return renderRoutes(
    [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
    `/dashboard/orders/order/${order._id}`,
  );
}

async function openRefundDialog() {
  renderOrder();
  await userEvent.click(await screen.findByRole("button", { name: refunds.refund }));
  return screen.findByRole("dialog", { name: refunds.title });
}

async function more(dialog: HTMLElement, label: string, times: number) {
  for (let i = 0; i < times; i += 1)
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.moreOf(label) }));
}

const posts = (requests: StubRequest[]) => requests.filter((request) => request.method === "POST");

describe("refunding from the dashboard order page", () => {
  it("works out two of three lines as the server does, sends the lines, and lists the credit note's lines", async () => {
    const refund: RefundDto = {
      _id: "7a7a7a7a7a7a7a7a7a7a7a7a",
      amount: 196.67,
      reason: "Came back unworn",
      at: "2026-11-21T10:00:00.000Z",
      by: { name: "Asha Admin", role: "admin" },
      providerRefundId: "test_refund_1",
      reference: null,
      creditNoteNumber: "CN/2026-27/000003",
      moneyBack: true,
      restock: [
        { line: SHIRT, quantity: 2 },
        { line: MUG, quantity: 2 },
      ],
      lines: [
        {
          kind: "goods",
          line: SHIRT,
          quantity: 2,
          taxableValue: 100,
          rate: 18,
          cgst: 9,
          sgst: 9,
          igst: 0,
          total: 118,
        },
        {
          kind: "goods",
          line: MUG,
          quantity: 2,
          taxableValue: 66.67,
          rate: 18,
          cgst: 6,
          sgst: 6,
          igst: 0,
          total: 78.67,
        },
      ],
    };
    let current = order;
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: () => ({ data: current }),
      [`POST /api/orders/${order._id}/refunds`]: () => {
        current = {
          ...order,
          payment: order.payment && {
            ...order.payment,
            status: "partially_refunded",
            refundedAmount: 196.67,
            refunds: [refund],
          },
        };
        return { status: 201, data: current };
      },
    });
    const dialog = await openRefundDialog();
    // Each line with its units left and what one of them gives back.
    expect(within(dialog).getByText(refunds.unitsLeft(3, "$39.33"))).toBeVisible();
    expect(within(dialog).getByText("Size: M")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: refunds.submit })).toBeVisible();

    await more(dialog, "Trail Tee (M)", 2);
    // Two mugs of three: $66.67 of value and $6 + $6 of GST, not two thirds of $118 ($78.66).
    await userEvent.type(
      within(dialog).getByRole("spinbutton", { name: refunds.unitsOf("Enamel Mug") }),
      "{Backspace}2",
    );
    await userEvent.click(within(dialog).getByRole("checkbox", { name: refunds.restockAll }));
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Came back unworn");
    expect(within(dialog).getByText(refunds.worksOutTo("$196.67", "$30.00"))).toBeVisible();
    // The plus stops at what is left.
    expect(within(dialog).getByRole("button", { name: refunds.moreOf("Trail Tee (M)") })).toBeDisabled();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$196.67") }));

    expect(await screen.findByText(refunds.partiallyRefunded("$196.67"))).toBeVisible();
    expect(posts(requests).map((r) => r.body)).toEqual([
      {
        lines: [
          { line: SHIRT, quantity: 2 },
          { line: MUG, quantity: 2 },
        ],
        shipping: false,
        codFee: false,
        restock: true,
        reason: "Came back unworn",
      } satisfies RefundInput,
    ]);
    expect(toast.success).toHaveBeenCalledWith(apiMessages.refundRecorded);
    expect(screen.getByText("2 × Trail Tee, 2 × Enamel Mug")).toBeVisible();
    expect(screen.getByRole("link", { name: refunds.creditNote("CN/2026-27/000003") })).toHaveAttribute(
      "href",
      `/api/orders/${order._id}/credit-notes/${refund._id}.pdf`,
    );
  });

  it("adds shipping when it is ticked", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/refunds`]: { status: 201, data: order },
    });
    const dialog = await openRefundDialog();
    await more(dialog, "Cap", 1);
    expect(within(dialog).getByRole("button", { name: refunds.submitAmount("$21.00") })).toBeVisible();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: refunds.shipping("$94.40") }));
    expect(within(dialog).getByText(refunds.worksOutTo("$115.40", "$15.40"))).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Late");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$115.40") }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      lines: [{ line: CAP, quantity: 1 }],
      shipping: true,
      codFee: false,
      restock: false,
      reason: "Late",
    });
  });

  it("shows a server's refusal of a line's units at that line", async () => {
    const refused = apiMessages.refundLineTooMany(0);
    stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      // The request's first line is the form's third: the cap.
      [`POST /api/orders/${order._id}/refunds`]: {
        status: 400,
        message: refused,
        errors: { "lines.0.quantity": refused },
      },
    });
    const dialog = await openRefundDialog();
    await more(dialog, "Cap", 1);
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Faded");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$21.00") }));
    const cap = within(dialog).getByRole("spinbutton", { name: refunds.unitsOf("Cap") });
    await waitFor(() =>
      expect(cap).toHaveAccessibleDescription(`${refunds.unitsLeft(1, "$21.00")} ${refused}`),
    );
    expect(cap).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getAllByText(refused)).toHaveLength(1);
    expect(
      within(dialog).getByRole("spinbutton", { name: refunds.unitsOf("Enamel Mug") }),
    ).not.toHaveAttribute("aria-invalid");
  });

  it("asks for something to refund before sending anything", async () => {
    const { requests } = stubApi({ [`GET /api/orders/${order._id}`]: { data: order } });
    const dialog = await openRefundDialog();
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Nothing");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submit }));
    expect(await within(dialog).findByText(apiMessages.refundLinesEmpty)).toBeVisible();
    expect(posts(requests)).toEqual([]);
  });

  it("refunds a goodwill amount instead, bounded by what remains", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/refunds`]: { status: 201, data: order },
    });
    const dialog = await openRefundDialog();
    expect(within(dialog).queryByLabelText(`${refunds.amount} ($)`)).toBeNull();
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    const amount = within(dialog).getByLabelText(`${refunds.amount} ($)`);
    expect(amount).toHaveValue(351.4);
    expect(amount).toHaveAccessibleDescription(refunds.amountHint("$351.40"));
    // No goods in a goodwill refund.
    expect(within(dialog).queryByRole("spinbutton", { name: refunds.unitsOf("Cap") })).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, "400");
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Sorry for the wait");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$400.00") }));
    expect(await within(dialog).findByText(apiMessages.refundTooMuch("$351.40"))).toBeVisible();
    expect(posts(requests)).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, "10");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$10.00") }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({ amount: 10, reason: "Sorry for the wait" });
  });

  it("says a refund the provider pays out later (202) is sent, in the dialog and not as a success", async () => {
    const byRazorpay: OrderDto = {
      ...order,
      currency: "INR",
      payment: order.payment && { ...order.payment, paymentGateway: "razorpay", method: "upi" },
    };
    stubApi({
      [`GET /api/orders/${order._id}`]: { data: byRazorpay },
      // Not recorded yet: the order as it was.
      [`POST /api/orders/${order._id}/refunds`]: {
        status: 202,
        data: byRazorpay,
        message: apiMessages.refundPending,
      },
    });
    const dialog = await openRefundDialog();
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Wrong size");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("₹351.40") }));

    expect(await within(dialog).findByRole("status")).toHaveTextContent(apiMessages.refundPending);
    expect(toast.success).not.toHaveBeenCalled();
    // The footer's Close, after the title's.
    const close = within(dialog).getAllByRole("button", { name: refunds.close }).at(-1);
    if (close) await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes with the success toast once the refund is recorded (201)", async () => {
    stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/refunds`]: { status: 201, data: order },
    });
    const dialog = await openRefundDialog();
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    await userEvent.type(within(dialog).getByLabelText(refunds.reason), "Wrong size");
    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$351.40") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith(apiMessages.refundRecorded);
  });

  it("choosing Refunded as the status chooses everything left and refunds nothing until it is confirmed", async () => {
    let current = order;
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: () => ({ data: current }),
      [`POST /api/orders/${order._id}/refunds`]: () => {
        current = {
          ...order,
          status: "refunded",
          payment: order.payment && { ...order.payment, status: "refunded", refundedAmount: 351.4 },
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
    // Everything left is chosen, with the reason, and the units of an order that never left go back to stock.
    expect(within(dialog).getByRole("spinbutton", { name: refunds.unitsOf("Trail Tee (M)") })).toHaveValue(2);
    expect(within(dialog).getByRole("spinbutton", { name: refunds.unitsOf("Enamel Mug") })).toHaveValue(3);
    expect(within(dialog).getByRole("checkbox", { name: refunds.shipping("$94.40") })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: refunds.restockAll })).toBeChecked();
    expect(within(dialog).getByLabelText(refunds.reason)).toHaveValue(refunds.wholeOrderReason);
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: refunds.submitAmount("$351.40") }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: refunds.title })).toBeNull());
    expect(requests.filter((r) => r.method !== "GET")).toEqual([
      expect.objectContaining({
        method: "POST",
        body: {
          lines: [
            { line: SHIRT, quantity: 2 },
            { line: MUG, quantity: 3 },
            { line: CAP, quantity: 1 },
          ],
          shipping: true,
          codFee: false,
          restock: true,
          reason: refunds.wholeOrderReason,
        },
      }),
    ]);
  });
});

describe("the refund dialog's currency", () => {
  const RUPEE_SHOP = { store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } };
  afterEach(() => {
    setShopSettings(DEFAULT_PAGE_SETTINGS);
  });

  async function goodwillAmount(currency: string) {
    setShopSettings(RUPEE_SHOP);
    stubApi({ [`GET /api/orders/${order._id}`]: { data: { ...order, currency } } });
    const dialog = await openRefundDialog();
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    return dialog;
  }

  it('names the amount in the rupees it is paid back in: "Amount (₹)" beside "Up to ₹351.40"', async () => {
    const dialog = await goodwillAmount("INR");
    expect(within(dialog).getByLabelText("Amount (₹)")).toHaveAccessibleDescription(
      refunds.amountHint("₹351.40"),
    );
  });

  it("pays back an order placed in dollars before the shop turned to rupees in dollars", async () => {
    const dialog = await goodwillAmount("USD");
    expect(within(dialog).getByLabelText("Amount ($)")).toHaveAccessibleDescription(
      refunds.amountHint("$351.40"),
    );
    expect(within(dialog).getByRole("button", { name: refunds.submitAmount("$351.40") })).toBeVisible();
  });
});
