/** Categories: the staff create them; everyone lists them with their active product counts. */
import { api } from "@shop/shared/messages";
import type { CategoryDto, CategoryInput } from "@shop/shared/schemas/category";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import type { Database } from "../../db/client";
import { isPgError, UNIQUE_VIOLATION } from "../../db/errors";
import { AppError } from "../../http/errors";
import { type ListOptions, listProducts } from "../products/service";
import {
  type CategoryWithCount,
  findCategory,
  findCategoryWithCount,
  insertCategory,
  listCategoriesWithCounts,
} from "./repo";

export function toCategoryDto(row: CategoryWithCount): CategoryDto {
  return { _id: row.id, name: row.name, slug: row.slug, count: row.count };
}

const slugTaken = () => new AppError("CONFLICT", api.categorySlugTaken, { slug: api.categorySlugTaken });

/** Creates a category; a slug already in use is a 409 on the slug field. */
export async function createCategory(db: Database, input: CategoryInput): Promise<CategoryDto> {
  if (await findCategory(db, { slug: input.slug })) throw slugTaken();
  try {
    const row = await insertCategory(db, input);
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
