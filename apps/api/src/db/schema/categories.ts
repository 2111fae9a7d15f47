import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { primaryId, taxRate } from "./columns";

export const categories = pgTable("categories", {
  id: primaryId(),
  name: text().notNull(),
  slug: text().notNull().unique("categories_slug_unique"),
  // The GST rate and HSN code of its products that set none (null: the shop's default).
  taxRate: taxRate(),
  hsnCode: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
