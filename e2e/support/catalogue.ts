import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { dataOf } from "./api";

export interface ProductRow {
  _id: string;
  name: string;
  price: number;
  onSale: boolean;
  salePrice: number;
  stock: number;
  thumbnail: { _id: string };
  /** Size, Colour…: a product with options is bought in one of its variants. */
  options: { name: string; values: string[] }[];
}

/** An active product, found by name through the API. */
export async function productByName(request: APIRequestContext, name: string): Promise<ProductRow> {
  const rows = await dataOf<ProductRow[]>(
    await request.get("/api/products", { params: { keyword: name, size: 20 } }),
    200,
  );
  const product = rows.find((row) => row.name === name);
  if (!product) throw new Error(`no active product named ${name}`);
  return product;
}

/**
 * The first active product of the demo catalogue sold without options (no size to choose: its
 * page adds it to the cart at once, and an order line may name the product alone) with more than
 * `minStock` units in stock.
 */
export async function firstProduct(request: APIRequestContext, { minStock = 0 } = {}): Promise<ProductRow> {
  const rows = await dataOf<ProductRow[]>(await request.get("/api/products?size=50"), 200);
  const product = rows.find((row) => row.options.length === 0 && row.stock > minStock);
  if (!product)
    throw new Error(`the demo catalogue has no product without options and over ${minStock} in stock`);
  return product;
}

/** The header's cart link, named by the number of items in the cart. */
export function cartLink(scope: Page | Locator, quantity: number) {
  return scope.getByRole("link", { name: `Cart, ${quantity} ${quantity === 1 ? "item" : "items"}` });
}
