import {
  api,
  documents,
  errors,
  loading,
  orderHistory,
  orderSummary,
  refunds,
  storeCreditPay,
} from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatPrice } from "#web/lib/money";
import { setShopSettings } from "#web/lib/shop-settings";
import { stubApi } from "#web/test/api-stub";
import { paidOrder } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrderPage } from "./order-page";

const ORDER_ID = paidOrder._id;
const paid: OrderDto = {
  ...paidOrder,
  products: [
    {
      _id: "4e4e4e4e4e4e4e4e4e4e4e4e",
      product: { _id: "2c2c2c2c2c2c2c2c2c2c2c2c", name: "Trail Running Shoes", thumbnail: null },
      variant: { _id: "3d3d3d3d3d3d3d3d3d3d3d3d", sku: "TRAIL-9", options: { Size: "9" } },
      name: "Trail Running Shoes",
      price: 30,
      originalPrice: 40,
      savedAmount: 10,
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
  history: [
    {
      type: "placed",
      status: "pending",
      at: paidOrder.createdAt,
      by: { name: "Priya Sharma", role: "customer" },
      note: null,
    },
    {
      type: "paid",
      status: "processing",
      at: paidOrder.updatedAt,
      by: { name: "Priya Sharma", role: "customer" },
      note: null,
      amount: paidOrder.totalAmount,
    },
  ],
};
const pending: OrderDto = {
  ...paid,
  status: "pending",
  invoiceNumber: null,
  payment: null,
  history: paid.history.filter((event) => event.type === "placed"),
};

function renderOrder(id = ORDER_ID) {
  return renderRoutes(
    [{ path: "/account/orders/:orderId", element: <OrderPage /> }],
    `/account/orders/${id}`,
  );
}

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the shopper's order page", () => {
  it("shows an order placed in dollars before the shop turned to rupees in dollars, the GST its prices included under the total", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    const dollars: OrderDto = { ...paid, pricesIncludeTax: true, totalAmount: 139, taxAmount: 9.15 };
    const payment = paid.payment;
    if (!payment) throw new Error("the fixture is paid");
    stubApi({
      [`GET /api/orders/current-user/${ORDER_ID}`]: {
        data: { ...dollars, payment: { ...payment, amount: 139, refundedAmount: 10 } },
      },
    });
    renderOrder();
    const summary = await screen.findByRole("complementary", { name: "Order summary" });
    expect(within(summary).getByText("Amount paid").nextElementSibling).toHaveTextContent("$139.00");
    expect(within(summary).getByText(orderSummary.includesTax("$9.15"))).toBeVisible();
    expect(within(summary).queryByText(orderSummary.taxAt(18))).toBeNull();
    expect(within(summary).getByText(refunds.refundedTotal("$10.00", "$139.00"))).toBeVisible();
    expect(screen.getByRole("list", { name: "Products in this order" })).toHaveTextContent("2 × $30.00");
    expect(screen.getByRole("list", { name: orderHistory.title })).toHaveTextContent(
      orderHistory.paid("$115.40"),
    );
    expect(document.body).not.toHaveTextContent("₹");
  });

  it("shows a paid order's lines, amounts, history and invoice, with nothing to pay or cancel", async () => {
    stubApi({ [`GET /api/orders/current-user/${ORDER_ID}`]: { data: paid } });
    renderOrder();
    expect(screen.getByRole("status")).toHaveTextContent(loading.order);
    expect(
      await screen.findByRole("heading", { level: 1, name: `Order #${paidOrder.number}` }),
    ).toBeVisible();
    const lines = screen.getByRole("list", { name: "Products in this order" });
    expect(within(lines).getAllByRole("listitem")).toHaveLength(1);
    expect(lines).toHaveTextContent("Size: 9");
    const timeline = screen.getByRole("list", { name: orderHistory.title });
    expect(within(timeline).getAllByRole("listitem")).toHaveLength(2);
    expect(timeline).toHaveTextContent(orderHistory.placed);
    expect(screen.getByText("Amount paid")).toBeVisible();
    expect(screen.getByRole("link", { name: new RegExp(`^${documents.downloadInvoice}`) })).toHaveAttribute(
      "href",
      `/api/orders/${ORDER_ID}/invoice.pdf`,
    );
    expect(screen.queryByRole("link", { name: "Pay now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("still reads paid once part of the payment went back, and says how much", async () => {
    const payment = paid.payment;
    if (!payment) throw new Error("the fixture is paid");
    stubApi({
      [`GET /api/orders/current-user/${ORDER_ID}`]: {
        data: { ...paid, payment: { ...payment, status: "partially_refunded", refundedAmount: 10 } },
      },
    });
    renderOrder();
    expect(
      await screen.findByText(refunds.refundedTotal("$10.00", formatPrice(payment.amount))),
    ).toBeVisible();
    expect(screen.getByText("Amount paid")).toBeVisible();
    expect(screen.queryByText(api.paymentPending)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Pay now" })).not.toBeInTheDocument();
  });

  it("shows an order paid partly from store credit part by part: in its payment and under the amount paid", async () => {
    const payment = paid.payment;
    if (!payment) throw new Error("the fixture is paid");
    // $115.40 paid: $40.00 from store credit, $75.40 by the test gateway's card.
    stubApi({
      [`GET /api/orders/current-user/${ORDER_ID}`]: {
        data: {
          ...paid,
          storeCreditUsed: 40,
          payment: {
            ...payment,
            tenders: [
              { kind: "store_credit", amount: 40 },
              { kind: "test", amount: 75.4 },
            ],
          },
        },
      },
    });
    renderOrder();
    expect(
      await screen.findByText(
        `Store credit $40.00, Card (test gateway) $75.40 · transaction ${payment.transactionId}`,
      ),
    ).toBeVisible();
    const summary = screen.getByRole("heading", { name: "Order summary" }).closest("aside") as HTMLElement;
    const line = (term: string) => within(summary).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(line(storeCreditPay.line)).toHaveTextContent("−$40.00");
    expect(line("Card (test gateway)")).toHaveTextContent("$75.40");
  });

  it("offers to pay or cancel a pending order, and no invoice", async () => {
    stubApi({ [`GET /api/orders/current-user/${ORDER_ID}`]: { data: pending } });
    renderOrder();
    expect(await screen.findByRole("link", { name: "Pay now" })).toHaveAttribute(
      "href",
      `/account/pay/${ORDER_ID}`,
    );
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeVisible();
    expect(
      screen.queryByRole("link", { name: new RegExp(documents.downloadInvoice) }),
    ).not.toBeInTheDocument();
  });

  it("says 'Order not found.' for an order that is not the shopper's", async () => {
    stubApi({ [`GET /api/orders/current-user/${ORDER_ID}`]: { status: 404, message: "Order not found." } });
    renderOrder();
    expect(await screen.findByText(errors.orderNotFound, { exact: false })).toBeVisible();
  });
});
