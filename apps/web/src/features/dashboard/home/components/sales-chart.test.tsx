import { salesReports } from "@shop/shared/messages";
import { act, render, screen } from "@testing-library/react";
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

  it("goes to today's end when the window narrows until it scrolls, unless the manager scrolled back", () => {
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const width = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(720);
    const client = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(720);
    const scrolled = vi.spyOn(Element.prototype, "scrollLeft", "set");
    render(<SalesChart days={days} period="Last 30 days" />);
    expect(screen.queryByText(salesReports.chartEarlierDays)).not.toBeInTheDocument();

    // Opened on a desktop, the window is narrowed to a phone's width.
    width.mockReturnValue(576);
    client.mockReturnValue(358);
    scrolled.mockClear();
    act(() => {
      for (const callback of resized) callback();
    });
    expect(scrolled).toHaveBeenLastCalledWith(576);
    expect(screen.getByText(salesReports.chartEarlierDays)).toBeVisible();

    // Scrolled back to the first days, the chart stays there when the width changes again.
    const scroller = screen.getByRole("region", { name: salesReports.chartScroller("Last 30 days") });
    vi.spyOn(Element.prototype, "scrollLeft", "get").mockReturnValue(0);
    act(() => scroller.dispatchEvent(new Event("scroll")));
    scrolled.mockClear();
    act(() => {
      for (const callback of resized) callback();
    });
    expect(scrolled).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
