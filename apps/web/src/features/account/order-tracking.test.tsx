import { shipmentWords, trackingStatusWords } from "@shop/shared/messages";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

const LINE = "4e4e4e4e4e4e4e4e4e4e4e4e";
const parcel: ShipmentDto = {
  _id: "5a5a5a5a5a5a5a5a5a5a5a5a",
  carrier: "Delhivery Air",
  trackingNumber: "19041424751540",
  trackingUrl: null,
  lines: [{ line: LINE, quantity: 1 }],
  shippedAt: "2026-11-21T10:00:00.000Z",
  deliveredAt: null,
  returnedToOriginAt: null,
  returnedToOriginReason: null,
  provider: "shiprocket",
  trackingStatus: "out_for_delivery",
  trackedAt: "2026-11-23T06:10:00.000Z",
  labelUrl: null,
  ewaybillNo: null,
};
const shipped: OrderDto = {
  ...paidOrder,
  status: "shipped",
  fulfilment: "shipped",
  products: [
    {
      _id: LINE,
      product: { _id: "2c2c2c2c2c2c2c2c2c2c2c2c", name: "Trail Running Shoes", thumbnail: null },
      variant: { _id: "3d3d3d3d3d3d3d3d3d3d3d3d", sku: "TRAIL-9", options: {} },
      name: "Trail Running Shoes",
      price: 30,
      originalPrice: 30,
      savedAmount: 0,
      discountShare: 0,
      quantity: 2,
      taxRate: 18,
      hsnCode: null,
      taxableValue: 60,
      cgst: 0,
      sgst: 0,
      igst: 10.8,
    },
  ],
  shipments: [
    parcel,
    { ...parcel, _id: "5b5b5b5b5b5b5b5b5b5b5b5b", trackingNumber: "19041424751541", trackingStatus: null },
  ],
};

describe("the shopper's parcels booked through Shiprocket", () => {
  it("say where the courier's last scan put each one, and nothing for one not scanned yet", async () => {
    stubApi({ [`GET /api/orders/current-user/${shipped._id}`]: { data: shipped } });
    renderRoutes(
      [{ path: "/account/orders/:orderId", element: <OrderPage /> }],
      `/account/orders/${shipped._id}`,
    );
    const parcels = await screen.findByRole("list", { name: shipmentWords.title });
    const [scanned, waiting] = within(parcels)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === parcels);
    expect(within(scanned as HTMLElement).getByText("Out for delivery")).toBeVisible();
    expect(waiting).not.toHaveTextContent("Out for delivery");
  });

  it("words every tracking status as the shopper reads it", () => {
    expect(trackingStatusWords).toEqual({
      picked_up: "Picked up",
      in_transit: "In transit",
      out_for_delivery: "Out for delivery",
      delivered: "Delivered",
      undelivered: "Delivery attempted",
      rto_initiated: "Returning to us",
      rto_delivered: "Returned to us",
    });
  });
});
