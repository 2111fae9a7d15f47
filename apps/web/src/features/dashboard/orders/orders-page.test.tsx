import { empty, fulfilmentFilter, loading, paymentStates, validation } from "@shop/shared/messages";
import type { OrderSummaryDto } from "@shop/shared/schemas/order";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { OrdersPage } from "./orders-page";

const NO_ORDERS = { data: [], meta: { page: 1, size: 8, pageCount: 0, total: 0 } };

const { _id: _addressId, ...shippingAddress } = homeAddress;
const order: OrderSummaryDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  number: 1042,
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: lamp.createdAt,
  updatedAt: lamp.createdAt,
  status: "processing",
  paymentState: "partially_refunded",
  fulfilment: "unfulfilled",
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
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
  invoiceNumber: "INV/2026-27/000001",
  shippingAddress,
  payment: null,
  itemCount: 2,
};

/** Three pages of orders: any page after the third holds none. */
function ordersPage({ query }: StubRequest) {
  const page = Number(query.get("page"));
  return { data: page <= 3 ? [order] : [], meta: { page, size: 8, pageCount: 3, total: 17 } };
}

function renderOrders(path: string) {
  renderRoutes(
    [
      { path: "/dashboard/orders", element: <OrdersPage view="all" /> },
      { path: "/dashboard/orders/pending", element: <OrdersPage view="pending" /> },
    ],
    path,
  );
}

describe("the dashboard's orders lists", () => {
  it("load behind the full-screen message, then say there are none", async () => {
    stubApi({ "GET /api/orders": NO_ORDERS });
    renderOrders("/dashboard/orders");
    expect(screen.getByRole("status")).toHaveTextContent(loading.orders);
    expect(await screen.findByText(empty.allOrders)).toBeVisible();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("ask for the processing orders under Ready to Ship, with its own empty message", async () => {
    const { requests } = stubApi({ "GET /api/orders/status/processing": NO_ORDERS });
    renderOrders("/dashboard/orders/pending?page=1&size=20&keyword=priya");
    expect(await screen.findByText(empty.readyToShip)).toBeVisible();
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({ page: "1", size: "20", keyword: "priya" });
  });

  it("go to the last page when the address asks for a page past the end", async () => {
    stubApi({ "GET /api/orders": ordersPage });
    const { router } = renderRoutes(
      [{ path: "/dashboard/orders", element: <OrdersPage view="all" /> }],
      "/dashboard/orders?page=99&size=8",
    );
    expect(await screen.findByText("Page 3 of 3")).toBeVisible();
    expect(router.state.location.search).toBe("?page=3&size=8");
    expect(screen.getByRole("link", { name: `#${order.number} — open order ${order._id}` })).toBeVisible();
    expect(screen.queryByText(empty.allOrders)).not.toBeInTheDocument();
  });

  it("count 10,000+ orders past the API's cap, and ask for the next page after the cursor of this one", async () => {
    const { requests } = stubApi({
      "GET /api/orders": ({ query }) => {
        const page = Number(query.get("page"));
        const meta = {
          page,
          size: 8,
          total: 10_000,
          totalCapped: true,
          pageCount: 1250,
          next: `cursor-${page}`,
        };
        return { data: [order], meta };
      },
    });
    renderOrders("/dashboard/orders?page=3&size=8&payment=completed");
    expect(await screen.findByText("Page 3 of 1,250+")).toBeVisible();
    expect(screen.getByText("10,000+ orders")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 4 of 1,250+")).toBeVisible();
    expect(Object.fromEntries(requests.at(-1)?.query ?? [])).toEqual({
      page: "4",
      size: "8",
      after: "cursor-3",
      payment: "completed",
    });
  });

  it("show SPEC's failure text when the server gives no message", async () => {
    stubApi({ "GET /api/orders": { status: 500 } });
    renderOrders("/dashboard/orders");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^Error: Something went wrong, please try reloading the page\.$/,
    );
  });

  it("show the server's message after 'Error: ' when it gives one", async () => {
    stubApi({ "GET /api/orders": { status: 403, message: "You are not allowed to do this." } });
    renderOrders("/dashboard/orders");
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Error: You are not allowed to do this\.$/);
  });

  it("ask for the date range and keyword in the address, and export the same orders as CSV", async () => {
    const { requests } = stubApi({ "GET /api/orders/status/processing": ordersPage });
    renderOrders("/dashboard/orders/pending?page=2&size=8&keyword=priya&from=2026-03-01&to=2026-03-31");
    expect(await screen.findByRole("link", { name: /^#1042 — open order/ })).toBeVisible();
    // The list's last request (the page reads the shop's public config too).
    const asked = requests.filter((request) => request.path.startsWith("/api/orders")).at(-1)?.query;
    expect([asked?.get("from"), asked?.get("to"), asked?.get("keyword"), asked?.get("page")]).toEqual([
      "2026-03-01",
      "2026-03-31",
      "priya",
      "2",
    ]);
    expect(screen.getByLabelText("From")).toHaveValue("2026-03-01");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/orders/export.csv?keyword=priya&from=2026-03-01&to=2026-03-31&status=processing",
    );
  });

  it("name a range that ends before it starts, and leave it out of the request", async () => {
    const { requests } = stubApi({ "GET /api/orders": ordersPage });
    renderOrders("/dashboard/orders?from=2026-03-31&to=2026-03-01");
    expect(await screen.findByText(validation.dateRange)).toBeVisible();
    expect(requests.at(-1)?.query.has("from")).toBe(false);
  });

  it("show the day placed and the payment's state, and filter by the state through the address", async () => {
    const { requests } = stubApi({ "GET /api/orders": ordersPage });
    const { router } = renderRoutes(
      [{ path: "/dashboard/orders", element: <OrdersPage view="all" /> }],
      "/dashboard/orders?page=2&size=8",
    );
    const link = await screen.findByRole("link", { name: /^#1042 — open order/ });
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText(paymentStates.labels.partially_refunded)).toBeVisible();
    expect(row.querySelector("time")).toHaveAttribute("datetime", order.createdAt);

    await userEvent.selectOptions(screen.getByLabelText(paymentStates.filter), paymentStates.labels.failed);
    expect(router.state.location.search).toBe("?page=1&size=8&payment=failed");
    await screen.findByRole("link", { name: /^#1042 — open order/ });
    expect(requests.at(-1)?.query.get("payment")).toBe("failed");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/orders/export.csv?payment=failed",
    );
  });

  it("read 'Partially shipped' for an order with some units out, and filter by fulfilment through the address", async () => {
    const partly: OrderSummaryDto = { ...order, fulfilment: "partially_shipped" };
    const { requests } = stubApi({
      "GET /api/orders/status/processing": {
        data: [partly],
        meta: { page: 1, size: 8, pageCount: 1, total: 1 },
      },
    });
    const { router } = renderRoutes(
      [{ path: "/dashboard/orders/pending", element: <OrdersPage view="pending" /> }],
      "/dashboard/orders/pending?page=1&size=8",
    );
    const link = await screen.findByRole("link", { name: /#1042/ });
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("Partially shipped")).toBeVisible();
    expect(within(row).queryByText("Processing")).not.toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByLabelText(fulfilmentFilter.label),
      fulfilmentFilter.labels.partially_shipped,
    );
    expect(router.state.location.search).toBe("?page=1&size=8&fulfilment=partially_shipped");
    await screen.findByRole("link", { name: /#1042/ });
    expect(requests.at(-1)?.query.get("fulfilment")).toBe("partially_shipped");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/orders/export.csv?fulfilment=partially_shipped&status=processing",
    );
  });
});
