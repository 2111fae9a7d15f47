import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { products } from "./products";
import { users } from "./users";

export const reviews = pgTable(
  "reviews",
  {
    id: primaryId(),
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    rating: smallint().notNull(),
    comment: text().notNull(),
    // Hidden by staff: kept, but left out of the shop's reads and of the product's rating and count.
    hidden: boolean().notNull().default(false),
    // The shop's answer, shown under the review on the product page.
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    // One review per shopper and product.
    unique("reviews_user_product_unique").on(t.userId, t.productId),
    index("reviews_product_created_at_idx").on(
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The staff's list of every review, newest first.
    index("reviews_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
