import { MAX_ORDER_NOTE } from "@shop/shared/constants";
import { orderHistory, successes, validation } from "@shop/shared/messages";
import type { OrderDto, OrderEventDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/toast";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { _id: _addressId, ...shippingAddress } = homeAddress;
const placed: OrderEventDto = {
  type: "placed",
  status: "pending",
  at: "2026-11-20T09:30:00.000Z",
  by: { name: "Priya Sharma", role: "customer" },
  note: null,
};
const order: OrderDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1042,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: placed.at,
  updatedAt: placed.at,
  status: "processing",
  paymentState: "completed",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 20,
  shippingAmount: 80,
  taxAmount: 10.8,
  currency: "USD",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 80, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  invoiceNumber: null,
  shippingAddress,
  payment: null,
  products: [
    {
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
      product: { _id: lamp._id, name: lamp.name, thumbnail: lamp.thumbnail },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: lamp._id, options: {} },
      name: lamp.name,
      price: 30,
      originalPrice: 40,
      savedAmount: 20,
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
  shipments: [],
  returns: [],
  history: [
    placed,
    {
      type: "paid",
      status: "processing",
      at: "2026-11-20T09:31:00.000Z",
      by: placed.by,
      note: null,
      amount: 115.4,
    },
    { type: "cancelled", status: "cancelled", at: "2026-11-20T10:31:00.000Z", by: null, note: null },
  ],
};

function renderOrder() {
  return renderRoutes(
    [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
    `/dashboard/orders/order/${order._id}`,
  );
}

describe("the dashboard order page", () => {
  it("names the order by its number and tells its history, oldest first, with who did each step", async () => {
    stubApi({ [`GET /api/orders/${order._id}`]: { data: order } });
    renderOrder();
    expect(await screen.findByRole("heading", { name: "Order #1042" })).toBeVisible();
    const steps = within(screen.getByRole("list", { name: orderHistory.title })).getAllByRole("listitem");
    expect(steps.map((step) => step.querySelector("p")?.textContent)).toEqual([
      orderHistory.placed,
      orderHistory.paid("$115.40"),
      orderHistory.cancelled,
    ]);
    expect(steps[0]).toHaveTextContent(orderHistory.by("Priya Sharma", "customer"));
    expect(steps[2]).toHaveTextContent(orderHistory.bySystem);
  });

  it("adds a note: the server's order with the note becomes the page, the field empties", async () => {
    const note: OrderEventDto = {
      type: "note",
      status: "processing",
      at: "2026-11-20T11:00:00.000Z",
      by: { name: "Asha Admin", role: "admin" },
      note: "Gift wrap asked for.",
    };
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/notes`]: (request: StubRequest) => ({
        data: {
          ...order,
          history: [...order.history, { ...note, note: (request.body as { note: string }).note }],
        },
      }),
    });
    renderOrder();
    const field = await screen.findByLabelText(orderHistory.noteLabel);
    await userEvent.type(field, "  Gift wrap asked for.  ");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    const history = screen.getByRole("list", { name: orderHistory.title });
    expect(await within(history).findByText("Gift wrap asked for.")).toBeVisible();
    expect(within(history).getByText(orderHistory.by("Asha Admin", "admin"), { exact: false })).toBeVisible();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ note: "Gift wrap asked for." });
    expect(toast.success).toHaveBeenCalledWith(successes.orderNote);
    expect(field).toHaveValue("");
  });

  it("refuses a blank note before asking the server, and shows the server's field message", async () => {
    const { requests } = stubApi({
      [`GET /api/orders/${order._id}`]: { data: order },
      [`POST /api/orders/${order._id}/notes`]: {
        status: 400,
        message: validation.maxLength(MAX_ORDER_NOTE),
        errors: { note: validation.maxLength(MAX_ORDER_NOTE) },
      },
    });
    renderOrder();
    const field = await screen.findByLabelText(orderHistory.noteLabel);
    await userEvent.type(field, "   ");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    expect(await screen.findByText(validation.required)).toBeVisible();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);

    await userEvent.type(field, "A note the server refuses");
    await userEvent.click(screen.getByRole("button", { name: orderHistory.addNote }));
    expect(await screen.findByText(validation.maxLength(MAX_ORDER_NOTE))).toBeVisible();
    expect(field).toHaveValue("   A note the server refuses");
  });
});
