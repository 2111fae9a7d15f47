import { DEFAULT_UQC, UQCS, type Uqc } from "@shop/shared/gst-codes";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { idRef, money, primaryId, taxRate, taxSlabs } from "./columns";
import { media } from "./media";
import { sqlList } from "./sql-lists";

/** An option of a product (Size, Colour) and its values, in the order the storefront offers them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** PostgreSQL's full-text document type; the product repo writes it, only SQL reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    id: primaryId(),
    name: text().notNull(),
    description: text().notNull().default(""),
    // 0 to 3 options; a product without options has one default variant.
    options: jsonb().$type<ProductOption[]>().notNull().default([]),
    // NOTE: price, on_sale, sale_price and stock are derived from the variants (the cheapest active
    // variant's price, the active variants' summed stock) and kept by the triggers of migration 0006
    // in the transaction of every variant write (docs/decisions/015-variants.md). Never write them
    // except through product_variants.
    price: money().notNull(),
    onSale: boolean().notNull().default(false),
    salePrice: money().notNull().default(0),
    stock: integer().notNull().default(0),
    // The option values of each active variant (`[{ "Size": "M", "Colour": "Blue" }, ...]`), and the
    // distinct option-value pairs among them (`['["Colour", "Blue"]', ...]`, each a JSON array as
    // text), kept by the same triggers (migration 0014): option filters and facets read one row per
    // product, not its variants.
    variantOptions: jsonb().$type<Record<string, string>[]>().notNull().default([]),
    optionPairs: text().array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(false),
    categoryId: idRef()
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    thumbnailId: idRef().references(() => media.id, { onDelete: "set null" }),
    // The GST rate and HSN code of the product (null: its category's, else the shop's default).
    taxRate: taxRate(),
    // Rates by the value of a piece, in place of the flat rate (null: the flat rate, else the category's).
    taxSlabs: taxSlabs(),
    hsnCode: text(),
    // The unit its quantities are counted in (a UQC of the GST templates: gst-codes.ts), NOS for pieces.
    uqc: text().$type<Uqc>().notNull().default(DEFAULT_UQC),
    // Its weight (kg) and box (cm) for a parcel; null: the product's (a variant's), then the shop's default.
    weightKg: numeric({ precision: 7, scale: 3, mode: "number" }),
    lengthCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    breadthCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    heightCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    // Kept up to date by the review service in the review's transaction.
    ratingAverage: numeric({ precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    ratingCount: integer().notNull().default(0),
    // Units sold, for the best sellers list; raised when an order is paid.
    soldCount: integer().notNull().default(0),
    // Keyword search document: name (weight A), category name (B), description (C). Written by the
    // product repo on every insert and update (it needs the category's name, so no generated column).
    searchVector: tsvector().notNull().default(sql`''::tsvector`),
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
    check("products_uqc_check", sql`${t.uqc} in (${sqlList(UQCS)})`),
    check("products_weight_kg_check", sql`${t.weightKg} > 0`),
    // A box has its three sides or none, each above Shiprocket's 0.5 cm.
    check(
      "products_dimensions_check",
      sql`(${t.lengthCm} is null and ${t.breadthCm} is null and ${t.heightCm} is null) or (${t.lengthCm} > 0.5 and ${t.breadthCm} > 0.5 and ${t.heightCm} > 0.5)`,
    ),
    // Each list order ends in (created_at desc, id desc) so that pages never overlap; the indexes
    // carry the whole order, or PostgreSQL sorts every matching row to find one page.
    // NOTE: NULLS FIRST is what `order by x desc` means; an index "desc nulls last" cannot serve it.
    // The whole list's and the sale's also carry the price paid and the rating after their order: a
    // keyword's results under a price or rating filter walk them newest first and test those in the
    // index, reading only the rows that pass (modules/products/repo-window.ts). At a million products
    // "silk, 4 stars and up, under 200" read 99,000 rows to keep 500, now 16,000. Neither column
    // changes with stock or sales, whose updates stay HOT. The columns under the price paid come
    // last (keys, as drizzle has no INCLUDE): with them a keyword's matches are merged with either
    // list under those filters from the indexes alone (repo-window.ts).
    index("products_active_created_at_idx").on(
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      sql`(case when ${t.onSale} then ${t.salePrice} else ${t.price} end)`,
      t.ratingAverage,
      t.onSale,
      t.price,
      t.salePrice,
    ),
    index("products_category_active_idx").on(
      t.categoryId,
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("products_active_on_sale_idx").on(
      t.isActive,
      t.onSale,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      sql`(case when ${t.onSale} then ${t.salePrice} else ${t.price} end)`,
      t.ratingAverage,
      t.price,
      t.salePrice,
    ),
    index("products_active_sold_count_idx").on(
      t.isActive,
      t.soldCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Sorting a category or the whole list by the price paid (the sale price while on sale).
    index("products_category_active_price_idx").on(
      t.categoryId,
      t.isActive,
      sql`(case when ${t.onSale} then ${t.salePrice} else ${t.price} end)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Option filters: a product with a chosen option value, found without reading every product.
    // The inventory list by product name (modules/inventory/repo.ts): read by (name, id) ranges,
    // each product's variants then by their product's index, instead of sorting every product.
    index("products_name_id_idx").on(t.name, t.id),
    index("products_option_pairs_idx").using("gin", t.optionPairs),
    // The sitemap (modules/pages/repo.ts): its files' boundaries are a walk of the active ids read
    // from this index alone, and whether they still hold is the newest change among the active
    // products, the last entry of the second. NOTE: neither column changes with stock or sales,
    // whose updates stay HOT.
    index("products_active_id_updated_at_idx").on(t.id, t.updatedAt).where(sql`${t.isActive}`),
    index("products_active_updated_at_idx").on(t.updatedAt).where(sql`${t.isActive}`),
    // Keyword search (ILIKE '%word%' and similarity) over names needs a trigram index.
    index("products_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("products_search_vector_idx").using("gin", t.searchVector),
  ],
);

/** Text compared byte by byte, whatever the database's collation: the words sharing a prefix are one range. */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The words of every product's search document, each with the product's `created_at`: under their key
 * a word's products come newest first, so the newest 500 matches of a word are read as 500 entries
 * of this index instead of a walk down the list testing each product (a word in 4% of a 100k
 * catalogue: 13 000 products tested). Kept by triggers on `products` (migration 0015) in the
 * writing transaction, for every product, active or not; no foreign key, the delete trigger removes
 * a deleted product's words by their key. Read by products/repo-window.ts (`newestOfWords`).
 */
