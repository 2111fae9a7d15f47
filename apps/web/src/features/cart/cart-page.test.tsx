import type { PublicConfig } from "@shop/shared/api";
import { discountCodes, orderSummary } from "@shop/shared/messages";
import type { AddressDto } from "@shop/shared/schemas/address";
import type { CartPriceDto } from "@shop/shared/schemas/discount";
import type { ProductDto } from "@shop/shared/schemas/product";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import type { UserDto } from "@shop/shared/schemas/user";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { useSession } from "#web/lib/session";
import { setShopSettings } from "#web/lib/shop-settings";
import { holdAnswers, type StubRequest, stubApi } from "#web/test/api-stub";
import { homeAddress, kurta, lamp, pricedKurtas, publicConfig, rupeeConfig } from "#web/test/fixtures";
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
const priced: CartPriceDto = {
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

/** A row of the order summary, by its term. */
function summaryRow(term: string) {
  const row = screen.getByText(term, { selector: "dt" }).parentElement;
  if (!row) throw new Error(`no summary row ${term}`);
  return row;
}

const priceRequests = (requests: StubRequest[]) => requests.filter((r) => r.path === "/api/cart/price");

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
  useCart.setState({ address: null });
  useSession.setState({ user: null, leftTo: null });
});

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

    // The server's figures, with the code.
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
    stubApi({
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "POST /api/cart/price": {
        data: {
          ...priced,
          lines: priced.lines.slice(1, 2).map((line) => ({ ...line, discountShare: 0 })),
          itemsPrice: 60,
          discountCode: null,
          discountAmount: 0,
          taxPrice: 10.8,
          totalPrice: 150.8,
        },
      },
    });
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], discountCode: null });
    renderCart();

    expect((await screen.findByText("You Saved")).parentElement).toHaveTextContent("$20.00");
    expect(screen.queryByText(/does not apply to this item/)).toBeNull();
  });

  it("shows the shipping the server priced the cart with, asked without an address", async () => {
    const economy = { _id: "e1e1e1e1e1e1e1e1e1e1e1e1", name: "Economy", price: 45 };
    const { requests } = stubApi({
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "GET /api/config": { data: publicConfig },
      "POST /api/cart/price": {
        data: {
          ...priced,
          lines: priced.lines.slice(1, 2).map((line) => ({ ...line, discountShare: 0 })),
          itemsPrice: 60,
          discountCode: null,
          discountAmount: 0,
          shippingPrice: 45,
          shippingMethod: economy,
          taxPrice: 10.8,
          totalPrice: 115.8,
        },
      },
    });
    useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], discountCode: null });
    renderCart();

    await waitFor(() => expect(summaryRow("Shipping")).toHaveTextContent("$45.00"));
    expect(summaryRow("Total")).toHaveTextContent("$115.80");
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: lamp._id, quantity: 2 }] },
    ]);
  });
});

describe("the cart's GST in a shop whose prices include it", () => {
  function kurtaShop(price: (request: StubRequest) => { data: CartPriceDto }) {
    setShopSettings({ store: rupeeConfig.store, currency: rupeeConfig.currency });
    useCart.setState({ items: [{ product: toCartProduct(kurta), quantity: 1 }], discountCode: null });
    return stubApi({
      [`GET /api/products/${kurta._id}`]: { data: kurta },
      "GET /api/config": { data: rupeeConfig },
      "POST /api/cart/price": price,
    });
  }

  it("says the GST the server works out at the product's 5%, never the shop's 18% on everything", async () => {
    const { requests } = kurtaShop(() => ({ data: pricedKurtas(1, 7.14) }));
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹7.14"))).toBeVisible();
    // 18% within ₹149.98 would be ₹22.88.
    expect(screen.getAllByText(/^Includes /)).toHaveLength(1);
    expect(summaryRow("Total")).toHaveTextContent("₹149.98");
    expect(priceRequests(requests)).toHaveLength(1);
  });

  it("shows no shipping, GST or total until the server has priced the cart, keeping their places", async () => {
    const { requests } = kurtaShop(() => ({ data: pricedKurtas(1, 7.14) }));
    const answered = holdAnswers("/api/cart/price");
    renderCart();

    await waitFor(() => expect(answered.asked).toBe(1));
    expect(summaryRow("Subtotal")).toHaveTextContent("₹149.98");
    for (const term of ["Shipping", "Total"]) {
      expect(summaryRow(term)).not.toHaveTextContent("₹");
      expect(summaryRow(term)).toHaveTextContent(orderSummary.pricing);
    }
    // The line under the total is there, saying no amount yet.
    expect(summaryRow("Tax (GST)")).toHaveTextContent(orderSummary.pricing);
    expect(screen.queryByText(/^Includes /)).toBeNull();
    expect(summaryRow("Total").closest("dl")).toHaveAttribute("aria-busy", "true");

    answered.release();
    expect(await screen.findByText(orderSummary.includesTax("₹7.14"))).toBeVisible();
    expect(summaryRow("Total")).toHaveTextContent("₹149.98");
    expect(summaryRow("Total").closest("dl")).not.toHaveAttribute("aria-busy");
    expect(priceRequests(requests)).toHaveLength(1);
  });

  it("asks the server once per change of quantity and shows its new GST", async () => {
    const { requests } = kurtaShop((request) => {
      const [line] = (request.body as { products: Array<{ quantity: number }> }).products;
      return { data: line?.quantity === 2 ? pricedKurtas(2, 14.28) : pricedKurtas(1, 7.14) };
    });
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹7.14"))).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity" }));

    expect(await screen.findByText(orderSummary.includesTax("₹14.28"))).toBeVisible();
    expect(summaryRow("Total")).toHaveTextContent("₹299.96");
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }] },
      { products: [{ product: kurta._id, quantity: 2 }] },
    ]);
  });
});

