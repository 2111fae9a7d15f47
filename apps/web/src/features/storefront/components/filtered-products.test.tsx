import { searchTexts } from "@shop/shared/messages";
import type { ProductFacets } from "@shop/shared/schemas/product";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { setShopSettings } from "#web/lib/shop-settings";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SearchPage } from "../search-page";

const facets: ProductFacets = {
  categories: [
    { slug: "shirts", name: "Shirts", count: 7 },
    { slug: "shoes", name: "Shoes", count: 2 },
  ],
  price: { min: 12, max: 180 },
  rating: [
    { atLeast: 4, count: 3 },
    { atLeast: 3, count: 5 },
  ],
  options: {
    Size: [
      { value: "XL", count: 5 },
      { value: "M", count: 4 },
      { value: "L", count: 0 },
    ],
  },
  inStock: 8,
  onSale: 1,
};

/** Answers every list with one product and the facets above; records what was asked. */
function productsAnswer(request: StubRequest) {
  return {
    data: [lamp],
    meta: { page: Number(request.query.get("page")), size: 8, pageCount: 3, total: 9, facets },
  };
}

function renderSearch(path: string) {
  const api = stubApi({ "GET /api/products": productsAnswer });
  const rendered = renderRoutes([{ path: "/search", element: <SearchPage /> }], path);
  return { ...rendered, api };
}

