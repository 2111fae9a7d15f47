import { whatsappApi, whatsappCard, whatsappConsent } from "@shop/shared/messages";
import type { UserDto } from "@shop/shared/schemas/user";
import type { ConsentsDto } from "@shop/shared/schemas/whatsapp";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { toast } from "#web/lib/toast";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { lamp, rupeeConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProfilePage } from "./profile-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

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

/** Order updates given at checkout; offers stopped by a STOP reply; the address's number known. */
const GIVEN: ConsentsDto = {
  whatsappOrders: { given: true, at: "2026-11-29T10:00:00.000Z", source: "checkout" },
  whatsappMarketing: { given: false, at: "2026-12-02T10:00:00.000Z", source: "whatsapp" },
  phone: "9876543210",
};

const NO_PHONE: ConsentsDto = {
  whatsappOrders: { given: false, at: null, source: null },
  whatsappMarketing: { given: false, at: null, source: null },
  phone: null,
};

function renderProfile(whatsapp: boolean, routes: StubRoutes = {}) {
  const api = stubApi({
    "GET /api/users/current-user": { data: priya },
    "GET /api/config": { data: { ...rupeeConfig, whatsapp } },
    "GET /api/orders/current-user": { data: [], meta: { page: 1, size: 8, pageCount: 0, total: 0 } },
    "GET /api/users/current-user/addresses": { data: [] },
    "GET /api/users/current-user/store-credit": { data: { balance: 0, entries: [] } },
    "GET /api/users/current-user/consents": { data: GIVEN },
    ...routes,
  });
  renderRoutes([{ path: "/account/profile", element: <ProfilePage /> }], "/account/profile");
  return api;
}

const card = () => screen.findByRole("region", { name: whatsappCard.title });

// Dates as the rupee shop writes them: "29 Nov 2026".
beforeEach(() => {
  setShopSettings({ store: { name: rupeeConfig.store.name }, currency: rupeeConfig.currency });
});

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the account's WhatsApp card", () => {
  it("is not shown, nor the consents read, where the shop does not send on WhatsApp", async () => {
    const { requests } = renderProfile(false);
    await screen.findByText(priya.email);
    await waitFor(() => expect(requests.some((request) => request.path === "/api/config")).toBe(true));
    expect(screen.queryByRole("region", { name: whatsappCard.title })).toBeNull();
    expect(requests.some((request) => request.path === "/api/users/current-user/consents")).toBe(false);
  });

  it("shows each consent as it stands, when and where it was given or ended, and the number", async () => {
    renderProfile(true);
    const section = await card();
    const orders = await within(section).findByRole("checkbox", { name: whatsappConsent.orders });
    const marketing = within(section).getByRole("checkbox", { name: whatsappConsent.marketing });
    expect(orders).toBeChecked();
    expect(orders).toHaveAccessibleDescription(whatsappCard.given("checkout", "29 Nov 2026"));
    expect(marketing).not.toBeChecked();
    expect(marketing).toHaveAccessibleDescription(whatsappCard.ended("whatsapp", "2 Dec 2026"));
    expect(within(section).getByText(whatsappCard.sentTo("+91 9876543210"))).toBeVisible();
    expect(within(section).queryByLabelText(whatsappCard.phone)).toBeNull();
  });

  it("saves the ticks and says so with the server's message", async () => {
    const { requests } = renderProfile(true, {
      "PUT /api/users/current-user/consents": {
        message: whatsappApi.consentsSaved,
        data: {
          ...GIVEN,
          whatsappMarketing: { given: true, at: "2026-12-03T10:00:00.000Z", source: "account" },
        },
      },
    });
    const section = await card();
    const user = userEvent.setup();
    await user.click(await within(section).findByRole("checkbox", { name: whatsappConsent.marketing }));
    await user.click(within(section).getByRole("button", { name: whatsappCard.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(whatsappApi.consentsSaved));
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({
      whatsappOrders: true,
      whatsappMarketing: true,
    });
    expect(
      within(section).getByRole("checkbox", { name: whatsappConsent.marketing }),
    ).toHaveAccessibleDescription(whatsappCard.given("account", "3 Dec 2026"));
  });

  it("asks for a number where none is known, and puts the server's refusal under the field", async () => {
    const { requests } = renderProfile(true, {
      "GET /api/users/current-user/consents": { data: NO_PHONE },
      "PUT /api/users/current-user/consents": ({ body }) =>
        (body as { phone?: string }).phone === "9876543210"
          ? { message: whatsappApi.consentsSaved, data: { ...NO_PHONE, phone: "9876543210" } }
          : { status: 400, message: whatsappApi.phoneNeeded, errors: { phone: whatsappApi.phoneNeeded } },
    });
    const section = await card();
    const user = userEvent.setup();
    const orders = await within(section).findByRole("checkbox", { name: whatsappConsent.orders });
    expect(orders).toHaveAccessibleDescription(whatsappCard.never);
    await user.click(orders);
    await user.click(within(section).getByRole("button", { name: whatsappCard.save }));
    const phone = within(section).getByLabelText(whatsappCard.phone);
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(expect.stringContaining(whatsappApi.phoneNeeded)),
    );
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(toast.error).not.toHaveBeenCalled();

    await user.type(phone, "9876543210");
    await user.click(within(section).getByRole("button", { name: whatsappCard.save }));
    expect(await within(section).findByText(whatsappCard.sentTo("+91 9876543210"))).toBeVisible();
    expect(requests.filter((request) => request.method === "PUT").map((request) => request.body)).toEqual([
      { whatsappOrders: true, whatsappMarketing: false },
      { whatsappOrders: true, whatsappMarketing: false, phone: "9876543210" },
    ]);
  });

  it("shows the error where the consents cannot be read", async () => {
    renderProfile(true, {
      "GET /api/users/current-user/consents": { status: 500, message: "The server is not answering." },
    });
    const section = await card();
    expect(await within(section).findByRole("alert")).toHaveTextContent("The server is not answering.");
  });
});
