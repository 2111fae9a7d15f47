import { z } from "zod";
import { ListMeta } from "../api";
import {
  KEYWORD_MAX,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  OPTION_VALUES_MAX,
  PRICE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_OPTIONS_MAX,
  PRODUCT_SORTS,
  PRODUCT_VARIANTS_MAX,
  SKU_MAX,
  SKU_PATTERN,
  STOCK_MAX,
} from "../constants";
import { UQCS } from "../gst-codes";
import { validation } from "../messages";
import { CategoryDto, TaxSlabs } from "./category";
import { boolean, ID_PATTERN, Id, ListQuery, number, oneOf, text } from "./common";
import { CursorId, CursorTime, cursorOf } from "./cursor";
import { MediaDto } from "./media";
import { DimensionsCm, SizeDto, WeightKg } from "./parcel";
import { ReviewDto } from "./review";
import { HsnCode, TaxRate } from "./settings";

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
      /** Its weight (kg) and box (cm); null: the product's. Absent on an update: kept. */
      weightKg: WeightKg.nullable().optional(),
      dimensionsCm: DimensionsCm.nullable().optional(),
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
  /** The product's GST rate in percent and HSN code; null: its category's, else the shop's. Absent on an update: kept. */
  taxRate: TaxRate.nullable().optional(),
  /** Its rate by the value of a piece, winning over `taxRate`; null: none. Absent on an update: kept. */
  taxSlabs: TaxSlabs.nullable().optional(),
  hsnCode: HsnCode.nullable().optional(),
  /** The unit its quantities are counted in (UQC); absent: NOS for a new product, kept on an update. */
  uqc: z.enum(UQCS, { error: validation.uqc }).optional(),
  /** Its weight (kg) and box (cm) for a parcel; null: the shop's default. Absent on an update: kept. */
  weightKg: WeightKg.nullable().optional(),
  dimensionsCm: DimensionsCm.nullable().optional(),
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

/** At most this many category slugs, and option values, in one filter. */
export const FILTER_VALUES_MAX = 20;

const isBlank = (value: unknown) => value === undefined || value === "";

/** `true` or `false` in a query string; absent or empty means no filter. */
function queryFlag() {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    oneOf(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  );
}

/** A price in a query string; absent or empty means no bound. */
function queryPrice() {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : Number(value)),
    number({ min: 0, max: PRICE_MAX }).optional(),
  );
}

/** `option=Size:M&option=Colour:Blue`: one name and value per parameter, repeated for more. */
const OptionFilter = z
  .string({ error: validation.optionFilter })
  .max(OPTION_NAME_MAX + OPTION_VALUE_MAX + 1, validation.optionFilter)
  .regex(/^[^:]+:.+$/, validation.optionFilter);

/**
 * GET /products and friends: paging, keyword, an order and the filters of the storefront's
 * filter panel. `category` is a comma-separated list of slugs; `option` is repeated, one
 * `Name:Value` each (values of one option are alternatives, options are all required, and one
 * active variant must have them all); prices are the price a shopper pays (the sale price while on sale).
 */
export const ProductListQuery = ListQuery.extend({
  sort: oneOf(PRODUCT_SORTS).optional(),
  /**
   * The `meta.next` of the page before, on a list newest first without keyword nor filter: the page
   * starts after that product (its creation time and id).
   */
  after: cursorOf([CursorTime, CursorId]),
  category: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: validation.notAnOption })
      .max(FILTER_VALUES_MAX * 101, validation.notAnOption)
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((slug) => slug.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((slugs) => slugs.length <= FILTER_VALUES_MAX, validation.max(FILTER_VALUES_MAX))
      .optional(),
  ),
  minPrice: queryPrice(),
  maxPrice: queryPrice(),
  inStock: queryFlag(),
  onSale: queryFlag(),
  rating: z.preprocess(
    (value) => (isBlank(value) ? undefined : Number(value)),
    number({ min: 1, max: 4, int: true }).optional(),
  ),
  option: z.preprocess(
    (value) => (isBlank(value) ? undefined : Array.isArray(value) ? value : [value]),
    z
      .array(OptionFilter, { error: validation.optionFilter })
      .max(FILTER_VALUES_MAX, validation.max(FILTER_VALUES_MAX))
      .optional(),
  ),
}).superRefine((query, ctx) => {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: "custom", path: ["minPrice"], message: validation.priceRange });
  }
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** The filters of a product list, as the service takes them (options grouped by name). */
export interface ProductListFilters {
  categories?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  onSale?: boolean | undefined;
  rating?: number | undefined;
  options?: Record<string, string[]> | undefined;
}

