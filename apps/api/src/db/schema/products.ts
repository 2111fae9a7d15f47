import { relations, sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { newId } from "../ids";
import { categories } from "./categories";
import { media } from "./media";
import { orderItems } from "./orders";
import { reviews } from "./reviews";

export const products = pgTable(
  "products",
  {
    id: char({ length: 24 }).primaryKey().$defaultFn(newId),
    name: text().notNull(),
    description: text().notNull().default(""),
    price: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    onSale: boolean().notNull().default(false),
    salePrice: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    stock: integer().notNull().default(0),
    isActive: boolean().notNull().default(false),
    categoryId: char({ length: 24 })
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    thumbnailId: char({ length: 24 }).references(() => media.id, { onDelete: "set null" }),
    // Kept up to date by the review service in the review's transaction.
    ratingAverage: numeric({ precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    ratingCount: integer().notNull().default(0),
    // Units sold, for the best sellers list; raised when an order is paid.
    soldCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // NOTE: the last line of defence against overselling; the order service also takes stock
    // with `stock = stock - q WHERE stock >= q`.
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_sale_price_check", sql`${t.salePrice} >= 0`),
    index("products_active_created_at_idx").on(t.isActive, t.createdAt.desc()),
    index("products_category_active_idx").on(t.categoryId, t.isActive),
    index("products_active_on_sale_idx").on(t.isActive, t.onSale),
    index("products_active_sold_count_idx").on(t.isActive, t.soldCount.desc()),
    // Keyword search (ILIKE '%word%' and similarity) over names needs a trigram index.
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const productGallery = pgTable(
  "product_gallery",
  {
    productId: char({ length: 24 })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaId: char({ length: 24 })
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index("product_gallery_media_id_idx").on(t.mediaId),
  ],
);

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  thumbnail: one(media, { fields: [products.thumbnailId], references: [media.id] }),
  gallery: many(productGallery),
  reviews: many(reviews),
  orderItems: many(orderItems),
}));

export const productGalleryRelations = relations(productGallery, ({ one }) => ({
  product: one(products, { fields: [productGallery.productId], references: [products.id] }),
  media: one(media, { fields: [productGallery.mediaId], references: [media.id] }),
}));

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductGalleryItem = typeof productGallery.$inferSelect;
export type NewProductGalleryItem = typeof productGallery.$inferInsert;
