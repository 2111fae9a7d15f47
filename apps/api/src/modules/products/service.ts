/** Catalogue use cases: storefront and dashboard lists, one product, and the staff's writes. */

import { api, errors, formErrors, successes } from "@shop/shared/messages";
import { isStaff, type Viewer } from "@shop/shared/roles";
import type {
  ProductInput,
  ProductPatchInput,
  ProductSort,
  ProductSummaryDto,
} from "@shop/shared/schemas/product";
import { AppError } from "#api/core/errors";
import { limitOffset } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorOf } from "#api/db/errors";
import { findCategory } from "#api/modules/categories/repo";
import { type ProductDetailDto, toProductDetailDto, toProductSummaryDto } from "./dto";
import {
  deleteProductById,
  existingMediaIds,
  findGallery,
  findProductById,
  insertProduct,
  listProductSummaries,
  lockProductForUpdate,
  type ProductFilter,
  type ProductValues,
  productHasOrderItems,
  replaceGallery,
  updateProduct,
  updateProductFlags,
} from "./repo";
import type { SearchText } from "./search";

export interface ListOptions {
  page: number;
  size: number;
  sort?: ProductSort | undefined;
}

/** A page of product summaries matching the filter. */
export async function listProducts(
  db: Database,
  filter: ProductFilter,
  { page, size, sort }: ListOptions,
): Promise<{ items: ProductSummaryDto[]; total: number }> {
  const { rows, total } = await listProductSummaries(db, filter, sort, limitOffset({ page, size }));
  return { items: rows.map(toProductSummaryDto), total };
}

/** A page of a category's active products; 404 for an unknown category. */
export async function listCategoryProducts(
  db: Database,
  by: { id: string } | { slug: string },
  keyword: string | undefined,
  options: ListOptions,
): Promise<{ items: ProductSummaryDto[]; total: number }> {
  const category = await findCategory(db, by);
  if (!category) throw new AppError("NOT_FOUND", api.categoryNotFound);
  return listProducts(db, { isActive: true, categoryId: category.id, keyword }, options);
}

/**
 * One product with its gallery. Unknown: 404 'Product not found.'; inactive: 404
 * 'Product is not available.' for everyone but staff.
 */
export async function getProduct(db: Database, id: string, viewer: Viewer): Promise<ProductDetailDto> {
  const row = await requireVisibleProduct(db, id, viewer);
  return toProductDetailDto(row, await findGallery(db, id));
}

/** The product as its viewer may see it: 404 unknown; 404 'not available' when inactive, unless staff. */
export async function requireVisibleProduct(db: Database, id: string, viewer: Viewer) {
  const row = await findProductById(db, id);
  if (!row) throw new AppError("NOT_FOUND", errors.productNotFound);
  if (!row.isActive && !isStaff(viewer)) throw new AppError("NOT_FOUND", errors.productNotAvailable);
  return row;
}

function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function valuesOf(input: ProductInput): ProductValues {
  return {
    name: input.name,
    description: input.description,
    price: input.price,
    onSale: input.onSale,
    // Off sale the sale price is 0 (SPEC section 4), whatever the form still held.
    salePrice: input.onSale ? (input.salePrice ?? 0) : 0,
    stock: input.stock,
    isActive: input.isActive,
    categoryId: input.category,
    thumbnailId: input.thumbnail,
  };
}

/** Checks that the category, thumbnail and gallery exist (400 naming the field otherwise); returns the search text. */
async function checkReferences(db: Database, input: ProductInput, gallery: string[]): Promise<SearchText> {
  const [category, known] = await Promise.all([
    findCategory(db, { id: input.category }),
    existingMediaIds(db, uniqueIds([input.thumbnail, ...gallery])),
  ]);
  const fieldErrors: Record<string, string> = {};
  if (!category) fieldErrors.category = api.categoryNotFound;
  if (!known.has(input.thumbnail)) fieldErrors.thumbnail = api.mediaNotFound;
  if (gallery.some((id) => !known.has(id))) fieldErrors.gallery = api.mediaNotFound;
  if (!category || Object.keys(fieldErrors).length > 0) {
    throw new AppError("BAD_REQUEST", formErrors.product, fieldErrors);
  }
  return { name: input.name, categoryName: category.name, description: input.description };
}

