/** The settings table, a row per section, and the append-only record of their changes. */
import type { SettingsSection } from "@shop/shared/schemas/settings";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { settings, settingsChanges } from "#api/db/schema/settings";

/** The channel a change of the settings is announced on (NOTIFY), to every instance. */
export const SETTINGS_CHANNEL = "shop_settings";

/** The stored sections (a section never saved has no row). */
export async function readStoredSettings(
  db: Database,
): Promise<Map<SettingsSection, Record<string, unknown>>> {
  const rows = await db.select({ section: settings.section, value: settings.value }).from(settings);
  return new Map(rows.map((row) => [row.section, row.value]));
}

export interface SectionWrite {
  section: SettingsSection;
  /** The section as it applied before: stored, or its defaults when it never was. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  actor: { id: string; name: string };
}

/**
 * Replaces a section and records the change, in one transaction. NOTE: the section's row is
 * created (with what applied before) and then locked first, so that two admins saving the same
 * section at once are recorded one after the other, each with the other's value as its before.
 */
export async function writeSettingsSection(
  db: Database,
  section: SettingsSection,
  beforeIfNew: Record<string, unknown>,
  next: Record<string, unknown>,
  actor: { id: string; name: string },
): Promise<SectionWrite> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ section, value: beforeIfNew }).onConflictDoNothing();
    const [locked] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.section, section))
      .for("update");
    const before = locked?.value ?? beforeIfNew;
    await tx
      .update(settings)
      .set({ value: next, updatedAt: sql`now()` })
      .where(eq(settings.section, section));
    await tx
      .insert(settingsChanges)
      .values({ section, actorId: actor.id, actorName: actor.name, before, after: next });
    // Sent when the transaction commits: every instance listening forgets what it kept.
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${section})`);
    return { section, before, after: next, actor };
  });
}

/** Changes, newest first. */
export async function listSettingsChanges(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(settingsChanges)
      .orderBy(desc(settingsChanges.at), desc(settingsChanges.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(settingsChanges),
  ]);
  return { rows, total: total?.total ?? 0 };
}
