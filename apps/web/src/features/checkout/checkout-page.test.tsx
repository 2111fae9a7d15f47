import { discountCodes, validation, warnings } from "@shop/shared/messages";
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
  number: 1042,
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
  currency: "USD",
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  invoiceNumber: null,
  shippingAddress,
  payment: null,
  products: [
    {
      _id: "f1f1f1f1f1f1f1f1f1f1f1f1",
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
  history: [
    {
      type: "placed",
      status: "pending",
      at: lamp.createdAt,
      by: { name: "Priya Sharma", role: "customer" },
      note: null,
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

describe("a discount code at checkout", () => {
  // The lamp costs 30 on sale; two of them are 60, 10% off is 6, GST on 54 is 9.72, shipping 80.
  const priced = {
    lines: [
      {
        product: lamp._id,
        variant: "e6e6e6e6e6e6e6e6e6e6e6e6",
        quantity: 2,
        unitPrice: 30,
        lineTotal: 60,
        savedAmount: 20,
        discountShare: 6,
      },
    ],
    itemsPrice: 60,
    discountPrice: 20,
    discountCode: "TEN",
    discountAmount: 6,
    discountMessage: null,
    shippingPrice: 80,
    shippingMethod: { _id: "5e771e9000000000000000a1", name: "Standard", price: 80 },
    shippingMessage: null,
    taxPrice: 9.72,
    totalPrice: 143.72,
  };

  it("applies a code: the server's figures are shown, and the order carries the code", async () => {
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "POST /api/cart/price": { data: priced },
      "POST /api/orders": { status: 201, data: { ...placed, discountCode: "TEN", discountAmount: 6 } },
    });
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.type(await screen.findByLabelText("Discount code"), "ten");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    const discountRow = (await screen.findByText("Discount (TEN)")).parentElement;
    expect(discountRow).toHaveTextContent("−$6.00");
    expect(screen.getByText("$143.72")).toBeVisible();
    // The sale's 20 and the code's 6.
    expect(screen.getByText("You Saved").parentElement).toHaveTextContent("$26.00");
    expect(useCart.getState().discountCode).toBe("TEN");
    const price = requests.find((request) => request.path === "/api/cart/price");
    expect(price?.body).toEqual({ products: [{ product: lamp._id, quantity: 2 }], discountCode: "TEN" });

    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await screen.findByRole("heading", { name: "Pay for your order" });
    expect(requests.find((request) => request.path === "/api/orders")?.body).toMatchObject({
      discountCode: "TEN",
    });
    expect(useCart.getState().discountCode).toBeNull();
  });

  it("shows why a code does not apply, keeps the cart's own figures and places no code", async () => {
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "POST /api/cart/price": {
        data: {
          ...priced,
          discountCode: null,
          discountAmount: 0,
          discountMessage: discountCodes.expired,
          taxPrice: 10.8,
          totalPrice: 150.8,
        },
      },
      "POST /api/orders": { status: 201, data: placed },
    });
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.type(await screen.findByLabelText("Discount code"), "OLDCODE");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText(discountCodes.expired)).toBeVisible();
    expect(screen.queryByText(/^Discount \(/)).toBeNull();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await screen.findByRole("heading", { name: "Pay for your order" });
    expect(requests.find((request) => request.path === "/api/orders")?.body).not.toHaveProperty(
      "discountCode",
    );
  });

  it("refuses a malformed code without asking the server", async () => {
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
    });
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.type(await screen.findByLabelText("Discount code"), "a b");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText(validation.discountCode)).toBeVisible();
    expect(requests.some((request) => request.path === "/api/cart/price")).toBe(false);
    expect(useCart.getState().discountCode).toBeNull();
  });

  it("says why when the code stopped applying at placement, and removes the code with Remove", async () => {
    let stillApplies = true;
    stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "POST /api/cart/price": () => ({
        data: stillApplies
          ? priced
          : { ...priced, discountCode: null, discountAmount: 0, discountMessage: discountCodes.usedUp },
      }),
      "POST /api/orders": () => {
        stillApplies = false;
        return {
          status: 409,
          message: discountCodes.usedUp,
          errors: { discountCode: discountCodes.usedUp },
        };
      },
    });
    fillCart(homeAddress);
    useCart.setState({ discountCode: "TEN" });
    renderCheckout();

    expect(await screen.findByText("Discount (TEN)")).toBeVisible();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByText(discountCodes.usedUp)).toBeVisible();
    expect(screen.queryByText("Discount (TEN)")).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(discountCodes.usedUp);
  });
});
