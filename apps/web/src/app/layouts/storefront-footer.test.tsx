import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContactPage } from "#web/features/storefront/contact-page";
import { setShopSettings, useFollowConfig } from "#web/lib/shop-settings";
import { stubApi } from "#web/test/api-stub";
import { rupeeConfig } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { StorefrontFooter } from "./storefront-footer";

afterEach(() => setShopSettings(DEFAULT_PAGE_SETTINGS));

/** The store as the owner saved it in the store settings, as the server writes it into the page. */
const KAPDA = {
  store: {
    name: "Kapda House",
    legalName: "Kapda House Textiles LLP",
    address: "12 Residency Road\nBengaluru 560025\nKarnataka, India",
    email: "hello@kapda.example",
    phone: "+91 80 4123 4567",
  },
  currency: { code: "INR", locale: "en-IN" },
};

/** The store's details in a region (the footer, the contact page), its postal address element. */
function expectStore(region: HTMLElement) {
  const address = region.querySelector("address");
  expect(address).not.toBeNull();
  const box = within(address as HTMLElement);
  expect(box.getByText("Kapda House")).toBeVisible();
  expect(box.getByText("Kapda House Textiles LLP")).toBeVisible();
  expect(box.getByText(/12 Residency Road\s+Bengaluru 560025\s+Karnataka, India/)).toBeVisible();
  expect(box.getByRole("link", { name: "hello@kapda.example" })).toHaveAttribute(
    "href",
    "mailto:hello@kapda.example",
  );
  expect(box.getByRole("link", { name: "+91 80 4123 4567" })).toHaveAttribute("href", "tel:+918041234567");
  expect(region.textContent).not.toMatch(/Maker Chambers|Bazaar Retail/);
}

describe("the store's contact details", () => {
  it("prints the store's name, legal name, address, email and phone from the page's settings in the footer and on the contact page", async () => {
    // The configuration does not answer: what the page carried is shown from the first paint.
    stubApi({ "GET /api/config": { status: 503 } });
    setShopSettings(KAPDA);
    renderRoutes(
      [
        {
          path: "/contact",
          element: (
            <>
              <ContactPage />
              <StorefrontFooter />
            </>
          ),
        },
      ],
      "/contact",
    );
    expectStore(screen.getByRole("contentinfo"));
    expectStore(screen.getByRole("article"));
  });

  it("shows the details GET /api/config answers when the page carried none", async () => {
    stubApi({ "GET /api/config": { data: rupeeConfig } });
    function Footer() {
      useFollowConfig();
      return <StorefrontFooter />;
    }
    renderRoutes([{ path: "/", element: <Footer /> }], "/");
    const footer = screen.getByRole("contentinfo");
    expect(await within(footer).findByRole("link", { name: "hello@kapda.example" })).toBeVisible();
    expectStore(footer);
  });
});
