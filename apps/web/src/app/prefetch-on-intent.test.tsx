import { fireEvent, render, screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prefetchRoutesOnIntent } from "./prefetch-on-intent";

const productPage = vi.fn(async () => () => null);
const cartPage = vi.fn(async () => () => null);
const routes: RouteObject[] = [
  {
    path: "/",
    children: [
      { index: true, element: null },
      { path: "product/:productId", element: null, handle: { load: productPage } },
      { path: "cart", element: null, handle: { load: cartPage } },
    ],
  },
];

let stop = () => {};
afterEach(() => {
  stop();
  productPage.mockClear();
  cartPage.mockClear();
});

function links() {
  render(
    <nav>
      <a href="/product/p1">
        <span>Linen shirt</span>
      </a>
      <a href="/product/p2">Cotton shirt</a>
      <a href="/cart">Cart</a>
      <a href="https://elsewhere.example/cart">Elsewhere</a>
      <button type="button">Not a link</button>
    </nav>,
  );
}

describe("a page's code fetched on intent", () => {
  it("loads the route's code once, when a pointer goes over anything inside its link", () => {
    stop = prefetchRoutesOnIntent(routes);
    links();
    expect(productPage).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByText("Linen shirt"));
    expect(productPage).toHaveBeenCalledTimes(1);
    // Another product: the same route, its code already asked for.
    fireEvent.pointerOver(screen.getByText("Cotton shirt"));
    expect(productPage).toHaveBeenCalledTimes(1);
    expect(cartPage).not.toHaveBeenCalled();
  });

  it("loads it on a touch and on the keyboard's focus too", () => {
    stop = prefetchRoutesOnIntent(routes);
    links();
    fireEvent.touchStart(screen.getByText("Cart"));
    expect(cartPage).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(screen.getByText("Cotton shirt"));
    expect(productPage).toHaveBeenCalledTimes(1);
  });

  it("leaves other sites' links, other elements and a stopped listener alone", () => {
    stop = prefetchRoutesOnIntent(routes);
    links();
    fireEvent.pointerOver(screen.getByText("Elsewhere"));
    fireEvent.pointerOver(screen.getByText("Not a link"));
    expect(cartPage).not.toHaveBeenCalled();
    stop();
    fireEvent.pointerOver(screen.getByText("Cart"));
    expect(cartPage).not.toHaveBeenCalled();
  });

  it("asks again on the next intent when the code failed to load", async () => {
    cartPage.mockRejectedValueOnce(new Error("offline"));
    stop = prefetchRoutesOnIntent(routes);
    links();
    fireEvent.pointerOver(screen.getByText("Cart"));
    await vi.waitFor(() => expect(cartPage).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.pointerOver(screen.getByText("Cart"));
    expect(cartPage).toHaveBeenCalledTimes(2);
  });
});
