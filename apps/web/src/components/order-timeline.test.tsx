import { orderHistory } from "@shop/shared/messages";
import type { OrderEventDto } from "@shop/shared/schemas/order";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderTimeline } from "./order-timeline";

const placed: OrderEventDto = {
  type: "placed",
  status: "pending",
  at: "2026-11-20T10:00:00.000Z",
  by: { name: "Priya Sharma", role: "customer" },
  note: null,
};

describe("an order's history", () => {
  it("says 'by the shop' for a staff member's step in the shopper's read, and names the shopper's own", () => {
    const shipped: OrderEventDto = {
      type: "shipment",
      status: "processing",
      at: "2026-11-21T10:00:00.000Z",
      by: "shop",
      note: null,
    };
    render(<OrderTimeline history={[placed, shipped]} currency="USD" />);
    const [first, second] = within(screen.getByRole("list", { name: orderHistory.title })).getAllByRole(
      "listitem",
    );
    expect(first).toHaveTextContent(orderHistory.by("Priya Sharma", "customer"));
    expect(second).toHaveTextContent(orderHistory.shipment);
    expect(second).toHaveTextContent(/by the shop$/);
    expect(second).not.toHaveTextContent(/admin|manager/);
  });

  it("names the staff member where the read carries them (the dashboard's)", () => {
    const delivered: OrderEventDto = {
      type: "delivery",
      status: "delivered",
      at: "2026-11-22T10:00:00.000Z",
      by: { name: "Asha Admin", role: "admin" },
      note: null,
    };
    render(<OrderTimeline history={[placed, delivered]} currency="USD" />);
    expect(screen.getByText(orderHistory.by("Asha Admin", "admin"), { exact: false })).toBeVisible();
    expect(screen.queryByText(orderHistory.byShop, { exact: false })).not.toBeInTheDocument();
  });

  it("tells cash on delivery chosen (with what to collect) from its confirmation (without an amount)", () => {
    const chosen: OrderEventDto = {
      type: "cod",
      status: "processing",
      at: "2026-11-20T10:05:00.000Z",
      by: { name: "Priya Sharma", role: "customer" },
      note: null,
      amount: 341,
    };
    const confirmed: OrderEventDto = { ...chosen, at: "2026-11-20T12:00:00.000Z", amount: undefined };
    render(<OrderTimeline history={[placed, chosen, { ...confirmed, note: null }]} currency="USD" />);
    const [, first, second] = within(screen.getByRole("list", { name: orderHistory.title })).getAllByRole(
      "listitem",
    );
    expect(first).toHaveTextContent(orderHistory.cod("$341.00"));
    expect(second).toHaveTextContent(orderHistory.codConfirmed);
    expect(second).not.toHaveTextContent("$");
  });
});
