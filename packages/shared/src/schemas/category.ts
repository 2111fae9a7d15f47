import { z } from "zod";
import { CATEGORY_NAME_MAX, PRICE_MAX } from "../constants";
import { HSN_DESCRIPTION_MAX, HSN_DESCRIPTION_PATTERN } from "../gst-codes";
import { validation } from "../messages";
import { SLUG_PATTERN } from "../slug";
import { Id, number, text } from "./common";
import { HsnCode, TaxRate } from "./settings";

/** The most slabs a rate by price has. */
export const TAX_SLABS_MAX = 5;

/** One slab of a rate by price: `rate` on a piece whose value is at most `upTo` (null: above the last limit). */
export const TaxSlab = z
  .object({
    upTo: number({ min: 0.01, max: PRICE_MAX }).multipleOf(0.01, validation.cents).nullable(),
    rate: TaxRate,
  })
  .strict();
export type TaxSlab = z.infer<typeof TaxSlab>;

/**
 * A rate by the value of a piece (GST 2.0's apparel and footwear: 5% up to 2,500, 18% above): 2 to
 * TAX_SLABS_MAX slabs, their limits rising, the last one without a limit; refused at the field.
 */
export const TaxSlabs = z
  .array(TaxSlab, { error: validation.notAnOption })
  .min(2, validation.taxSlabsCount(TAX_SLABS_MAX))
  .max(TAX_SLABS_MAX, validation.taxSlabsCount(TAX_SLABS_MAX))
  .superRefine((slabs, context) => {
    const ordered = slabs.every((slab, i) => {
      const last = i === slabs.length - 1;
      if (last || slab.upTo === null) return last && slab.upTo === null;
      const before = i > 0 ? slabs[i - 1]?.upTo : null;
      return before === null || before === undefined || slab.upTo > before;
    });
    if (!ordered) context.addIssue({ code: "custom", message: validation.taxSlabsOrder });
  });

/**
 * The owner's short description of an HSN code, as invoices and GSTR-1's table 12 print it: at most
 * 30 characters of letters, digits, spaces and `_@./&-` (the offline tool's check, GST.md).
 */
export const HsnDescription = z
  .string({ error: validation.hsnDescription })
  .trim()
  .max(HSN_DESCRIPTION_MAX, validation.hsnDescription)
  .regex(HSN_DESCRIPTION_PATTERN, validation.hsnDescription)
  .transform((text) => (text === "" ? null : text));

/** A category's GST rate (percent), or its rate by price, and HSN code for its products that set none; null: the shop's default. */
const CategoryTaxFields = {
  taxRate: TaxRate.nullable(),
  /** Slabs in place of the flat rate; null: the flat rate. */
  taxSlabs: TaxSlabs.nullable(),
  hsnCode: HsnCode.nullable(),
  /** The HSN code's description; null: its chapter's name (gst-codes.ts). Only with a code. */
  hsnDescription: HsnDescription.nullable(),
};

/** POST /categories: the dialog 'Add Category'. */
export const CategoryInput = z
  .object({
    name: text({ max: CATEGORY_NAME_MAX, message: validation.categoryName }),
    slug: text({ max: CATEGORY_NAME_MAX, message: validation.categorySlug })
      .toLowerCase()
      .regex(SLUG_PATTERN, validation.categorySlug),
    taxRate: CategoryTaxFields.taxRate.optional(),
    taxSlabs: CategoryTaxFields.taxSlabs.optional(),
    hsnCode: CategoryTaxFields.hsnCode.optional(),
    hsnDescription: CategoryTaxFields.hsnDescription.optional(),
  })
  .strict();
export type CategoryInput = z.infer<typeof CategoryInput>;

/**
 * PATCH /categories/{id}: a new name, checked as Add Category checks it. The slug stays: the
 * storefront's address of the category (/product-category/{slug}) and every link to it keep working.
 */
export const CategoryRenameInput = z.object({ name: CategoryInput.shape.name }).strict();
export type CategoryRenameInput = z.infer<typeof CategoryRenameInput>;

/**
 * DELETE /categories/{id}: `moveTo`, the category its products move to (required while it has any,
 * inactive ones included); they then take that category's GST rate and HSN code unless they set
 * their own, as the deleted category's own settings go with it.
 */
export const CategoryDeleteQuery = z.object({ moveTo: Id.optional() });
export type CategoryDeleteQuery = z.infer<typeof CategoryDeleteQuery>;

/**
 * PUT /categories/{id}/tax: the category's rate, or its rate by price (slabs, which win over the flat
 * rate; left out: none), and HSN code (null: the shop's default) with its description (left out: the
 * chapter's name).
 */
export const CategoryTaxInput = z
  .object({
    ...CategoryTaxFields,
    taxSlabs: CategoryTaxFields.taxSlabs.default(null),
    hsnDescription: CategoryTaxFields.hsnDescription.default(null),
  })
  .strict();
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
  /** Its rate by the value of a piece, in place of `taxRate`; absent when it has none. */
  taxSlabs: z.array(z.object({ upTo: z.number().nullable(), rate: z.number() })).optional(),
  hsnCode: z.string().optional(),
  /** The description of `hsnCode` invoices and table 12 print (the owner's, else its chapter's name); absent with it. */
  hsnDescription: z.string().optional(),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

export const SlugParams = z.object({
  slug: z.string().max(CATEGORY_NAME_MAX).regex(SLUG_PATTERN, validation.categorySlug),
});
export type SlugParams = z.infer<typeof SlugParams>;