const FIELD_OF_CONSTRAINT: Record<string, string> = {
  products_category_id_categories_id_fk: "category",
  products_thumbnail_id_media_id_fk: "thumbnail",
  product_gallery_media_id_media_id_fk: "gallery",
};

/** A category or media deleted between the check and the write: the same 400 as the check gives. */
function referenceRace(error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg?.code === FOREIGN_KEY_VIOLATION) {
    const field = (pg.constraint && FIELD_OF_CONSTRAINT[pg.constraint]) ?? "category";
    const message = field === "category" ? api.categoryNotFound : api.mediaNotFound;
    throw new AppError("BAD_REQUEST", formErrors.product, { [field]: message });
  }
  throw error;
}

/** Creates a product with its gallery in one transaction; answers its id. */
export async function createProduct(db: Database, input: ProductInput): Promise<string> {
  const gallery = uniqueIds(input.gallery);
  return db
    .transaction(async (tx) => {
      const search = await checkReferences(tx, input, gallery);
      const productId = await insertProduct(tx, valuesOf(input), search);
      await replaceGallery(tx, productId, gallery);
      return productId;
    })
    .catch(referenceRace);
}

/** Replaces every field and the gallery of a product in one transaction. */
export async function editProduct(db: Database, id: string, input: ProductInput): Promise<void> {
  const gallery = uniqueIds(input.gallery);
  await db
    .transaction(async (tx) => {
      if (!(await lockProductForUpdate(tx, id))) throw new AppError("NOT_FOUND", errors.productNotFound);
      const search = await checkReferences(tx, input, gallery);
      await updateProduct(tx, id, valuesOf(input), search);
      await replaceGallery(tx, id, gallery);
    })
    .catch(referenceRace);
}

/**
 * Flips isActive or onSale. Turning onSale off resets the sale price to 0; turning it on needs a
 * sale price above 0 and below the price already stored (set it in the edit form), else 400.
 */
export async function patchProduct(
  db: Database,
  id: string,
  { key, value }: Pick<ProductPatchInput, "key" | "value">,
): Promise<{ product: ProductSummaryDto; message: string }> {
  await db.transaction(async (tx) => {
    const current = await lockProductForUpdate(tx, id);
    if (!current) throw new AppError("NOT_FOUND", errors.productNotFound);
    if (key === "isActive") {
      await updateProductFlags(tx, id, { isActive: value });
    } else if (!value) {
      await updateProductFlags(tx, id, { onSale: false, salePrice: 0 });
    } else {
      if (!(current.salePrice > 0 && current.salePrice < current.price)) {
        throw new AppError("BAD_REQUEST", api.salePriceRequired, { salePrice: api.salePriceRequired });
      }
      await updateProductFlags(tx, id, { onSale: true });
    }
  });
  const row = await findProductById(db, id);
  if (!row) throw new AppError("NOT_FOUND", errors.productNotFound);
  const message = key === "isActive" ? successes.productStatus(value) : api.updated;
  return { product: toProductSummaryDto(row), message };
}

/** Deletes a product with its gallery and reviews; one that has been ordered stays (409: deactivate it). */
export async function deleteProduct(db: Database, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      if (!(await lockProductForUpdate(tx, id))) throw new AppError("NOT_FOUND", errors.productNotFound);
      if (await productHasOrderItems(tx, id)) throw new AppError("CONFLICT", api.productHasOrders);
      await deleteProductById(tx, id);
    })
    .catch((error: unknown) => {
      // NOTE: order lines restrict the delete; the check above makes this the rare race only.
      if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) {
        throw new AppError("CONFLICT", api.productHasOrders);
      }
      throw error;
    });
}
