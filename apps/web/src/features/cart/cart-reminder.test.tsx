import { keptCart } from "@shop/shared/messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { publicConfig, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CartPage } from "./cart-page";

function renderCart(path: string) {
  stubApi({ "GET /api/config": { data: publicConfig } });
  return renderRoutes(
    [
      { path: "/cart", element: <CartPage /> },
      { path: "/auth/login", element: <h1>Login</h1> },
    ],
    path,
  );
}

afterEach(() => {
  useSession.getState().clear();
  useCart.setState({ items: [], discountCode: null, owner: null, unsaved: false });
});

describe("the cart opened from an abandoned-checkout reminder", () => {
  it("asks a visitor who is not signed in to sign in, and brings them back to the same link", async () => {
    const { router } = renderCart("/cart?reminder=a1a1a1a1a1a1a1a1a1a1a1a1");
    expect(await screen.findByRole("heading", { name: keptCart.signInTitle })).toBeVisible();
    await userEvent.click(screen.getByRole("link", { name: keptCart.signIn }));
    await screen.findByRole("heading", { name: "Login" });
    expect(router.state.location.search).toBe(
      `?${new URLSearchParams({ redirect: "/cart?reminder=a1a1a1a1a1a1a1a1a1a1a1a1" })}`,
    );
  });

  it("asks nothing of a signed-in shopper, and asks once their session ends", async () => {
    useSession.getState().setUser(staff("customer"));
    renderCart("/cart?reminder=a1a1a1a1a1a1a1a1a1a1a1a1");
    expect(await screen.findByRole("heading", { name: "Shopping cart" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: keptCart.signInTitle })).toBeNull();
    useSession.getState().clear();
    await waitFor(() => expect(screen.getByRole("heading", { name: keptCart.signInTitle })).toBeVisible());
  });

  it("shows no prompt on /cart without a reminder", async () => {
    renderCart("/cart");
    expect(await screen.findByRole("heading", { name: "Shopping cart" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: keptCart.signInTitle })).toBeNull();
  });
});
