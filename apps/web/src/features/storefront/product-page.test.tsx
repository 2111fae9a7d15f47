import { reviewModeration, stock, validation } from "@shop/shared/messages";
import type { ProductDto, VariantDto } from "@shop/shared/schemas/product";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { stubApi } from "#web/test/api-stub";
import { lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductPage } from "./product-page";

function variant(id: string, size: string, overrides: Partial<VariantDto> = {}): VariantDto {
  return {
    _id: id.repeat(24),
    sku: `TRAIL-${size.replace(" ", "")}`,
    options: { Size: size },
    price: 120,
    onSale: false,
    salePrice: 0,
    stock: 14,
    isActive: true,
    ...overrides,
  };
}

const six = variant("1", "UK 6", { stock: 0 });
const seven = variant("2", "UK 7", { stock: 3 });
const eight = variant("3", "UK 8", { price: 130, onSale: true, salePrice: 125 });
const nine = variant("4", "UK 9", { isActive: false });

const shoe: ProductDto = {
  ...lamp,
  _id: "abababababababababababab",
  name: "Trail Running Shoes",
  price: 120,
  onSale: false,
  salePrice: 0,
  stock: 17,
  options: [{ name: "Size", values: ["UK 6", "UK 7", "UK 8", "UK 9"] }],
  variants: [six, seven, eight, nine],
};

function open(path: string, product: ProductDto = shoe) {
  stubApi({
    [`GET /api/products/${product._id}`]: { data: product },
    [`GET /api/products/${product._id}/reviews`]: {
      data: [],
      meta: { page: 1, size: 8, pageCount: 0, total: 0 },
    },
    [`GET /api/categories/slug/${shoe.category.slug}/products`]: {
      data: [],
      meta: { page: 1, size: 9, pageCount: 0, total: 0 },
    },
    "GET /api/config": { status: 404, message: "Not found." },
  });
  return renderRoutes([{ path: "/product/:productId", element: <ProductPage /> }], path);
}

/** Waist sizes 28 to 36: more than 8 values, offered in a select field; 30 is sold out. */
const jeans: ProductDto = {
  ...shoe,
  name: "Selvedge Jeans",
  options: [{ name: "Waist", values: ["28", "29", "30", "31", "32", "33", "34", "35", "36"] }],
  variants: ["28", "29", "30", "31", "32", "33", "34", "35", "36"].map((waist, i) => ({
    ...variant("56789abcd".charAt(i), waist, { stock: waist === "30" ? 0 : 5 }),
    options: { Waist: waist },
  })),
};

afterEach(() => useCart.setState({ items: [], address: null }));

describe("the product page of a product with sizes", () => {
  it("crosses out sold-out and inactive sizes, asks for a size, and follows the chosen one", async () => {
    const user = userEvent.setup();
    const { router } = open(`/product/${shoe._id}`);
    expect(await screen.findByRole("heading", { level: 1, name: shoe.name })).toBeVisible();
    // Before a choice: the cheapest price, "from" since sizes differ, and no count of what is left.
    expect(screen.getByText("from")).toBeVisible();
    expect(screen.getByText(stock.inStock)).toBeVisible();
    expect(screen.getByRole("radio", { name: `UK 6 (${stock.soldOut})` })).toBeDisabled();
    expect(screen.getByRole("radio", { name: `UK 9 (${stock.soldOut})` })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText(validation.chooseOption("Size"))).toBeVisible();
    expect(useCart.getState().items).toEqual([]);

    await user.click(screen.getByRole("radio", { name: "UK 7" }));
    expect(screen.queryByText(validation.chooseOption("Size"))).not.toBeInTheDocument();
    expect(screen.getByText(stock.lowStock(3))).toBeVisible();
    expect(screen.queryByText("from")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe(`?variant=${seven._id}`);
    expect(router.state.historyAction).toBe("REPLACE");

    // Plus stops at the size's own stock.
    const plus = screen.getByRole("button", { name: "Increase quantity" });
    await user.click(plus);
    await user.click(plus);
    expect(plus).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(useCart.getState().items).toEqual([
      {
        product: expect.objectContaining({ _id: shoe._id, price: 120, stock: 3 }),
        variant: { _id: seven._id, options: { Size: "UK 7" } },
        quantity: 3,
      },
    ]);
  });

  it("opens the size a shared link names, with its own sale price", async () => {
    open(`/product/${shoe._id}?variant=${eight._id}`);
    expect(await screen.findByRole("radio", { name: "UK 8" })).toBeChecked();
    expect(screen.getByText("$125.00")).toBeVisible();
    expect(screen.getByText("$130.00")).toBeVisible();
    expect(screen.getByText(stock.inStock)).toBeVisible();
  });

  it("offers more than 8 values in a select field, the sold-out ones disabled", async () => {
    const user = userEvent.setup();
    const { router } = open(`/product/${jeans._id}`, jeans);
    const waist = await screen.findByRole("combobox", { name: "Waist" });
    expect(screen.getByRole("option", { name: `30 (${stock.soldOut})` })).toBeDisabled();
    expect(screen.getByRole("option", { name: "31" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText(validation.chooseOption("Waist"))).toBeVisible();
    await user.selectOptions(waist, "32");
    expect(router.state.location.search).toBe(`?variant=${jeans.variants[4]?._id}`);
    expect(screen.queryByText(validation.chooseOption("Waist"))).not.toBeInTheDocument();
  });
});

describe("the product page's reviews", () => {
  it("shows the shop's reply under the review it answers", async () => {
    const review = {
      _id: "efefefefefefefefefefefef",
      title: "Runs a size small",
      rating: 3,
      comment: "Comfortable once I swapped for the next size up.",
      user: { _id: "fefefefefefefefefefefefe", name: { firstName: "Asha", lastName: "Rao" }, avatar: null },
      createdAt: "2026-03-02T10:00:00.000Z",
      updatedAt: "2026-03-02T10:00:00.000Z",
      reply: { text: "Thanks, Asha: the size chart now says so.", at: "2026-03-03T10:00:00.000Z" },
    };
    open(`/product/${shoe._id}`, { ...shoe, reviews: [review], rating: { average: 3, count: 1 } });
    const card = await screen.findByRole("article", { name: "Review by Asha Rao" });
    expect(card).toHaveTextContent(reviewModeration.shopReply);
    expect(card).toHaveTextContent("Thanks, Asha: the size chart now says so.");
  });
});
