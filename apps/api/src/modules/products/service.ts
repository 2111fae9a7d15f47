/** Catalogue use cases: storefront and dashboard lists, one product, and the staff's writes. */

import type { ProductSort } from "@shop/shared/constants";
import { api, errors, formErrors, successes, validation } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { isStaff, type Viewer } from "@shop/shared/roles";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import type {
  ProductFacets,
  ProductInput,
  ProductListFilters,
  ProductPatchInput,
  ProductSummaryDto,
  SearchFallback,
  SearchSuggestionsDto,
  VariantInput,
} from "@shop/shared/schemas/product";
import { AppError } from "#api/core/errors";
import { limitOffset } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from "#api/db/errors";
import type { NewestKey } from "#api/db/paging";
import { sizeColumns, sizeOf } from "#api/db/parcel-size";
import type { ProductVariant } from "#api/db/schema/products";
import { setStockCause } from "#api/db/stock-cause";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { queueProductDeleted, queueProductEvents } from "#api/modules/webhooks/service";
import { loggedProduct, productSubject } from "./activity";
import { type ProductDetailDto, toProductDetailDto, toProductSummaryDto } from "./dto";
import type { ProductFilter } from "./repo-filters";
import { listProductSummaries, pagesByKeyset } from "./repo-list";
import {
  existingMediaIds,
  findGallery,
  findProductById,
  findProductCategory,
  findVariants,
  lockProductForUpdate,
  productHasOrderItems,
  takenSkus,
} from "./repo-reads";
import {
  deleteProductById,
  insertProduct,
  insertVariants,
  type ProductPricing,
  type ProductValues,
  removeVariants,
  replaceGallery,
  setVariantsOnSale,
  updateProduct,
  updateProductFlags,
  updateVariants,
  type VariantValues,
} from "./repo-writes";
import type { SearchText } from "./search";

export interface ListOptions {
  page: number;
  size: number;
  sort?: ProductSort | undefined;
  /** The shopper's filters. */
  filters?: ProductListFilters | undefined;
  /** Whether to count the facets (storefront lists). */
  facets?: boolean | undefined;
  /** A cursor's key: the page starts after that product (lists newest first without keyword nor filter). */
  after?: NewestKey | undefined;
}

/** A page of product summaries, its total, and on storefront lists the facets and the keyword's fallback. */
export interface ProductList {
  items: ProductSummaryDto[];
  total: number;
  facets?: ProductFacets | undefined;
  fallback?: SearchFallback | undefined;
  /** The cursor of the page's last product, when one more follows on a list paged by keyset. */
  next?: string | undefined;
}

/** A page of product summaries matching the filter. */
export async function listProducts(
  db: Database,
  filter: ProductFilter,
  { page, size, sort, filters, facets, after }: ListOptions,
): Promise<ProductList> {
  // A cursor is only ever given for a list newest first without keyword nor filter (its meta.next).
  if (after && !pagesByKeyset(filter.keyword, sort, filters ?? {})) {
    throw new AppError("BAD_REQUEST", api.invalidInput, { after: validation.cursor });
  }
  const found = await listProductSummaries(db, filter, sort, limitOffset({ page, size }), {
    filters: filters ?? {},
    counts: facets ? "facets" : false,
    after,
  });
  return {
    items: found.rows.map(toProductSummaryDto),
    total: found.total,
    ...(found.facets ? { facets: found.facets } : {}),
    ...(found.fallback ? { fallback: found.fallback } : {}),
    ...(found.nextKey ? { next: encodeCursor(found.nextKey) } : {}),
  };
}

/** How many products and categories the search box suggests. */
const SUGGESTED_PRODUCTS = 5;
/**
 * The newest matches suggestions rank and count the categories of (decision 007): a preview
 * answered as the shopper types, where the results page ranks the newest 500. At 100k products a
 * part-word's window is found by walking the newest products, a fifth as far for 100 as for 500.
 */
export const SUGGESTION_WINDOW = 100;

/**
 * Suggestions for what the shopper has typed: the best matching active products among the newest
 * SUGGESTION_WINDOW matches (words dropped from the end when none matches all), the categories
 * most of those are in, and the query with its typos corrected.
 */
