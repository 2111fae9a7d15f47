import { documents } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { PayPage } from "./pay-page";

const { _id: _addressId, ...shippingAddress } = homeAddress;
const ORDER_ID = "0a0a0a0a0a0a0a0a0a0a0a0a";

const paid: OrderDto = {
  _id: ORDER_ID,
  number: 1001,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "p@example.com",
  },
  createdAt: lamp.createdAt,
  updatedAt: lamp.createdAt,
  status: "processing",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 0,
  shippingAmount: 80,
  taxAmount: 10.8,
  discountCode: null,
  discountAmount: 0,
  invoiceNumber: "INV/2026-27/000001",
  shippingAddress,
  payment: {
    _id: "2c2c2c2c2c2c2c2c2c2c2c2c",
    status: "completed",
    paymentGateway: "test",
    amount: 115.4,
    transactionId: "test_123",
  },
  products: [],
  history: [],
};
const unpaid: OrderDto = { ...paid, status: "pending", invoiceNumber: null, payment: null };

describe("the pay page's invoice", () => {
  it("the shopper's pay page offers the invoice once paid", async () => {
    stubApi({
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: paid },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null } },
    });
    renderRoutes([{ path: "/checkout/pay/:orderId", element: <PayPage /> }], `/checkout/pay/${ORDER_ID}`);
    expect(await screen.findByRole("link", { name: documents.downloadInvoice })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/invoice.pdf`,
    );
  });

  it("offers no invoice while the order waits for its payment", async () => {
    stubApi({
      [`GET /api/orders/current-user/${ORDER_ID}`]: { data: unpaid },
      "GET /api/payments/paypal": { data: { provider: "test", clientId: null } },
    });
    renderRoutes([{ path: "/checkout/pay/:orderId", element: <PayPage /> }], `/checkout/pay/${ORDER_ID}`);
    expect(await screen.findByText("Pay for your order")).toBeVisible();
    expect(screen.queryByRole("link", { name: documents.downloadInvoice })).not.toBeInTheDocument();
  });
});
