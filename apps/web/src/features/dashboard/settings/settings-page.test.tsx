import {
  api as apiMessages,
  discountCodes,
  errors,
  mail,
  settingsPage,
  validation,
} from "@shop/shared/messages";
import type { SettingsChange } from "@shop/shared/schemas/settings";
import type { UserDto } from "@shop/shared/schemas/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "#web/lib/session";
import { toast } from "#web/lib/toast";
import { type StubRequest, type StubRoutes, stubApi } from "#web/test/api-stub";
import { staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SETTINGS } from "./settings-fixture";
import { SettingsPage } from "./settings-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const { sections, store, currency, taxes, shipping, checkout, history } = settingsPage;

function change(n: number, section: SettingsChange["section"], name: string): SettingsChange {
  return {
    _id: `${n}`.padStart(24, "c"),
    section,
    at: `2026-11-2${n}T10:00:00.000Z`,
    by: { _id: "a0a0a0a0a0a0a0a0a0a0a0a0", name },
    before: {},
    after: {},
  };
}

/** Two pages of history: page 1 the newest change, page 2 an older one. */
function historyPages({ query }: StubRequest) {
  const page = Number(query.get("page"));
  const items = page === 1 ? [change(2, "shipping", "Meera Shah")] : [change(1, "store", "Arjun Rao")];
  return { data: items, meta: { page, size: Number(query.get("size")), pageCount: 2, total: 2 } };
}

/** PUT /api/settings/{section}: answers the body as saved. */
const saved = ({ body }: StubRequest) => ({ data: body });

function renderSettings(role: UserDto["role"], routes: StubRoutes = {}) {
  useSession.getState().setUser(staff(role));
  const stub = stubApi({
    "GET /api/settings": { data: SETTINGS },
    "GET /api/settings/history": historyPages,
    ...routes,
  });
  renderRoutes([{ path: "/dashboard/settings", element: <SettingsPage /> }], "/dashboard/settings");
  const writes = () => stub.requests.filter((request) => request.method !== "GET");
  return { ...stub, writes };
}

/** A section's form, found by its title. */
const section = (title: string) => screen.getByRole("form", { name: title });
/** A shipping method's fields, found by its name. */
const method = (name: string) => within(section(sections.shipping.title)).getByRole("group", { name });
/** Waits for the forms to be filled. */
const loaded = () => screen.findByRole("form", { name: sections.store.title });

beforeEach(() => {
  useSession.getState().clear();
});

