/** SQL of the server's checks of its own database at start. */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";

/** The two settings without which PostgreSQL never vacuums a table by itself. */
export interface VacuumSettings {
  /** `autovacuum`: whether vacuum workers are started at all. */
  autovacuum: boolean;
  /** `track_counts`: the dead and changed rows of each table, by which autovacuum picks what to vacuum. */
  trackCounts: boolean;
}

/** The two settings as the shop's connections read them (track_counts may be set for a database or a role). */
export async function readVacuumSettings(db: Database): Promise<VacuumSettings> {
  const { rows } = await db.execute<{ autovacuum: boolean; trackCounts: boolean }>(sql`
    select current_setting('autovacuum')::boolean as autovacuum,
      current_setting('track_counts')::boolean as "trackCounts"`);
  const [row] = rows;
  if (!row) throw new Error("reading the vacuum settings returned no row");
  return { autovacuum: row.autovacuum, trackCounts: row.trackCounts };
}
