import { api as apiMessages, deliveryCheck, orderSummary } from "@shop/shared/messages";
import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import type { CartPriceDto } from "@shop/shared/schemas/discount";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { homeAddress, lamp, publicConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CheckoutPage } from "./checkout-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const PINCODE = homeAddress.pinCode;
const [standard] = publicConfig.shippingMethods as [ShippingMethod];
/** A courier serving the PIN codes of its list: cheaper than Standard where it goes. */
const courier: ShippingMethod = {
  _id: "c0c0c0c0c0c0c0c0c0c0c0c0",
  name: "City courier",
  price: 40,
  freeAbove: null,
  estimatedDays: null,
  states: null,
  enabled: true,
  serves: "pincodes",
  days: null,
};

/** The delivery answer for the address's PIN code: Standard in 5 days, and the courier when it lists it. */
function delivery(listed: boolean): DeliveryDto {
  const methods = [
    { _id: courier._id, name: courier.name, price: 40, days: 1, deliverBy: "2026-11-28", cod: true },
    { _id: standard._id, name: standard.name, price: 80, days: 5, deliverBy: "2026-12-02", cod: true },
  ];
  const serving = listed ? methods : methods.slice(1);
  const deliverable = serving.length > 0;
  return {
    pincode: PINCODE,
    deliverable,
    methods: serving,
    cod: deliverable,
    codReason: null,
    codLimit: null,
  };
}

/** The server's pricing: the method asked for, else the cheapest of those the test says serve. */
function priceFor(request: StubRequest, serving: readonly ShippingMethod[]): { data: CartPriceDto } {
  const body = request.body as { shippingMethod?: string };
  const method = body.shippingMethod ? serving.find((m) => m._id === body.shippingMethod) : serving[0];
  const shippingPrice = method?.price ?? 0;
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
      shippingMessage: method ? null : apiMessages.noShippingMethod(homeAddress.state),
      taxPrice: 10.8,
      taxIncluded: false,
      taxRate: 18,
      supply: "intra-state",
      totalPrice: Math.round((60 + shippingPrice + 10.8) * 100) / 100,
    },
  };
}

function checkout(
  methods: readonly ShippingMethod[],
  serving: readonly ShippingMethod[],
  routes: StubRoutes,
) {
  const stub = stubApi({
    "GET /api/users/current-user/addresses": { data: [homeAddress] },
    [`GET /api/products/${lamp._id}`]: { data: lamp },
    "GET /api/config": { data: { ...publicConfig, shippingMethods: methods } },
    "POST /api/cart/price": (request) => priceFor(request, serving),
    ...routes,
  });
  useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 2 }], address: homeAddress });
  renderRoutes([{ path: "/account/checkout", element: <CheckoutPage /> }], "/account/checkout");
  return stub;
}

const methodGroup = () => screen.findByRole("group", { name: orderSummary.shippingMethods });
const deliveryRequests = (requests: StubRequest[]) =>
  requests.filter((r) => r.path.startsWith("/api/delivery/"));

afterEach(() => useCart.setState({ items: [], address: null }));

describe("the checkout's methods where a method serves a PIN code list", () => {
  it("offers the methods that serve the address's PIN code, each with the day it delivers by", async () => {
    const { requests } = checkout([standard, courier], [courier, standard], {
      [`GET /api/delivery/${PINCODE}`]: { data: delivery(true) },
    });

    const group = await methodGroup();
    const courierOption = await within(group).findByRole("radio", { name: /City courier/ });
    expect(courierOption).toHaveAccessibleName(
      `City courier ${deliveryCheck.deliveredBy("Sat, Nov 28")} $40.00`,
    );
    expect(within(group).getByRole("radio", { name: /Standard/ })).toHaveAccessibleName(
      `Standard ${deliveryCheck.deliveredBy("Wed, Dec 2")} $80.00`,
    );
    await waitFor(() => expect(courierOption).toBeChecked());
    // The server prices the cart for the address's PIN code too, from the first time it is asked.
    const prices = requests.filter((r) => r.path === "/api/cart/price");
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices)
      expect(price.body).toMatchObject({ state: homeAddress.state, pincode: PINCODE });
    expect(deliveryRequests(requests).map((r) => `${r.path}?${r.query}`)).toEqual([
      `/api/delivery/${PINCODE}?`,
    ]);
  });

  it("leaves out a method whose list does not hold the PIN code", async () => {
    checkout([standard, courier], [standard], {
      [`GET /api/delivery/${PINCODE}`]: { data: delivery(false) },
    });

    const group = await methodGroup();
    expect(await within(group).findByRole("radio", { name: /Standard/ })).toBeVisible();
    expect(within(group).getAllByRole("radio")).toHaveLength(1);
    expect(within(group).queryByRole("radio", { name: /City courier/ })).toBeNull();
  });

  it("says no method serves the PIN code, and nothing can be paid", async () => {
    checkout([courier], [], { [`GET /api/delivery/${PINCODE}`]: { data: delivery(false) } });

    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.noShippingMethod(PINCODE));
    expect(within(await methodGroup()).queryAllByRole("radio")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
  });
});

describe("the checkout's methods where none serves a PIN code list", () => {
  it("asks nothing about the PIN code, as before", async () => {
    const { requests } = checkout([standard], [standard], {});

    const group = await methodGroup();
    expect(await within(group).findByRole("radio", { name: /Standard/ })).toBeChecked();
    await waitFor(() => expect(requests.some((r) => r.path === "/api/cart/price")).toBe(true));
    expect(deliveryRequests(requests)).toEqual([]);
    expect(requests.find((r) => r.path === "/api/cart/price")?.body).not.toHaveProperty("pincode");
  });
});
