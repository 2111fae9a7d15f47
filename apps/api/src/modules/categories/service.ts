/**
 * Categories: the staff create them, admins rename and delete them (its products moved to another);
 * everyone lists them with their active product counts.
 */
import { api, validation } from "@shop/shared/messages";
import type {
  CategoryDeleteQuery,
  CategoryDto,
  CategoryInput,
  CategoryRenameInput,
  CategoryTaxInput,
} from "@shop/shared/schemas/category";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Category } from "#api/db/schema/categories";
import type { User } from "#api/db/schema/users";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { addSearchWords, moveProducts, rewriteProductSearch } from "#api/modules/products/service";
import { queueProductEvents } from "#api/modules/webhooks/service";
import { toCategoryDto } from "./dto";
import {
  countProductsOf,
  deleteCategoryRow,
  discountCodesOf,
  findCategory,
  findCategoryWithCount,
  insertCategory,
  isCategoryNameTaken,
  listCategoriesWithCounts,
  lockCategories,
  lockCategory,
  updateCategoryName,
  updateCategoryTax,
} from "./repo";

/** A category as the activity log keeps it. */
const fieldsOf = ({ name, slug, taxRate, taxSlabs, hsnCode, hsnDescription }: Category) => ({
  name,
  slug,
  taxRate,
  taxSlabs,
  hsnCode,
  hsnDescription,
});
const subjectOf = (row: Category) => ({ type: "category" as const, id: row.id, label: row.name });

/** A description names the category's own HSN code: 400 at the description without one. */
function refuseDescriptionWithoutCode(input: { hsnCode?: string | null; hsnDescription?: string | null }) {
  if (input.hsnDescription && !input.hsnCode)
    throw new AppError("BAD_REQUEST", validation.hsnDescriptionWithoutCode, {
      hsnDescription: validation.hsnDescriptionWithoutCode,
    });
}

const slugTaken = () => new AppError("CONFLICT", api.categorySlugTaken, { slug: api.categorySlugTaken });

/**
 * Creates a category; a slug already in use is a 409 on the slug field. Its GST rate and HSN code
 * are the admins' to set, at creation as after it (setCategoryTax): 403 for other staff.
 */
export async function createCategory(
  db: Database,
  actor: Pick<User, "role"> & ActivityActor,
  input: CategoryInput,
): Promise<CategoryDto> {
  if (
    (input.taxRate != null ||
      input.taxSlabs != null ||
      input.hsnCode != null ||
      input.hsnDescription != null) &&
    actor.role !== "admin"
  )
    throw new AppError("FORBIDDEN", api.forbidden);
  refuseDescriptionWithoutCode(input);
  if (await findCategory(db, { slug: input.slug })) throw slugTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertCategory(tx, {
        name: input.name,
        slug: input.slug,
        taxRate: input.taxRate ?? null,
        taxSlabs: input.taxSlabs ?? null,
        hsnCode: input.hsnCode ?? null,
        hsnDescription: input.hsnDescription ?? null,
      });
      await recordActivity(tx, actor, "category.created", subjectOf(inserted), null, fieldsOf(inserted));
      return inserted;
    });
    return toCategoryDto({ ...row, count: 0 });
  } catch (error) {
    // NOTE: two creations racing for one slug: the unique constraint decides.
    if (isPgError(error, UNIQUE_VIOLATION)) throw slugTaken();
    throw error;
  }
}

export async function listCategories(db: Database): Promise<CategoryDto[]> {
  return (await listCategoriesWithCounts(db)).map(toCategoryDto);
}

export async function getCategory(db: Database, by: { id: string } | { slug: string }): Promise<CategoryDto> {
  const row = await findCategoryWithCount(db, by);
  if (!row) throw new AppError("NOT_FOUND", api.categoryNotFound);
  return toCategoryDto(row);
}

/**
 * Sets the GST rate (or rate by price) and HSN code of a category's products that set none. Orders
 * placed before keep the rates they were priced with.
 */
