import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { orders } from "./orders";
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

/**
 * A signed-in shopper's cart as the server keeps it, so that it follows them to every device: lines by
 * variant and quantity (never prices: those are read at every look) and the code tried. `checkoutAt`
 * is when it last reached checkout (the abandoned-checkout reminders' clock, cleared by an order), and
 * `nextReminderAt` when the next reminder is due (null: none).
 */
export const carts = pgTable(
  "carts",
  {
    userId: idRef()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lines: jsonb().$type<{ product: string; variant: string; quantity: number }[]>().notNull().default([]),
    discountCode: text(),
    // The key of the last merge of a device's cart into this one (POST /cart/merge): the same copy
    // sent again under it is not added twice.
    mergeKey: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    checkoutAt: timestamp({ withTimezone: true }),
    remindersSent: smallint().notNull().default(0),
    nextReminderAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The reminder sender's due carts, soonest first.
    index("carts_next_reminder_idx").on(t.nextReminderAt).where(sql`${t.nextReminderAt} is not null`),
  ],
);

/**
 * An abandoned-checkout reminder sent (the first or the second), with the sha-256 of its link's token
 * (unsubscribing), the discount code it offered, and the order that recovered the cart within 7 days.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: smallint().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tokenHash: text().notNull(),
    discountCode: text(),
    recoveredOrderId: idRef().references(() => orders.id, { onDelete: "set null" }),
    recoveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("cart_reminders_number_check", sql`${t.number} in (1, 2)`),
    index("cart_reminders_user_sent_at_idx").on(t.userId, t.sentAt.desc()),
    // The report's reminders of a period.
    index("cart_reminders_sent_at_idx").on(t.sentAt),
  ],
);
