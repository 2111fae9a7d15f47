/** What the database holds, as one checksum per table, to prove that a refused request wrote nothing. */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "#api/db/client";

/**
 * Table name → `count:md5` of every row's text, in a stable order, and the write mark it was taken
 * at.
 */
export interface Snapshot {
  mark: string;
  tables: Record<string, string>;
}

const tableLists = new WeakMap<DatabaseHandle, Promise<string[]>>();

function tablesOf(database: DatabaseHandle): Promise<string[]> {
  let tables = tableLists.get(database);
  if (!tables) {
    tables = database.db
      .execute<{ name: string }>(
        // NOTE: a partitioned table (the outbox, by status) is read whole, never its partitions: a
        // message the sender marks sent meanwhile moves from one partition to the other.
        sql`select c.relname::text as name from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            where c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
      )
      .then((result) => result.rows.map((row) => row.name));
    tableLists.set(database, tables);
  }
  return tables;
}

/**
 * What of a row counts as written by a request. The outbox sender delivers messages in the
 * background (status, attempts, lease, times, and the text and HTML it renders them to): a message
 * counts by what it says (its words, or its text when written before the words were kept) and to
 * whom, so that a message queued earlier and sent meanwhile is no change, and a message a refusal
 * wrote is one. The webhook sender likewise: a delivery counts by its event and endpoint, an
 * endpoint by all but when it last worked (each success the sender records).
 */
const ROW_TEXT: Record<string, ReturnType<typeof sql>> = {
  emails: sql`(t.id, t.kind, t.recipient, t.subject, coalesce(t.parts::text, t.text), t.shop)::text`,
  webhook_deliveries: sql`(t.id, t.endpoint_id, t.event_type, t.payload)::text`,
  webhook_endpoints: sql`(t.id, t.url, t.events, t.enabled, t.secret, t.previous_secret,
    t.previous_secret_until, t.disabled_at, t.created_at, t.updated_at)::text`,
};

/**
 * The first transaction id the database has not yet handed out. Any row written, committed or
 * rolled back, takes one; while the mark stays, no table can have changed.
 */
async function writeMark(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute<{ mark: string }>(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
  );
  const mark = result.rows[0]?.mark;
  if (mark === undefined) throw new Error("no transaction id mark");
  return mark;
}

/** Row count and checksum of every table of the public schema, in one query. */
export async function snapshot(database: DatabaseHandle): Promise<Snapshot> {
  // NOTE: the mark is read first: a write between the two makes the next comparison read every table.
  const mark = await writeMark(database);
  const tables = await tablesOf(database);
  const parts = tables.map((name) => {
    const row = ROW_TEXT[name] ?? sql`t::text`;
    return sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as sum from ${sql.identifier(name)} t`;
  });
  const result = await database.db.execute<{ name: string; sum: string }>(sql.join(parts, sql` union all `));
  return { mark, tables: Object.fromEntries(result.rows.map((row) => [row.name, row.sum])) };
}

/**
 * The tables whose rows differ from an earlier snapshot, and the database as it is now. Nothing
 * written since (the mark unchanged) needs no checksums.
 */
export async function changesSince(
  database: DatabaseHandle,
  before: Snapshot,
): Promise<{ changed: string[]; now: Snapshot }> {
  if ((await writeMark(database)) === before.mark) return { changed: [], now: before };
  const now = await snapshot(database);
  const names = new Set([...Object.keys(before.tables), ...Object.keys(now.tables)]);
  const changed = [...names].filter((name) => before.tables[name] !== now.tables[name]).sort();
  return { changed, now };
}
