import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/app";
import { readVacuumSettings, type VacuumSettings } from "./repo";
import { warnWhenVacuumIsOff } from "./vacuum-check";

const onPostgres = process.env.TEST_DB_KIND === "postgres";

/** A line of the log as pino writes it (JSON). */
interface LogLine {
  level: number;
  msg: string;
  setting?: string;
  value?: string;
}

const WARN = 40;

/** Everything the server's log was given, as written. */
const written: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { logger: { level: "info", stream: { write: (line) => void written.push(line) } } },
  );
});
afterAll(async () => t.close());

/** The start's check on the test database, its settings read as `settings`, and what it logged. */
async function checkWith(settings: VacuumSettings) {
  written.length = 0;
  let reads = 0;
  await warnWhenVacuumIsOff(t.database, t.app.log, async () => {
    reads += 1;
    return settings;
  });
  return { reads, lines: written.map((line) => JSON.parse(line) as LogLine) };
}

describe("the warning at start when PostgreSQL will not vacuum", () => {
  it.runIf(onPostgres)(
    "warns, naming autovacuum and the operations section, when autovacuum reads off, and says nothing when on",
    async () => {
      const off = await checkWith({ autovacuum: false, trackCounts: true });
      expect(off.lines).toEqual([
        expect.objectContaining({
          level: WARN,
          setting: "autovacuum",
          value: "off",
          msg: expect.stringContaining("PostgreSQL's autovacuum is off"),
        }),
      ]);
      expect(off.lines[0]?.msg).toContain("docs/operations.md#postgresql");
      const on = await checkWith({ autovacuum: true, trackCounts: true });
      expect(on.reads).toBe(1);
      expect(on.lines).toEqual([]);
    },
  );

  it.runIf(onPostgres)(
    "warns naming track_counts when it reads off, without which autovacuum vacuums nothing",
    async () => {
      const { lines } = await checkWith({ autovacuum: true, trackCounts: false });
      expect(lines).toEqual([
        expect.objectContaining({
          level: WARN,
          setting: "track_counts",
          value: "off",
          msg: expect.stringContaining("track_counts is off"),
        }),
      ]);
      expect(lines[0]?.msg).toContain("docs/operations.md#postgresql");
      const both = await checkWith({ autovacuum: false, trackCounts: false });
      expect(both.lines.map((line) => line.setting)).toEqual(["autovacuum", "track_counts"]);
    },
  );

  it.runIf(onPostgres)("reads the two settings as the database runs with them", async () => {
    const shown = await t.database.db.execute<{ name: string; setting: string }>(
      sql`select name, setting from pg_settings where name in ('autovacuum', 'track_counts') order by name`,
    );
    expect(shown.rows.map((row) => row.name)).toEqual(["autovacuum", "track_counts"]);
    const [autovacuum, trackCounts] = shown.rows.map((row) => row.setting === "on");
    expect(await readVacuumSettings(t.database.db)).toEqual({ autovacuum, trackCounts });
  });

  it.runIf(process.env.TEST_DB_KIND === "pglite")(
    "reads nothing and warns of nothing on PGlite, which has no vacuum workers",
    async () => {
      const { reads, lines } = await checkWith({ autovacuum: false, trackCounts: false });
      expect(reads).toBe(0);
      expect(lines).toEqual([]);
    },
  );
});
