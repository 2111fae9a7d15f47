import { hsnChapterName } from "@shop/shared/gst-codes";
import type { CategoryDto } from "@shop/shared/schemas/category";
import type { CategoryWithCount } from "./repo";

/** A category with the number of its active products. */
export function toCategoryDto(row: CategoryWithCount): CategoryDto {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    count: row.count,
    ...(row.taxRate !== null ? { taxRate: row.taxRate } : {}),
    ...(row.taxSlabs ? { taxSlabs: row.taxSlabs } : {}),
    ...(row.hsnCode !== null
      ? { hsnCode: row.hsnCode, hsnDescription: row.hsnDescription ?? hsnChapterName(row.hsnCode) }
      : {}),
  };
}
