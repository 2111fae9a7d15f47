import { empty } from "@shop/shared/messages";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type StubRequest, stubApi } from "#web/test/api-stub";
import { lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SearchPage } from "./search-page";

/** Nine products in pages of 8: page 2 holds the last one, any page after it nothing. */
function productsPage({ query }: StubRequest) {
  const page = Number(query.get("page"));
  return {
    data: page <= 2 ? [lamp] : [],
    meta: { page, size: 8, pageCount: 2, total: 9 },
  };
}

describe("the search results", () => {
  it("go to the last page when the address asks for a page past the end", async () => {
    stubApi({ "GET /api/products": productsPage });
    const { router } = renderRoutes([{ path: "/search", element: <SearchPage /> }], "/search?page=99&size=8");
    expect(await screen.findByText("Page 2 of 2")).toBeVisible();
    expect(router.state.location.search).toBe("?page=2&size=8");
    expect(screen.queryByText(/Page 99/)).not.toBeInTheDocument();
    expect(screen.queryByText(empty.products)).not.toBeInTheDocument();
    // In place: going back does not return to the page that does not exist.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("say 'No products found.' without a paging bar when nothing matches, whatever the page asked for", async () => {
    stubApi({
      "GET /api/products": ({ query }) => ({
        data: [],
        meta: { page: Number(query.get("page")), size: 8, pageCount: 0, total: 0 },
      }),
    });
    const { router } = renderRoutes(
      [{ path: "/search", element: <SearchPage /> }],
      "/search?keyword=zzz&page=99&size=8",
    );
    expect(await screen.findByText(empty.products)).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe("?keyword=zzz&page=1&size=8"));
    expect(screen.queryByText(/Page \d+ of/)).not.toBeInTheDocument();
  });

  it("take q as another name for the keyword, not as a filter", async () => {
    const { requests } = stubApi({ "GET /api/products": productsPage });
    renderRoutes([{ path: "/search", element: <SearchPage /> }], "/search?q=shirt");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Search results for “shirt”" }),
    ).toBeVisible();
    const asked = requests.find((request) => request.path === "/api/products");
    expect(asked?.query.get("keyword")).toBe("shirt");
    expect(asked?.query.has("q")).toBe(false);
    expect(screen.queryByText(/^q:/)).not.toBeInTheDocument();
  });
});
