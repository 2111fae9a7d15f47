import { shiprocketBatch } from "@shop/shared/messages";
import type { OrderSummaryDto } from "@shop/shared/schemas/order";
import type { ShiprocketBatchDto, ShiprocketShipmentDto } from "@shop/shared/schemas/shiprocket";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SETTINGS } from "../settings/settings-fixture";
import { OrdersPage } from "./orders-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { _id: _addressId, ...shippingAddress } = homeAddress;
const first: OrderSummaryDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1042,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: "2026-11-20T09:30:00.000Z",
  updatedAt: "2026-11-20T09:30:00.000Z",
  status: "processing",
  paymentState: "completed",
  fulfilment: "unfulfilled",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 0,
  shippingAmount: 80,
  taxAmount: 10.8,
  currency: "INR",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
  invoiceNumber: "INV/2026-27/000001",
  shippingAddress,
  payment: null,
  itemCount: 2,
};
const second: OrderSummaryDto = { ...first, _id: "0b0b0b0b0b0b0b0b0b0b0b0b", number: 1043 };
const third: OrderSummaryDto = { ...first, _id: "0c0c0c0c0c0c0c0c0c0c0c0c", number: 1044 };

const shipment: ShiprocketShipmentDto = {
  _id: "5a5a5a5a5a5a5a5a5a5a5a5a",
  carrier: "Delhivery Air",
  trackingNumber: "19041424751540",
  trackingUrl: null,
  lines: [{ line: "f1f1f1f1f1f1f1f1f1f1f1f1", quantity: 2 }],
  shippedAt: "2026-11-29T10:00:00.000Z",
  deliveredAt: null,
  returnedToOriginAt: null,
  returnedToOriginReason: null,
  provider: "shiprocket",
  trackingStatus: null,
  trackedAt: null,
  labelUrl: "https://cdn.example/label.pdf",
  ewaybillNo: null,
  awb: "19041424751540",
  courier: "Delhivery Air",
  pickupScheduledFor: null,
};
const result: ShiprocketBatchDto = {
  shipped: [{ order: first._id, number: first.number, shipment }],
  failed: [{ order: third._id, number: third.number, message: "No courier serves PIN code 110001." }],
  labelsPdf: "https://cdn.example/labels-batch.pdf",
  manifestPdf: "https://cdn.example/manifest-batch.pdf",
};

const LIST = {
  data: [first, second, third],
  meta: { page: 1, size: 8, pageCount: 1, total: 3 },
};

function renderReadyToShip() {
  renderRoutes(
    [{ path: "/dashboard/orders/pending", element: <OrdersPage view="pending" /> }],
    "/dashboard/orders/pending",
  );
}

describe("Ready to Ship's Shiprocket batch", () => {
  it("books the chosen orders with the rule chosen, then shows the labels, the manifest and each order not shipped", async () => {
    const { requests } = stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "GET /api/settings": { status: 403, message: "Forbidden" },
      "GET /api/orders/status/processing": LIST,
      "POST /api/shiprocket/batches": { data: result },
    });
    renderReadyToShip();
    const submit = await screen.findByRole("button", { name: shiprocketBatch.submit });
    expect(submit).toBeDisabled();
    // A viewer who may not read the settings starts from the cheapest.
    expect(screen.getByRole("combobox", { name: shiprocketBatch.rule })).toHaveValue("cheapest");
    await userEvent.click(await screen.findByRole("checkbox", { name: shiprocketBatch.selectOrder(1042) }));
    await userEvent.click(screen.getByRole("checkbox", { name: shiprocketBatch.selectOrder(1044) }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: shiprocketBatch.rule }), "fastest");
    expect(screen.getByText(shiprocketBatch.selected(2))).toBeVisible();
    await userEvent.click(submit);

    const panel = await screen.findByRole("region", { name: shiprocketBatch.resultTitle });
    expect(within(panel).getByText(shiprocketBatch.shipped(1))).toBeVisible();
    expect(within(panel).getByRole("link", { name: shiprocketBatch.openLabels })).toHaveAttribute(
      "href",
      result.labelsPdf,
    );
    expect(within(panel).getByRole("link", { name: shiprocketBatch.openManifest })).toHaveAttribute(
      "href",
      result.manifestPdf,
    );
    expect(within(panel).getByRole("link", { name: "#1044" })).toHaveAttribute(
      "href",
      `/dashboard/orders/order/${third._id}`,
    );
    expect(panel).toHaveTextContent("No courier serves PIN code 110001.");
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      orders: [first._id, third._id],
      rule: "fastest",
    });
    // The batch is done: nothing stays chosen.
    expect(screen.getByRole("checkbox", { name: shiprocketBatch.selectOrder(1042) })).not.toBeChecked();
  });

  it("starts from the owner's rule in Settings for a viewer who may read them", async () => {
    const fastest = {
      ...SETTINGS.shipping,
      shiprocket: { ...SETTINGS.shipping.shiprocket, courierRule: "fastest" },
    };
    const { requests } = stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      "GET /api/settings": { data: { ...SETTINGS, shipping: fastest } },
      "GET /api/orders/status/processing": LIST,
      "POST /api/shiprocket/batches": { data: { ...result, failed: [] } },
    });
    renderReadyToShip();
    const rule = await screen.findByRole("combobox", { name: shiprocketBatch.rule });
    await vi.waitFor(() => expect(rule).toHaveValue("fastest"));
    await userEvent.click(await screen.findByRole("checkbox", { name: shiprocketBatch.selectOrder(1043) }));
    await userEvent.click(screen.getByRole("button", { name: shiprocketBatch.submit }));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.method === "POST")?.body).toEqual({
        orders: [second._id],
        rule: "fastest",
      }),
    );
  });

  it("is not offered while the shop is not connected to Shiprocket", async () => {
    stubApi({
      "GET /api/config": { data: publicConfig },
      "GET /api/orders/status/processing": LIST,
    });
    renderReadyToShip();
    expect(await screen.findByRole("link", { name: /#1042/ })).toBeVisible();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: shiprocketBatch.submit })).toBeNull();
  });
});
