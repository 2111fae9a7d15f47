import { api as apiMessages, discountCodes, orderSummary, validation, warnings } from "@shop/shared/messages";
import type { CartPriceDto } from "@shop/shared/schemas/discount";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { chooseMethod } from "@shop/shared/shipping";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { holdAnswers, type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { homeAddress, kurta, lamp, pricedKurtas, publicConfig, rupeeConfig } from "#web/test/fixtures";
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
  paymentState: "none",
  fulfilment: "unfulfilled",
  totalAmount: 115.4,
  subTotal: 60,
  savedAmount: 20,
  shippingAmount: 80,
  taxAmount: 10.8,
  currency: "USD",
  pricesIncludeTax: false,
  shippingMethod: { name: "Standard", price: 80 },
  discountCode: null,
  discountAmount: 0,
  codFee: 0,
  supplyType: "intra-state",
  shippingGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  cashOnDelivery: null,
  codConfirmation: null,
  onlineDiscount: 0,
  storeCreditUsed: 0,
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
      taxRate: 18,
      hsnCode: null,
      taxableValue: 60,
      cgst: 0,
      sgst: 0,
      igst: 10.8,
    },
  ],
  shipments: [],
  returns: [],
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

const [standard] = publicConfig.shippingMethods as [ShippingMethod];
/** The owner's methods: a courier for Maharashtra alone, free above 50; Standard; Express, never free. */
const courier: ShippingMethod = {
  _id: "c0c0c0c0c0c0c0c0c0c0c0c0",
  name: "City courier",
  price: 40,
  freeAbove: 50,
  estimatedDays: "Same day",
  states: ["Maharashtra"],
  enabled: true,
  serves: "states",
  days: null,
};
const express: ShippingMethod = {
  _id: "e0e0e0e0e0e0e0e0e0e0e0e0",
  name: "Express",
  price: 150,
  freeAbove: null,
  estimatedDays: "1–2 days",
  states: null,
  enabled: true,
  serves: "states",
  days: null,
};
const METHODS = [standard, courier, express];

/**
 * The server's pricing of two lamps (60, GST 10.80) with the method asked for, the cheapest that
 * serves the state (the courier, free above 50, for Maharashtra) when none is, and no code.
 */
function priceFor(
  request: StubRequest,
  methods: readonly ShippingMethod[] = METHODS,
): { data: CartPriceDto } {
  const body = request.body as { state?: string; shippingMethod?: string };
  // The server's one rule (shared shipping.ts): the cheapest for the cart, free above a threshold counted.
  const choice = chooseMethod(methods, body.state, body.shippingMethod, undefined, {
    itemsCents: 6000,
    units: 2,
  });
  const method = "method" in choice ? choice.method : undefined;
  const shippingPrice = !method ? 0 : method.freeAbove !== null && 60 > method.freeAbove ? 0 : method.price;
  return {
    data: {
      lines: [
        {
          product: lamp._id,
          variant: "e6e6e6e6e6e6e6e6e6e6e6e6",
          quantity: 2,
          unitPrice: 30,
          lineTotal: 60,
          savedAmount: 20,
          discountShare: 0,
          taxRate: 18,
        },
      ],
      itemsPrice: 60,
      discountPrice: 20,
      discountCode: null,
      discountAmount: 0,
      discountMessage: null,
      shippingPrice,
      shippingMethod: method ? { _id: method._id, name: method.name, price: method.price } : null,
      shippingMessage: method
        ? null
        : body.shippingMethod
          ? apiMessages.shippingMethodUnavailable
          : apiMessages.noShippingMethod(body.state ?? ""),
      taxPrice: 10.8,
      taxIncluded: false,
      taxRate: 18,
      supply: "inter-state",
      totalPrice: Math.round((60 + shippingPrice + 10.8) * 100) / 100,
    },
  };
}

/** A shopper's checkout: the address, the lamp, the shop's settings and the server's pricing (SPEC's one method unless said). */
function checkoutApi(routes: StubRoutes = {}, methods: readonly ShippingMethod[] = [standard]) {
  return stubApi({
    "GET /api/users/current-user/addresses": { data: [homeAddress] },
    [`GET /api/products/${lamp._id}`]: { data: lamp },
    "GET /api/config": { data: { ...publicConfig, shippingMethods: methods } },
    "POST /api/cart/price": (request) => priceFor(request, methods),
    ...routes,
  });
}

/** A row of the order summary, by its term. */
function summaryRow(term: string | RegExp) {
  const row = screen.getByText(term, { selector: "dt" }).parentElement;
  if (!row) throw new Error(`no summary row ${term}`);
  return row;
}

