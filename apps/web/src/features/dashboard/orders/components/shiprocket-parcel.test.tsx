import { shiprocketParcel } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ScansDto as ShipmentScansDto } from "@shop/shared/schemas/tracking";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ShipmentList } from "./shipment-list";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const SHIPMENT = "5a5a5a5a5a5a5a5a5a5a5a5a";
const order: OrderDto = {
  ...paidOrder,
  status: "shipped",
  shipments: [
    {
      _id: SHIPMENT,
      carrier: "Delhivery Surface",
      trackingNumber: "19041424751540",
      trackingUrl: null,
      lines: [],
      shippedAt: "2026-11-21T10:00:00.000Z",
      deliveredAt: null,
      returnedToOriginAt: null,
      returnedToOriginReason: null,
      provider: "shiprocket",
      trackingStatus: "in_transit",
      trackedAt: "2026-11-22T06:10:00.000Z",
      labelUrl: "https://cdn.example/label-19041424751540.pdf",
      ewaybillNo: "331000123456",
    },
  ],
};
const scans: ShipmentScansDto = {
  items: [
    {
      at: "2026-11-21T10:02:17.000Z",
      statusId: 42,
      status: "PICKED UP",
      activity: "In Transit - Shipment picked up",
      location: "Chomu_SamodRd_D (Rajasthan)",
    },
    {
      at: "2026-11-22T06:10:00.000Z",
      statusId: 18,
      status: "IN TRANSIT",
      activity: "Reached hub",
      location: "Jaipur_Hub",
    },
  ],
};

describe("a parcel booked through Shiprocket, for staff", () => {
  it("shows its tracking status, label and e-way bill, and its scans once opened", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}/shipments/${SHIPMENT}/scans`]: { data: scans },
    });
    renderRoutes([{ path: "/", element: <ShipmentList order={order} /> }], "/");
    expect(await screen.findByText("In transit")).toBeVisible();
    expect(
      screen.getByRole("link", { name: shiprocketParcel.openLabelOf("Delhivery Surface", "19041424751540") }),
    ).toHaveAttribute("href", order.shipments[0]?.labelUrl);
    expect(screen.getByText(shiprocketParcel.ewaybill("331000123456"))).toBeVisible();
    // The scans are asked for only when staff open them.
    expect(requests).toEqual([]);

    const toggle = screen.getByRole("button", { name: shiprocketParcel.showScans });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const timeline = await screen.findByRole("list", { name: shiprocketParcel.scansTitle });
    const entries = within(timeline).getAllByRole("listitem");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent("In Transit - Shipment picked up");
    expect(entries[0]).toHaveTextContent("Chomu_SamodRd_D (Rajasthan)");
    expect(entries[1]).toHaveTextContent("Reached hub");
  });

  it("cancels a parcel no scan has reached, once staff confirm", async () => {
    const booked: OrderDto = {
      ...order,
      shipments: order.shipments.map((shipment) => ({ ...shipment, trackingStatus: null, trackedAt: null })),
    };
    const { requests } = stubApi({
      [`POST /api/orders/${order._id}/shipments/${SHIPMENT}/cancel`]: {
        data: { ...booked, status: "processing", shipments: [] },
      },
    });
    renderRoutes([{ path: "/", element: <ShipmentList order={booked} /> }], "/");
    await userEvent.click(
      await screen.findByRole("button", {
        name: shiprocketParcel.cancelOf("Delhivery Surface", "19041424751540"),
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: shiprocketParcel.confirmCancelTitle });
    expect(requests).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: shiprocketParcel.cancel }));
    await vi.waitFor(() =>
      expect(requests.map((request) => [request.method, request.path])).toEqual([
        ["POST", `/api/orders/${order._id}/shipments/${SHIPMENT}/cancel`],
      ]),
    );
  });

  it("offers no cancel once the courier has scanned the parcel", async () => {
    stubApi({});
    renderRoutes([{ path: "/", element: <ShipmentList order={order} /> }], "/");
    expect(await screen.findByText("In transit")).toBeVisible();
    expect(screen.queryByRole("button", { name: /Cancel parcel/ })).toBeNull();
  });
});
