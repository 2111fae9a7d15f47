/**
 * The columns a product card or table row needs: the product, its category and its thumbnail. Kept
 * beside the schema so that the product lists (modules/products) and the saved products of a
 * wishlist (modules/wishlist) read a card alike, each in one statement of its own.
 */
import { sql } from "drizzle-orm";
import { categories } from "./schema/categories";
import { type Media, media } from "./schema/media";
import { type ProductOption, products, productVariants } from "./schema/products";

/** Select these from `products` joined to `categories` (inner) and `media` on the thumbnail (left). */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  onSale: products.onSale,
  salePrice: products.salePrice,
  stock: products.stock,
  isActive: products.isActive,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
  options: products.options,
  // NOTE: per row of the page only (the lists join after their limit), one probe of the variants' index.
  variantCount:
    sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.removedAt} is null)`.mapWith(
      Number,
    ),
  category: { id: categories.id, name: categories.name, slug: categories.slug },
  thumbnail: media,
};

export interface ProductSummaryRow {
  id: string;
  name: string;
  price: number;
  onSale: boolean;
  salePrice: number;
  stock: number;
  isActive: boolean;
  ratingAverage: number;
  ratingCount: number;
  createdAt: Date;
  options: ProductOption[];
  variantCount: number;
  category: { id: string; name: string; slug: string };
  thumbnail: Media | null;
}
