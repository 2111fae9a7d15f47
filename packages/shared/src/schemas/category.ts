import { z } from "zod";
import { CATEGORY_NAME_MAX } from "../constants";
import { validation } from "../messages";
import { SLUG_PATTERN } from "../slug";
import { text } from "./common";

/** POST /categories: the dialog 'Add Category'. */
export const CategoryInput = z
  .object({
    name: text({ max: CATEGORY_NAME_MAX, message: validation.categoryName }),
    slug: text({ max: CATEGORY_NAME_MAX, message: validation.categorySlug })
      .toLowerCase()
      .regex(SLUG_PATTERN, validation.categorySlug),
  })
  .strict();
export type CategoryInput = z.infer<typeof CategoryInput>;

/** A category with the number of its active products. */
export const CategoryDto = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  count: z.number().int(),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

export const SlugParams = z.object({
  slug: z.string().max(CATEGORY_NAME_MAX).regex(SLUG_PATTERN, validation.categorySlug),
});
export type SlugParams = z.infer<typeof SlugParams>;
