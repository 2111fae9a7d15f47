import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

const { _id: _addressId, ...shippingAddress } = homeAddress;
const shoe = { _id: "5a5a5a5a5a5a5a5a5a5a5a5a", name: "Trail Running Shoes", thumbnail: null };
const line = {
  price: 60,
  originalPrice: 60,
  savedAmount: 0,
  discountShare: 6,
  quantity: 1,
  taxRate: 18,
  hsnCode: null,
  taxableValue: 54,
  cgst: 0,
  sgst: 0,
  igst: 9.72,
};

/** Two sizes of one shoe and a lamp without options. */
const order: OrderDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1001,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: lamp.createdAt,
  updatedAt: lamp.createdAt,
  status: "processing",
  paymentState: "completed",
  fulfilment: "unfulfilled",
  totalAmount: 300.8,
  subTotal: 160,
  savedAmount: 0,
  shippingAmount: 80,
  taxAmount: 28.8,
  currency: "USD",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: "SHOES10",
  discountAmount: 12,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
  invoiceNumber: "INV/2026-27/000007",
  shippingAddress,
  payment: null,
  history: [],
  shipments: [],
  returns: [],
  products: [
    {
      ...line,
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
      product: shoe,
      variant: {
        _id: "6a6a6a6a6a6a6a6a6a6a6a6a",
        sku: "TRAIL-9-BLACK",
        options: { Size: "9", Colour: "Black" },
      },
      name: shoe.name,
    },
    {
      ...line,
      _id: "f2f2f2f2f2f2f2f2f2f2f2f2",
      product: shoe,
      variant: {
        _id: "6b6b6b6b6b6b6b6b6b6b6b6b",
        sku: "TRAIL-10-BLACK",
        options: { Size: "10", Colour: "Black" },
      },
      name: shoe.name,
    },
    {
      ...line,
      _id: "f3f3f3f3f3f3f3f3f3f3f3f3",
      price: 40,
      originalPrice: 40,
      product: { _id: lamp._id, name: lamp.name, thumbnail: null },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: lamp._id, options: {} },
      name: lamp.name,
    },
  ],
};

describe("the dashboard's order page: lines and amounts", () => {
  it("names the option values of each line's variant, and nothing more for a product without options", async () => {
    stubApi({ [`GET /api/orders/${order._id}`]: { data: order } });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${order._id}`,
    );

    const items = within(
      (await screen.findByRole("heading", { name: "Items" })).closest("section") ?? document.body,
    );
    const lines = items.getAllByRole("listitem");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent("Size: 9 · Colour: BlackSKU TRAIL-9-BLACK");
    expect(lines[1]).toHaveTextContent("Size: 10 · Colour: BlackSKU TRAIL-10-BLACK");
    expect(lines[2]).not.toHaveTextContent("SKU");
    expect(lines[2]).not.toHaveTextContent(":");
  });

  it("shows the discount code the order used and what it took off", async () => {
    stubApi({ [`GET /api/orders/${order._id}`]: { data: order } });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${order._id}`,
    );

    const amounts = within(
      (await screen.findByRole("heading", { name: "Amounts" })).closest("section") ?? document.body,
    );
    expect(amounts.getByText("Discount (SHOES10)")).toBeVisible();
    expect(amounts.getByText("−$12.00")).toBeVisible();
  });
});
