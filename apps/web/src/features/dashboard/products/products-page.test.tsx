import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "#web/test/api-stub";
import { lamp } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { ProductsPage } from "./products-page";

const {
  description: _description,
  gallery: _gallery,
  reviews: _reviews,
  updatedAt: _updatedAt,
  variants: _variants,
  ...lampRow
} = lamp;

/** Sizes S to L in two colours, one size sold out: 81 units over its active variants. */
const tee: ProductSummaryDto = {
  ...lampRow,
  _id: "a1a1a1a1a1a1a1a1a1a1a1a1",
  name: "Organic Cotton Tee",
  stock: 81,
  options: [
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Black", "Blue"] },
  ],
  variantCount: 6,
};

describe("the dashboard's product list", () => {
  it("shows each product's stock, summed over its variants, and how many variants a product with options has", async () => {
    stubApi({
      "GET /api/products": { data: [tee, lampRow], meta: { page: 1, size: 8, pageCount: 1, total: 2 } },
    });
    renderRoutes(
      [{ path: "/dashboard/products", element: <ProductsPage view="all" /> }],
      "/dashboard/products",
    );

    const teeRow = (await screen.findByText(tee.name)).closest("tr");
    expect(teeRow).toHaveTextContent("81 in stock · 6 variants");
    const lampCell = screen.getByText(lamp.name).closest("td");
    expect(lampCell).toHaveTextContent(`${lamp.name}7 in stock`);
    expect(lampCell).not.toHaveTextContent("variant");
  });
});
