import { discountCodes } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { stubApi } from "#web/test/api-stub";
import { lamp, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CartPage } from "./cart-page";

/** A product the code leaves out (another category): 25 a unit, not on sale. */
const LAMP_VARIANT = "e6e6e6e6e6e6e6e6e6e6e6e6";
const SHELF_VARIANT = "a8a8a8a8a8a8a8a8a8a8a8a8";
const lampVariant = lamp.variants.find((variant) => variant._id === LAMP_VARIANT);
if (!lampVariant) throw new Error("the lamp fixture has lost its variant");

const shelf: ProductDto = {
  ...lamp,
  _id: "a7a7a7a7a7a7a7a7a7a7a7a7",
  name: "Walnut Wall Shelf",
  price: 25,
  onSale: false,
  salePrice: 0,
  variants: [{ ...lampVariant, _id: SHELF_VARIANT, price: 25, onSale: false, salePrice: 0 }],
};

// Two lamps at 30 on sale (20 saved) and one shelf at 25: items 85; the code takes 10% of the lamps only (6).
const priced = {
  lines: [
    {
      product: shelf._id,
      variant: SHELF_VARIANT,
      quantity: 1,
      unitPrice: 25,
      lineTotal: 25,
      savedAmount: 0,
      discountShare: 0,
      taxRate: 18,
    },
    {
      product: lamp._id,
      variant: LAMP_VARIANT,
      quantity: 2,
      unitPrice: 30,
      lineTotal: 60,
      savedAmount: 20,
      discountShare: 6,
      taxRate: 18,
    },
  ],
  itemsPrice: 85,
  discountPrice: 20,
  discountCode: "LAMPS10",
  discountAmount: 6,
  discountMessage: null,
  shippingPrice: 80,
  shippingMethod: { _id: "5e771e9000000000000000a1", name: "Standard", price: 80 },
  shippingMessage: null,
  taxPrice: 14.22,
  taxIncluded: false,
  taxRate: 18,
  supply: "inter-state",
  totalPrice: 173.22,
};

function renderCart() {
  return renderRoutes([{ path: "/cart", element: <CartPage /> }], "/cart");
}

describe("the cart's savings with a discount code", () => {
  it("counts the sale and the code in 'You Saved', shows the code's amount whole and names the line it leaves out", async () => {
    stubApi({
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      [`GET /api/products/${shelf._id}`]: { data: shelf },
      "POST /api/cart/price": { data: priced },
    });
    useCart.setState({
      items: [
        { product: toCartProduct(lamp), quantity: 2 },
        { product: toCartProduct(shelf), quantity: 1 },
      ],
      discountCode: "LAMPS10",
    });
    renderCart();

    // The cart's own figures show first (the sale alone); the server's, with the code, replace them.
    await waitFor(() => expect(screen.getByText("You Saved").parentElement).toHaveTextContent("$26.00"));
    // The chip: the code's name, and its amount in a part of its own that never shortens.
    const chip = screen.getByText("LAMPS10").closest("p");
    if (!chip) throw new Error("the applied code shows in no chip");
    expect(within(chip).getByText("−$6.00")).toHaveClass("shrink-0", "whitespace-nowrap");

    const lines = within(screen.getByRole("list", { name: "Products in your cart" })).getAllByRole(
      "listitem",
    );
    const shelfLine = lines.find((line) => line.textContent?.includes(shelf.name));
    const lampLine = lines.find((line) => line.textContent?.includes(lamp.name));
    expect(shelfLine).toHaveTextContent(discountCodes.notOnLine("LAMPS10"));
    expect(lampLine).not.toHaveTextContent(discountCodes.notOnLine("LAMPS10"));
  });

  it("says nothing of lines and shows the sale alone when no code is applied", async () => {
    stubApi({ [`GET /api/products/${lamp._id}`]: { data: lamp } });
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], discountCode: null });
    renderCart();

    expect((await screen.findByText("You Saved")).parentElement).toHaveTextContent("$20.00");
    expect(screen.queryByText(/does not apply to this item/)).toBeNull();
  });

  it("prices shipping with the owner's cheapest method once the shop's settings are known", async () => {
    const economy = {
      ...publicConfig.shippingMethods[0],
      _id: "e1e1e1e1e1e1e1e1e1e1e1e1",
      name: "Economy",
      price: 45,
      freeAbove: null,
    };
    stubApi({
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "GET /api/config": {
        data: { ...publicConfig, shippingMethods: [economy, ...publicConfig.shippingMethods] },
      },
    });
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], discountCode: null });
    renderCart();

    await waitFor(() =>
      expect(screen.getByText("Shipping", { selector: "dt" }).parentElement).toHaveTextContent("$45.00"),
    );
  });
});
