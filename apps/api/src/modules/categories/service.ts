/** Categories: the staff create them, admins rename them; everyone lists them with their active product counts. */
import { api } from "@shop/shared/messages";
import type {
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
import { addSearchWords } from "#api/modules/products/search";
import { queueProductEvents } from "#api/modules/webhooks/service";
import { toCategoryDto } from "./dto";
import {
  findCategory,
  findCategoryWithCount,
  insertCategory,
  isCategoryNameTaken,
  listCategoriesWithCounts,
  lockCategory,
  rewriteProductSearch,
  updateCategoryName,
  updateCategoryTax,
} from "./repo";

/** A category as the activity log keeps it. */
const fieldsOf = ({ name, slug, taxRate, taxSlabs, hsnCode }: Category) => ({
  name,
  slug,
  taxRate,
  taxSlabs,
  hsnCode,
});
const subjectOf = (row: Category) => ({ type: "category" as const, id: row.id, label: row.name });

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
  if ((input.taxRate != null || input.taxSlabs != null || input.hsnCode != null) && actor.role !== "admin")
    throw new AppError("FORBIDDEN", api.forbidden);
  if (await findCategory(db, { slug: input.slug })) throw slugTaken();
  try {
    const row = await db.transaction(async (tx) => {
      const inserted = await insertCategory(tx, {
        name: input.name,
        slug: input.slug,
        taxRate: input.taxRate ?? null,
        taxSlabs: input.taxSlabs ?? null,
        hsnCode: input.hsnCode ?? null,
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
