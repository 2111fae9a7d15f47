/** Catalogue fixtures for API tests: categories, media rows and products made through the services. */
import type { ProductInput } from "@shop/shared/schemas/product";
import { slugify } from "@shop/shared/slug";
import { newId } from "#api/core/ids";
import type { DatabaseHandle } from "#api/db/client";
import type { Media } from "#api/db/schema/media";
import { insertCategory } from "#api/modules/categories/repo";
import { insertMedia } from "#api/modules/media/repo";
import { createProduct, getProduct } from "#api/modules/products/service";

let counter = 0;
function unique(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export async function makeCategory(database: DatabaseHandle, name = unique("Category")) {
  return insertCategory(database.db, { name, slug: `${slugify(name)}-${slugify(unique("c"))}` });
}

/** A media row without files: enough for thumbnails and galleries. */
export async function makeMedia(database: DatabaseHandle, name = "picture.png"): Promise<Media> {
  const id = newId();
  return insertMedia(database.db, {
    id,
    name,
    storageKey: `images/${id}`,
    url: `/media/images/${id}/640.webp`,
    width: 640,
    height: 640,
    widths: [320, 640],
  });
}

export const DESCRIPTION =
  "A dependable everyday piece, made with care from durable materials that last for years.";

/** A valid product body for POST /api/products (category and thumbnail must be given). */
export function productBody(
  refs: { category: string; thumbnail: string },
  overrides: Partial<ProductInput> = {},
): ProductInput {
  return {
    name: "Everyday Product",
    description: DESCRIPTION,
    price: 100,
    onSale: false,
    stock: 10,
    isActive: true,
    gallery: [],
    ...refs,
    ...overrides,
  };
}

/** A product made through the product service (so its search document is written too). */
export async function makeProduct(
  database: DatabaseHandle,
  refs: { category: string; thumbnail: string },
  overrides: Partial<ProductInput> = {},
) {
  const id = await createProduct(
    database.db,
    null,
    productBody(refs, { name: unique("Product"), ...overrides }),
  );
  return getProduct(database.db, id, { role: "admin" });
}

/** Sizes S/M/L in Black and Blue: 6 variants, each with its own SKU, price and stock. */
export function sizedVariants(prefix = unique("TEE")): Pick<ProductInput, "options" | "variants"> {
  const sizes = ["S", "M", "L"];
  const colours = ["Black", "Blue"];
  return {
    options: [
      { name: "Size", values: sizes },
      { name: "Colour", values: colours },
    ],
    variants: sizes.flatMap((size, i) =>
      colours.map((colour, j) => ({
        sku: `${prefix}-${size}-${colour}`.toUpperCase(),
        options: { Size: size, Colour: colour },
        price: 20 + i * 5,
        onSale: false,
        stock: 10 + i * 3 + j,
        isActive: true,
      })),
    ),
  };
}

/** A product with options made through the product service; `variants` overrides its variants. */
export async function makeProductWithVariants(
  database: DatabaseHandle,
  refs: { category: string; thumbnail: string },
  overrides: Partial<ProductInput> = {},
) {
  return makeProduct(database, refs, { ...sizedVariants(), ...overrides });
}
