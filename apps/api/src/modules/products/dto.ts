import type { ProductDto, ProductSummaryDto, VariantDto } from "@shop/shared/schemas/product";
import { type SizeColumns, toSizeDto } from "#api/db/parcel-size";
import type { Media } from "#api/db/schema/media";
import type { ProductVariant } from "#api/db/schema/products";
import { toMediaDto } from "#api/modules/media/dto";
import type { ProductSummaryRow } from "./repo-reads";

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
    options: row.options,
    variantCount: row.variantCount,
  };
}

export function toVariantDto(variant: ProductVariant): VariantDto {
  return {
    _id: variant.id,
    sku: variant.sku,
    options: variant.options,
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.salePrice,
    stock: variant.stock,
    isActive: variant.isActive,
    ...toSizeDto(variant),
  };
}

/** A product with its description and gallery: the product page without its reviews. */
export type ProductDetailDto = Omit<ProductDto, "reviews">;

export function toProductDetailDto(
  row: ProductSummaryRow & {
    description: string;
    updatedAt: Date;
    taxRate: number | null;
    taxSlabs: { upTo: number | null; rate: number }[] | null;
    hsnCode: string | null;
    uqc: string;
  } & SizeColumns,
  gallery: Media[],
  variants: ProductVariant[],
): ProductDetailDto {
  return {
    ...toProductSummaryDto(row),
    description: row.description,
    taxRate: row.taxRate,
    taxSlabs: row.taxSlabs,
    hsnCode: row.hsnCode,
    uqc: row.uqc,
    ...toSizeDto(row),
    gallery: gallery.map(toMediaDto),
    updatedAt: row.updatedAt.toISOString(),
    variants: variants.map(toVariantDto),
  };
}
