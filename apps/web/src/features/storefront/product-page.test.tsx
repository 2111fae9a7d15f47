import { reviewModeration, stock, stockAlertWords, validation, wishlistHeart } from "@shop/shared/messages";
import type { ProductDto, VariantDto } from "@shop/shared/schemas/product";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { useSession } from "#web/lib/session";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { lamp, staff } from "#web/test/fixtures";
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
    weightKg: null,
    dimensionsCm: null,
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

function open(path: string, product: ProductDto = shoe, routes: StubRoutes = {}) {
  const stub = stubApi({
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
    ...routes,
  });
  return {
    ...renderRoutes(
      [
        { path: "/product/:productId", element: <ProductPage /> },
        { path: "/auth/login", element: <h1>Login</h1> },
      ],
      path,
    ),
    requests: stub.requests,
  };
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

afterEach(() => {
  useCart.setState({ items: [], address: null });
  useSession.getState().clear();
});

describe("the product page of a product with sizes", () => {
  it("marks sold-out and inactive sizes, asks for a size, and follows the chosen one", async () => {
    const user = userEvent.setup();
    const { router } = open(`/product/${shoe._id}`);
    expect(await screen.findByRole("heading", { level: 1, name: shoe.name })).toBeVisible();
    // Before a choice: the cheapest price, "from" since sizes differ, and no count of what is left.
    expect(screen.getByText("from")).toBeVisible();
    expect(screen.getByText(stock.inStock)).toBeVisible();
    // A sold-out size can be chosen (to be emailed when it is back); an inactive one cannot.
    expect(screen.getByRole("radio", { name: `UK 6 (${stock.soldOut})` })).toBeEnabled();
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

  it("offers more than 8 values in a select field, the sold-out ones marked", async () => {
    const user = userEvent.setup();
    const { router } = open(`/product/${jeans._id}`, jeans);
    const waist = await screen.findByRole("combobox", { name: "Waist" });
    expect(screen.getByRole("option", { name: `30 (${stock.soldOut})` })).toBeEnabled();
    expect(screen.getByRole("option", { name: "31" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText(validation.chooseOption("Waist"))).toBeVisible();
    await user.selectOptions(waist, "32");
    expect(router.state.location.search).toBe(`?variant=${jeans.variants[4]?._id}`);
    expect(screen.queryByText(validation.chooseOption("Waist"))).not.toBeInTheDocument();
  });
});

describe("'Email me when it's back' on a sold-out size", () => {
  it("takes a visitor's email for the chosen sold-out size, and says so once asked", async () => {
    const user = userEvent.setup();
    const { requests } = open(`/product/${shoe._id}`, shoe, {
      "POST /api/stock-alerts": (request) => ({
        status: 201,
        message: stockAlertWords.done,
        data: request.body,
      }),
    });
    await screen.findByRole("heading", { level: 1, name: shoe.name });
    // Nothing to ask for while the size chosen is in stock.
    await user.click(screen.getByRole("radio", { name: "UK 7" }));
    expect(screen.queryByRole("heading", { name: stockAlertWords.heading })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: `UK 6 (${stock.soldOut})` }));
    expect(screen.getByText(stock.outOfStock)).toBeVisible();
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeDisabled();
    expect(await screen.findByRole("heading", { name: stockAlertWords.heading })).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: stockAlertWords.emailLabel }), "asha@example.com");
    await user.click(screen.getByRole("button", { name: stockAlertWords.submit }));
    expect(await screen.findByText(stockAlertWords.done)).toBeVisible();
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      expect.objectContaining({
        path: "/api/stock-alerts",
        body: { variant: six._id, email: "asha@example.com" },
      }),
    ]);
  });

  it("asks for a signed-in shopper with one tap, with their address shown, and tells a refusal", async () => {
    const user = userEvent.setup();
    const shopper = { ...staff("customer"), email: "ravi@example.com" };
    useSession.getState().setUser(shopper);
    const { requests } = open(`/product/${shoe._id}?variant=${six._id}`, shoe, {
      "GET /api/wishlist": { data: [] },
      "POST /api/stock-alerts": {
        status: 409,
        message: stockAlertWords.inStock,
        errors: { variant: stockAlertWords.inStock },
      },
    });
    expect(await screen.findByText(stockAlertWords.signedInAs("ravi@example.com"))).toBeVisible();
    expect(screen.queryByRole("textbox", { name: stockAlertWords.emailLabel })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: stockAlertWords.submit }));
    expect(await screen.findByText(stockAlertWords.inStock)).toHaveAttribute("role", "alert");
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      variant: six._id,
      email: "ravi@example.com",
    });
  });
});

describe("the product page's heart", () => {
  it("sends a visitor to sign in, and back to the same size afterwards", async () => {
    const user = userEvent.setup();
    const { router } = open(`/product/${shoe._id}?variant=${seven._id}`);
    await user.click(await screen.findByRole("button", { name: wishlistHeart.save }));
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(router.state.location.search).toBe(
      `?${new URLSearchParams({ redirect: `/product/${shoe._id}?variant=${seven._id}` }).toString()}`,
    );
  });

  it("shows a saved product on sale as such, and removes it with a tap", async () => {
    const user = userEvent.setup();
    useSession.getState().setUser(staff("customer"));
    const { requests } = open(`/product/${lamp._id}`, lamp, {
      "GET /api/wishlist": { data: [{ product: lamp, savedAt: "2026-11-20T10:00:00.000Z" }] },
      [`DELETE /api/wishlist/${lamp._id}`]: { data: null },
    });
    const heart = await screen.findByRole("button", { name: wishlistHeart.remove });
    expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(await screen.findByText(wishlistHeart.savedOnSale)).toBeVisible();
    await user.click(heart);
    expect(await screen.findByRole("button", { name: wishlistHeart.save })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(screen.queryByText(wishlistHeart.savedOnSale)).not.toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `DELETE /api/wishlist/${lamp._id}`,
    );
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
