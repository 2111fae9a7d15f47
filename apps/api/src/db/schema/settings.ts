import { SETTINGS_SECTIONS, type SettingsSection } from "@shop/shared/schemas/settings";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { sqlList } from "./sql-lists";

/**
 * The shop's settings, a row per section (store, currency, taxes, shipping, checkout) holding the
 * section as its schema in packages/shared validates it. A section without a row has its defaults
 * (SPEC's values, and the environment's for the store and the checkout limits).
 */
export const settings = pgTable(
  "settings",
  {
    section: text().$type<SettingsSection>().primaryKey(),
    value: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("settings_section_check", sql`${t.section} in (${sqlList(SETTINGS_SECTIONS)})`)],
);

/**
 * Every change of a section: who made it, when, and the section before and after. Kept
 * append-only by its trigger (migration 0020): rows are never updated or deleted. The actor's
 * name is kept as it was, so a later rename or a closed account does not rewrite the record.
 */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    id: primaryId(),
    section: text().$type<SettingsSection>().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: idRef(),
    actorName: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>().notNull(),
    after: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("settings_changes_at_idx").on(t.at.desc(), t.id.desc())],
);

export type SettingsRow = typeof settings.$inferSelect;
export type SettingsChangeRow = typeof settingsChanges.$inferSelect;