const priceRequests = (requests: StubRequest[]) => requests.filter((r) => r.path === "/api/cart/price");

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the checkout page's guard (SPEC section 4)", () => {
  it("sends a shopper whose cart is empty back to the cart, with a warning", async () => {
    checkoutApi();
    useCart.setState({ items: [], address: homeAddress });
    const { router } = renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shopping cart" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/cart");
    expect(toast.warn).toHaveBeenCalledWith(warnings.emptyCart, expect.anything());
  });

  it("sends a shopper who chose no address to the shipping page, with a warning", async () => {
    checkoutApi();
    fillCart(null);
    renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shipping address" })).toBeVisible();
    expect(toast.warn).toHaveBeenCalledWith(warnings.selectAddress, expect.anything());
    expect(toast.warn).not.toHaveBeenCalledWith(warnings.emptyCart, expect.anything());
  });

  it("forgets a chosen address that was deleted meanwhile and asks for another", async () => {
    checkoutApi({ "GET /api/users/current-user/addresses": { data: [] } });
    fillCart(homeAddress);
    renderCheckout();

    expect(await screen.findByRole("heading", { name: "Shipping address" })).toBeVisible();
    expect(useCart.getState().address).toBeNull();
    expect(toast.warn).toHaveBeenCalledWith(warnings.selectAddress, expect.anything());
  });

  it("lets a shopper with products and an address pay: the order is placed, the cart emptied", async () => {
    const { requests } = checkoutApi({ "POST /api/orders": { status: 201, data: placed } });
    fillCart(homeAddress);
    const { router } = renderCheckout();

    expect(await screen.findByRole("heading", { name: "Review your order" })).toBeVisible();
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByRole("heading", { name: "Pay for your order" })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/account/pay/${placed._id}`);
    const order = requests.find((request) => request.method === "POST" && request.path === "/api/orders");
    expect(order?.body).toEqual({
      products: [{ product: lamp._id, quantity: 2 }],
      shippingAddress: homeAddress._id,
      shippingMethod: standard._id,
    });
    expect(useCart.getState().items).toEqual([]);
    expect(toast.warn).not.toHaveBeenCalled();
  });
});

describe("the shipping method at checkout", () => {
  it("lists the methods that serve the address's state, cheapest first and chosen, priced by the server", async () => {
    const { requests } = checkoutApi({}, [
      express,
      standard,
      courier,
      { ...courier, _id: "d0d0d0d0d0d0d0d0d0d0d0d0", name: "Goa courier", states: ["Goa"] },
    ]);
    fillCart(homeAddress);
    renderCheckout();

    const group = await screen.findByRole("group", { name: orderSummary.shippingMethods });
    await waitFor(() => expect(within(group).getAllByRole("radio")).toHaveLength(3));
    const [first, second, third] = within(group).getAllByRole("radio");
    // The courier serves Maharashtra and the two lamps (60) pass its threshold of 50: free.
    expect(first).toHaveAccessibleName(
      `${courier.name} ${orderSummary.estimatedDays("Same day")} ${orderSummary.free}`,
    );
    expect(first).toBeChecked();
    expect(second).toHaveAccessibleName(`${standard.name} $80.00`);
    expect(third).toHaveAccessibleName(`${express.name} ${orderSummary.estimatedDays("1–2 days")} $150.00`);
    expect(within(group).queryByText("Goa courier")).toBeNull();

    // The summary is the server's answer for the state, naming the method it priced with.
    await waitFor(() =>
      expect(summaryRow(/^Shipping/)).toHaveTextContent(`Shipping (${courier.name})${orderSummary.free}`),
    );
    expect(summaryRow("Total")).toHaveTextContent("$70.80");
    expect(priceRequests(requests)[0]?.body).toEqual({
      products: [{ product: lamp._id, quantity: 2 }],
      state: homeAddress.state,
    });
  });

  it("preselects the method free for this cart above a cheaper paid one, and keeps the one chosen", async () => {
    // Issue 70: "Local express ₹49" was preselected above "Standard — Free" for a cart past its threshold.
    const local: ShippingMethod = {
      ...courier,
      _id: "10ca110ca110ca110ca110ca",
      name: "Local express",
      price: 49,
      freeAbove: null,
      estimatedDays: null,
    };
    const freeStandard: ShippingMethod = { ...standard, freeAbove: 50 };
    const { requests } = checkoutApi({}, [local, freeStandard]);
    fillCart(homeAddress);
    renderCheckout();

    const group = await screen.findByRole("group", { name: orderSummary.shippingMethods });
    await waitFor(() => expect(within(group).getAllByRole("radio")).toHaveLength(2));
    const [first, second] = within(group).getAllByRole("radio");
    expect(first).toHaveAccessibleName(`${freeStandard.name} ${orderSummary.free}`);
    await waitFor(() => expect(first).toBeChecked());
    expect(second).toHaveAccessibleName(`${local.name} $49.00`);
    await waitFor(() =>
      expect(summaryRow(/^Shipping/)).toHaveTextContent(
        `Shipping (${freeStandard.name})${orderSummary.free}`,
      ),
    );

    // The shopper's choice is kept, and priced with.
    await userEvent.click(second as HTMLElement);
    await waitFor(() => expect(summaryRow(/^Shipping/)).toHaveTextContent(`Shipping (${local.name})$49.00`));
    expect(screen.getByRole("radio", { name: new RegExp(`^${local.name}`) })).toBeChecked();
    expect(priceRequests(requests).at(-1)?.body).toMatchObject({ shippingMethod: local._id });
  });

  it("prices the cart again when the shopper chooses another method, and places the order with it", async () => {
    const { requests } = checkoutApi({ "POST /api/orders": { status: 201, data: placed } }, METHODS);
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.click(await screen.findByRole("radio", { name: new RegExp(`^${express.name}`) }));

    expect(screen.getByRole("radio", { name: new RegExp(`^${express.name}`) })).toBeChecked();
    await waitFor(() =>
      expect(summaryRow(/^Shipping/)).toHaveTextContent(`Shipping (${express.name})$150.00`),
    );
    expect(summaryRow("Total")).toHaveTextContent("$220.80");
    expect(priceRequests(requests).at(-1)?.body).toMatchObject({
      state: homeAddress.state,
      shippingMethod: express._id,
    });

    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await screen.findByRole("heading", { name: "Pay for your order" });
    expect(requests.find((request) => request.path === "/api/orders")?.body).toMatchObject({
      shippingMethod: express._id,
    });
  });

  it("says so when no method delivers to the state, offers another address, and places nothing", async () => {
    const { requests } = checkoutApi({}, [{ ...courier, states: ["Goa"] }]);
    fillCart(homeAddress);
    renderCheckout();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(apiMessages.noShippingMethod(homeAddress.state));
    expect(within(alert).getByRole("link", { name: orderSummary.changeAddress })).toHaveAttribute(
      "href",
      "/account/shipping",
    );
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    await waitFor(() => expect(priceRequests(requests)).toHaveLength(1));
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).not.toHaveAttribute("aria-busy", "true"));
    expect(pay).toBeDisabled();
    expect(summaryRow("Shipping")).toHaveTextContent("Shipping—");
    expect(requests.some((request) => request.path === "/api/orders")).toBe(false);
  });

  it("says why when the chosen method was turned off before placement, and prices with the cheapest left", async () => {
    let methods: ShippingMethod[] = METHODS;
    let configReads = 0;
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${lamp._id}`]: { data: lamp },
      "GET /api/config": () => {
        configReads += 1;
        return { data: { ...publicConfig, shippingMethods: methods } };
      },
      "POST /api/cart/price": (request) => priceFor(request, methods),
      "POST /api/orders": () => {
        methods = [standard, courier];
        return {
          status: 409,
          message: apiMessages.shippingMethodUnavailable,
          errors: { shippingMethod: apiMessages.shippingMethodUnavailable },
        };
      },
    });
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.click(await screen.findByRole("radio", { name: new RegExp(`^${express.name}`) }));
    await waitFor(() => expect(summaryRow(/^Shipping/)).toHaveTextContent(express.name));
    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.shippingMethodUnavailable);
    expect(toast.error).toHaveBeenCalledWith(apiMessages.shippingMethodUnavailable);
    // The methods are read again: Express is gone, the courier is chosen and priced.
    await waitFor(() =>
      expect(screen.queryByRole("radio", { name: new RegExp(`^${express.name}`) })).toBeNull(),
    );
    expect(configReads).toBeGreaterThan(1);
    expect(screen.getByRole("radio", { name: new RegExp(`^${courier.name}`) })).toBeChecked();
    await waitFor(() => expect(summaryRow(/^Shipping/)).toHaveTextContent(`Shipping (${courier.name})`));
    expect(priceRequests(requests).at(-1)?.body).not.toHaveProperty("shippingMethod");
    expect(pay).toBeEnabled();
  });

  it("writes every amount in the shop's currency: rupees for an Indian shop", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    checkoutApi({}, METHODS);
    fillCart(homeAddress);
    renderCheckout();

    const group = await screen.findByRole("group", { name: orderSummary.shippingMethods });
    await waitFor(() => expect(within(group).getAllByRole("radio")).toHaveLength(3));
    expect(within(group).getByRole("radio", { name: new RegExp(`^${express.name}`) })).toHaveAccessibleName(
      `${express.name} ${orderSummary.estimatedDays("1–2 days")} ₹150.00`,
    );
    await waitFor(() => expect(summaryRow("Total")).toHaveTextContent("₹70.80"));
    expect(summaryRow("Subtotal")).toHaveTextContent("₹60.00");
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});