export const productWords = pgTable(
  "product_words",
  {
    word: byteText().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    productId: idRef().notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.createdAt, t.productId] })],
);

/**
 * Every word that appears in a product's name, category or description (and each hyphenated
 * compound joined, "tshirt"): the vocabulary that keyword search reads typos against ("snekers" →
 * "sneakers"): the strings one typo away looked up by its key, two typos by trigrams.
 * Only ever added to; a word whose products are gone merely finds nothing.
 */
export const searchWords = pgTable("search_words", { word: text().primaryKey() }, (t) => [
  // The known words two typos from a long query word (`word % term`, search.ts).
  index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
  // Byte-wise order whatever the database collation: "is this the start of a known word?" is a range scan.
  index("search_words_word_pattern_idx").on(t.word.op("text_pattern_ops")),
]);

/**
 * How many products each category holds: active, active and on sale, inactive. Kept by triggers on
 * `products` (migration 0004) in the transaction of every write, whoever writes (the services, the
 * bench seed, an import), so list totals and the categories' counts are a read of at most one row
 * per category, however large the catalogue. A category without products may have no row.
 * NOTE: TRUNCATE fires no row counts; after one, rebuild the rows as migration 0004 does.
 */
export const productCounts = pgTable("product_counts", {
  categoryId: idRef()
    .primaryKey()
    .references(() => categories.id, { onDelete: "cascade" }),
  active: integer().notNull().default(0),
  activeOnSale: integer().notNull().default(0),
  inactive: integer().notNull().default(0),
});

/**
 * Units sold (or, negative, given back) since the best-seller counts were last brought up to date:
 * a payment, a paid order's cancellation or a refund's restock adds a row here instead of rewriting
 * its products' wide, many-indexed rows, and foldSoldCounts (modules/products/sold-counts.ts) adds
 * the rows into `products.sold_count` a few seconds later and deletes them. NOTE: no key and no
 * foreign key: the rows are only ever read all together and deleted, and a product's deletion
 * leaves its rows to be dropped at the next fold.
 */
export const productSales = pgTable("product_sales", {
  productId: idRef().notNull(),
  quantity: integer().notNull(),
});

/**
 * What is sold, stocked and priced: one combination of a product's option values (`options`, a map
 * from option name to value; empty for the default variant of a product without options).
 * A variant left out of a product update is deleted, or, once ordered, kept for its order lines with
 * `removed_at` set (and inactive): such a variant is never read as part of the product again.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: primaryId(),
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text().notNull(),
    options: jsonb().$type<Record<string, string>>().notNull().default({}),
    price: money().notNull(),
    onSale: boolean().notNull().default(false),
    salePrice: money().notNull().default(0),
    stock: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    // Its weight (kg) and box (cm) for a parcel; null: the product's (a variant's), then the shop's default.
    weightKg: numeric({ precision: 7, scale: 3, mode: "number" }),
    lengthCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    breadthCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    heightCm: numeric({ precision: 4, scale: 1, mode: "number" }),
    // The variant's place in the product's list (the order the staff gave).
    position: integer().notNull().default(0),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NOTE: the last line of defence against overselling; the order service locks the variant rows
    // and takes stock with `stock = stock - q`.
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
    check("product_variants_price_check", sql`${t.price} >= 0`),
    check("product_variants_sale_price_check", sql`${t.salePrice} >= 0`),
    check("product_variants_weight_kg_check", sql`${t.weightKg} > 0`),
    // A box has its three sides or none, each above Shiprocket's 0.5 cm.
    check(
      "product_variants_dimensions_check",
      sql`(${t.lengthCm} is null and ${t.breadthCm} is null and ${t.heightCm} is null) or (${t.lengthCm} > 0.5 and ${t.breadthCm} > 0.5 and ${t.heightCm} > 0.5)`,
    ),
    // A SKU names one variant for ever, removed ones included: order lines keep it.
    uniqueIndex("product_variants_sku_unique").on(t.sku),
    // One variant per combination among the product's current variants.
    uniqueIndex("product_variants_product_options_unique")
      .on(t.productId, t.options)
      .where(sql`${t.removedAt} is null`),
    index("product_variants_product_id_idx").on(t.productId, t.position, t.id),
  ],
);

export const productGallery = pgTable(
  "product_gallery",
  {
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaId: idRef()
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index("product_gallery_media_id_idx").on(t.mediaId),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductVariant = typeof productVariants.$inferSelect;
export type NewProductVariant = typeof productVariants.$inferInsert;
export type ProductCounts = typeof productCounts.$inferSelect;
export type ProductGalleryItem = typeof productGallery.$inferSelect;
export type NewProductGalleryItem = typeof productGallery.$inferInsert;
