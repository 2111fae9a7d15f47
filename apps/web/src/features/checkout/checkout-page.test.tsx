import { warnings } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { toast } from "#web/lib/toast";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CheckoutPage } from "./checkout-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { _id: _addressId, ...shippingAddress } = homeAddress;
const placed: OrderDto = {
  _id: "0a0a0a0a0a0a0a0a0a0a0a0a",
  user: {
    _id: "1b1b1b1b1b1b1b1b1b1b1b1b",
    name: { firstName: "Priya", lastName: "Sharma" },
    email: "priya@example.com",
  },
  createdAt: lamp.createdAt,
  updatedAt: lamp.createdAt,
  status: "pending",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 20,
  shippingAmount: 80,
  taxAmount: 10.8,
  discountCode: null,
  discountAmount: 0,
  shippingAddress,
  payment: null,
  products: [
    {
      product: { _id: lamp._id, name: lamp.name, thumbnail: lamp.thumbnail },
      variant: { _id: "e6e6e6e6e6e6e6e6e6e6e6e6", sku: lamp._id, options: {} },
      name: lamp.name,
      price: 30,
      originalPrice: 40,
      savedAmount: 20,
      discountShare: 0,
      quantity: 2,
    },
  ],
};

function renderCheckout() {
  return renderRoutes(
    [
      { path: "/account/checkout", element: <CheckoutPage /> },
      { path: "/cart", element: <h1>Shopping cart</h1> },
      { path: "/account/shipping", element: <h1>Shipping address</h1> },
      { path: "/account/pay/:orderId", element: <h1>Pay for your order</h1> },
    ],
    "/account/checkout",
  );
}

function fillCart(address: typeof homeAddress | null) {
  useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], address });
}

describe("the checkout page's guard (SPEC section 4)", () => {
  it("sends a shopper whose cart is empty back to the cart, with a warning", async () => {
    stubApi({ "GET /api/users/current-user/addresses": { data: [homeAddress] } });
    useCart.setState({ items: [], address: homeAddress });
    const { router } = renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shopping cart" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/cart");
    expect(toast.warn).toHaveBeenCalledWith(warnings.emptyCart, expect.anything());
  });

  it("sends a shopper who chose no address to the shipping page, with a warning", async () => {
    stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
    });
    fillCart(null);
    renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shipping address" })).toBeVisible();
    expect(toast.warn).toHaveBeenCalledWith(warnings.selectAddress, expect.anything());
    expect(toast.warn).not.toHaveBeenCalledWith(warnings.emptyCart, expect.anything());
  });

  it("forgets a chosen address that was deleted meanwhile and asks for another", async () => {
    stubApi({
      "GET /api/users/current-user/addresses": { data: [] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
    });
    fillCart(homeAddress);
    renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shipping address" })).toBeVisible();
    expect(useCart.getState().address).toBeNull();
    expect(toast.warn).toHaveBeenCalledWith(warnings.selectAddress, expect.anything());
  });

  it("lets a shopper with products and an address pay: the order is placed, the cart emptied", async () => {
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "POST /api/orders": { status: 201, data: placed },
    });
    fillCart(homeAddress);
    const { router } = renderCheckout();

    expect(await screen.findByRole("heading", { name: "Review your order" })).toBeVisible();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByRole("heading", { name: "Pay for your order" })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/account/pay/${placed._id}`);
    const order = requests.find((request) => request.method === "POST");
    expect(order?.body).toEqual({
      products: [{ product: lamp._id, quantity: 2 }],
      shippingAddress: homeAddress._id,
    });
    expect(useCart.getState().items).toEqual([]);
    expect(toast.warn).not.toHaveBeenCalled();
  });
});
