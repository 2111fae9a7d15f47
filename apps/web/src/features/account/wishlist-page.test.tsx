import { stock, wishlistWords } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import type { WishlistItemDto } from "@shop/shared/schemas/shopper-lists";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { useSession } from "#web/lib/session";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { kurta, lamp, staff } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { WishlistPage } from "./wishlist-page";

vi.mock("#web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

/** A card's fields of a product page's DTO (what GET /api/wishlist answers). */
function summary({
  description,
  taxRate,
  taxSlabs,
  hsnCode,
  gallery,
  reviews,
  updatedAt,
  variants,
  ...card
}: ProductDto) {
  return card;
}

const tee = {
  ...summary(lamp),
  _id: "c9c9c9c9c9c9c9c9c9c9c9c9",
  name: "Trail Tee",
  price: 20,
  onSale: false,
  salePrice: 0,
  stock: 0,
  options: [{ name: "Size", values: ["S", "M"] }],
  variantCount: 2,
};

const saved: WishlistItemDto[] = [
  { product: tee, savedAt: "2026-11-22T10:00:00.000Z" },
  { product: summary(lamp), savedAt: "2026-11-21T10:00:00.000Z" },
  { product: { ...summary(kurta), stock: 0 }, savedAt: "2026-11-20T10:00:00.000Z" },
];

function renderPage(routes: StubRoutes) {
  useSession.getState().setUser(staff("customer"));
  const stub = stubApi({ "GET /api/config": { status: 404, message: "Not found." }, ...routes });
  renderRoutes([{ path: "/account/wishlist", element: <WishlistPage /> }], "/account/wishlist");
  return stub;
}

async function rowOf(name: string) {
  const link = await screen.findByRole("link", { name });
  const row = link.closest("li");
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

afterEach(() => {
  useSession.getState().clear();
  useCart.setState({ items: [], address: null });
});

describe("the wishlist page", () => {
  it("lists the saved products newest first, at today's price with their stock", async () => {
    renderPage({ "GET /api/wishlist": { data: saved } });
    expect(await screen.findByRole("heading", { level: 1, name: wishlistWords.title })).toBeVisible();
    expect(await screen.findByText(wishlistWords.count(3))).toBeVisible();
    const names = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(names).toEqual(["Trail Tee", lamp.name, kurta.name]);
    const lampRow = await rowOf(lamp.name);
    expect(lampRow.getByText("$30.00")).toBeVisible();
    expect(lampRow.getByText("$40.00")).toBeVisible();
    expect(lampRow.getByText(stock.lowStock(7))).toBeVisible();
    expect((await rowOf(kurta.name)).getByText(stock.outOfStock)).toBeVisible();
    expect(
      (await rowOf(kurta.name)).getByRole("button", { name: wishlistWords.moveToCartOf(kurta.name) }),
    ).toBeDisabled();
    // A product with sizes is chosen on its page.
    expect(
      (await rowOf("Trail Tee")).getByRole("link", { name: wishlistWords.chooseOptionsOf("Trail Tee") }),
    ).toHaveAttribute("href", `/product/${tee._id}`);
  });

  it("moves a product without options to the cart and off the list", async () => {
    let list = saved;
    const { requests } = renderPage({
      "GET /api/wishlist": () => ({ data: list }),
      [`DELETE /api/wishlist/${lamp._id}`]: () => {
        list = saved.filter((item) => item.product._id !== lamp._id);
        return { data: null };
      },
    });
    await userEvent.click(
      (await rowOf(lamp.name)).getByRole("button", { name: wishlistWords.moveToCartOf(lamp.name) }),
    );
    expect(useCart.getState().items).toEqual([
      { product: expect.objectContaining({ _id: lamp._id, salePrice: 30 }), quantity: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole("link", { name: lamp.name })).not.toBeInTheDocument());
    expect(screen.getByRole("link", { name: kurta.name })).toBeVisible();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `DELETE /api/wishlist/${lamp._id}`,
    );
  });

  it("removes a product, and shows the empty list's way back to the shop", async () => {
    let list = [saved[1]];
    renderPage({
      "GET /api/wishlist": () => ({ data: list }),
      [`DELETE /api/wishlist/${lamp._id}`]: () => {
        list = [];
        return { data: null };
      },
    });
    await userEvent.click(
      (await rowOf(lamp.name)).getByRole("button", { name: wishlistWords.removeOf(lamp.name) }),
    );
    expect(await screen.findByText(wishlistWords.empty)).toBeVisible();
    expect(screen.getByRole("link", { name: wishlistWords.browse })).toHaveAttribute("href", "/");
  });
});