export async function suggest(db: Database, q: string): Promise<SearchSuggestionsDto> {
  if (q.trim() === "") return { products: [], categories: [], correction: null };
  const found = await listProductSummaries(
    db,
    { isActive: true, keyword: q },
    "relevance",
    { limit: SUGGESTED_PRODUCTS, offset: 0 },
    { counts: "categories", window: SUGGESTION_WINDOW },
  );
  return {
    products: found.rows.map((row) => {
      const { _id, name, thumbnail, price, onSale, salePrice } = toProductSummaryDto(row);
      return { _id, name, thumbnail, price, onSale, salePrice };
    }),
    categories: (found.topCategories ?? []).map(({ id, name, slug }) => ({ _id: id, name, slug })),
    correction: found.correction ?? null,
  };
}

/** A page of a category's active products; 404 for an unknown category. */
export async function listCategoryProducts(
  db: Database,
  by: { id: string } | { slug: string },
  keyword: string | undefined,
  options: ListOptions,
): Promise<ProductList> {
  const category = await findProductCategory(db, by);
  if (!category) throw new AppError("NOT_FOUND", api.categoryNotFound);
  return listProducts(db, { isActive: true, categoryId: category.id, keyword }, options);
}

/**
 * One product with its gallery. Unknown: 404 'Product not found.'; inactive: 404
 * 'Product is not available.' for everyone but staff.
 */
export async function getProduct(db: Database, id: string, viewer: Viewer): Promise<ProductDetailDto> {
  const row = await requireVisibleProduct(db, id, viewer);
  const [gallery, variants] = await Promise.all([findGallery(db, id), findVariants(db, id)]);
  return toProductDetailDto(row, gallery, variants);
}

/** The product as its viewer may see it: 404 unknown; 404 'not available' when inactive, unless staff. */
export async function requireVisibleProduct(db: Database, id: string, viewer: Viewer) {
  const row = await findProductById(db, id);
  if (!row) throw new AppError("NOT_FOUND", errors.productNotFound);
  if (!row.isActive && !isStaff(viewer)) throw new AppError("NOT_FOUND", errors.productNotAvailable);
  return row;
}

/**
 * Locks a product's row until the caller's transaction ends and answers whether it is active and
 * its options: a review and the product's rating change under it (the reviews module).
 */
export { lockProductForUpdate } from "./repo-reads";

/**
 * What a category's change does to its products, in the category's transaction (the categories
 * module): renamed, the products' search documents are written again with its name and the name's
 * words join the search vocabulary; deleted, its products move to another category. Each answers
 * the products' ids (their webhook events).
 */
export { moveProducts, rewriteProductSearch } from "./repo-writes";
export { addSearchWords } from "./search";

function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function valuesOf(input: ProductInput): Omit<ProductValues, "options"> {
  return {
    name: input.name,
    description: input.description,
    isActive: input.isActive,
    categoryId: input.category,
    thumbnailId: input.thumbnail,
    // Absent: a new product takes its category's (null), an updated one keeps its own.
    ...(input.taxRate !== undefined ? { taxRate: input.taxRate } : {}),
    ...(input.taxSlabs !== undefined ? { taxSlabs: input.taxSlabs } : {}),
    ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
    ...(input.uqc !== undefined ? { uqc: input.uqc } : {}),
    ...sizeColumns(input),
  };
}

/** Off sale the sale price is 0 (SPEC section 4), whatever the form still held. */
function pricingOf(item: { price: number; onSale: boolean; salePrice?: number | undefined }) {
  return { price: item.price, onSale: item.onSale, salePrice: item.onSale ? (item.salePrice ?? 0) : 0 };
}

function productPricing(input: ProductInput): Required<ProductPricing> {
  return { ...pricingOf(input), stock: input.stock };
}

function variantValues(variant: VariantInput): VariantValues {
  return {
    id: variant._id,
    sku: variant.sku,
    options: variant.options,
    ...pricingOf(variant),
    stock: variant.stock,
    isActive: variant.isActive,
    size: sizeColumns(variant),
  };
}

/** 409 'This SKU is already in use.' on every variant whose SKU another variant of the shop holds. */
async function checkSkus(db: Database, variants: readonly VariantValues[], ownIds: readonly string[]) {
  const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  const taken = await takenSkus(db, skus, ownIds);
  if (taken.size === 0) return;
  const fieldErrors: Record<string, string> = {};
  variants.forEach((variant, index) => {
    if (variant.sku && taken.has(variant.sku)) fieldErrors[`variants.${index}.sku`] = api.skuTaken;
  });
  throw new AppError("CONFLICT", api.skuTaken, fieldErrors);
}