describe("the dashboard's Settings page", () => {
  it("fills every section from the settings, and lists the history newest first, a page at a time", async () => {
    const { requests } = renderSettings("admin");
    await loaded();

    const storeForm = within(section(sections.store.title));
    expect(storeForm.getByRole("textbox", { name: store.name })).toHaveValue("Shop Demo");
    expect(storeForm.getByRole("textbox", { name: store.email })).toHaveValue("support@example.com");
    expect(storeForm.getByRole("textbox", { name: store.address })).toHaveValue(
      "12 Marine Drive, Mumbai 400002",
    );
    expect(storeForm.getByRole("textbox", { name: store.gstin })).toHaveValue("27AAPFU0939F1ZV");
    expect(storeForm.getByRole("textbox", { name: store.utcOffset })).toHaveValue("+05:30");
    expect(storeForm.getByRole("combobox", { name: store.state })).toHaveValue("Maharashtra");

    const currencyForm = within(section(sections.currency.title));
    expect(currencyForm.getByRole("textbox", { name: currency.code })).toHaveValue("INR");
    expect(currencyForm.getByRole("textbox", { name: currency.locale })).toHaveValue("en-IN");
    expect(currencyForm.getByText("₹1,23,456.00")).toBeVisible();

    const taxForm = within(section(sections.taxes.title));
    expect(taxForm.getByRole("switch", { name: taxes.pricesIncludeTax })).not.toBeChecked();
    expect(taxForm.getByRole("spinbutton", { name: taxes.defaultRate })).toHaveValue(18);
    expect(taxForm.getByRole("textbox", { name: taxes.defaultHsn })).toHaveValue("6109");
    // What the law asks of a registered shop is said beside the switch that taxes the charges.
    expect(taxForm.getByRole("switch", { name: taxes.chargesTaxed })).not.toBeChecked();
    expect(taxForm.getByText(taxes.chargesTaxedHint)).toBeVisible();

    const standard = within(method("Standard"));
    expect(standard.getByRole("spinbutton", { name: shipping.price("INR") })).toHaveValue(50);
    expect(standard.getByRole("spinbutton", { name: shipping.freeAbove("INR") })).toHaveValue(999);
    expect(standard.getByRole("textbox", { name: shipping.estimatedDays })).toHaveValue("3–5 days");
    expect(standard.getByRole("switch", { name: shipping.allStates })).toBeChecked();
    expect(standard.queryByRole("group", { name: shipping.states })).toBeNull();
    const express = within(method("Express"));
    expect(express.getByRole("spinbutton", { name: shipping.freeAbove("INR") })).toHaveValue(null);
    expect(express.getByRole("switch", { name: shipping.allStates })).not.toBeChecked();
    // The states it serves ticked in the list of India's 36.
    const ticks = within(express.getByRole("group", { name: shipping.states })).getAllByRole("checkbox");
    expect(ticks).toHaveLength(36);
    expect(
      ticks.filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute("value")),
    ).toEqual(["Goa", "Maharashtra"]);
    expect(express.getByRole("switch", { name: shipping.enabled })).toBeChecked();

    const checkoutForm = within(section(sections.checkout.title));
    expect(checkoutForm.getByRole("spinbutton", { name: checkout.holdMinutes })).toHaveValue(30);
    expect(checkoutForm.getByRole("spinbutton", { name: checkout.minimumOrder("INR") })).toHaveValue(0);

    const table = await screen.findByRole("table", { name: history.title });
    const rows = () => within(table).getAllByRole("row").slice(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(/Shipping methods.*Nov 22, 2026.*Meera Shah/);
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/Store.*Nov 21, 2026.*Arjun Rao/));
    const asked = requests.filter((request) => request.path === "/api/settings/history");
    expect(asked.map((request) => request.query.get("page"))).toEqual(["1", "2"]);
  });

  it("saves the legal name and the signatory the invoices print, and none when they are left empty", async () => {
    const { writes } = renderSettings("admin", { "PUT /api/settings/store": saved });
    await loaded();
    const form = within(section(sections.store.title));
    const save = () =>
      userEvent.click(screen.getByRole("button", { name: settingsPage.saveSection(sections.store.title) }));
    const legalName = form.getByRole("textbox", { name: store.legalName });
    expect(legalName).toHaveValue(SETTINGS.store.legalName);
    await userEvent.clear(legalName);
    await userEvent.type(legalName, "Shop Demo Retail LLP");
    await userEvent.type(form.getByRole("textbox", { name: store.signatoryName }), "Meera Shah");
    await save();
    // A name without its designation is refused under the field, and nothing is sent.
    const designation = form.getByRole("textbox", { name: store.signatoryDesignation });
    await waitFor(() =>
      expect(designation).toHaveAccessibleDescription(expect.stringContaining(validation.required)),
    );
    expect(writes()).toEqual([]);
    await userEvent.type(designation, "Partner");
    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      ...SETTINGS.store,
      legalName: "Shop Demo Retail LLP",
      signatory: { name: "Meera Shah", designation: "Partner" },
    });
  });

  it("saves one section with its own body alone, and says so", async () => {
    const { writes } = renderSettings("admin", {
      "PUT /api/settings/store": saved,
      "PUT /api/settings/currency": saved,
    });
    await loaded();

    const name = within(section(sections.store.title)).getByRole("textbox", { name: store.name });
    await userEvent.clear(name);
    await userEvent.type(name, "Shop Demo India");
    // Typed in another section, not saved with the store.
    await userEvent.type(
      within(section(sections.taxes.title)).getByRole("spinbutton", { name: taxes.defaultRate }),
      "0",
    );
    await userEvent.click(
      screen.getByRole("button", { name: settingsPage.saveSection(sections.store.title) }),
    );

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(settingsPage.saved(sections.store.title)));
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "PUT", path: "/api/settings/store", body: { ...SETTINGS.store, name: "Shop Demo India" } },
    ]);

    // The currency's code is upper-cased, and the preview follows what is typed.
    const currencyForm = within(section(sections.currency.title));
    const code = currencyForm.getByRole("textbox", { name: currency.code });
    const locale = currencyForm.getByRole("textbox", { name: currency.locale });
    await userEvent.clear(code);
    expect(currencyForm.getByText(currency.noPreview)).toBeVisible();
    await userEvent.type(code, "usd");
    await userEvent.clear(locale);
    await userEvent.type(locale, "en-US");
    expect(currencyForm.getByText("$123,456.00")).toBeVisible();
    // A new currency warns that past orders keep theirs, and asks once more before it is saved.
    expect(currencyForm.getByRole("status")).toHaveTextContent(currency.switchWarning("INR", "USD"));
    await userEvent.click(
      currencyForm.getByRole("button", { name: settingsPage.saveSection(sections.currency.title) }),
    );
    const asked = await screen.findByRole("dialog", { name: currency.switchTitle });
    expect(writes()).toHaveLength(1);
    expect(asked).toHaveTextContent(currency.switchWarning("INR", "USD"));
    await userEvent.click(within(asked).getByRole("button", { name: currency.switchConfirm("USD") }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({
      path: "/api/settings/currency",
      body: { code: "USD", locale: "en-US" },
    });
  });

  it("saves the taxes with shipping and the COD fee taxed when the owner turns it on", async () => {
    const { writes } = renderSettings("admin", { "PUT /api/settings/taxes": saved });
    await loaded();
    const taxForm = within(section(sections.taxes.title));
    await userEvent.click(taxForm.getByRole("switch", { name: taxes.chargesTaxed }));
    await userEvent.click(
      taxForm.getByRole("button", { name: settingsPage.saveSection(sections.taxes.title) }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(settingsPage.saved(sections.taxes.title)));
    expect(writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "PUT", path: "/api/settings/taxes", body: { ...SETTINGS.taxes, chargesTaxed: true } },
    ]);
  });

  it("adds a method with a new id and its states, and removes another", async () => {
    const { writes } = renderSettings("admin", { "PUT /api/settings/shipping": saved });
    await loaded();
    const shippingForm = within(section(sections.shipping.title));

    await userEvent.click(shippingForm.getByRole("button", { name: shipping.add }));
    const added = within(method(shipping.method(3)));
    await userEvent.type(added.getByRole("textbox", { name: shipping.name }), "Pickup");
    await userEvent.type(added.getByRole("spinbutton", { name: shipping.price("INR") }), "0");
    await userEvent.click(added.getByRole("switch", { name: shipping.allStates }));
    const states = within(added.getByRole("group", { name: shipping.states }));
    await userEvent.click(states.getByRole("checkbox", { name: "Kerala" }));
    await userEvent.click(states.getByRole("checkbox", { name: "Goa" }));
    await userEvent.click(shippingForm.getByRole("button", { name: shipping.removeMethod("Standard") }));
    await userEvent.click(
      shippingForm.getByRole("button", { name: settingsPage.saveSection(sections.shipping.title) }),
    );

    await waitFor(() => expect(writes()).toHaveLength(1));
    const [put] = writes();
    expect(put?.path).toBe("/api/settings/shipping");
    expect(put?.body).toEqual({
      methods: [
        SETTINGS.shipping.methods[1],
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: "Pickup",
          price: 0,
          freeAbove: null,
          estimatedDays: null,
          states: ["Goa", "Kerala"],
          enabled: true,
          serves: "states",
          days: null,
        },
      ],
      dispatch: SETTINGS.shipping.dispatch,
      shiprocket: SETTINGS.shipping.shiprocket,
    });
  });

  it("shows the server's field errors under their fields, a shipping method's included", async () => {
    renderSettings("admin", {
      "PUT /api/settings/shipping": {
        status: 400,
        message: apiMessages.invalidInput,
        errors: {
          "methods.1.name": validation.shippingMethodNames,
          "methods.1.states.0": validation.state,
        },
      },
      "PUT /api/settings/store": {
        status: 400,
        message: apiMessages.invalidInput,
        errors: { gstin: validation.gstin },
      },
    });
    await loaded();

    const shippingForm = within(section(sections.shipping.title));
    await userEvent.click(
      shippingForm.getByRole("button", { name: settingsPage.saveSection(sections.shipping.title) }),
    );
    const express = within(method("Express"));
    await waitFor(() =>
      expect(express.getByRole("textbox", { name: shipping.name })).toHaveAccessibleDescription(
        validation.shippingMethodNames,
      ),
    );
    expect(express.getByRole("group", { name: shipping.states })).toHaveAccessibleDescription(
      expect.stringContaining(validation.state),
    );
    expect(
      within(method("Standard")).getByRole("textbox", { name: shipping.name }),
    ).not.toHaveAccessibleDescription();
    expect(toast.error).toHaveBeenCalledWith(apiMessages.invalidInput);

    const storeForm = within(section(sections.store.title));
    await userEvent.click(
      storeForm.getByRole("button", { name: settingsPage.saveSection(sections.store.title) }),
    );
    await waitFor(() =>
      expect(storeForm.getByRole("textbox", { name: store.gstin })).toHaveAccessibleDescription(
        expect.stringContaining(validation.gstin),
      ),
    );
    expect(storeForm.getByRole("textbox", { name: store.gstin })).toHaveAttribute("aria-invalid", "true");
  });

  it("turns the abandoned-checkout reminders on with their delays and code, the server's refusal of the code under it", async () => {
    const { marketing } = settingsPage;
    let refuse = true;
    const { writes } = renderSettings("admin", {
      "PUT /api/settings/marketing": (request) =>
        refuse
          ? {
              status: 400,
              message: discountCodes.invalid,
              errors: { "abandonedCheckout.discountCode": discountCodes.invalid },
            }
          : saved(request),
    });
    await loaded();
    const form = within(section(sections.marketing.title));
    await userEvent.click(form.getByRole("switch", { name: marketing.enabled }));
    const first = form.getByRole("spinbutton", { name: marketing.firstAfterMinutes });
    await userEvent.clear(first);
    await userEvent.type(first, "90");
    const code = form.getByRole("textbox", { name: marketing.discountCode });
    await userEvent.type(code, "nosuch");
    const save = form.getByRole("button", { name: settingsPage.saveSection(sections.marketing.title) });
    await userEvent.click(save);
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(discountCodes.invalid)),
    );

    refuse = false;
    await userEvent.clear(code);
    await userEvent.type(code, "welcome10");
    await userEvent.click(save);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(settingsPage.saved(sections.marketing.title)),
    );
    expect(writes().map((request) => request.body)).toEqual([
      {
        abandonedCheckout: {
          enabled: true,
          firstAfterMinutes: 90,
          secondAfterHours: 24,
          discountCode: "NOSUCH",
        },
      },
      {
        abandonedCheckout: {
          enabled: true,
          firstAfterMinutes: 90,
          secondAfterHours: 24,
          discountCode: "WELCOME10",
        },
      },
    ]);
    // Emptied, the code is none.
    await userEvent.clear(code);
    await userEvent.click(save);
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]?.body).toMatchObject({ abandonedCheckout: { discountCode: null } });
  });

  it("refuses a bad value before asking the server, under its field", async () => {
    const { writes } = renderSettings("admin");
    await loaded();
    const checkoutForm = within(section(sections.checkout.title));
    await userEvent.clear(checkoutForm.getByRole("spinbutton", { name: checkout.holdMinutes }));
    await userEvent.click(
      checkoutForm.getByRole("button", { name: settingsPage.saveSection(sections.checkout.title) }),
    );
    await waitFor(() =>
      expect(
        checkoutForm.getByRole("spinbutton", { name: checkout.holdMinutes }),
      ).toHaveAccessibleDescription(expect.stringContaining(validation.required)),
    );
    expect(writes()).toEqual([]);
  });

  it("moves the payment methods up and down from the keyboard, the focus following, and saves their order", async () => {
    const { writes } = renderSettings("admin", { "PUT /api/settings/checkout": saved });
    await loaded();
    const checkoutForm = within(section(sections.checkout.title));
    const methods = within(checkoutForm.getByRole("group", { name: checkout.paymentMethods }));
    const order = () => methods.getAllByRole("listitem").map((item) => item.textContent);
    const button = (name: string) => methods.getByRole("button", { name });
    expect(order()).toEqual([
      expect.stringContaining(mail.gateways.razorpay),
      expect.stringContaining(mail.gateways.paypal),
      `3.${mail.gateways.cod}${checkout.paymentMethodOff}${checkout.moveUp}${checkout.moveDown}`,
    ]);
    expect(button(checkout.moveMethodUp(mail.gateways.razorpay))).toBeDisabled();
    expect(button(checkout.moveMethodDown(mail.gateways.cod))).toBeDisabled();

    await userEvent.click(button(checkout.moveMethodDown(mail.gateways.razorpay)));
    expect(order()[1]).toContain(mail.gateways.razorpay);
    expect(button(checkout.moveMethodDown(mail.gateways.razorpay))).toHaveFocus();
    // Razorpay reaches the end: its Move down is disabled, and the focus stays with it on Move up.
    await userEvent.keyboard("{Enter}");
    expect(order()[2]).toContain(mail.gateways.razorpay);
    expect(button(checkout.moveMethodUp(mail.gateways.razorpay))).toHaveFocus();

    await userEvent.click(
      checkoutForm.getByRole("button", { name: settingsPage.saveSection(sections.checkout.title) }),
    );
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      path: "/api/settings/checkout",
      body: { ...SETTINGS.checkout, paymentMethods: ["paypal", "cod", "razorpay"] },
    });
  });

  it("saves cash on delivery's rules: PIN codes as typed, one per line, a wrong one named under the list", async () => {
    const { writes } = renderSettings("admin", { "PUT /api/settings/checkout": saved });
    await loaded();
    const checkoutForm = within(section(sections.checkout.title));
    const pincodes = checkoutForm.getByRole("textbox", { name: checkout.codBlockedPincodes });
    expect(pincodes).toHaveValue("110001");
    expect(pincodes).toHaveAccessibleDescription(expect.stringContaining(checkout.codBlockedCount(1)));
    await userEvent.type(pincodes, "\n4000,560 001");
    const save = checkoutForm.getByRole("button", {
      name: settingsPage.saveSection(sections.checkout.title),
    });
    await userEvent.click(save);
    await waitFor(() =>
      expect(pincodes).toHaveAccessibleDescription(
        expect.stringContaining(checkout.codBlockedPincodeError("4000", validation.pinCode)),
      ),
    );
    expect(writes()).toEqual([]);

    await userEvent.clear(pincodes);
    await userEvent.type(pincodes, "110001\n560 001, 600001 700001");
    await userEvent.clear(checkoutForm.getByRole("spinbutton", { name: checkout.codOnlineDiscount("INR") }));
    await userEvent.type(
      checkoutForm.getByRole("spinbutton", { name: checkout.codOnlineDiscount("INR") }),
      "20",
    );
    await userEvent.clear(checkoutForm.getByRole("spinbutton", { name: checkout.codConfirmHours }));
    await userEvent.type(checkoutForm.getByRole("spinbutton", { name: checkout.codConfirmHours }), "24");
    await userEvent.click(checkoutForm.getByRole("switch", { name: checkout.codBlockAfterRefusal }));
    await userEvent.click(save);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      cod: {
        blockedPincodes: ["110001", "560001", "600001", "700001"],
        blockAfterRefusal: false,
        onlineDiscount: 20,
        confirmHours: 24,
      },
    });
  });

  it("shows the server's refusal of a payment method at its place", async () => {
    renderSettings("admin", {
      "PUT /api/settings/checkout": {
        status: 400,
        message: apiMessages.invalidInput,
        errors: { "paymentMethods.1": validation.paymentMethodNotConfigured },
      },
    });
    await loaded();
    const checkoutForm = within(section(sections.checkout.title));
    await userEvent.click(
      checkoutForm.getByRole("button", { name: settingsPage.saveSection(sections.checkout.title) }),
    );
    const methods = within(checkoutForm.getByRole("group", { name: checkout.paymentMethods }));
    await waitFor(() =>
      expect(methods.getAllByRole("listitem")[1]).toHaveTextContent(validation.paymentMethodNotConfigured),
    );
    expect(methods.getAllByRole("listitem")[0]).not.toHaveTextContent(validation.paymentMethodNotConfigured);
  });

  it("shows a manager every section with its controls disabled, no Save button and no history", async () => {
    const { requests } = renderSettings("manager");
    await loaded();

    expect(screen.getByText(settingsPage.readOnly)).toBeVisible();
    const controls = [
      ...screen.getAllByRole("textbox"),
      ...screen.getAllByRole("spinbutton"),
      ...screen.getAllByRole("switch"),
    ];
    expect(controls.length).toBeGreaterThan(20);
    for (const control of controls) expect(control).toBeDisabled();
    expect(within(section(sections.store.title)).getByRole("textbox", { name: store.name })).toHaveValue(
      "Shop Demo",
    );
    expect(screen.queryByRole("button", { name: new RegExp(`^${settingsPage.save}`) })).toBeNull();
    expect(screen.queryByRole("button", { name: shipping.add })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
    for (const move of screen.getAllByRole("button", { name: /^Move (up|down) — / }))
      expect(move).toBeDisabled();
    expect(screen.queryByRole("heading", { name: history.title })).toBeNull();
    expect(requests.map((request) => request.path)).toEqual(["/api/settings"]);
  });

  it("says so when the settings cannot be read", async () => {
    renderSettings("manager", { "GET /api/settings": { status: 500 } });
    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${errors.tryReloading}`);
    expect(screen.queryByRole("form")).toBeNull();
  });
});