export async function setCategoryTax(
  db: Database,
  actor: ActivityActor,
  id: string,
  input: CategoryTaxInput,
): Promise<CategoryDto> {
  refuseDescriptionWithoutCode(input);
  await db.transaction(async (tx) => {
    const before = await findCategory(tx, { id });
    const after = before && (await updateCategoryTax(tx, id, input));
    if (!before || !after) throw new AppError("NOT_FOUND", api.categoryNotFound);
    await recordActivity(tx, actor, "category.updated", subjectOf(after), fieldsOf(before), fieldsOf(after));
  });
  return getCategory(db, { id });
}

/**
 * Renames a category (admin): 404 for an unknown one, 409 on the name field when another category
 * has the name (whatever its case). The slug stays, so the storefront's links keep working; the
 * products' search documents take the new name, and the endpoints that asked hear of each product
 * changed (their payload names the category).
 */
export async function renameCategory(
  db: Database,
  actor: ActivityActor,
  id: string,
  input: CategoryRenameInput,
): Promise<CategoryDto> {
  await db.transaction(async (tx) => {
    const before = await lockCategory(tx, id);
    if (!before) throw new AppError("NOT_FOUND", api.categoryNotFound);
    if (before.name === input.name) return;
    if (await isCategoryNameTaken(tx, input.name, id))
      throw new AppError("CONFLICT", api.categoryNameTaken, { name: api.categoryNameTaken });
    const after = await updateCategoryName(tx, id, input.name);
    const productIds = await rewriteProductSearch(tx, id, input.name);
    await addSearchWords(tx, { name: input.name, categoryName: "", description: "" });
    await recordActivity(tx, actor, "category.updated", subjectOf(after), fieldsOf(before), fieldsOf(after));
    await queueProductEvents(
      tx,
      productIds.map((productId) => ({ type: "product.updated" as const, productId })),
    );
  });
  return getCategory(db, { id });
}

/**
 * Deletes a category (admin), in one transaction: its products, inactive ones included, move to
 * `moveTo` first (their search documents with its name; the endpoints that asked hear of each), and
 * take that category's GST rate and HSN code unless they set their own, as its own settings go with
 * it. Refused: an unknown category (404); products and no `moveTo` (409 naming their number, at
 * `moveTo`); `moveTo` itself or unknown (400 at `moveTo`); discount codes limited to it (409 naming
 * them: moving its products would change what they discount).
 */
export async function deleteCategory(
  db: Database,
  actor: ActivityActor,
  id: string,
  { moveTo }: CategoryDeleteQuery,
): Promise<void> {
  if (moveTo === id)
    throw new AppError("BAD_REQUEST", api.categoryMoveToItself, { moveTo: api.categoryMoveToItself });
  await db.transaction(async (tx) => {
    const locked = await lockCategories(tx, moveTo ? [id, moveTo] : [id]);
    const category = locked.find((row) => row.id === id);
    if (!category) throw new AppError("NOT_FOUND", api.categoryNotFound);
    const target = moveTo ? locked.find((row) => row.id === moveTo) : undefined;
    if (moveTo && !target)
      throw new AppError("BAD_REQUEST", api.categoryNotFound, { moveTo: api.categoryNotFound });
    const codes = await discountCodesOf(tx, id);
    if (codes.length > 0) throw new AppError("CONFLICT", api.categoryInDiscounts(codes));
    const products = await countProductsOf(tx, id);
    if (products > 0 && !target) {
      const message = api.categoryHasProducts(products);
      throw new AppError("CONFLICT", message, { moveTo: message });
    }
    const moved = target && products > 0 ? await moveProducts(tx, id, target) : [];
    await deleteCategoryRow(tx, id);
    await recordActivity(
      tx,
      actor,
      "category.deleted",
      subjectOf(category),
      { ...fieldsOf(category), products },
      target && moved.length > 0 ? { productsMovedTo: target.name } : null,
    );
    await queueProductEvents(
      tx,
      moved.map((productId) => ({ type: "product.updated" as const, productId })),
    );
  });
}
