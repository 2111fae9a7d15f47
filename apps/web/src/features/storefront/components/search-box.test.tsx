import type { SearchSuggestionsDto } from "@shop/shared/schemas/product";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { lamp, shoes } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { SearchBox } from "./search-box";

const suggestions: SearchSuggestionsDto = {
  products: [
    {
      _id: lamp._id,
      name: lamp.name,
      thumbnail: null,
      price: lamp.price,
      onSale: lamp.onSale,
      salePrice: lamp.salePrice,
    },
  ],
  categories: [{ _id: shoes._id, name: shoes.name, slug: shoes.slug }],
  correction: "lamp",
};

function renderBox() {
  const api = stubApi({ "GET /api/search/suggest": () => ({ data: suggestions }) });
  const rendered = renderRoutes(
    [
      { path: "/", element: <SearchBox /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    "/",
  );
  return { ...rendered, api };
}

/** Focuses the box (its suggestions' code loads then) and types. */
async function typeInBox(text: string) {
  const box = screen.getByRole("combobox", { name: "Search products" });
  expect(box).toHaveAttribute("aria-expanded", "false");
  await userEvent.click(box);
  await userEvent.keyboard(text);
  return box;
}

describe("the header's search box", () => {
  it("lists suggestions for what is typed once typing pauses, asking once for the whole word", async () => {
    const { api } = renderBox();
    const box = await typeInBox("lapm");
    const list = await screen.findByRole("listbox");
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(box).toHaveAttribute("aria-controls", list.id);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      'Did you mean "lamp"?',
      "Brass Desk Lamp$30.00",
      "Shoes",
    ]);
    // Debounced: the letters typed quickly make one request, for the word as it stands.
    expect(api.requests.map((request) => request.query.get("q"))).toEqual(["lapm"]);
  });

  it("walks the suggestions with the arrows and opens the highlighted one with Enter", async () => {
    const { router } = renderBox();
    const box = await typeInBox("lapm");
    await screen.findAllByRole("option");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    const product = screen.getByRole("option", { name: /Brass Desk Lamp/ });
    expect(product).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", product.id);
    // Up from the first goes back to the box; up from the box to the last.
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    await userEvent.keyboard("{ArrowUp}");
    expect(screen.getByRole("option", { name: "Shoes" })).toHaveAttribute("aria-selected", "true");
    // Down past the last goes back to the box, then to the first (the corrected query) and the product.
    await userEvent.keyboard("{ArrowDown}");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/product/${lamp._id}`));
  });

  it("closes with Escape, and a second Escape empties the box", async () => {
    const { router } = renderBox();
    const box = await typeInBox("lapm");
    await screen.findAllByRole("option");
    await userEvent.keyboard("{ArrowDown}{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(box).toHaveValue("lapm");
    await userEvent.keyboard("{Escape}");
    expect(box).toHaveValue("");
    expect(router.state.location.pathname).toBe("/");
  });

  it("searches for the text with Enter when no suggestion is highlighted", async () => {
    const { router } = renderBox();
    await typeInBox("lapm");
    await screen.findAllByRole("option");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.location.search).toBe("?keyword=lapm");
  });
});
