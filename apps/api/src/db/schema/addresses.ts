import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { users } from "./users";

export const addresses = pgTable(
  "addresses",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    countryCode: text().notNull().default("91"),
    phoneNumber: text().notNull(),
    building: text().notNull(),
    street: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    pinCode: text().notNull(),
    country: text().notNull().default("India"),
    // The buyer's GSTIN when they are registered (printed on the invoice; B2B in GSTR-1).
    gstin: text(),
    // The business's legal name, with a GSTIN: a registered buyer's invoice is made out to it.
    legalName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("addresses_user_id_idx").on(t.userId)],
);

export type Address = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;
