import { z } from "zod";
import {
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  OPTION_VALUES_MAX,
  PRICE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_VARIANTS_MAX,
  SKU_MAX,
  SKU_PATTERN,
  STOCK_MAX,
} from "../constants";
import { validation } from "../messages";
import { CategoryDto } from "./category";
import { boolean, ID_PATTERN, Id, ListQuery, number, oneOf, text } from "./common";
import { MediaDto } from "./media";
import { ReviewDto } from "./review";

/** A price in dollars with at most two decimals. */
const money = () => number({ min: 0, max: PRICE_MAX }).multipleOf(0.01, validation.number);

/** An option of a product (Size, Colour): its name and its values, in the order the storefront offers them. */
export const ProductOptionInput = z
  .object(
    {
      name: text({ max: OPTION_NAME_MAX }),
      values: z
        .array(text({ max: OPTION_VALUE_MAX }), { error: validation.notAnOption })
        .min(1, validation.required)
        .max(OPTION_VALUES_MAX, validation.max(OPTION_VALUES_MAX)),
    },
    { error: validation.object },
  )
  .strict();
export type ProductOptionInput = z.infer<typeof ProductOptionInput>;

export const Sku = z
  .string({ error: (issue) => (issue.input === undefined ? validation.required : validation.sku) })
  .trim()
  .min(1, validation.required)
  .max(SKU_MAX, validation.sku)
  .regex(SKU_PATTERN, validation.sku);

/** One sellable combination of option values. Without `_id` it is a new variant. */
export const VariantInput = z
  .object(
    {
      _id: Id.optional(),
      sku: Sku,
      /** Option name → one of its values; every option of the product is named. */
      options: z
        .record(z.string(), z.string({ error: validation.notAnOption }), { error: validation.object })
        .default({}),
      price: money(),
      onSale: boolean().default(false),
      salePrice: money().optional(),
      stock: number({ min: 0, max: STOCK_MAX, int: true }),
      isActive: boolean().default(true),
    },
    { error: validation.object },
  )
  .strict();
export type VariantInput = z.infer<typeof VariantInput>;

const ProductFields = z.object({
  name: text({ min: PRODUCT_NAME_MIN, max: PRODUCT_NAME_MAX, message: validation.productName }),
  description: text({
    min: PRODUCT_DESCRIPTION_MIN,
    max: PRODUCT_DESCRIPTION_MAX,
    message: validation.productDescription,
  }),
  price: money(),
  onSale: boolean().default(true),
  salePrice: money().optional(),
  stock: number({ min: 0, max: STOCK_MAX, int: true }),
  isActive: boolean().default(false),
  category: Id,
  thumbnail: Id,
  gallery: z
    .array(z.string({ error: validation.id }).regex(ID_PATTERN, validation.id), {
      error: validation.notAnOption,
    })
    .max(50)
    .default([]),
  /** Without options and variants the product has one default variant made from price, salePrice, onSale and stock. */
  options: z
    .array(ProductOptionInput, { error: validation.notAnOption })
    .max(PRODUCT_OPTIONS_MAX, validation.max(PRODUCT_OPTIONS_MAX))
    .optional(),
  variants: z
    .array(VariantInput, { error: validation.notAnOption })
    .min(1, validation.variantsRequired)
    .max(PRODUCT_VARIANTS_MAX, validation.max(PRODUCT_VARIANTS_MAX))
    .optional(),
});

/** The smallest sale price: a product on sale is never given away. */
export const SALE_PRICE_MIN = 0.01;

/** On sale, the sale price is required, above 0 and below the price; off sale, it is 0. */
function checkSalePrice(
  product: { onSale: boolean; price: number; salePrice?: number | undefined },
  ctx: z.RefinementCtx,
  at: (string | number)[] = [],
) {
  if (!product.onSale) return;
  const path = [...at, "salePrice"];
  if (product.salePrice === undefined) {
    ctx.addIssue({ code: "custom", path, message: validation.required });
  } else if (product.salePrice < SALE_PRICE_MIN) {
    ctx.addIssue({ code: "custom", path, message: validation.min(SALE_PRICE_MIN) });
  } else if (product.salePrice >= product.price) {
    ctx.addIssue({ code: "custom", path, message: validation.salePriceBelowPrice });
  }
}

/** Which values a variant names, as one comparable key (option order, case-insensitive). */
export function combinationKey(options: readonly { name: string }[], values: Record<string, string>): string {
  return JSON.stringify(options.map((option) => (values[option.name] ?? "").toLowerCase()));
}

/**
 * Options: names unique, values unique per option. Variants: exactly one value of every option,
 * no two with the same combination or SKU, each priced by the product's sale price rule.
 */