describe("the cart priced for where the checkout will ship it", () => {
  const ADDRESSES = "/api/users/current-user/addresses";
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
  const bengaluru = {
    ...homeAddress,
    _id: "f7f7f7f7f7f7f7f7f7f7f7f7",
    city: "Bengaluru",
    state: "Karnataka",
  };
  // The rupee shop with its store in Maharashtra, shipping ₹80 up to ₹5,000.
  const shop = { ...rupeeConfig, shippingMethods: publicConfig.shippingMethods };

  /**
   * The kurta in the rupee shop, priced as the server prices ₹149.98 at 5% with ₹80 shipping: within
   * Maharashtra CGST and SGST, each half rounded (₹10.94); elsewhere, or without a state, IGST (₹10.95).
   */
  function byState(request: StubRequest): { data: CartPriceDto } {
    const within = (request.body as { state?: string }).state === "Maharashtra";
    return {
      data: {
        ...pricedKurtas(1, within ? 10.94 : 10.95),
        shippingPrice: 80,
        totalPrice: 229.98,
        supply: within ? "intra-state" : "inter-state",
      },
    };
  }

  function kurtaShop({
    saved,
    config = shop,
    price = byState,
  }: {
    saved: AddressDto[];
    config?: PublicConfig;
    price?: (request: StubRequest) => { data: CartPriceDto };
  }) {
    setShopSettings({ store: config.store, currency: config.currency });
    useCart.setState({ items: [{ product: toCartProduct(kurta), quantity: 1 }], discountCode: null });
    return stubApi({
      [`GET /api/products/${kurta._id}`]: { data: kurta },
      "GET /api/config": { data: config },
      // A visitor is refused, as by the server.
      [`GET ${ADDRESSES}`]: () =>
        useSession.getState().user ? { data: saved } : { status: 401, message: "Please log in." },
      "POST /api/cart/price": price,
    });
  }

  const addressRequests = (requests: StubRequest[]) => requests.filter((r) => r.path === ADDRESSES);

  it("prices a signed-in shopper's cart once, for their only address's state, after their addresses arrive", async () => {
    useSession.getState().setUser(priya);
    const { requests } = kurtaShop({ saved: [homeAddress] });
    const addresses = holdAnswers(ADDRESSES);
    renderCart();

    await waitFor(() => expect(addresses.asked).toBe(1));
    // Not asked for the cart without a state first: the figures wait with their placeholders.
    expect(summaryRow("Total")).toHaveTextContent(orderSummary.pricing);
    expect(priceRequests(requests)).toHaveLength(0);

    addresses.release();
    expect(await screen.findByText(orderSummary.includesTax("₹10.94"))).toBeVisible();
    expect(summaryRow("Total")).toHaveTextContent("₹229.98");
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }], state: "Maharashtra" },
    ]);
  });

  it("prices for the address chosen at shipping, kept with the cart, over the saved one", async () => {
    useSession.getState().setUser(priya);
    useCart.setState({ address: bengaluru });
    const { requests } = kurtaShop({ saved: [homeAddress] });
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹10.95"))).toBeVisible();
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }], state: "Karnataka" },
    ]);
  });

  it.each([
    ["two saved addresses, which the shopper chooses between", [homeAddress, bengaluru]],
    [
      "an only address whose state needs fixing first",
      [{ ...homeAddress, state: "Bombay", stateValid: false }],
    ],
  ])("prices without a state for %s", async (_case, saved) => {
    useSession.getState().setUser(priya);
    const { requests } = kurtaShop({ saved });
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹10.95"))).toBeVisible();
    expect(addressRequests(requests)).toHaveLength(1);
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }] },
    ]);
  });

  it("prices a visitor's cart without a state, asking for no addresses", async () => {
    const { requests } = kurtaShop({ saved: [homeAddress] });
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹10.95"))).toBeVisible();
    expect(addressRequests(requests)).toHaveLength(0);
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }] },
    ]);
  });

  it("says when shipping is free by the method the server priced with for the state", async () => {
    const local: ShippingMethod = {
      _id: "5e771e9000000000000000b2",
      name: "Mumbai Local",
      price: 40,
      freeAbove: 1000,
      estimatedDays: null,
      states: ["Maharashtra"],
      enabled: true,
      serves: "states",
      days: null,
    };
    useSession.getState().setUser(priya);
    kurtaShop({
      saved: [homeAddress],
      config: { ...shop, shippingMethods: [...shop.shippingMethods, local] },
      price: () => ({
        data: {
          ...pricedKurtas(1, 9.04),
          shippingPrice: 40,
          shippingMethod: { _id: local._id, name: local.name, price: local.price },
          totalPrice: 189.98,
          supply: "intra-state",
        },
      }),
    });
    renderCart();

    expect(await screen.findByText(orderSummary.includesTax("₹9.04"))).toBeVisible();
    // Standard, the method serving every state, would say ₹5,000.00.
    expect(screen.getByText(orderSummary.freeShippingAbove("₹1,000.00"))).toBeVisible();
  });
});
