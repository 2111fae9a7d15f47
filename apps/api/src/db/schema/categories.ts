import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { primaryId } from "./columns";

export const categories = pgTable("categories", {
  id: primaryId(),
  name: text().notNull(),
  slug: text().notNull().unique("categories_slug_unique"),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
