import { api as apiMessages, documents, refunds as refundWords } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrderPayment } from "#web/components/order-payment";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

// NOTE: the order's GST fields spelled out, so that the answer matches OrderDto whatever the shared fixture holds.
const paid: OrderDto = {
  ...paidOrder,
  shippingAddress: { ...paidOrder.shippingAddress, gstin: null },
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
};
const ORDER_ID = paid._id;
const unpaid: OrderDto = { ...paid, status: "pending", invoiceNumber: null, payment: null };
const PAYMENT_ID = "c0d0c0d0c0d0c0d0c0d0c0d0";
/** A cash on delivery order being prepared: its cash waits, and its invoice waits for its first parcel. */
const codToShip: OrderDto = {
  ...unpaid,
  status: "processing",
  cashOnDelivery: { payment: PAYMENT_ID, collected: false },
  payment: {
    _id: PAYMENT_ID,
    status: "pending",
    paymentGateway: "cod",
    method: null,
    amount: 115.4,
    tenders: [{ kind: "cod", amount: 115.4 }],
    transactionId: `cod-${ORDER_ID}`,
    refundedAmount: 0,
    refunds: [],
  },
};
const REFUND_ID = "3d3d3d3d3d3d3d3d3d3d3d3d";
const refunded: OrderDto = {
  ...paid,
  payment: paid.payment && {
    ...paid.payment,
    status: "partially_refunded",
    refundedAmount: 10,
    refunds: [
      {
        _id: REFUND_ID,
        amount: 10,
        reason: "Damaged box",
        at: paid.createdAt,
        by: { name: "Asha Admin", role: "admin" },
        providerRefundId: "re_1",
        reference: null,
        creditNoteNumber: "CN/2026-27/000001",
        moneyBack: true,
        restock: [],
        lines: [],
      },
    ],
  },
};

const openDashboard = () =>
  renderRoutes(
    [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
    `/dashboard/orders/order/${ORDER_ID}`,
  );

/** jsdom has no blob addresses: each test sees whether a file was handed to the browser. */
let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  createObjectURL = vi.fn(() => "blob:document");
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("an order's documents", () => {
  it("the dashboard order page links a paid order's invoice and packing slip", async () => {
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: paid } });
    openDashboard();
    expect(await screen.findByRole("link", { name: documents.invoice })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/invoice.pdf`,
    );
    expect(screen.getByRole("link", { name: documents.packingSlip })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/packing-slip.pdf`,
    );
  });

  it("the dashboard shows no document links for an unpaid order", async () => {
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: unpaid } });
    openDashboard();
    expect(await screen.findByText(ORDER_ID)).toBeVisible();
    expect(screen.queryByRole("link", { name: documents.invoice })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: documents.packingSlip })).not.toBeInTheDocument();
  });

  it("a cash on delivery order being prepared has its packing slip, and its invoice once its first parcel gave it a number", async () => {
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: codToShip } });
    openDashboard();
    expect(await screen.findByRole("link", { name: documents.packingSlip })).toBeVisible();
    expect(screen.queryByRole("link", { name: documents.invoice })).not.toBeInTheDocument();
  });

  it("the dashboard and the shopper see a shipped cash on delivery order's invoice while its cash still waits", async () => {
    const shipped: OrderDto = { ...codToShip, status: "shipped", invoiceNumber: "INV/2026-27/000042" };
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: shipped } });
    openDashboard();
    expect(await screen.findByRole("link", { name: documents.invoice })).toBeVisible();
    expect(screen.getByRole("link", { name: documents.packingSlip })).toBeVisible();
    // The shopper's order and pay pages: the cash waits, the invoice is there.
    render(<OrderPayment order={shipped} payActions={null} />);
    expect(screen.getByRole("link", { name: documents.downloadInvoice })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/invoice.pdf`,
    );
  });
});

describe("a document that cannot be made says so", () => {
  const WHY = "The invoice's figures do not add up to the order's amounts.";

  it("an invoice the server refuses shows the server's message in a toast, and nothing is saved", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${ORDER_ID}`]: { data: paid },
      [`GET /api/orders/${ORDER_ID}/invoice.pdf`]: { status: 500, message: WHY },
    });
    openDashboard();
    await userEvent.click(await screen.findByRole("link", { name: documents.invoice }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(WHY));
    expect(requests.some((request) => request.path === `/api/orders/${ORDER_ID}/invoice.pdf`)).toBe(true);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("a credit note and a shipment's packing slip say why too; the shopper's invoice link as well", async () => {
    const withParcel: OrderDto = {
      ...refunded,
      shipments: [
        {
          _id: "4e4e4e4e4e4e4e4e4e4e4e4e",
          carrier: "Other",
          trackingNumber: null,
          trackingUrl: null,
          shippedAt: paid.createdAt,
          deliveredAt: null,
          returnedToOriginAt: null,
          returnedToOriginReason: null,
          provider: null,
          trackingStatus: null,
          trackedAt: null,
          labelUrl: null,
          ewaybillNo: null,
          lines: [],
        },
      ],
    };
    stubApi({
      [`GET /api/orders/${ORDER_ID}`]: { data: withParcel },
      [`GET /api/orders/${ORDER_ID}/credit-notes/${REFUND_ID}.pdf`]: {
        status: 404,
        message: apiMessages.creditNoteNotFound,
      },
      [`GET /api/orders/${ORDER_ID}/shipments/4e4e4e4e4e4e4e4e4e4e4e4e/packing-slip.pdf`]: {
        status: 409,
        message: apiMessages.packingSlipNotReady,
      },
      [`GET /api/orders/${ORDER_ID}/invoice.pdf`]: { status: 409, message: apiMessages.invoiceNotIssued },
    });
    openDashboard();
    await userEvent.click(
      await screen.findByRole("link", { name: refundWords.creditNote("CN/2026-27/000001") }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(apiMessages.creditNoteNotFound));
    const slips = screen.getAllByRole("link", { name: documents.packingSlip });
    const parcelSlip = slips.find((link) => link.getAttribute("href")?.includes("/shipments/"));
    if (!parcelSlip) throw new Error("the parcel's packing slip is linked");
    await userEvent.click(parcelSlip);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(apiMessages.packingSlipNotReady));

    render(<OrderPayment order={withParcel} payActions={null} />);
    await userEvent.click(screen.getByRole("link", { name: documents.downloadInvoice }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(apiMessages.invoiceNotIssued));
  });

  it("a document that is made is saved under the server's name, with no toast", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: paid } });
    const pdf = vi.fn(
      async () =>
        new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "content-type": "application/pdf",
            "content-disposition": 'attachment; filename="invoice-INV-2026-27-000001.pdf"',
          },
        }),
    );
    openDashboard();
    const link = await screen.findByRole("link", { name: documents.invoice });
    vi.stubGlobal("fetch", pdf);
    // NOTE: HTMLAnchorElement's click() is spied on (it is how the file is saved), so the press is an event.
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    await waitFor(() => expect(saved).toEqual(["invoice-INV-2026-27-000001.pdf"]));
    expect(pdf).toHaveBeenCalledWith(`/api/orders/${ORDER_ID}/invoice.pdf`, { credentials: "same-origin" });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
