import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { products, productVariants } from "./products";
import { users } from "./users";

/** A signed-in shopper's saved products (the heart on product cards and pages), newest first on /account/wishlist. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("wishlist_items_user_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * "Email me when it's back": a request for one email when a sold-out variant is in stock again. Open
 * while `notified_at` is null; the same address asking twice for the same variant is one open request.
 * The address is stored lower-case; a signed-in shopper's request names them too.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: primaryId(),
    variantId: idRef()
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text().notNull(),
    userId: idRef().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("stock_alerts_email_lower_case_check", sql`${t.email} = lower(${t.email})`),
    // One open request per variant and address; also the open requests of a variant, for the
    // inventory page's counts and the sender.
    uniqueIndex("stock_alerts_open_unique").on(t.variantId, t.email).where(sql`${t.notifiedAt} is null`),
  ],
);
