import type { OrderDto } from "@shop/shared/schemas/order";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
