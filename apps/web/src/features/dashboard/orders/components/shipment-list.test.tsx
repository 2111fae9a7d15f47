import { shipmentWords } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ShipmentList } from "./shipment-list";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const order: OrderDto = {
  ...paidOrder,
  shipments: [
    {
      _id: "5a5a5a5a5a5a5a5a5a5a5a5a",
      carrier: "Blue Dart",
      trackingNumber: "BD123",
      trackingUrl: "https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD123",
      lines: [],
      shippedAt: "2026-11-21T10:00:00.000Z",
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

describe("the dashboard's parcels", () => {
  it("name each control by its visible words first, so that voice control finds it by what it reads", async () => {
    renderRoutes([{ path: "/", element: <ShipmentList order={order} /> }], "/");
    expect(await screen.findByRole("button", { name: "Mark delivered — Blue Dart BD123" })).toBeVisible();
    expect(screen.getByRole("link", { name: "BD123 — track with Blue Dart" })).toHaveAttribute(
      "href",
      order.shipments[0]?.trackingUrl,
    );
    for (const control of [...screen.getAllByRole("button"), ...screen.getAllByRole("link")]) {
      const visible = (control.textContent ?? "").replace(/\s+/g, " ").trim();
      expect(control).toHaveAccessibleName(new RegExp(`^${visible.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
  });
});

describe("a cash on delivery parcel that comes back", () => {
  const parcel = order.shipments[0];
  if (!parcel) throw new Error("the fixture has a parcel");
  const cod: OrderDto = {
    ...order,
    status: "shipped",
    payment: paidOrder.payment && {
      ...paidOrder.payment,
      paymentGateway: "cod",
      status: "pending",
      refunds: [],
    },
  };

  it("asks why it came back (a select, none chosen for staff), then marks it returned to origin with the reason", async () => {
    const { requests } = stubApi({
      [`PATCH /api/orders/${cod._id}/shipments/${parcel._id}`]: {
        data: {
          ...parcel,
          returnedToOriginAt: "2026-11-24T10:00:00.000Z",
          returnedToOriginReason: "refused",
        },
      },
    });
    renderRoutes([{ path: "/", element: <ShipmentList order={cod} /> }], "/");
    await userEvent.click(
      await screen.findByRole("button", { name: shipmentWords.markReturnedOf("Blue Dart", "BD123") }),
    );
    const dialog = await screen.findByRole("dialog", { name: shipmentWords.confirmReturnedTitle });
    expect(within(dialog).getByText(shipmentWords.confirmReturned)).toBeVisible();
    const reason = within(dialog).getByRole("combobox", { name: shipmentWords.returnReason });
    expect(reason).toHaveValue("");
    expect(
      within(reason)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([shipmentWords.chooseReason, ...Object.values(shipmentWords.rtoReasons)]);
    // Without a reason nothing is sent: the select says why.
    await userEvent.click(within(dialog).getByRole("button", { name: shipmentWords.confirmReturnedAction }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(shipmentWords.reasonRequired));
    expect(requests).toHaveLength(0);
    await userEvent.selectOptions(reason, shipmentWords.rtoReasons.refused);
    await userEvent.click(within(dialog).getByRole("button", { name: shipmentWords.confirmReturnedAction }));
    await waitFor(() =>
      expect(requests.map((request) => request.body)).toEqual([
        { returnedToOrigin: true, reason: "refused" },
      ]),
    );
  });

  it("offers no return to origin for a paid order", () => {
    renderRoutes([{ path: "/", element: <ShipmentList order={order} /> }], "/");
    expect(screen.queryByRole("button", { name: /^Returned to origin/ })).toBeNull();
  });

  it("shows when a parcel came back, with no button on it", () => {
    const back: OrderDto = {
      ...cod,
      status: "cancelled",
      shipments: [
        { ...parcel, returnedToOriginAt: "2026-11-24T10:00:00.000Z", returnedToOriginReason: "unreachable" },
      ],
    };
    renderRoutes([{ path: "/", element: <ShipmentList order={back} /> }], "/");
    expect(screen.getByText(shipmentWords.returnedToOrigin, { exact: false })).toBeVisible();
    expect(
      screen.getByText(shipmentWords.returnedBecause(shipmentWords.rtoReasons.unreachable), { exact: false }),
    ).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Returned to origin|^Mark delivered/ })).toBeNull();
  });
});
