/** The server's warning, at start, that the database will not vacuum what the checkout leaves behind. */
import type { FastifyBaseLogger } from "fastify";
import type { Database, DatabaseHandle } from "#api/db/client";
import { readVacuumSettings, type VacuumSettings } from "./repo";

/** Where an operator reads which settings a shop's PostgreSQL needs and why. */
const SECTION = "docs/operations.md#postgresql";

const WARNINGS: Record<keyof VacuumSettings, { setting: string; message: string }> = {
  autovacuum: {
    setting: "autovacuum",
    message: `PostgreSQL's autovacuum is off: the row versions every order leaves behind (its order, its products, the invoice counter, its messages) are never removed, and the checkout slows as they pile up. Turn it on; see ${SECTION}.`,
  },
  trackCounts: {
    setting: "track_counts",
    message: `PostgreSQL's track_counts is off: autovacuum picks the tables to vacuum by the counts it keeps, so it vacuums none, and the checkout slows as the row versions every order leaves behind pile up. Turn it on; see ${SECTION}.`,
  },
};

/**
 * Logs a warning for each of autovacuum and track_counts that is off in the database's settings.
 * NOTE: PostgreSQL only: PGlite runs in this process as a single backend, with no vacuum workers
 * whatever its settings read.
 */
export async function warnWhenVacuumIsOff(
  database: Pick<DatabaseHandle, "db" | "kind">,
  log: Pick<FastifyBaseLogger, "warn">,
  read: (db: Database) => Promise<VacuumSettings> = readVacuumSettings,
): Promise<void> {
  if (database.kind !== "postgres") return;
  const settings = await read(database.db);
  for (const key of ["autovacuum", "trackCounts"] as const) {
    if (settings[key]) continue;
    const { setting, message } = WARNINGS[key];
    log.warn({ setting, value: "off" }, message);
  }
}