describe("the GST at checkout in a shop whose prices include it", () => {
  it("says the server's GST at the product's 5%, as the cart does, and none before it answers", async () => {
    setShopSettings({ store: rupeeConfig.store, currency: rupeeConfig.currency });
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [homeAddress] },
      [`GET /api/products/${kurta._id}`]: { data: kurta },
      "GET /api/config": { data: rupeeConfig },
      "POST /api/cart/price": { data: pricedKurtas(1, 7.14) },
    });
    const answered = holdAnswers("/api/cart/price");
    useCart.setState({ items: [{ product: toCartProduct(kurta), quantity: 1 }], address: homeAddress });
    renderCheckout();

    await waitFor(() => expect(answered.asked).toBe(1));
    expect(summaryRow("Subtotal")).toHaveTextContent("₹149.98");
    expect(summaryRow("Total")).not.toHaveTextContent("₹");
    expect(screen.queryByText(/^Includes /)).toBeNull();

    answered.release();
    expect(await screen.findByText(orderSummary.includesTax("₹7.14"))).toBeVisible();
    // 18% within ₹149.98 would be ₹22.88.
    expect(screen.getAllByText(/^Includes /)).toHaveLength(1);
    expect(summaryRow("Total")).toHaveTextContent("₹149.98");
    // The cart's question, with the address's state.
    expect(priceRequests(requests).map((request) => request.body)).toEqual([
      { products: [{ product: kurta._id, quantity: 1 }], state: homeAddress.state },
    ]);
  });
});

