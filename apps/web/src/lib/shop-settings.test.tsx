import { DEFAULT_PAGE_SETTINGS, PAGE_SETTINGS_ELEMENT_ID } from "@shop/shared/site";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { memo } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { publicConfig } from "#web/test/fixtures";
import { formatPrice } from "./money";
import { pageTitle } from "./page-meta";
import {
  readPageSettings,
  setShopSettings,
  shopSettings,
  useFollowConfig,
  useShopName,
  useShopSettingsKey,
} from "./shop-settings";

const INDIAN_SHOP = { store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } };

/** The page as the server sends it: the settings as JSON in their meta tag's content. */
function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument("page");
  const meta = doc.createElement("meta");
  meta.name = PAGE_SETTINGS_ELEMENT_ID;
  meta.content = json;
  doc.head.append(meta);
  return doc;
}

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the shop's settings in the page", () => {
  it("reads the name and currency the server wrote, a name holding </script> included", () => {
    const json = JSON.stringify({
      store: { name: "</script> & Sons" },
      currency: INDIAN_SHOP.currency,
    }).replace(/</g, "\\u003c");
    expect(readPageSettings(pageWith(json))).toEqual({
      store: { name: "</script> & Sons" },
      currency: { code: "INR", locale: "en-IN" },
    });
  });

  it("reads nothing from a page without them, or with something else in their place", () => {
    expect(readPageSettings(document.implementation.createHTMLDocument("dev server"))).toBeNull();
    expect(readPageSettings(pageWith("{not json"))).toBeNull();
    expect(
      readPageSettings(pageWith(JSON.stringify({ store: { name: "Shop" }, currency: { code: "rupees" } }))),
    ).toBeNull();
  });

  it("writes SPEC's dollars and names the shop Bazaar until told otherwise (tests, the Vite dev server)", () => {
    expect(shopSettings()).toEqual(DEFAULT_PAGE_SETTINGS);
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    expect(pageTitle("Cart")).toBe("Cart — Bazaar");
  });

  it("writes amounts and titles with the shop's settings once they are known", () => {
    setShopSettings(INDIAN_SHOP);
    expect(formatPrice(123456)).toBe("₹1,23,456.00");
    expect(pageTitle("Cart")).toBe("Cart — Kapda House");
  });
});

describe("following GET /api/config", () => {
  // Memoised: only the key draws it again, as nothing it reads re-renders it.
  const Amount = memo(function Amount() {
    return <p>Shipping {formatPrice(80)}</p>;
  });
  function Shop() {
    useFollowConfig();
    return (
      <>
        <h1>{useShopName()}</h1>
        <Amount key={useShopSettingsKey()} />
      </>
    );
  }

  it("shows the owner's name and currency once the configuration answers with them, amounts drawn again", async () => {
    stubApi({
      "GET /api/config": {
        data: {
          ...publicConfig,
          store: { ...publicConfig.store, name: "Kapda House" },
          currency: INDIAN_SHOP.currency,
        },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Shop />
      </QueryClientProvider>,
    );

    expect(screen.getByRole("heading", { name: "Bazaar" })).toBeVisible();
    expect(screen.getByText("Shipping $80.00")).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Kapda House" })).toBeVisible();
    expect(screen.getByText("Shipping ₹80.00")).toBeVisible();
  });
});
