import { shipmentWords, validation } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { lamp, paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { canShip } from "../order-actions";
import { ShipDialog } from "./ship-dialog";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const order: OrderDto = {
  ...paidOrder,
  products: [
    {
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
      product: { _id: lamp._id, name: lamp.name, thumbnail: lamp.thumbnail },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: lamp._id, options: {} },
      name: lamp.name,
      price: 30,
      originalPrice: 30,
      savedAmount: 0,
      discountShare: 0,
      quantity: 2,
      taxRate: 18,
      hsnCode: null,
      taxableValue: 60,
      cgst: 5.4,
      sgst: 5.4,
      igst: 0,
    },
  ],
};

describe("the ship dialog", () => {
  it("is offered for a cash on delivery order only once its shopper (or staff by phone) confirmed it", () => {
    expect(canShip(order)).toBe(true);
    expect(canShip({ ...order, codConfirmation: "pending" })).toBe(false);
    expect(canShip({ ...order, codConfirmation: "confirmed" })).toBe(true);
  });

  it("asks the carrier Other for the carrier's name, and sends it with the parcel", async () => {
    const { requests } = stubApi({
      // The settings' carriers are not needed: Other is always offered.
      "GET /api/settings": { status: 403, message: "Forbidden" },
      [`POST /api/orders/${order._id}/shipments`]: { status: 500, message: "Try again." },
    });
    renderRoutes([{ path: "/", element: <ShipDialog order={order} onClose={() => undefined} /> }], "/");
    const dialog = await screen.findByRole("dialog", { name: shipmentWords.dialogTitle });
    expect(within(dialog).getByRole("combobox", { name: shipmentWords.carrier })).toHaveValue("Other");
    const name = within(dialog).getByRole("textbox", { name: shipmentWords.carrierName });
    expect(name).toBeRequired();

    await userEvent.type(within(dialog).getByRole("textbox", { name: shipmentWords.trackingNumber }), "HD-1");
    await userEvent.click(within(dialog).getByRole("button", { name: shipmentWords.submit }));
    expect(await within(dialog).findByText(validation.carrierName)).toBeVisible();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await userEvent.type(name, "Shree Couriers");
    await userEvent.click(within(dialog).getByRole("button", { name: shipmentWords.submit }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === "POST")).toBe(true));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      carrier: "Other",
      carrierName: "Shree Couriers",
      trackingNumber: "HD-1",
      lines: [{ line: order.products[0]?._id, quantity: 2 }],
    });
  });
});