function checkVariants(
  product: {
    options?: ProductOptionInput[] | undefined;
    variants?: VariantInput[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const options = product.options ?? [];
  const names = new Set<string>();
  options.forEach((option, i) => {
    const name = option.name.toLowerCase();
    if (names.has(name))
      ctx.addIssue({ code: "custom", path: ["options", i, "name"], message: validation.optionNameRepeated });
    names.add(name);
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(value.toLowerCase()))
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "values", j],
          message: validation.optionValueRepeated,
        });
      values.add(value.toLowerCase());
    });
  });
  const { variants } = product;
  if (!variants) {
    if (options.length > 0)
      ctx.addIssue({ code: "custom", path: ["variants"], message: validation.variantsRequired });
    return;
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  const ids = new Set<string>();
  variants.forEach((variant, i) => {
    const keys = Object.keys(variant.options);
    const complete =
      keys.length === options.length &&
      options.every((option) => {
        const value = variant.options[option.name];
        return (
          value !== undefined && Object.hasOwn(variant.options, option.name) && option.values.includes(value)
        );
      });
    if (!complete) {
      ctx.addIssue({ code: "custom", path: ["variants", i, "options"], message: validation.variantOptions });
    } else {
      const key = combinationKey(options, variant.options);
      if (combinations.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "options"],
          message: validation.variantRepeated,
        });
      combinations.add(key);
    }
    if (skus.has(variant.sku))
      ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: validation.skuRepeated });
    skus.add(variant.sku);
    if (variant._id !== undefined) {
      if (ids.has(variant._id))
        ctx.addIssue({ code: "custom", path: ["variants", i, "_id"], message: validation.notAnOption });
      ids.add(variant._id);
    }
    checkSalePrice(variant, ctx, ["variants", i]);
  });
}

function checkProduct(product: z.infer<typeof ProductFields>, ctx: z.RefinementCtx) {
  checkSalePrice(product, ctx);
  checkVariants(product, ctx);
}

/** POST /products (the New Product form). */
export const ProductInput = ProductFields.strict().superRefine(checkProduct);
export type ProductInput = z.infer<typeof ProductInput>;
export type ProductFormValues = z.input<typeof ProductInput>;

/** PUT /products/{productId}: the same body plus productId. */
export const ProductUpdateInput = ProductFields.extend({ productId: Id.optional() })
  .strict()
  .superRefine(checkProduct);
export type ProductUpdateInput = z.infer<typeof ProductUpdateInput>;

/** PATCH /products/{productId}: flips one flag. Turning onSale off resets salePrice to 0. */
export const ProductPatchInput = z
  .object({
    key: oneOf(["isActive", "onSale"]),
    value: boolean(),
    productId: Id.optional(),
  })
  .strict();
export type ProductPatchInput = z.infer<typeof ProductPatchInput>;

export const ProductIdParams = z.object({ productId: Id });
export type ProductIdParams = z.infer<typeof ProductIdParams>;

export const PRODUCT_SORTS = ["relevance", "newest", "best-selling", "price-asc", "price-desc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** GET /products and friends: paging, keyword and an optional order. */
export const ProductListQuery = ListQuery.extend({
  sort: oneOf(PRODUCT_SORTS).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductCategoryRef = CategoryDto.pick({ _id: true, name: true, slug: true });

export const ProductOptionDto = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOptionDto = z.infer<typeof ProductOptionDto>;

/** A variant as the product page reads it. */
export const VariantDto = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  onSale: z.boolean(),
  salePrice: z.number(),
  stock: z.number().int(),
  isActive: z.boolean(),
});
export type VariantDto = z.infer<typeof VariantDto>;

/**
 * A product's name with its variant's values, as messages and order lines name it:
 * "Trail Running Shoes (Size: 9)"; the bare name for a variant without options.
 */
export function variantLabel(
  name: string,
  options: readonly { name: string }[],
  values: Readonly<Record<string, string>>,
): string {
  const parts = options
    .filter((option) => values[option.name] !== undefined)
    .map((option) => `${option.name}: ${values[option.name]}`);
  return parts.length > 0 ? `${name} (${parts.join(", ")})` : name;
}

/**
 * A product in a list: what a card or a table row shows. Price, sale price and on-sale are the
 * cheapest active variant's; stock is summed over the active variants.
 */
export const ProductSummaryDto = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  onSale: z.boolean(),
  salePrice: z.number(),
  stock: z.number().int(),
  isActive: z.boolean(),
  category: ProductCategoryRef,
  thumbnail: MediaDto.nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  createdAt: z.string(),
  options: z.array(ProductOptionDto),
  /** How many variants the product has, active or not (1 for a product without options). */
  variantCount: z.number().int(),
});
export type ProductSummaryDto = z.infer<typeof ProductSummaryDto>;

/** One product with everything its page shows. */
export const ProductDto = ProductSummaryDto.extend({
  description: z.string(),
  gallery: z.array(MediaDto),
  reviews: z.array(ReviewDto),
  updatedAt: z.string(),
  variants: z.array(VariantDto),
});
export type ProductDto = z.infer<typeof ProductDto>;