describe("a discount code at checkout", () => {
  // The lamp costs 30 on sale; two of them are 60, 10% off is 6, GST on 54 is 9.72, shipping 80.
  const priced: CartPriceDto = {
    lines: [
      {
        product: lamp._id,
        variant: "e6e6e6e6e6e6e6e6e6e6e6e6",
        quantity: 2,
        unitPrice: 30,
        lineTotal: 60,
        savedAmount: 20,
        discountShare: 6,
        taxRate: 18,
      },
    ],
    itemsPrice: 60,
    discountPrice: 20,
    discountCode: "TEN",
    discountAmount: 6,
    discountMessage: null,
    shippingPrice: 80,
    shippingMethod: { _id: standard._id, name: "Standard", price: 80 },
    shippingMessage: null,
    taxPrice: 9.72,
    taxIncluded: false,
    taxRate: 18,
    supply: "inter-state",
    totalPrice: 143.72,
  };
  /** The server's answer: the code's when the body names one, the cart's own otherwise. */
  const withCode = (answer: CartPriceDto) => (request: StubRequest) =>
    (request.body as { discountCode?: string }).discountCode
      ? { data: answer }
      : priceFor(request, [standard]);

  it("applies a code: the server's figures are shown, and the order carries the code", async () => {
    const { requests } = checkoutApi({
      "POST /api/cart/price": withCode(priced),
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
    expect(priceRequests(requests).at(-1)?.body).toEqual({
      products: [{ product: lamp._id, quantity: 2 }],
      discountCode: "TEN",
      state: homeAddress.state,
    });

    const pay = screen.getByRole("button", { name: "Pay" });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await screen.findByRole("heading", { name: "Pay for your order" });
    expect(requests.find((request) => request.path === "/api/orders")?.body).toMatchObject({
      discountCode: "TEN",
    });
    expect(useCart.getState().discountCode).toBeNull();
  });

  it("shows why a code does not apply, keeps the figures without it and places no code", async () => {
    const { requests } = checkoutApi({
      "POST /api/cart/price": withCode({
        ...priced,
        discountCode: null,
        discountAmount: 0,
        discountMessage: discountCodes.expired,
        taxPrice: 10.8,
        totalPrice: 150.8,
      }),
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

  it("refuses a malformed code without asking the server about it", async () => {
    const { requests } = checkoutApi();
    fillCart(homeAddress);
    renderCheckout();

    await userEvent.type(await screen.findByLabelText("Discount code"), "a b");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText(validation.discountCode)).toBeVisible();
    expect(priceRequests(requests).some((request) => "discountCode" in (request.body as object))).toBe(false);
    expect(useCart.getState().discountCode).toBeNull();
  });

  it("says why when the code stopped applying at placement, and removes the code with Remove", async () => {
    let stillApplies = true;
    checkoutApi({
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