/**
 * Makes a product's variants the given ones, in their order: those with an id (which must be the
 * product's, else 400) are rewritten, the others inserted, and the current ones left out removed
 * (deleted, or kept for their order lines when ever ordered).
 */
async function replaceVariants(
  db: Database,
  productId: string,
  current: readonly ProductVariant[],
  wanted: readonly VariantValues[],
) {
  const currentIds = new Set(current.map((variant) => variant.id));
  const unknown: Record<string, string> = {};
  wanted.forEach((variant, index) => {
    if (variant.id !== undefined && !currentIds.has(variant.id))
      unknown[`variants.${index}._id`] = api.variantNotFound;
  });
  if (Object.keys(unknown).length > 0) throw new AppError("BAD_REQUEST", formErrors.product, unknown);
  const keptIds = new Set(wanted.flatMap((variant) => (variant.id ? [variant.id] : [])));
  await removeVariants(
    db,
    current.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id),
  );
  await checkSkus(db, wanted, [...keptIds]);
  const kept = new Map(current.map((variant) => [variant.id, variant]));
  // A part of the size the input leaves out is the variant's as it was.
  const updates = wanted.flatMap((variant, position) =>
    variant.id
      ? [
          {
            ...variant,
            id: variant.id,
            sku: variant.sku ?? productId,
            position,
            size: { ...sizeOf(kept.get(variant.id)), ...variant.size },
          },
        ]
      : [],
  );
  await updateVariants(db, updates);
  const added = wanted.flatMap((variant, position) => (variant.id ? [] : [{ ...variant, position }]));
  await insertVariants(db, productId, added);
}

/** Checks that the category, thumbnail and gallery exist (400 naming the field otherwise); returns the search text. */
async function checkReferences(db: Database, input: ProductInput, gallery: string[]): Promise<SearchText> {
  // NOTE: one after another: this runs in the write's transaction, one connection.
  const category = await findProductCategory(db, { id: input.category });
  const known = await existingMediaIds(db, uniqueIds([input.thumbnail, ...gallery]));
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
  // NOTE: two writers giving one SKU at once: the check passed for both, the unique index decides.
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === "product_variants_sku_unique") {
    throw new AppError("CONFLICT", api.skuTaken);
  }
  if (pg?.code === FOREIGN_KEY_VIOLATION) {
    const field = (pg.constraint && FIELD_OF_CONSTRAINT[pg.constraint]) ?? "category";
    const message = field === "category" ? api.categoryNotFound : api.mediaNotFound;
    throw new AppError("BAD_REQUEST", formErrors.product, { [field]: message });
  }
  throw error;
}

/**
 * Creates a product with its gallery and variants in one transaction; answers its id. Without
 * variants it gets one default variant of its price, sale price and stock (SKU: the product's id).
 * No actor (the tests' catalogue): made by no staff member, nothing recorded in the activity log.
 */
export async function createProduct(
  db: Database,
  actor: ActivityActor | null,
  input: ProductInput,
): Promise<string> {
  const gallery = uniqueIds(input.gallery);
  return db
    .transaction(async (tx) => {
      const search = await checkReferences(tx, input, gallery);
      const variants = input.variants?.map(variantValues);
      if (variants) {
        if (variants.some((variant) => variant.id !== undefined)) {
          const unknown = Object.fromEntries(
            variants.flatMap((variant, index) =>
              variant.id !== undefined ? [[`variants.${index}._id`, api.variantNotFound]] : [],
            ),
          );
          throw new AppError("BAD_REQUEST", formErrors.product, unknown);
        }
        await checkSkus(tx, variants, []);
      }
      const values = {
        ...valuesOf(input),
        ...productPricing(input),
        options: variants ? (input.options ?? []) : [],
      };
      const productId = await insertProduct(tx, values, search, variants);
      await replaceGallery(tx, productId, gallery);
      if (actor) {
        const created = await loggedProduct(tx, productId);
        await recordActivity(
          tx,
          actor,
          "product.created",
          productSubject(productId, input.name),
          null,
          created?.fields ?? null,
        );
      }
      await queueProductEvents(tx, [{ type: "product.created", productId }]);
      return productId;
    })
    .catch(referenceRace);
}

/**
 * Replaces every field, the gallery and the variants of a product in one transaction. Without
 * `variants`, a product with a single variant and no options has that variant rewritten from the
 * product's price, sale price and stock (as before variants); one with options keeps its options
 * and variants (a form that knows nothing of them cannot wipe them).
 */
