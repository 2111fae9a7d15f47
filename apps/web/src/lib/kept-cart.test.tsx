import type { CartDto } from "@shop/shared/schemas/cart";
import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { lamp, staff } from "#web/test/fixtures";
import { toCartProduct, useCart } from "./cart-store";
import { followSignedInCart } from "./kept-cart";
import { useSession } from "./session";

const kept: CartDto = {
  lines: [
    { product: toCartProduct(lamp), variant: { _id: lamp.variants[0]?._id ?? "", options: {} }, quantity: 3 },
  ],
  discountCode: null,
};

describe("following the signed-in shopper's kept cart", () => {
  it("asks nothing while nobody is signed in, and merges the device's cart at sign-in", async () => {
    const { requests } = stubApi({ "POST /api/cart/merge": { data: kept } });
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 1 }], owner: null });
    followSignedInCart();
    // An anonymous visitor's cart stays on the device: no request, not even for the sync's code.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();

    const shopper = staff("customer");
    useSession.getState().setUser(shopper);
    await waitFor(() => expect(useCart.getState().owner).toBe(shopper._id));
    expect(requests.map((request) => request.path)).toEqual(["/api/cart/merge"]);
    expect(useCart.getState().items[0]?.quantity).toBe(3);
    useSession.getState().clear();
    vi.unstubAllGlobals();
  });
});
