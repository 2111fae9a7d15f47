import {
  api as apiMessages,
  cashOnDelivery,
  codConfirmation,
  documents,
  refunds,
} from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ReturnDto } from "@shop/shared/schemas/returns";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ReturnActionDialog } from "../returns/components/return-action-dialog";
import { RefundDialog } from "./components/refund-dialog";
import { OrderPage as DashboardOrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const ORDER_ID = paidOrder._id;
// A cash on delivery order: 115.40 and the 25 fee, 140.40 to collect at the door.
const unpaid: OrderDto = { ...paidOrder, status: "pending", invoiceNumber: null, payment: null };
const PAYMENT_ID = "c0d0c0d0c0d0c0d0c0d0c0d0";
const toCollect: OrderDto = {
  ...unpaid,
  status: "processing",
  codFee: 25,
  totalAmount: 140.4,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: { payment: PAYMENT_ID, collected: false },
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

// Confirmed, and its parcel out: the cash can have been collected.
const parcelOut: OrderDto = {
  ...toCollect,
  status: "shipped",
  codConfirmation: "confirmed",
  shipments: [
    {
      _id: "5417e0005417e0005417e000",
      carrier: "Other",
      trackingNumber: "HAND-1",
      trackingUrl: null,
      lines: toCollect.products.map((line) => ({ line: line._id, quantity: line.quantity })),
      shippedAt: "2026-03-02T10:00:00.000Z",
      deliveredAt: null,
      returnedToOriginAt: null,
      returnedToOriginReason: null,
      provider: null,
      trackingStatus: null,
      trackedAt: null,
      labelUrl: null,
      ewaybillNo: null,
    },
  ],
};

describe("cash on delivery on the dashboard", () => {
  it("offers 'Record cash collected' only once the order is confirmed and a parcel is out", async () => {
    for (const [order, offered] of [
      [{ ...toCollect, codConfirmation: "pending" }, false],
      [{ ...toCollect, codConfirmation: "confirmed" }, false],
      [
        {
          ...parcelOut,
          shipments: parcelOut.shipments.map((p) => ({ ...p, returnedToOriginAt: p.shippedAt })),
        },
        false,
      ],
      [parcelOut, true],
    ] as const) {
      stubApi({ [`GET /api/orders/${ORDER_ID}`]: () => ({ data: order }) });
      renderRoutes(
        [{ path: "/dashboard/orders/order/:orderId", element: <DashboardOrderPage /> }],
        `/dashboard/orders/order/${ORDER_ID}`,
      );
      expect(await screen.findByText(cashOnDelivery.toCollect)).toBeVisible();
      const button = screen.queryByRole("button", { name: cashOnDelivery.recordCollected });
      expect(button !== null).toBe(offered);
      cleanup();
    }
  });

  it("records the cash collected after a confirmation naming the amount", async () => {
    let collected = false;
    const { requests } = stubApi({
      [`GET /api/orders/${ORDER_ID}`]: () => ({
        data: collected
          ? { ...parcelOut, cashOnDelivery: { payment: PAYMENT_ID, collected: true } }
          : parcelOut,
      }),
      [`POST /api/payments/${PAYMENT_ID}/collect`]: () => {
        collected = true;
        return {
          data: {
            ...parcelOut,
            invoiceNumber: "INV/2026-27/000009",
            cashOnDelivery: { payment: PAYMENT_ID, collected: true },
            payment: { ...toCollect.payment, status: "completed" },
          },
        };
      },
    });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <DashboardOrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    expect(await screen.findByText(cashOnDelivery.toCollect)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: cashOnDelivery.recordCollected }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(cashOnDelivery.confirmCollected("$140.40"));
    await userEvent.click(within(dialog).getByRole("button", { name: cashOnDelivery.recordCollected }));
    expect(requests.some((r) => r.method === "POST" && r.path.endsWith("/collect"))).toBe(true);
    expect(toast.success).toHaveBeenCalledWith(apiMessages.codCollected);
    expect(screen.queryByText(cashOnDelivery.toCollect)).not.toBeInTheDocument();
  });

  it("confirms by phone an order its shopper has not confirmed", async () => {
    let confirmed = false;
    const { requests } = stubApi({
      [`GET /api/orders/${ORDER_ID}`]: () => ({
        data: { ...toCollect, codConfirmation: confirmed ? "confirmed" : "pending" },
      }),
      [`POST /api/orders/${ORDER_ID}/confirm-cod`]: () => {
        confirmed = true;
        return {
          message: codConfirmation.confirmed,
          data: { _id: ORDER_ID, number: toCollect.number, codConfirmation: "confirmed" },
        };
      },
    });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <DashboardOrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    expect(await screen.findByText(codConfirmation.awaiting)).toBeVisible();
    expect(screen.getByText(codConfirmation.awaitingHint)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: codConfirmation.confirmByPhone }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(codConfirmation.confirmByPhoneQuestion(toCollect.number));
    await userEvent.click(within(dialog).getByRole("button", { name: codConfirmation.confirmByPhone }));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      path: `/api/orders/${ORDER_ID}/confirm-cod`,
      body: {},
    });
    expect(toast.success).toHaveBeenCalledWith(codConfirmation.confirmed);
    await waitFor(() => expect(screen.queryByText(codConfirmation.awaiting)).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: codConfirmation.confirmByPhone })).not.toBeInTheDocument();
  });

  it("asks the refund of a COD payment for its reference", async () => {
    const paid: OrderDto = {
      ...toCollect,
      cashOnDelivery: { payment: PAYMENT_ID, collected: true },
      payment: { ...(toCollect.payment as NonNullable<OrderDto["payment"]>), status: "completed" },
    };
    const { requests } = stubApi({
      [`POST /api/orders/${ORDER_ID}/refunds`]: { status: 201, data: paid },
    });
    renderRoutes([{ path: "/", element: <RefundDialog order={paid} onClose={() => undefined} /> }], "/");
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByRole("textbox", { name: /reason/i }), "Damaged in transit");
    await userEvent.click(within(dialog).getByRole("switch", { name: refunds.byAmount }));
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(await within(dialog).findByText(apiMessages.refundReferenceRequired)).toBeVisible();
    expect(requests).toHaveLength(0);
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: cashOnDelivery.reference }),
      "UPI shopper@okbank",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(requests[0]?.body).toMatchObject({ reference: "UPI shopper@okbank", amount: 140.4 });
  });

  it("lists a refund given by hand with the reference it went back with", async () => {
    const refunded: OrderDto = {
      ...toCollect,
      cashOnDelivery: { payment: PAYMENT_ID, collected: true },
      payment: {
        ...(toCollect.payment as NonNullable<OrderDto["payment"]>),
        status: "partially_refunded",
        refundedAmount: 59,
        refunds: [
          {
            _id: "7e7e7e7e7e7e7e7e7e7e7e7e",
            amount: 59,
            reason: "Return of order #1009 · wrong size",
            at: "2026-11-22T10:00:00.000Z",
            by: { name: "Asha Admin", role: "admin" },
            providerRefundId: "manual-7e7e7e7e7e7e7e7e7e7e7e7e",
            reference: "UPI shopper@okbank 5521",
            creditNoteNumber: "CN/2026-27/000003",
            moneyBack: true,
            restock: [],
            lines: [],
          },
        ],
      },
    };
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: refunded } });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <DashboardOrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    const refund = (await screen.findByText("Return of order #1009 · wrong size")).closest("li");
    if (!refund) throw new Error("the refund is not a list item");
    expect(within(refund).getByText(documents.refundReference("UPI shopper@okbank 5521"))).toBeVisible();
  });

  it("asks a COD order's return refund for its reference, and none of a card's", async () => {
    const RETURN_ID = "4e7e4e7e4e7e4e7e4e7e4e7e";
    const ret: ReturnDto = {
      _id: RETURN_ID,
      order: { _id: ORDER_ID, number: 1009 },
      user: { _id: "5e5e5e5e5e5e5e5e5e5e5e5e", name: "Asha Rao", email: "asha@example.com" },
      status: "received",
      reason: "wrong_size",
      note: "",
      message: null,
      lines: [{ line: "l1", name: "Linen shirt", options: {}, quantity: 1 }],
      amount: 59,
      currency: "USD",
      cashOnDelivery: true,
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-21T10:00:00.000Z",
    };
    const { requests } = stubApi({
      [`POST /api/returns/${RETURN_ID}/refund`]: { data: { ...ret, status: "refunded" } },
    });
    renderRoutes(
      [{ path: "/", element: <ReturnActionDialog ret={ret} action="refund" onClose={() => undefined} /> }],
      "/",
    );
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(await within(dialog).findByText(apiMessages.refundReferenceRequired)).toBeVisible();
    expect(requests).toHaveLength(0);
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: cashOnDelivery.reference }),
      "NEFT N123456",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: /refund/i }));
    expect(requests[0]?.body).toEqual({ reference: "NEFT N123456" });
    cleanup();

    renderRoutes(
      [
        {
          path: "/",
          element: (
            <ReturnActionDialog
              ret={{ ...ret, cashOnDelivery: false }}
              action="refund"
              onClose={() => undefined}
            />
          ),
        },
      ],
      "/",
    );
    expect(
      within(await screen.findByRole("dialog")).queryByRole("textbox", { name: cashOnDelivery.reference }),
    ).not.toBeInTheDocument();
  });
});
