import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { users } from "./users";

export const media = pgTable(
  "media",
  {
    id: primaryId(),
    name: text().notNull(),
    // Where the renditions live in the media storage (folder or object key prefix).
    storageKey: text().notNull(),
    // Public URL of the default rendition.
    url: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    // Widths of the renditions available, for srcset.
    widths: integer().array().notNull().default(sql`'{}'::integer[]`),
    uploadedBy: idRef().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
