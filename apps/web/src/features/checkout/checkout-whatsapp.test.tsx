import { whatsappConsent } from "@shop/shared/messages";
import type { ConsentsDto } from "@shop/shared/schemas/whatsapp";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { setShopSettings } from "#web/lib/shop-settings";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { homeAddress, kurta, paidOrder, pricedKurtas, rupeeConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CheckoutPage } from "./checkout-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const NEVER: ConsentsDto = {
  whatsappOrders: { given: false, at: null, source: null },
  whatsappMarketing: { given: false, at: null, source: null },
  phone: "9876543210",
};

/** A shopper's checkout of one kurta in the rupee shop, WhatsApp on or off. */
function checkout(whatsapp: boolean, routes: StubRoutes = {}) {
  const api = stubApi({
    "GET /api/users/current-user/addresses": { data: [homeAddress] },
    [`GET /api/products/${kurta._id}`]: { data: kurta },
    "GET /api/config": { data: { ...rupeeConfig, whatsapp } },
    "POST /api/cart/price": { data: pricedKurtas(1, 7.14) },
    "GET /api/users/current-user/consents": { data: NEVER },
    "POST /api/orders": { status: 201, data: paidOrder },
    ...routes,
  });
  useCart.setState({ items: [{ product: toCartProduct(kurta), quantity: 1 }], address: homeAddress });
  renderRoutes(
    [
      { path: "/account/checkout", element: <CheckoutPage /> },
      { path: "/account/pay/:orderId", element: <h1>Pay for your order</h1> },
    ],
    "/account/checkout",
  );
  return api;
}

/** The Pay button, once the cart is priced. */
async function payButton() {
  const button = await screen.findByRole("button", { name: "Pay" });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function pay() {
  await userEvent.click(await payButton());
  await screen.findByRole("heading", { name: "Pay for your order" });
}

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("checkout's WhatsApp ticks", () => {
  it("are not shown, nor the consents read, nor anything sent, where the shop does not send on WhatsApp", async () => {
    const { requests } = checkout(false);
    await payButton();
    expect(screen.queryByRole("checkbox")).toBeNull();
    await pay();
    expect(requests.some((request) => request.path === "/api/users/current-user/consents")).toBe(false);
    const order = requests.find((request) => request.path === "/api/orders");
    expect(order?.body).not.toHaveProperty("whatsappOrders");
    expect(order?.body).not.toHaveProperty("whatsappMarketing");
  });

  it("start unticked for a shopper who never consented, and the order carries them as ticked", async () => {
    const { requests } = checkout(true);
    const address = await screen.findByRole("region", { name: "Delivery address" });
    const orders = await within(address).findByRole("checkbox", { name: whatsappConsent.orders });
    const marketing = within(address).getByRole("checkbox", { name: whatsappConsent.marketing });
    expect(orders).not.toBeChecked();
    expect(marketing).not.toBeChecked();
    expect(within(address).getByText(whatsappConsent.hint(rupeeConfig.store.name))).toBeVisible();

    await userEvent.click(screen.getByText(whatsappConsent.orders));
    expect(orders).toBeChecked();
    await pay();
    expect(requests.find((request) => request.path === "/api/orders")?.body).toMatchObject({
      whatsappOrders: true,
      whatsappMarketing: false,
    });
  });

  it("start as the shopper's consents stand, and untick as the shopper unticks", async () => {
    const { requests } = checkout(true, {
      "GET /api/users/current-user/consents": {
        data: {
          ...NEVER,
          whatsappOrders: { given: true, at: "2026-11-29T10:00:00.000Z", source: "checkout" },
          whatsappMarketing: { given: true, at: "2026-11-29T10:00:00.000Z", source: "account" },
        },
      },
    });
    const orders = await screen.findByRole("checkbox", { name: whatsappConsent.orders });
    const marketing = screen.getByRole("checkbox", { name: whatsappConsent.marketing });
    expect(orders).toBeChecked();
    expect(marketing).toBeChecked();

    await userEvent.click(marketing);
    await pay();
    expect(requests.find((request) => request.path === "/api/orders")?.body).toMatchObject({
      whatsappOrders: true,
      whatsappMarketing: false,
    });
  });

  it("are left out, and the order says nothing of consent, when the consents cannot be read", async () => {
    const { requests } = checkout(true, {
      "GET /api/users/current-user/consents": { status: 500, message: "Something went wrong" },
    });
    await payButton();
    await waitFor(() =>
      expect(requests.some((request) => request.path === "/api/users/current-user/consents")).toBe(true),
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    await pay();
    expect(requests.find((request) => request.path === "/api/orders")?.body).not.toHaveProperty(
      "whatsappOrders",
    );
  });
});
