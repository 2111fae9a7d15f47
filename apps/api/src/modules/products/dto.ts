import type { ProductDto, ProductSummaryDto } from "@shop/shared/schemas/product";
import type { Media } from "../../db/schema/media";
import { toMediaDto } from "../media/dto";
import { toReviewDto } from "../reviews/dto";
import type { ReviewRow } from "../reviews/repo";
import type { ProductSummaryRow } from "./repo";

/** A product as a card or a table row shows it. */
export function toProductSummaryDto(row: ProductSummaryRow): ProductSummaryDto {
  return {
    _id: row.id,
    name: row.name,
    price: row.price,
    onSale: row.onSale,
    salePrice: row.salePrice,
    stock: row.stock,
    isActive: row.isActive,
    category: { _id: row.category.id, name: row.category.name, slug: row.category.slug },
    thumbnail: row.thumbnail ? toMediaDto(row.thumbnail) : null,
    rating: { average: row.ratingAverage, count: row.ratingCount },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product with everything its page shows. */
export function toProductDto(
  row: ProductSummaryRow & { description: string; updatedAt: Date },
  gallery: Media[],
  reviews: ReviewRow[],
): ProductDto {
  return {
    ...toProductSummaryDto(row),
    description: row.description,
    gallery: gallery.map(toMediaDto),
    reviews: reviews.map(toReviewDto),
    updatedAt: row.updatedAt.toISOString(),
  };
}
