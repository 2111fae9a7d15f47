import { listPaging } from "@shop/shared/messages";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { Pagination } from "./pagination";

afterEach(() => setShopSettings(DEFAULT_PAGE_SETTINGS));

function renderBar(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const handlers = { onPageChange: vi.fn(), onSizeChange: vi.fn(), onNext: vi.fn(), onPrevious: vi.fn() };
  render(<Pagination page={3} pageCount={500} size={20} {...handlers} {...props} />);
  return handlers;
}

describe("the paging bar", () => {
  it("says 'Page 3 of 500+' while the list holds more than the API counted", () => {
    renderBar({ more: true });
    expect(screen.getByText("Page 3 of 500+")).toBeVisible();
    expect(listPaging.pageOf("3", "500", true)).toBe("Page 3 of 500+");
  });

  it("says 'Page 3 of 500' of a list counted to its end", () => {
    renderBar();
    expect(screen.getByText("Page 3 of 500")).toBeVisible();
  });

  it("writes the numbers as the store's locale does", () => {
    setShopSettings({ ...DEFAULT_PAGE_SETTINGS, currency: { code: "INR", locale: "en-IN" } });
    renderBar({ page: 1250, pageCount: 125_000, more: true });
    expect(screen.getByText("Page 1,250 of 1,25,000+")).toBeVisible();
  });

  it("hands the arrows to the list's own next and previous when it has them", async () => {
    const handlers = renderBar({ more: true });
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(handlers.onNext).toHaveBeenCalledOnce();
    expect(handlers.onPrevious).toHaveBeenCalledOnce();
    expect(handlers.onPageChange).not.toHaveBeenCalled();
  });

  it("asks for the page by its number without them, and hides Next on the last page", async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageCount={2} size={8} onPageChange={onPageChange} onSizeChange={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