export async function editProduct(
  db: Database,
  actor: ActivityActor,
  id: string,
  input: ProductInput,
): Promise<void> {
  const gallery = uniqueIds(input.gallery);
  await db
    .transaction(async (tx) => {
      // A stock changed in the form is the staff member's adjustment in the stock-movement log.
      const name = fullName(actor);
      await setStockCause(tx, { cause: "adjustment", reason: "other", actor: { id: actor.id, name } });
      const product = await lockProductForUpdate(tx, id);
      if (!product) throw new AppError("NOT_FOUND", errors.productNotFound);
      const before = await loggedProduct(tx, id);
      const search = await checkReferences(tx, input, gallery);
      const current = await findVariants(tx, id);
      const [only] = current;
      if (input.variants) {
        await updateProduct(tx, id, { ...valuesOf(input), options: input.options ?? [] }, search);
        await replaceVariants(tx, id, current, input.variants.map(variantValues));
      } else if (current.length === 1 && only && product.options.length === 0) {
        await updateProduct(tx, id, { ...valuesOf(input), options: [] }, search);
        const { stock, ...pricing } = productPricing(input);
        await updateVariants(tx, [
          {
            id: only.id,
            sku: only.sku,
            options: {},
            ...pricing,
            stock,
            isActive: true,
            position: 0,
            size: sizeOf(only),
          },
        ]);
      } else {
        await updateProduct(tx, id, valuesOf(input), search);
      }
      await replaceGallery(tx, id, gallery);
      const after = await loggedProduct(tx, id);
      await recordActivity(
        tx,
        actor,
        "product.updated",
        productSubject(id, input.name),
        before?.fields ?? null,
        after?.fields ?? null,
      );
      await queueProductEvents(tx, [{ type: "product.updated", productId: id }]);
    })
    .catch(referenceRace);
}

/**
 * Flips isActive, or onSale of every variant. Turning onSale off resets the sale prices to 0;
 * turning it on needs a sale price above 0 and below the price already stored (set it in the edit
 * form) on at least one variant, which alone go on sale; else 400.
 */
export async function patchProduct(
  db: Database,
  actor: ActivityActor,
  id: string,
  { key, value }: Pick<ProductPatchInput, "key" | "value">,
): Promise<{ product: ProductSummaryDto; message: string }> {
  await db.transaction(async (tx) => {
    const current = await lockProductForUpdate(tx, id);
    if (!current) throw new AppError("NOT_FOUND", errors.productNotFound);
    const before = await loggedProduct(tx, id);
    if (key === "isActive") {
      await updateProductFlags(tx, id, { isActive: value });
    } else if ((await setVariantsOnSale(tx, id, value)) === 0 && value) {
      // NOTE: the flag is the variants'; a variant goes on sale only with a sale price set below its price.
      throw new AppError("BAD_REQUEST", api.salePriceRequired, { salePrice: api.salePriceRequired });
    }
    const after = await loggedProduct(tx, id);
    const subject = productSubject(id, after?.name ?? before?.name ?? "");
    await recordActivity(
      tx,
      actor,
      "product.updated",
      subject,
      before?.fields ?? null,
      after?.fields ?? null,
    );
    await queueProductEvents(tx, [{ type: "product.updated", productId: id }]);
  });
  const row = await findProductById(db, id);
  if (!row) throw new AppError("NOT_FOUND", errors.productNotFound);
  const message = key === "isActive" ? successes.productStatus(value) : api.updated;
  return { product: toProductSummaryDto(row), message };
}

/** Deletes a product with its gallery and reviews; one that has been ordered stays (409: deactivate it). */
export async function deleteProduct(db: Database, actor: ActivityActor, id: string): Promise<void> {
  await db
    .transaction(async (tx) => {
      if (!(await lockProductForUpdate(tx, id))) throw new AppError("NOT_FOUND", errors.productNotFound);
      if (await productHasOrderItems(tx, id)) throw new AppError("CONFLICT", api.productHasOrders);
      const before = await loggedProduct(tx, id);
      await queueProductDeleted(tx, id);
      await deleteProductById(tx, id);
      await recordActivity(
        tx,
        actor,
        "product.deleted",
        productSubject(id, before?.name ?? ""),
        before?.fields ?? null,
        null,
      );
    })
    .catch((error: unknown) => {
      // NOTE: order lines restrict the delete; the check above makes this the rare race only.
      if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) {
        throw new AppError("CONFLICT", api.productHasOrders);
      }
      throw error;
    });
}