/** The filters of a parsed list query; options named more than once are alternatives. */
export function listFiltersOf(query: ProductListQuery): ProductListFilters {
  let options: Record<string, string[]> | undefined;
  for (const pair of query.option ?? []) {
    const at = pair.indexOf(":");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    options ??= {};
    options[name] = [...new Set([...(options[name] ?? []), value])];
  }
  return {
    categories: query.category,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    onSale: query.onSale,
    rating: query.rating,
    options,
  };
}

const FacetCount = z.object({ count: z.number().int() });

/**
 * `meta.facets` of a storefront list: for each filter, what its values would count with every
 * other filter applied (the filter's own choice left out), over the same products the list looks at.
 */
export const ProductFacets = z.object({
  categories: z.array(FacetCount.extend({ slug: z.string(), name: z.string() })),
  /** The lowest and highest price paid; null when no product is left. */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  /** Products rated at least 4, and at least 3 (RATING_STEPS). */
  rating: z.array(FacetCount.extend({ atLeast: z.number().int() })),
  /** Option name to its values, most products first. */
  options: z.record(z.string(), z.array(FacetCount.extend({ value: z.string() }))),
  inStock: z.number().int(),
  onSale: z.number().int(),
});
export type ProductFacets = z.infer<typeof ProductFacets>;

/** When no product matched every word: the query as typed, and the one whose results are shown. */
export const SearchFallback = z.object({ from: z.string(), to: z.string() });
export type SearchFallback = z.infer<typeof SearchFallback>;

/** The paging meta of a product list, with its facets and the keyword fallback when there was one. */
export const ProductListMeta = ListMeta.extend({
  facets: ProductFacets.optional(),
  fallback: SearchFallback.optional(),
});
export type ProductListMeta = z.infer<typeof ProductListMeta>;

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
  /** Its own weight (kg) and box (cm); null: the product's. */
  ...SizeDto,
});
export type VariantDto = z.infer<typeof VariantDto>;

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
  /** The product's own GST rate (percent) and HSN code; null: its category's, else the shop's default. */
  taxRate: z.number().nullable(),
  /** Its own rate by the value of a piece, winning over `taxRate`; null: none. */
  taxSlabs: z.array(z.object({ upTo: z.number().nullable(), rate: z.number() })).nullable(),
  hsnCode: z.string().nullable(),
  /** The unit its quantities are counted in (a UQC: gst-codes.ts), "NOS" for pieces. */
  uqc: z.string(),
  /** Its weight (kg) and box (cm) for a parcel; null: the shop's default. */
  ...SizeDto,
  gallery: z.array(MediaDto),
  reviews: z.array(ReviewDto),
  updatedAt: z.string(),
  variants: z.array(VariantDto),
});
export type ProductDto = z.infer<typeof ProductDto>;

/** A product/list envelope: the items and the product list's meta. */
export function productListEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: ProductListMeta,
  });
}

/** GET /search/suggest?q=: what the shopper has typed so far. */
export const SuggestQuery = z.object({
  q: z
    .string({ error: validation.notAnOption })
    .trim()
    .max(KEYWORD_MAX, validation.maxLength(KEYWORD_MAX))
    .default(""),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

/** Suggestions as the shopper types: a few products and categories, and the query with its typos corrected. */
export const SearchSuggestionsDto = z.object({
  /** Up to 5 products, best match first. */
  products: ProductSummaryDto.pick({
    _id: true,
    name: true,
    thumbnail: true,
    price: true,
    onSale: true,
    salePrice: true,
  }).array(),
  /** Up to 3 categories, the one with most matching products first. */
  categories: ProductCategoryRef.array(),
  /** The query with each mistyped word replaced by the word it was read as; null when nothing was corrected. */
  correction: z.string().nullable(),
});
export type SearchSuggestionsDto = z.infer<typeof SearchSuggestionsDto>;
