import { documents } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

const paid = paidOrder;
const ORDER_ID = paid._id;
const unpaid: OrderDto = { ...paid, status: "pending", invoiceNumber: null, payment: null };

describe("an order's documents", () => {
  it("the dashboard order page links a paid order's invoice and packing slip", async () => {
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: paid } });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    expect(await screen.findByRole("link", { name: documents.invoice })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/invoice.pdf`,
    );
    expect(screen.getByRole("link", { name: documents.packingSlip })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/packing-slip.pdf`,
    );
  });

  it("the dashboard shows no document links for an unpaid order", async () => {
    stubApi({ [`GET /api/orders/${ORDER_ID}`]: { data: unpaid } });
    renderRoutes(
      [{ path: "/dashboard/orders/order/:orderId", element: <OrderPage /> }],
      `/dashboard/orders/order/${ORDER_ID}`,
    );
    expect(await screen.findByText(ORDER_ID)).toBeVisible();
    expect(screen.queryByRole("link", { name: documents.invoice })).not.toBeInTheDocument();
  });
});
