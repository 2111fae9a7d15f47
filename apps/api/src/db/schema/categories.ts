import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { primaryId, taxRate, taxSlabs } from "./columns";

export const categories = pgTable("categories", {
  id: primaryId(),
  name: text().notNull(),
  slug: text().notNull().unique("categories_slug_unique"),
  // The GST rate and HSN code of its products that set none (null: the shop's default).
  taxRate: taxRate(),
  // Rates by the value of a piece, in place of the flat rate (null: the flat rate).
  taxSlabs: taxSlabs(),
  hsnCode: text(),
  // The owner's short description of that HSN code (table 12's, at most 30 characters of the offline
  // tool's alphabet); null: the HSN chapter's name (gst-codes.ts).
  hsnDescription: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
