import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ScrollRestoration } from "./scroll-restoration";

/** The router's pages, each with the scroll handling of app/root.tsx. */
function renderPages() {
  const page = { element: <ScrollRestoration /> };
  const router = createMemoryRouter([
    { path: "/", ...page },
    { path: "/product/:id", ...page },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/** The window scrolled to `y`, as the shopper would, with its scroll event. */
function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

describe("the scroll position across navigations", () => {
  it("starts a new page at its top and puts back where a page was on back", async () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const router = renderPages();
    scrollTo(640);

    await act(() => router.navigate("/product/p1"));
    expect(scroll).toHaveBeenLastCalledWith(0, 0);
    scrollTo(120);

    await act(() => router.navigate(-1));
    expect(scroll).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scroll).toHaveBeenLastCalledWith(0, 120);
  });

  it("leaves an address with an anchor to the browser", async () => {
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const router = renderPages();
    scroll.mockClear();
    await act(() => router.navigate("/product/p1#reviews"));
    expect(scroll).not.toHaveBeenCalled();
  });
});
