import { salesReports } from "@shop/shared/messages";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ChartDay, SalesChart } from "./sales-chart";

const days: ChartDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, "0")}`,
  orders: i % 4,
  netSales: (i % 5) * 10,
}));

/** Lays the chart out as a 390 px phone does: a 576 px drawing in a 358 px scroller. */
function phoneLayout() {
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(576);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(358);
}

describe("the sales chart", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens at today's end on a phone, saying that the days before are to the left", () => {
    phoneLayout();
    const scrolled = vi.spyOn(Element.prototype, "scrollLeft", "set");
    render(<SalesChart days={days} period="Last 30 days" />);

    const scroller = screen.getByRole("region", { name: salesReports.chartScroller("Last 30 days") });
    expect(scrolled).toHaveBeenCalledWith(576);
    expect(scrolled.mock.contexts.at(-1)).toBe(scroller);
    expect(scroller).toHaveAttribute("tabindex", "0");
    expect(screen.getByText(salesReports.chartEarlierDays)).toBeVisible();
  });

  it("stays where the manager scrolled it when the same days come again", () => {
    phoneLayout();
    const scrolled = vi.spyOn(Element.prototype, "scrollLeft", "set");
    const { rerender } = render(<SalesChart days={days} period="Last 30 days" />);
    // The Home page hands a new array of the same days on each render.
    rerender(<SalesChart days={days.map((day) => ({ ...day }))} period="Last 30 days" />);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it("says nothing of scrolling where the whole chart fits", () => {
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(720);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(720);
    render(<SalesChart days={days} period="Last 30 days" />);
    expect(screen.getByRole("region", { name: salesReports.chartRegion("Last 30 days") })).toBeVisible();
    expect(screen.queryByText(salesReports.chartEarlierDays)).not.toBeInTheDocument();
  });
});
