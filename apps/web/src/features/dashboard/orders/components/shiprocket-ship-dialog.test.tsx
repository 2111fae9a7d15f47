import { shiprocketShip } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ShiprocketQuoteDto, ShiprocketShipmentDto } from "@shop/shared/schemas/shiprocket";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp, paidOrder, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "../order-page";
import { ShiprocketShipDialog } from "./shiprocket-ship-dialog";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const LINE = "f1f1f1f1f1f1f1f1f1f1f1f1";
const order: OrderDto = {
  ...paidOrder,
  products: [
    {
      _id: LINE,
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
const QUOTE_PATH = `POST /api/orders/${order._id}/shiprocket/quote`;
const SHIP_PATH = `POST /api/orders/${order._id}/shiprocket/shipments`;

const quote: ShiprocketQuoteDto = {
  couriers: [
    {
      courierId: 10,
      name: "Xpressbees Surface",
      price: 62.5,
      etd: "2026-12-04",
      cod: true,
      rating: 3.8,
      recommended: false,
    },
    {
      courierId: 24,
      name: "Delhivery Air",
      price: 98,
      etd: "2026-12-02",
      cod: true,
      rating: 4.4,
      recommended: true,
    },
  ],
  preselected: 24,
  weightKg: 1.2,
  dimensionsCm: { length: 30, breadth: 20, height: 12 },
  ewaybillRequired: false,
};

const booked: ShiprocketShipmentDto = {
  _id: "5a5a5a5a5a5a5a5a5a5a5a5a",
  carrier: "Delhivery Air",
  trackingNumber: "19041424751540",
  trackingUrl: null,
  lines: [{ line: LINE, quantity: 2 }],
  shippedAt: "2026-11-29T10:00:00.000Z",
  deliveredAt: null,
  returnedToOriginAt: null,
  returnedToOriginReason: null,
  provider: "shiprocket",
  trackingStatus: null,
  trackedAt: null,
  labelUrl: "https://kr-shipmultichannel.s3.amazonaws.com/label-19041424751540.pdf",
  ewaybillNo: null,
  awb: "19041424751540",
  courier: "Delhivery Air",
  pickupScheduledFor: "2026-11-30 11:00:00",
};

function renderDialog() {
  renderRoutes(
    [{ path: "/", element: <ShiprocketShipDialog order={order} onClose={() => undefined} /> }],
    "/",
  );
  return screen.findByRole("dialog", { name: shiprocketShip.dialogTitle });
}

const posts = (requests: StubRequest[], path: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === path).map((request) => request.body);

describe("the Ship with Shiprocket dialog", () => {
  it("lists the quoted couriers with the rule's choice chosen, and the parcel's size filled in", async () => {
    const { requests } = stubApi({ [QUOTE_PATH]: { data: quote } });
    const dialog = await renderDialog();
    const chosen = await within(dialog).findByRole("radio", { name: /Delhivery Air/ });
    expect(chosen).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Xpressbees Surface/ })).not.toBeChecked();
    expect(chosen.closest("label")).toHaveTextContent(shiprocketShip.recommended);
    expect(chosen.closest("label")).toHaveTextContent("₹98.00");
    expect(within(dialog).getByRole("spinbutton", { name: shiprocketShip.weight })).toHaveValue(1.2);
    expect(within(dialog).getByRole("spinbutton", { name: shiprocketShip.length })).toHaveValue(30);
    expect(within(dialog).queryByRole("textbox", { name: shiprocketShip.ewaybill })).toBeNull();
    // Every unit left is quoted; the weight and box are left to Shiprocket until staff change them.
    expect(posts(requests, QUOTE_PATH)).toEqual([{ lines: [{ line: LINE, quantity: 2 }] }]);
  });

  it("asks again, once typing stops, with the units and the weight staff changed", async () => {
    const { requests } = stubApi({ [QUOTE_PATH]: { data: quote } });
    const dialog = await renderDialog();
    await within(dialog).findByRole("radio", { name: /Delhivery Air/ });
    const units = within(dialog).getByRole("spinbutton", { name: /left to ship/ });
    await userEvent.clear(units);
    await userEvent.type(units, "1");
    const weight = within(dialog).getByRole("spinbutton", { name: shiprocketShip.weight });
    await userEvent.clear(weight);
    await userEvent.type(weight, "0.6");
    await vi.waitFor(() => expect(posts(requests, QUOTE_PATH)).toHaveLength(2));
    expect(posts(requests, QUOTE_PATH)[1]).toEqual({ lines: [{ line: LINE, quantity: 1 }], weightKg: 0.6 });
  });

  it("asks for the e-way bill when the parcel needs one, and shows the server's word on it", async () => {
    const { requests } = stubApi({
      [QUOTE_PATH]: { data: { ...quote, ewaybillRequired: true } },
      [SHIP_PATH]: {
        status: 400,
        message: "Check the e-way bill.",
        errors: { ewaybillNo: "Enter the 12 digits of the e-way bill." },
      },
    });
    const dialog = await renderDialog();
    const field = await within(dialog).findByRole("textbox", { name: shiprocketShip.ewaybill });
    await userEvent.type(field, "12345");
    await userEvent.click(within(dialog).getByRole("button", { name: shiprocketShip.submit }));
    expect(await within(dialog).findByText("Enter the 12 digits of the e-way bill.")).toBeVisible();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(posts(requests, SHIP_PATH)).toEqual([
      {
        lines: [{ line: LINE, quantity: 2 }],
        courierId: 24,
        weightKg: 1.2,
        dimensionsCm: { length: 30, breadth: 20, height: 12 },
        ewaybillNo: "12345",
      },
    ]);
  });

  it("books the chosen courier and shows the AWB, courier, pickup and the label", async () => {
    const { requests } = stubApi({
      [QUOTE_PATH]: { data: quote },
      [SHIP_PATH]: { status: 201, data: booked },
    });
    const dialog = await renderDialog();
    await userEvent.click(await within(dialog).findByRole("radio", { name: /Xpressbees Surface/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: shiprocketShip.submit }));
    const label = await screen.findByRole("link", { name: shiprocketShip.openLabel });
    expect(label).toHaveAttribute("href", booked.labelUrl);
    expect(label).toHaveAttribute("target", "_blank");
    const done = screen.getByRole("dialog", { name: shiprocketShip.dialogTitle });
    expect(done).toHaveTextContent("19041424751540");
    expect(done).toHaveTextContent("Delhivery Air");
    expect(done).toHaveTextContent("Nov 30, 2026");
    expect(posts(requests, SHIP_PATH)[0]).toMatchObject({ courierId: 10 });
  });

  it("says why Shiprocket refused the booking, in the dialog", async () => {
    stubApi({
      [QUOTE_PATH]: { data: quote },
      [SHIP_PATH]: { status: 503, message: "Shiprocket could not be reached, please try again later." },
    });
    const dialog = await renderDialog();
    await within(dialog).findByRole("radio", { name: /Delhivery Air/ });
    await userEvent.click(within(dialog).getByRole("button", { name: shiprocketShip.submit }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Shiprocket could not be reached, please try again later.",
    );
  });
});

describe("the order page's Ship with Shiprocket action", () => {
  const renderOrder = () =>
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${order._id}`,
    );

  it("is offered beside Ship items once the shop is connected to Shiprocket", async () => {
    stubApi({
      "GET /api/config": { data: { ...publicConfig, shiprocket: true } },
      [`GET /api/orders/${order._id}`]: { data: order },
      [QUOTE_PATH]: { data: quote },
    });
    renderOrder();
    await userEvent.click(await screen.findByRole("button", { name: shiprocketShip.action }));
    expect(await screen.findByRole("dialog", { name: shiprocketShip.dialogTitle })).toBeVisible();
    expect(screen.getByRole("button", { name: "Ship items" })).toBeVisible();
  });

  it("is not offered while the shop is not connected", async () => {
    stubApi({
      "GET /api/config": { data: publicConfig },
      [`GET /api/orders/${order._id}`]: { data: order },
    });
    renderOrder();
    expect(await screen.findByRole("button", { name: "Ship items" })).toBeVisible();
    expect(screen.queryByRole("button", { name: shiprocketShip.action })).toBeNull();
  });
});
