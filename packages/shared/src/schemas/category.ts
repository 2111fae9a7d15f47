import { z } from "zod";
import { CATEGORY_NAME_MAX } from "../constants";
import { validation } from "../messages";
import { SLUG_PATTERN } from "../slug";
import { text } from "./common";
import { HsnCode, TaxRate } from "./settings";

/** A category's GST rate (percent) and HSN code for its products that set none; null: the shop's default. */
const CategoryTaxFields = {
  taxRate: TaxRate.nullable(),
  hsnCode: HsnCode.nullable(),
};

/** POST /categories: the dialog 'Add Category'. */
export const CategoryInput = z
  .object({
    name: text({ max: CATEGORY_NAME_MAX, message: validation.categoryName }),
    slug: text({ max: CATEGORY_NAME_MAX, message: validation.categorySlug })
      .toLowerCase()
      .regex(SLUG_PATTERN, validation.categorySlug),
    taxRate: CategoryTaxFields.taxRate.optional(),
    hsnCode: CategoryTaxFields.hsnCode.optional(),
  })
  .strict();
export type CategoryInput = z.infer<typeof CategoryInput>;

/** PUT /categories/{id}/tax: the category's rate and HSN code (null: the shop's default). */
export const CategoryTaxInput = z.object(CategoryTaxFields).strict();
export type CategoryTaxInput = z.infer<typeof CategoryTaxInput>;

/** A category with the number of its active products. */
export const CategoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  count: z.number().int(),
  /**
   * The GST rate (percent) and HSN code of its products that set none; absent when the category sets
   * none (its products then take the shop's default), so that SPEC's category stays as SPEC wrote it.
   */
  taxRate: z.number().optional(),
  hsnCode: z.string().optional(),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

export const SlugParams = z.object({
  slug: z.string().max(CATEGORY_NAME_MAX).regex(SLUG_PATTERN, validation.categorySlug),
});
export type SlugParams = z.infer<typeof SlugParams>;
