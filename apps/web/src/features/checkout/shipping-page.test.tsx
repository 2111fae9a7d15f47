import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ShippingPage } from "./shipping-page";

const officeAddress = { ...homeAddress, _id: "f7f7f7f7f7f7f7f7f7f7f7f7", building: "Office 4, Trade Centre" };

function renderShipping() {
  useCart.setState({ items: [{ product: toCartProduct(lamp), quantity: 1 }], address: null });
  return renderRoutes(
    [
      { path: "/account/shipping", element: <ShippingPage /> },
      { path: "/account/checkout", element: <h1>Place order</h1> },
    ],
    "/account/shipping",
  );
}

describe("the shipping step's choice of address", () => {
  it("chooses a shopper's only saved address already, so Continue goes straight on with it", async () => {
    stubApi({ "GET /api/users/current-user/addresses": { data: [homeAddress] } });
    renderShipping();

    expect(await screen.findByRole("radio")).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Place order" })).toBeVisible();
    expect(useCart.getState().address?._id).toBe(homeAddress._id);
  });

  it("lets a shopper with two addresses choose, with none chosen for them", async () => {
    stubApi({ "GET /api/users/current-user/addresses": { data: [homeAddress, officeAddress] } });
    renderShipping();

    const radios = await screen.findAllByRole("radio");
    expect(radios).toHaveLength(2);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });
});
