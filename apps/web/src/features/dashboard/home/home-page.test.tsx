import { empty, salesReports } from "@shop/shared/messages";
import type { DashboardStatsDto, SalesDayDto } from "@shop/shared/schemas/stats";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { DashboardHomePage } from "./home-page";

const { figures, withPeriod, allTime } = salesReports;
const TOTAL_SALES = withPeriod(figures.totalSales, allTime);
const REFUNDS = withPeriod(figures.refunds, allTime);

const counts = {
  orders: 14,
  ordersToShip: 2,
  pendingOrders: 1,
  products: 20,
  inactiveProducts: 1,
  lowStockProducts: 3,
};

/** A day with a sale, and one that gave back more than it took: net sales below zero. */
const adminDays: SalesDayDto[] = [
  { date: "2026-11-19", orders: 3, revenue: 310.25 },
  { date: "2026-11-20", orders: 0, revenue: -40 },
];

function renderHome(stats: DashboardStatsDto, days: SalesDayDto[]) {
  stubApi({
    "GET /api/users/admin": { data: stats },
    "GET /api/stats/sales": { data: days },
    "GET /api/orders/status/processing": { data: [], meta: { page: 1, size: 5, pageCount: 0, total: 0 } },
    "GET /api/emails": { data: [], meta: { page: 1, size: 1, pageCount: 0, total: 0 } },
  });
  renderRoutes([{ path: "/dashboard/home", element: <DashboardHomePage /> }], "/dashboard/home");
}

/** A tile: its name, and the figure under it. */
function tile(name: string) {
  const box = screen.getByText(name).closest("dt")?.parentElement;
  if (!box) throw new Error(`no tile ${name}`);
  return box;
}

beforeEach(() => {
  useSession.getState().clear();
});

describe("the dashboard home's figures", () => {
  it("shows an admin the total sales and the refunds of all time, named so, side by side", async () => {
    useSession.getState().setUser(staff("admin"));
    renderHome({ revenue: 1234.5, refunds: 60, customers: 5, ...counts }, adminDays);

    const totalSales = await screen.findByRole("link", { name: TOTAL_SALES });
    expect(totalSales).toHaveAttribute("href", "/dashboard/reports");
    expect(tile(TOTAL_SALES)).toHaveTextContent(`${TOTAL_SALES}$1,234.50`);
    expect(tile(REFUNDS)).toHaveTextContent(`${REFUNDS}$60.00`);
    expect(tile(TOTAL_SALES).nextElementSibling).toBe(tile(REFUNDS));
    expect(screen.queryByText("Revenue")).toBeNull();
    // No order of another currency: nothing said of one.
    expect(screen.queryByRole("note")).toBeNull();

    // The chart's money is total sales too: the day that gave back counts against the month.
    const chart = await screen.findByRole("img", {
      name: "Last 30 days: 3 orders placed, $270.25 total sales",
    });
    expect(chart.closest("figure")).toHaveTextContent(`${figures.totalSales} $270.25`);
    // Its axis goes below zero for that day.
    expect(within(chart).getByText("-$125")).toBeInTheDocument();
    expect(await screen.findByText(empty.recentOrders)).toBeVisible();
  });

  it("counts an admin's orders of another currency apart, under the tiles, in theirs", async () => {
    useSession.getState().setUser(staff("admin"));
    renderHome(
      {
        revenue: 1234.5,
        refunds: 60,
        otherCurrencies: [{ currency: "EUR", orders: 12, totalSales: 1234 }],
        customers: 5,
        ...counts,
      },
      adminDays,
    );
    expect(await screen.findByRole("note")).toHaveTextContent("and 12 orders in EUR: €1,234.00");
    expect(tile(TOTAL_SALES)).toHaveTextContent(`${TOTAL_SALES}$1,234.50`);
  });

  it("shows a manager neither money tile, and orders alone in the chart", async () => {
    useSession.getState().setUser(staff("manager"));
    renderHome(counts, [
      { date: "2026-11-19", orders: 3 },
      { date: "2026-11-20", orders: 1 },
    ]);

    expect(await screen.findByText("Ready to ship")).toBeVisible();
    expect(screen.queryByText(TOTAL_SALES)).toBeNull();
    expect(screen.queryByText(REFUNDS)).toBeNull();
    const chart = await screen.findByRole("img", { name: "Last 30 days: 4 orders placed" });
    expect(chart.closest("figure")).not.toHaveTextContent(figures.totalSales);
  });
});
