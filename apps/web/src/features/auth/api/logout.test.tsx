import type { UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, toCartProduct, useCart } from "#web/lib/cart-store";
import { currentUserQueryOptions } from "#web/lib/current-user";
import { RECENTLY_VIEWED_STORAGE_KEY, toRecentProduct, useRecentlyViewed } from "#web/lib/recently-viewed";
import { SESSION_STORAGE_KEY, useSession } from "#web/lib/session";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { useLogout } from "./logout";

const priya: UserDto = {
  _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
  name: { firstName: "Priya", lastName: "Sharma" },
  email: "priya@example.com",
  avatar: null,
  role: "customer",
  status: true,
  twoFactorEnabled: false,
  createdAt: lamp.createdAt,
};

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => logout.mutate()}>
      Logout
    </button>
  );
}

describe("logging out", () => {
  it.each([
    ["the server ends the session", { status: 200 }],
    ["the server cannot be reached", { status: 503 }],
  ])("forgets everything personal kept in the browser when %s", async (_case, answer) => {
    stubApi({ "POST /api/auth/logout": { ...answer, data: null } });
    useSession.getState().setUser(priya);
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 1 }], address: homeAddress });
    useRecentlyViewed.setState({ products: [toRecentProduct(lamp)] });
    const { router, queryClient } = renderRoutes(
      [
        { path: "/account/profile", element: <LogoutButton /> },
        { path: "/auth/login", element: <h1>Log in to your account</h1> },
      ],
      "/account/profile",
    );
    queryClient.setQueryData(currentUserQueryOptions().queryKey, priya);

    await userEvent.click(screen.getByRole("button", { name: "Logout" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(useSession.getState().user).toBeNull();
    expect(useCart.getState().address).toBeNull();
    expect(useRecentlyViewed.getState().products).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    // What stays in local storage names no one: no name, phone, street nor email, no product seen.
    const stored = [SESSION_STORAGE_KEY, CART_STORAGE_KEY, RECENTLY_VIEWED_STORAGE_KEY]
      .map((key) => localStorage.getItem(key) ?? "")
      .join("\n");
    for (const personal of [
      priya.email,
      homeAddress.phoneNumber,
      homeAddress.street,
      homeAddress.name.lastName,
    ]) {
      expect(stored).not.toContain(personal);
    }
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY) ?? "{}").state.products).toEqual([]);
    // The cart's lines name products, not the shopper: they stay.
    expect(useCart.getState().items).toHaveLength(1);
  });
});
