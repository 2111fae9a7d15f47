import {
  DISCOUNT_SCOPES,
  DISCOUNT_TYPES,
  type DiscountScope,
  type DiscountType,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { idRef, money, primaryId } from "./columns";
import { products } from "./products";
import { sqlList } from "./sql-lists";

/**
 * Discount codes. `code` is kept upper-cased, so that it is unique and found whatever
 * case a shopper types. `usedCount` counts the orders holding a use (placed and not cancelled):
 * a placement takes a use under the row's lock, a cancellation or the hold expiry gives it back.
 */
export const discounts = pgTable(
  "discounts",
  {
    id: primaryId(),
    code: text().notNull().unique("discounts_code_unique"),
    type: text().$type<DiscountType>().notNull(),
    value: money().notNull().default(0),
    minSubtotal: money(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    perCustomerLimit: integer(),
    appliesTo: text().$type<DiscountScope>().notNull().default("all"),
    combinesWithSale: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    usedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("discounts_type_check", sql`${t.type} in (${sqlList(DISCOUNT_TYPES)})`),
    check("discounts_applies_to_check", sql`${t.appliesTo} in (${sqlList(DISCOUNT_SCOPES)})`),
    check("discounts_used_count_check", sql`${t.usedCount} >= 0`),
    index("discounts_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The categories a code applies to, when `appliesTo` is 'categories'. */
export const discountCategories = pgTable(
  "discount_categories",
  {
    discountId: idRef()
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    categoryId: idRef()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.categoryId] })],
);

/** The products a code applies to, when `appliesTo` is 'products'. */
export const discountProducts = pgTable(
  "discount_products",
  {
    discountId: idRef()
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.productId] })],
);

export type Discount = typeof discounts.$inferSelect;
export type NewDiscount = typeof discounts.$inferInsert;
