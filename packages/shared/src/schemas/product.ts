import { z } from "zod";
import {
  PRICE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  STOCK_MAX,
} from "../constants";
import { validation } from "../messages";
import { CategoryDto } from "./category";
import { boolean, ID_PATTERN, Id, ListQuery, number, oneOf, text } from "./common";
import { MediaDto } from "./media";
import { ReviewDto } from "./review";

/** A price in dollars with at most two decimals. */
const money = () => number({ min: 0, max: PRICE_MAX }).multipleOf(0.01, validation.number);

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
});

/** The smallest sale price: a product on sale is never given away. */
export const SALE_PRICE_MIN = 0.01;

/** On sale, the sale price is required, above 0 and below the price; off sale, it is 0. */
function checkSalePrice(
  product: { onSale: boolean; price: number; salePrice?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (!product.onSale) return;
  if (product.salePrice === undefined) {
    ctx.addIssue({ code: "custom", path: ["salePrice"], message: validation.required });
  } else if (product.salePrice < SALE_PRICE_MIN) {
    ctx.addIssue({ code: "custom", path: ["salePrice"], message: validation.min(SALE_PRICE_MIN) });
  } else if (product.salePrice >= product.price) {
    ctx.addIssue({ code: "custom", path: ["salePrice"], message: validation.salePriceBelowPrice });
  }
}

/** POST /products (the New Product form). */
export const ProductInput = ProductFields.strict().superRefine(checkSalePrice);
export type ProductInput = z.infer<typeof ProductInput>;
export type ProductFormValues = z.input<typeof ProductInput>;

/** PUT /products/{productId}: the same body plus productId. */
export const ProductUpdateInput = ProductFields.extend({ productId: Id.optional() })
  .strict()
  .superRefine(checkSalePrice);
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

/** A product in a list: what a card or a table row shows. */
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
});
export type ProductSummaryDto = z.infer<typeof ProductSummaryDto>;

/** One product with everything its page shows. */
export const ProductDto = ProductSummaryDto.extend({
  description: z.string(),
  gallery: z.array(MediaDto),
  reviews: z.array(ReviewDto),
  updatedAt: z.string(),
});
export type ProductDto = z.infer<typeof ProductDto>;
