import { wishlistHeart, wishlistWords } from "@shop/shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { followSignedInCart } from "#web/lib/kept-cart";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { holdAnswers, type StubRoutes, stubApi } from "#web/test/api-stub";
import { kurta, lamp, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductCard } from "./product-card";

function renderCards(routes: StubRoutes) {
  const stub = stubApi(routes);
  const { router } = renderRoutes(
    [
      { path: "/auth/login", element: <h1>Sign in</h1> },
      {
        path: "/sale",
        element: (
          <ul>
            {[lamp, kurta].map((product) => (
              <li key={product._id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ),
      },
    ],
    "/sale",
  );
  return { ...stub, router };
}

/** The heart of a product's card, once its code is in. */
async function heartOf(name: string) {
  const card = screen.getByRole("link", { name }).closest("article");
  if (!card) throw new Error(`no card for ${name}`);
  return within(card).findByRole("button", { name: /wishlist/ });
}

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

afterEach(() => useSession.getState().clear());

describe("the heart on a product card", () => {
  it("asks nothing of the API for a visitor who is not signed in", async () => {
    const { requests } = renderCards({});
    expect(await heartOf(lamp.name)).toHaveAccessibleName(wishlistHeart.save);
    expect(requests).toEqual([]);
  });

  it("shows the shopper's saved products pressed, and saves another at once, before the server answers", async () => {
    useSession.getState().setUser(staff("customer"));
    const { requests } = renderCards({
      "GET /api/wishlist": { data: [{ product: lamp, savedAt: "2026-11-20T10:00:00.000Z" }] },
      [`PUT /api/wishlist/${kurta._id}`]: {
        status: 201,
        message: wishlistWords.saved,
        data: { product: kurta._id, savedAt: "2026-11-21T10:00:00.000Z" },
      },
    });
    await waitFor(async () => expect(await heartOf(lamp.name)).toHaveAttribute("aria-pressed", "true"));
    const heart = await heartOf(kurta.name);
    expect(heart).toHaveAttribute("aria-pressed", "false");
    const held = holdAnswers(`/api/wishlist/${kurta._id}`);
    await userEvent.click(heart);
    await waitFor(async () => expect(held.asked).toBe(1));
    expect(await heartOf(kurta.name)).toHaveAttribute("aria-pressed", "true");
    expect(await heartOf(kurta.name)).toHaveAccessibleName(wishlistHeart.remove);
    held.release();
    expect(requests.filter((request) => request.method === "GET")).toHaveLength(1);
  });

  it("puts the heart back when the server refuses", async () => {
    useSession.getState().setUser(staff("customer"));
    const { requests } = renderCards({
      "GET /api/wishlist": { data: [] },
      [`PUT /api/wishlist/${kurta._id}`]: { status: 409, message: wishlistWords.full(200) },
    });
    const heart = await heartOf(kurta.name);
    await waitFor(() => expect(heart).toHaveAttribute("aria-pressed", "false"));
    await userEvent.click(heart);
    await waitFor(async () => expect(await heartOf(kurta.name)).toHaveAttribute("aria-pressed", "false"));
    expect(toast.error).toHaveBeenCalledWith(wishlistWords.full(200));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `PUT /api/wishlist/${kurta._id}`,
    );
  });

  it("keeps a heart tapped while signed out: off to sign in, and saved once at the sign-in that follows", async () => {
    followSignedInCart();
    let saved = false;
    const { requests, router } = renderCards({
      "GET /api/wishlist": () => ({
        data: saved ? [{ product: kurta, savedAt: "2026-11-21T10:00:00.000Z" }] : [],
      }),
      [`PUT /api/wishlist/${kurta._id}`]: () => {
        saved = true;
        return {
          status: 201,
          message: wishlistWords.saved,
          data: { product: kurta._id, savedAt: "2026-11-21T10:00:00.000Z" },
        };
      },
    });
    await userEvent.click(await heartOf(kurta.name));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(router.state.location.search).toBe("?redirect=%2Fsale");
    expect(useCart.getState().pendingHeart).toBe(kurta._id);
    expect(requests).toEqual([]);

    useSession.getState().setUser(staff("customer"));
    const puts = () => requests.filter((request) => request.method === "PUT");
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.path).toBe(`/api/wishlist/${kurta._id}`);
    expect(useCart.getState().pendingHeart).toBeNull();
    await router.navigate("/sale");
    await screen.findByRole("link", { name: kurta.name });
    await waitFor(async () => expect(await heartOf(kurta.name)).toHaveAttribute("aria-pressed", "true"));
    // Signed out and in again: nothing is sent a second time.
    useSession.getState().clear();
    useSession.getState().setUser(staff("customer"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts()).toHaveLength(1);
  });
});