/** The sidebar's panel (the phone's drawer holds the same one). */
const sidebar = () => screen.getByRole("complementary", { name: searchTexts.filters });

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("the filter panel", () => {
  it("shows each value with its count", async () => {
    renderSearch("/search?keyword=shirt");
    const category = await within(sidebar()).findByRole("checkbox", { name: "Shirts (7 products)" });
    expect(category).not.toBeChecked();
    expect(within(sidebar()).getByRole("checkbox", { name: "In stock (8 products)" })).toBeEnabled();
    expect(within(sidebar()).getByRole("radio", { name: "4 stars & up (3 products)" })).toBeEnabled();
    // A value that would show nothing cannot be chosen.
    expect(within(sidebar()).getByRole("checkbox", { name: "L (0 products)" })).toBeDisabled();
  });

  it("lists an option's values in their own order, sizes from the smallest, not by count", async () => {
    renderSearch("/search?keyword=shirt");
    await within(sidebar()).findByRole("checkbox", { name: "M (4 products)" });
    const group = within(within(sidebar()).getByRole("group", { name: "Size" }));
    expect(group.getAllByRole("checkbox")).toEqual(
      ["M (4 products)", "L (0 products)", "XL (5 products)"].map((name) =>
        group.getByRole("checkbox", { name }),
      ),
    );
  });

  it("writes a chosen value into the address, back on page 1, keeping the keyword and size, and asks the API for it", async () => {
    const { router, api } = renderSearch("/search?keyword=shirt&page=3&size=20");
    await userEvent.click(await within(sidebar()).findByRole("checkbox", { name: /^Shirts/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("category")).toBe("shirts"),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("page")).toBe("1");
    expect(params.get("size")).toBe("20");
    expect(params.get("keyword")).toBe("shirt");

    await userEvent.click(within(sidebar()).getByRole("checkbox", { name: /^M \(/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll("Size")).toEqual(["M"]),
    );
    await waitFor(() => {
      const last = api.requests.at(-1)?.query;
      expect(last?.get("category")).toBe("shirts");
      expect(last?.getAll("option")).toEqual(["Size:M"]);
      expect(last?.get("keyword")).toBe("shirt");
      expect(last?.get("page")).toBe("1");
    });
  });

  it("reads the filters from the address: a shared link shows them checked and as chips", async () => {
    renderSearch("/search?keyword=shirt&inStock=true&rating=4&category=shoes&Size=M&minPrice=20");
    expect(await within(sidebar()).findByRole("checkbox", { name: /^In stock/ })).toBeChecked();
    expect(within(sidebar()).getByRole("radio", { name: /^4 stars/ })).toBeChecked();
    expect(within(sidebar()).getByRole("checkbox", { name: /^Shoes/ })).toBeChecked();
    expect(within(sidebar()).getByRole("checkbox", { name: /^M \(/ })).toBeChecked();
    expect(within(sidebar()).getByLabelText(searchTexts.minPrice("$"))).toHaveValue(20);
    const chips = screen.getByRole("region", { name: searchTexts.activeFilters });
    for (const label of ["Shoes", "From $20", "In stock", "4 stars & up", "Size: M"]) {
      expect(within(chips).getByRole("button", { name: searchTexts.removeFilter(label) })).toBeVisible();
    }
  });

  it('names the price in the shop\'s currency: "Up to ₹40" and "Max price (₹)" in a rupee shop', async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    renderSearch("/search?keyword=shirt&maxPrice=40");
    expect(await within(sidebar()).findByLabelText("Max price (₹)")).toHaveValue(40);
    expect(within(sidebar()).getByLabelText("Min price (₹)")).toHaveValue(null);
    const chips = screen.getByRole("region", { name: searchTexts.activeFilters });
    expect(within(chips).getByRole("button", { name: "Up to ₹40 — remove filter" })).toBeVisible();
    expect(chips).not.toHaveTextContent("$");
  });

  it("takes one filter off with its chip, and all of them with Clear all, keeping the keyword", async () => {
    const { router } = renderSearch("/search?keyword=shirt&inStock=true&Size=M&Size=L&page=2&size=8");
    const chips = await screen.findByRole("region", { name: searchTexts.activeFilters });
    await userEvent.click(within(chips).getByRole("button", { name: searchTexts.removeFilter("Size: L") }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll("Size")).toEqual(["M"]),
    );
    expect(new URLSearchParams(router.state.location.search).get("inStock")).toBe("true");
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("1");

    await userEvent.click(screen.getByRole("button", { name: searchTexts.clearAll }));
    await waitFor(() => expect(router.state.location.search).toBe("?keyword=shirt&page=1&size=8"));
    expect(screen.queryByRole("region", { name: searchTexts.activeFilters })).not.toBeInTheDocument();
  });

  it("applies a price range typed in the boxes", async () => {
    const { router } = renderSearch("/search?keyword=shirt");
    const panel = sidebar();
    await userEvent.type(await within(panel).findByLabelText(searchTexts.minPrice("$")), "50");
    await userEvent.type(within(panel).getByLabelText(searchTexts.maxPrice("$")), "20{Enter}");
    // Typed the wrong way round, the bounds are swapped rather than refused.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("minPrice")).toBe("20"));
    expect(new URLSearchParams(router.state.location.search).get("maxPrice")).toBe("50");
  });

  it("sorts from the select, back on page 1; relevance is offered only with a keyword", async () => {
    const { router, api } = renderSearch("/search?keyword=shirt&page=2");
    const sort = await screen.findByRole("combobox", { name: searchTexts.sortLabel });
    expect(sort).toHaveValue("relevance");
    await userEvent.selectOptions(sort, "price-asc");
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("price-asc"),
    );
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("1");
    await waitFor(() => expect(api.requests.at(-1)?.query.get("sort")).toBe("price-asc"));
  });

  it("says which words the results are for when the whole query matched nothing", async () => {
    stubApi({
      "GET /api/products": () => ({
        data: [lamp],
        meta: {
          page: 1,
          size: 8,
          pageCount: 1,
          total: 1,
          facets,
          fallback: { from: "blue shirt", to: "shirt" },
        },
      }),
    });
    renderRoutes([{ path: "/search", element: <SearchPage /> }], "/search?keyword=blue%20shirt");
    expect(
      await screen.findByText('No results for "blue shirt". Showing results for "shirt".'),
    ).toBeVisible();
  });
});
