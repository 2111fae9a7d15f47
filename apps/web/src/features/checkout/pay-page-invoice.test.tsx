import { documents } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { PayPage } from "./pay-page";

const paid = paidOrder;
const ORDER_ID = paid._id;
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
      [`GET /api/orders/current-user/${ORDER_ID}/payment-options`]: {
        data: {
          cod: { offered: false, reason: null, fee: 0, total: unpaid.totalAmount },
          online: { saving: 0, total: unpaid.totalAmount },
          storeCredit: { balance: 0, applied: 0, due: unpaid.totalAmount, applicable: 0 },
        },
      },
    });
    renderRoutes([{ path: "/checkout/pay/:orderId", element: <PayPage /> }], `/checkout/pay/${ORDER_ID}`);
    expect(await screen.findByText("Pay for your order")).toBeVisible();
    expect(screen.queryByRole("link", { name: documents.downloadInvoice })).not.toBeInTheDocument();
  });
});
