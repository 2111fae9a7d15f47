import { empty, loading } from "@shop/shared/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { renderRoutes } from "#web/test/render";
import { OrdersPage } from "./orders-page";

const NO_ORDERS = { data: [], meta: { page: 1, size: 8, pageCount: 0, total: 0 } };

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
});
