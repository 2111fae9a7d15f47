import { INDIAN_STATE_NAMES } from "@shop/shared/india";
import { api, hints, validation } from "@shop/shared/messages";
import type { AddressDto } from "@shop/shared/schemas/address";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { stubApi } from "#web/test/api-stub";
import { homeAddress, lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ShippingPage } from "./shipping-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

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

describe("the address form's state and GSTIN", () => {
  /** Fills in every field of the Add address dialog but the state and the PIN code. */
  async function fillAddress(dialog: ReturnType<typeof within>) {
    await userEvent.type(dialog.getByRole("textbox", { name: "First name" }), "Asha");
    await userEvent.type(dialog.getByRole("textbox", { name: "Last name" }), "Rao");
    await userEvent.type(dialog.getByRole("textbox", { name: "Phone number" }), "9876543210");
    await userEvent.type(dialog.getByRole("textbox", { name: /^Building/ }), "Flat 4, Rose Villa");
    await userEvent.type(dialog.getByRole("textbox", { name: /^Street/ }), "MG Road East");
    await userEvent.type(dialog.getByRole("textbox", { name: "City" }), "Kochi");
  }

  it("offers India's 36 states in a labelled select, asks for one, and sends the one picked with the GSTIN upper-cased and the business's legal name it requires", async () => {
    const saved: AddressDto = { ...homeAddress, _id: "f8f8f8f8f8f8f8f8f8f8f8f8", state: "Kerala" };
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [] },
      "POST /api/users/current-user/addresses": { status: 201, data: saved },
    });
    renderShipping();
    await userEvent.click(await screen.findByRole("button", { name: "Add address" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add address" }));

    const state = dialog.getByRole("combobox", { name: "State" });
    const options = within(state).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([hints.chooseState, ...INDIAN_STATE_NAMES]);
    expect(options).toHaveLength(37);
    expect(state).toHaveValue("");

    await fillAddress(dialog);
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(state).toHaveAccessibleDescription(validation.required));
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await userEvent.type(dialog.getByRole("textbox", { name: "PIN code" }), "682001");
    // The PIN code fills in its state.
    expect(state).toHaveValue("Kerala");
    await userEvent.type(dialog.getByRole("textbox", { name: hints.gstinOptional }), "32aapfu0939f1z");
    // 32 is Kerala's code, but the check character is missing: said under the field.
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    const gstin = dialog.getByRole("textbox", { name: hints.gstinOptional });
    await waitFor(() => expect(gstin).toHaveAccessibleDescription(expect.stringContaining(validation.gstin)));
    await userEvent.type(gstin, "4");
    // With a GSTIN, the business's legal name is asked for: the invoice bills the business.
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    const legalName = dialog.getByRole("textbox", { name: hints.legalName });
    await waitFor(() =>
      expect(legalName).toHaveAccessibleDescription(expect.stringContaining(validation.legalNameRequired)),
    );
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
    await userEvent.type(legalName, "Kochi Weaves LLP");
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(requests.filter((request) => request.method === "POST")).toHaveLength(1));
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({
      state: "Kerala",
      pinCode: "682001",
      gstin: "32AAPFU0939F1Z4",
      legalName: "Kochi Weaves LLP",
    });
  });

  it("takes a phone typed with +91 and spaces whole, sends its ten digits, and says the minimum of a short field and a state the PIN code is not in", async () => {
    const saved: AddressDto = { ...homeAddress, _id: "f9f9f9f9f9f9f9f9f9f9f9f9" };
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": { data: [] },
      "POST /api/users/current-user/addresses": { status: 201, data: saved },
    });
    renderShipping();
    await userEvent.click(await screen.findByRole("button", { name: "Add address" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add address" }));
    await fillAddress(dialog);
    const phone = dialog.getByRole("textbox", { name: "Phone number" });
    await userEvent.clear(phone);
    await userEvent.type(phone, "+91 98450 12345");
    // Not cut at ten characters.
    expect(phone).toHaveValue("+91 98450 12345");
    const building = dialog.getByRole("textbox", { name: /^Building/ });
    await userEvent.clear(building);
    await userEvent.type(building, "Flat 4");
    await userEvent.type(dialog.getByRole("textbox", { name: "PIN code" }), "400050");
    const state = dialog.getByRole("combobox", { name: "State" });
    expect(state).toHaveValue("Maharashtra");
    await userEvent.selectOptions(state, "Kerala");
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    await waitFor(() =>
      expect(building).toHaveAccessibleDescription(
        expect.stringContaining("Building: at least 10 characters."),
      ),
    );
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
    await userEvent.type(building, ", Rose Villa");
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    await waitFor(() =>
      expect(dialog.getByRole("textbox", { name: "PIN code" })).toHaveAccessibleDescription(
        expect.stringContaining("PIN code 400050 is in Maharashtra, not in Kerala."),
      ),
    );
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
    await userEvent.selectOptions(state, "Maharashtra");
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(requests.filter((request) => request.method === "POST")).toHaveLength(1));
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({
      phoneNumber: "9845012345",
      pinCode: "400050",
      state: "Maharashtra",
    });
  });

  it("shows an address that needs a state, keeps Continue off for it, and fixes it by picking one", async () => {
    const typo: AddressDto = { ...homeAddress, state: "Maharastra", stateValid: false };
    let fixed = false;
    const { requests } = stubApi({
      "GET /api/users/current-user/addresses": () => ({ data: [fixed ? homeAddress : typo] }),
      [`PUT /api/users/current-user/addresses/${homeAddress._id}`]: () => {
        fixed = true;
        return { data: homeAddress };
      },
    });
    renderShipping();

    expect(await screen.findByText(api.addressNeedsState)).toBeVisible();
    expect(screen.getByRole("radio")).toBeChecked();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: /^Edit address of/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit address" }));
    const state = dialog.getByRole("combobox", { name: "State" });
    // The typed state is none of the list: the shopper must pick one, and is told what was saved.
    expect(state).toHaveValue("");
    expect(state).toHaveAccessibleDescription(hints.stateWas("Maharastra"));
    expect(dialog.getByRole("textbox", { name: "City" })).toHaveValue("Mumbai");
    await userEvent.selectOptions(state, "Maharashtra");
    await userEvent.click(dialog.getByRole("button", { name: "Save address" }));

    await waitFor(() => expect(screen.queryByText(api.addressNeedsState)).toBeNull());
    expect(requests.find((request) => request.method === "PUT")?.body).toMatchObject({
      state: "Maharashtra",
    });
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });
});
